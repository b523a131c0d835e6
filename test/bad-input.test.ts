// The bad-input corpus (issue 9): every command and option, deal and solution files, output
// directories. Each case runs the compiled command line (dist/src/cli/main.js; `npm test` builds
// it first) in a fresh sandbox directory and checks: the exit status (2 for bad input, 1 for a
// well-formed solution that does not win), exactly one line `solitaire: ...` on stderr matching the
// case, nothing on stdout, no stack trace, and the sandbox byte for byte as it was.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solutionJson } from '../src/records/solution';
import { prettyJson } from '../src/cli/io';
import { dealFromSeed, dealToJson } from '../src/engine/deal';
import { getRules } from '../src/rules/variants';
import { solve } from '../src/solver/solve';

const MAIN = resolve(__dirname, '..', 'dist', 'src', 'cli', 'main.js');

interface Case {
  name: string;
  args: string[];
  /** Files to add to the sandbox before the run (paths relative to it). */
  setup?: (dir: string) => void;
  exit?: 1 | 2;
  /** The stderr line after `solitaire: `. */
  err: RegExp;
  /** Paths outside the sandbox that must not exist afterwards. */
  absent?: string[];
}

let template = '';
let root = '';

/** The sandbox every case starts from: a Winery deal and its solution, and a few odd files. */
function makeTemplate(dir: string): void {
  const deal = dealFromSeed(getRules('winery'), 7);
  fs.writeFileSync(join(dir, 'deal.json'), prettyJson(dealToJson(deal)) + '\n');
  fs.writeFileSync(join(dir, 'sol.json'), prettyJson(solutionJson(deal, solve(deal, { maxNodes: 200_000 }))) + '\n');
  fs.writeFileSync(join(dir, 'broken.json'), '{"variant": "winery", ');
  fs.writeFileSync(join(dir, 'binary.bin'), Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 37) % 256)));
  fs.writeFileSync(join(dir, 'array.json'), '[]\n');
  fs.writeFileSync(join(dir, 'afile'), 'not a directory\n');
  fs.mkdirSync(join(dir, 'adir'));
  // Per-deal rows of Signora for `strategies`: the published run's first 200 rows in seed order.
  const [header, ...rows] = fs
    .readFileSync(resolve(__dirname, '..', 'results', 'published', 'signora-deals.csv'), 'utf8')
    .trim()
    .split('\n');
  const seed = (row: string) => Number(row.split(',')[1]);
  const first = [...rows].sort((a, b) => seed(a) - seed(b)).slice(0, 200);
  fs.mkdirSync(join(dir, 'res'));
  fs.writeFileSync(join(dir, 'res', 'signora-deals.csv'), [header, ...first].join('\n') + '\n');
}

/** Every file and directory under `dir` with a hash of its content. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string, rel: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      const r = rel + e.name;
      if (e.isDirectory()) {
        out[r + '/'] = 'dir';
        walk(p, r + '/');
      } else out[r] = createHash('sha256').update(fs.readFileSync(p)).digest('hex');
    }
  };
  walk(dir, '');
  return out;
}

const read = (dir: string, f: string) => JSON.parse(fs.readFileSync(join(dir, f), 'utf8'));
const write = (dir: string, f: string, v: unknown) => fs.writeFileSync(join(dir, f), typeof v === 'string' ? v : JSON.stringify(v));
/** The Winery solution with `edit` applied, as `f`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the test edits JSON of any shape
const solWith = (f: string, edit: (s: any) => void) => (dir: string) => {
  const s = read(dir, 'sol.json');
  edit(s);
  write(dir, f, s);
};
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the test edits JSON of any shape
const dealWith = (f: string, edit: (d: any) => void) => (dir: string) => {
  const d = read(dir, 'deal.json');
  edit(d);
  write(dir, f, d);
};

const DEAL_HEAD = 'variant,seed,base,result,moves,nodes,ms,proof,cells\n';
const ROWS = 'winery,1,any,won,99,9632,22.9,,2\nwinery,2,any,won,137,160,1.1,,2\n';
/** out/winery-deals.csv with `text`, and a torn last line that a refused run must not cut. */
const dealsFile = (text: string | Buffer) => (dir: string) => {
  fs.mkdirSync(join(dir, 'out'), { recursive: true });
  fs.writeFileSync(join(dir, 'out', 'winery-deals.csv'), text);
  fs.appendFileSync(join(dir, 'out', 'winery-deals.csv'), 'winery,3,any,wo');
};
const dirAt =
  (...p: string[]) =>
  (dir: string) =>
    fs.mkdirSync(join(dir, ...p), { recursive: true });

const RUN = ['--seeds', '1-2', '--max-nodes', '1000', '--workers', '1', '--quiet'];
const AN = (...a: string[]) => ['analyze', 'winery', ...RUN, ...a];
const SOLVE = ['solve', 'signora', '--seed', '1', '--max-nodes', '1000'];
const VERIFY = ['verify', 'deal.json'];

const CASES: Case[] = [
  // ---- the program ----
  { name: 'unknown command', args: ['nope'], err: /unknown command 'nope'/ },
  { name: 'help for an unknown command', args: ['help', 'nope'], err: /unknown command "nope"/ },
  { name: 'unknown global option', args: ['--nope'], err: /unknown option '--nope'/ },
  { name: 'variants with an argument', args: ['variants', 'extra'], err: /too many arguments/ },
  { name: 'variants with an option', args: ['variants', '--csv'], err: /unknown option '--csv'/ },
  // ---- deal ----
  { name: 'deal without a variant', args: ['deal'], err: /missing required argument 'variant'/ },
  { name: 'deal of an unknown variant', args: ['deal', 'nope', '--seed', '1'], err: /unknown variant "nope"/ },
  { name: 'deal without --seed', args: ['deal', 'signora'], err: /needs --seed/ },
  { name: 'deal --seed without a value', args: ['deal', 'signora', '--seed'], err: /'--seed <n>' argument missing/ },
  { name: 'deal --seed -3', args: ['deal', 'signora', '--seed', '-3'], err: /bad seed "-3"/ },
  { name: 'deal --seed abc', args: ['deal', 'signora', '--seed', 'abc'], err: /bad seed "abc"/ },
  { name: 'deal --seed 1.5', args: ['deal', 'signora', '--seed', '1.5'], err: /bad seed "1.5"/ },
  { name: 'deal --seeds backwards', args: ['deal', 'signora', '--seeds', '5-1'], err: /bad --seeds "5-1": the range is empty/ },
  { name: 'deal --seeds and --seed', args: ['deal', 'signora', '--seeds', '1-3', '--seed', '2'], err: /give --seeds or --seed, not both/ },
  {
    name: 'deal --seeds as text',
    args: ['deal', 'signora', '--seeds', '1-3', '--format', 'text'],
    err: /--seeds writes deal JSON, one per line, not --format text/,
  },
  { name: 'deal --seed 2^53', args: ['deal', 'signora', '--seed', '9007199254740992'], err: /bad seed .* to 9007199254740991/ },
  { name: 'deal --seed ""', args: ['deal', 'signora', '--seed', ''], err: /bad seed ""/ },
  { name: 'deal --cells outside freecell', args: ['deal', 'signora', '--seed', '1', '--cells', '2'], err: /--cells applies to freecell only/ },
  { name: 'deal --cells 5', args: ['deal', 'freecell', '--seed', '1', '--cells', '5'], err: /bad --cells "5"/ },
  { name: 'deal --cells x', args: ['deal', 'freecell', '--seed', '1', '--cells', 'x'], err: /bad --cells "x"/ },
  { name: 'deal with two variants', args: ['deal', 'signora', 'winery', '--seed', '1'], err: /too many arguments/ },
  { name: 'deal with an unknown option', args: ['deal', 'signora', '--seed', '1', '--nope'], err: /unknown option '--nope'/ },
  // ---- solve: what to solve ----
  { name: 'solve without a deal', args: ['solve'], err: /solve needs a variant and --seed, or --deal/ },
  { name: 'solve without --seed', args: ['solve', 'signora'], err: /needs --seed/ },
  { name: 'solve an unknown variant', args: ['solve', 'nope', '--seed', '1'], err: /unknown variant "nope"/ },
  { name: 'solve --seed x', args: ['solve', 'signora', '--seed', 'x'], err: /bad seed "x"/ },
  { name: 'solve --seeds and --seed', args: ['solve', 'signora', '--seeds', '1-3', '--seed', '2'], err: /give --seeds or --seed, not both/ },
  { name: 'solve --seeds with a fixed base', args: ['solve', 'signora', '--seeds', '1-3', '--base', '5'], err: /with --seeds, --base is any or all/ },
  { name: 'solve --seeds --show', args: ['solve', 'signora', '--seeds', '1-3', '--show'], err: /not with --seeds/ },
  { name: 'solve --seeds backwards', args: ['solve', 'signora', '--seeds', '9-2'], err: /bad --seeds "9-2": the range is empty/ },
  { name: 'solve --seeds without a variant', args: ['solve', '--seeds', '1-2'], err: /solve --seeds needs a variant/ },
  {
    name: 'solve a variant and a deal file of another',
    args: ['solve', 'signora', '--deal', 'deal.json'],
    err: /^solitaire: deal.json is a winery deal, not signora$/,
  },
  { name: 'solve a deal file with --cells', args: ['solve', '--deal', 'deal.json', '--cells', '2'], err: /a deal file lists its own cells/ },
  { name: 'solve --cells outside freecell', args: [...SOLVE, '--cells', '2'], err: /--cells applies to freecell only/ },
  { name: 'solve --cells 9', args: ['solve', 'freecell', '--seed', '1', '--cells', '9'], err: /bad --cells "9"/ },
  // ---- solve: deal files ----
  { name: 'deal file missing', args: ['solve', '--deal', 'missing.json'], err: /cannot read missing.json: no such file/ },
  { name: 'deal file is a directory', args: ['solve', '--deal', 'adir'], err: /cannot read adir: it is a directory/ },
  { name: 'deal file ""', args: ['solve', '--deal', ''], err: /cannot read "": no such file/ },
  { name: 'deal file not JSON', args: ['solve', '--deal', 'broken.json'], err: /broken.json is not valid JSON/ },
  { name: 'deal file binary', args: ['solve', '--deal', 'binary.bin'], err: /binary.bin is not valid JSON/ },
  { name: 'deal file an array', args: ['solve', '--deal', 'array.json'], err: /deal must be a JSON object/ },
  { name: 'deal file is a solution', args: ['solve', '--deal', 'sol.json'], err: /^solitaire: sol.json is a solution, not a deal$/ },
  {
    name: 'deal file (JSON Lines) with a broken line',
    setup: (d) => write(d, 'ds.jsonl', JSON.stringify(read(d, 'deal.json')) + '\n{"variant": \n'),
    args: ['solve', '--deal', 'ds.jsonl'],
    err: /ds.jsonl line 2 is not valid JSON/,
  },
  {
    name: 'deal file (JSON Lines) with a solution in it',
    setup: (d) => write(d, 'ds.jsonl', `${JSON.stringify(read(d, 'deal.json'))}\n${JSON.stringify(read(d, 'sol.json'))}\n`),
    args: ['solve', '--deal', 'ds.jsonl'],
    err: /^solitaire: ds.jsonl line 2 is a solution, not a deal$/,
  },
  {
    name: 'deal file (JSON Lines) and --show',
    setup: (d) => write(d, 'ds.jsonl', `${JSON.stringify(read(d, 'deal.json'))}\n${JSON.stringify(read(d, 'deal.json'))}\n`),
    args: ['solve', '--deal', 'ds.jsonl', '--show'],
    err: /--show prints the boards of one winning line: not with a --deal file of several deals/,
  },
  {
    name: 'deal file of an unknown variant',
    setup: dealWith('d.json', (d) => (d.variant = 'klondike')),
    args: ['solve', '--deal', 'd.json'],
    err: /unknown variant "klondike"/,
  },
  {
    name: 'deal file with a bad card',
    setup: dealWith('d.json', (d) => (d.tableau[0][0] = 'ZZ')),
    args: ['solve', '--deal', 'd.json'],
    err: /bad card "ZZ" at tableau\[0\]\[0\]/,
  },
  {
    name: 'deal file with a duplicated card',
    setup: dealWith('d.json', (d) => (d.tableau[0][0] = d.tableau[0][1])),
    args: ['solve', '--deal', 'd.json'],
    err: /(\w\w) appears 2 times, (\w\w) appears 0 times; winery has 1 of each card/,
  },
  {
    name: 'deal file missing a pile',
    setup: dealWith('d.json', (d) => d.tableau.pop()),
    args: ['solve', '--deal', 'd.json'],
    err: /winery has 10 tableau piles, the deal lists 9/,
  },
  { name: 'deal file with a bad seed', setup: dealWith('d.json', (d) => (d.seed = -1)), args: ['solve', '--deal', 'd.json'], err: /bad seed -1/ },
  // ---- solve: options ----
  { name: 'solve --search bfs', args: [...SOLVE, '--search', 'bfs'], err: /bad --search "bfs"/ },
  { name: 'solve --base Z', args: [...SOLVE, '--base', 'Z'], err: /bad --base "Z"/ },
  { name: 'solve --base outside the Terrace family', args: ['solve', 'winery', '--seed', '1', '--base', '7'], err: /--base applies to the Terrace family/ },
  {
    name: 'solve --max-nodes 0',
    args: [...SOLVE, '--max-nodes', '0'],
    err: /bad --max-nodes "0": expected a whole number from 1 up \(200000, 200k, 2M and 1e6 are all fine\)$/,
  },
  {
    name: 'solve --max-nodes 1e20',
    args: [...SOLVE, '--max-nodes', '1e20'],
    err: /^solitaire: bad --max-nodes "1e20": too large: at most 9007199254740991$/,
  },
  { name: 'solve --max-nodes 1e400', args: [...SOLVE, '--max-nodes', '1e400'], err: /bad --max-nodes "1e400": too large: at most 9007199254740991$/ },
  { name: 'solve --max-nodes abc', args: [...SOLVE, '--max-nodes', 'abc'], err: /bad --max-nodes "abc"/ },
  { name: 'solve --timeout 0', args: [...SOLVE, '--timeout', '0'], err: /bad --timeout "0": expected a whole number from 1 up$/ },
  { name: 'solve --tt-mb 0', args: [...SOLVE, '--tt-mb', '0'], err: /bad --tt-mb "0"/ },
  { name: 'solve --tt-mb 5000', args: [...SOLVE, '--tt-mb', '5000'], err: /bad --tt-mb "5000"/ },
  { name: 'solve --stream -1', args: [...SOLVE, '--stream', '-1'], err: /bad --stream "-1"/ },
  { name: 'solve --stream x', args: [...SOLVE, '--stream', 'x'], err: /bad --stream "x"/ },
  {
    name: 'solve --stream past the last',
    args: [...SOLVE, '--stream', '42949672'],
    err: /bad --stream "42949672": expected a whole number from 0 to 42949671/,
  },
  { name: 'solve with an unknown option', args: [...SOLVE, '--nope'], err: /unknown option '--nope'/ },
  // ---- verify: what to verify ----
  { name: 'verify without files', args: ['verify'], err: /missing required argument 'file'/ },
  { name: 'verify a deal file alone', args: ['verify', 'deal.json'], err: /deal.json is a deal, not a solution: verify needs <deal.json> <solution.json>/ },
  {
    name: 'verify alone a solution without its variant and seed',
    setup: solWith('anon.json', (s) => {
      delete s.variant;
      delete s.seed;
    }),
    args: ['verify', 'anon.json'],
    err: /anon.json does not name its variant and seed: verify needs <deal.json> <solution.json>/,
  },
  {
    name: 'verify alone a solution of an unknown variant',
    setup: solWith('nope.json', (s) => (s.variant = 'nope')),
    args: ['verify', 'nope.json'],
    err: /unknown variant "nope"/,
  },
  { name: 'verify - with nothing on standard input', args: ['verify', '-'], err: /^solitaire: stdin is not valid JSON/ },
  { name: 'verify - -', args: ['verify', '-', '-'], err: /only one of the deal and the solution can be read from standard input/ },
  { name: 'verify a deal file and --variant', args: [...VERIFY, 'sol.json', '--variant', 'winery'], err: /not both/ },
  { name: 'verify --variant without --seed', args: ['verify', '--variant', 'winery', 'sol.json'], err: /verify needs/ },
  { name: 'verify an unknown variant', args: ['verify', '--variant', 'nope', '--seed', '7', 'sol.json'], err: /unknown variant "nope"/ },
  { name: 'verify --seed x', args: ['verify', '--variant', 'winery', '--seed', 'x', 'sol.json'], err: /bad seed "x"/ },
  { name: 'verify --cells 9', args: ['verify', '--variant', 'freecell', '--seed', '1', '--cells', '9', 'sol.json'], err: /bad --cells "9"/ },
  {
    name: 'verify with a bad deal file',
    setup: dealWith('d.json', (d) => d.foundations.pop()),
    args: ['verify', 'd.json', 'sol.json'],
    err: /winery has 4 foundations piles/,
  },
  // ---- verify: solution files ----
  { name: 'solution file missing', args: [...VERIFY, 'missing.json'], err: /cannot read missing.json/ },
  { name: 'solution file not JSON', args: [...VERIFY, 'broken.json'], err: /broken.json is not valid JSON/ },
  { name: 'solution file binary', args: [...VERIFY, 'binary.bin'], err: /binary.bin is not valid JSON/ },
  { name: 'solution file an array', args: [...VERIFY, 'array.json'], err: /a solution must be a JSON object/ },
  {
    name: 'solution file is a deal',
    args: [...VERIFY, 'deal.json'],
    err: /^solitaire: the second file, deal.json, is a deal, not a solution: verify needs <deal.json> <solution.json>$/,
  },
  {
    name: 'deal file is a solution (verify)',
    args: ['verify', 'sol.json', 'sol.json'],
    err: /^solitaire: sol.json is a solution, not a deal: verify needs <deal.json> <solution.json>, or <solution.json> alone when it names its variant and seed$/,
  },
  {
    name: 'solution with pile t99',
    setup: solWith('s.json', (s) => (s.moves[3].from = 't99')),
    args: [...VERIFY, 's.json'],
    err: /moves\[3\] names pile "t99", which winery does not have/,
  },
  { name: 'solution with pile x1', setup: solWith('s.json', (s) => (s.moves[0].to = 'x1')), args: [...VERIFY, 's.json'], err: /moves\[0\] names pile "x1"/ },
  {
    name: 'solution with a reserve move in Winery',
    setup: solWith('s.json', (s) => (s.moves[1].from = 'reserve')),
    args: [...VERIFY, 's.json'],
    err: /names pile "reserve"/,
  },
  { name: 'solution with count 0', setup: solWith('s.json', (s) => (s.moves[2].count = 0)), args: [...VERIFY, 's.json'], err: /moves\[2\] is not a move/ },
  { name: 'solution with a numeric pile', setup: solWith('s.json', (s) => (s.moves[2].to = 3)), args: [...VERIFY, 's.json'], err: /moves\[2\] is not a move/ },
  { name: 'solution without moves', setup: solWith('s.json', (s) => delete s.moves), args: [...VERIFY, 's.json'], err: /no "moves" array/ },
  {
    name: 'solution neither won nor lost',
    setup: solWith('s.json', (s) => {
      s.result = 'unknown';
      delete s.moves;
    }),
    args: [...VERIFY, 's.json'],
    err: /result is "unknown": nothing to verify/,
  },
  { name: 'solution with a bad result', setup: solWith('s.json', (s) => (s.result = 'maybe')), args: [...VERIFY, 's.json'], err: /"result" must be/ },
  {
    name: 'solution for another seed',
    setup: solWith('s.json', (s) => (s.seed = 8)),
    args: [...VERIFY, 's.json'],
    err: /a solution for seed 8, the deal is seed 7/,
  },
  {
    name: 'solution for another variant',
    setup: solWith('s.json', (s) => (s.variant = 'freecell')),
    args: [...VERIFY, 's.json'],
    err: /a solution for freecell, the deal is winery/,
  },
  { name: 'solution with a bad seed', setup: solWith('s.json', (s) => (s.seed = 'seven')), args: [...VERIFY, 's.json'], err: /"seed" must be a whole number/ },
  {
    name: 'solutions (JSON Lines) with a broken line',
    setup: (d) => write(d, 's.jsonl', JSON.stringify(read(d, 'sol.json')) + '\n{"variant": \n'),
    args: [...VERIFY, 's.jsonl'],
    err: /s.jsonl line 2 is not valid JSON/,
  },
  {
    name: 'solutions (JSON Lines), all unknown',
    setup: (d) => write(d, 's.jsonl', '{"variant":"winery","seed":7,"result":"unknown"}\n{"variant":"winery","seed":7,"result":"unknown"}\n'),
    args: [...VERIFY, 's.jsonl'],
    err: /every solution is unknown: nothing to verify/,
  },
  {
    name: 'solution with an unknown proof',
    setup: solWith('s.json', (s) => {
      s.result = 'lost';
      s.proof = 'hunch';
      delete s.moves;
    }),
    args: [...VERIFY, 's.json'],
    err: /"proof" must be one of exhaustive, exhaustive\+deadlock:reserve, exhaustive\+deadlock:waste, .*exhaustive\+deadlock:reserve,waste,order, not "hunch"/,
  },
  // ---- verify: well-formed solutions that do not win (exit 1) ----
  {
    name: 'solution with an illegal move',
    setup: solWith('s.json', (s) => (s.moves[0] = { from: 't0', to: 't1' })),
    args: [...VERIFY, 's.json'],
    exit: 1,
    err: /^solitaire: move 1 \(t0 -> t1\): /,
  },
  {
    name: 'solution that stops short',
    setup: solWith('s.json', (s) => s.moves.splice(-3)),
    args: [...VERIFY, 's.json'],
    exit: 1,
    err: /not won: after \d+ moves 3 cards are not on the foundations/,
  },
  {
    name: 'solve --base of a rank not exposed',
    args: ['solve', 'signora', '--seed', '5', '--base', '4', '--json'],
    err: /--base 4 cannot be chosen in signora seed 5: no card of that rank is exposed; choose one of 2 3 5 6 7 8 T J, any or all/,
  },
  // ---- analyze: arguments and options ----
  {
    name: 'analyze --resume into a regular file',
    args: ['analyze', 'winery', '--seeds', '1-2', '--resume', '--out', 'afile'],
    err: /--out afile is not a directory/,
  },
  { name: 'analyze without a variant', args: ['analyze'], err: /name a variant to analyse, or all \(--resume and --retry-unknown take them from run.json\)/ },
  { name: 'analyze an unknown variant', args: ['analyze', 'nope', ...RUN], err: /unknown variant "nope"/ },
  { name: 'analyze --seeds 10-5', args: ['analyze', 'winery', '--seeds', '10-5'], err: /the range is empty/ },
  { name: 'analyze --seeds abc', args: ['analyze', 'winery', '--seeds', 'abc'], err: /bad --seeds "abc"/ },
  { name: 'analyze --seeds 1-2^53-1', args: ['analyze', 'winery', '--seeds', '1-9007199254740991'], err: /9007199254740991 seeds, a run takes at most 100000/ },
  { name: 'analyze --seeds 1-2^53', args: ['analyze', 'winery', '--seeds', '1-9007199254740992'], err: /seeds go up to 9007199254740991/ },
  { name: 'analyze --workers 0', args: AN('--workers', '0'), err: /^solitaire: bad --workers "0": expected a whole number from 1 up$/ },
  { name: 'analyze --max-nodes 1e20', args: AN('--max-nodes', '1e20'), err: /bad --max-nodes "1e20": too large: at most 9007199254740991$/ },
  { name: 'analyze --workers 999', args: AN('--workers', '999'), err: /at most 256/ },
  { name: 'analyze --base some', args: AN('--base', 'some'), err: /bad --base "some"/ },
  { name: 'analyze --max-nodes -5', args: AN('--max-nodes', '-5'), err: /bad --max-nodes "-5"/ },
  { name: 'analyze --timeout 0', args: AN('--timeout', '0'), err: /bad --timeout "0"/ },
  { name: 'analyze --batch 0', args: AN('--batch', '0'), err: /bad --batch "0"/ },
  { name: 'analyze with an unknown option', args: AN('--nope'), err: /unknown option '--nope'/ },
  // ---- analyze: output directories ----
  { name: '--out /proc/x', args: AN('--out', '/proc/x'), err: /cannot create --out \/proc\/x/, absent: ['/proc/x'] },
  { name: '--out /sys/x', args: AN('--out', '/sys/x'), err: /cannot create --out \/sys\/x/, absent: ['/sys/x'] },
  { name: '--out /proc', args: AN('--out', '/proc'), err: /cannot write in directory \/proc:/, absent: ['/proc/winery-deals.csv'] },
  { name: '--out /sys', args: AN('--out', '/sys'), err: /cannot write in directory \/sys:/, absent: ['/sys/winery-deals.csv'] },
  { name: '--out under a regular file', args: AN('--out', 'afile/sub'), err: /afile is not a directory/ },
  { name: '--out a regular file', args: AN('--out', 'afile'), err: /--out afile is not a directory/ },
  { name: '--out /dev/null', args: AN('--out', '/dev/null'), err: /--out \/dev\/null is not a directory/ },
  { name: '--out ""', args: AN('--out', ''), err: /--out is empty/ },
  { name: 'per-deal file is a directory', setup: dirAt('out', 'winery-deals.csv'), args: AN('--out', 'out'), err: /winery-deals.csv is a directory/ },
  {
    name: 'per-deal file of the second variant is a directory',
    setup: dirAt('out', 'winery-deals.csv'),
    args: ['analyze', 'signora', 'winery', ...RUN, '--out', 'out'],
    err: /winery-deals.csv is a directory/,
  },
  { name: 'summary file is a directory', setup: dirAt('out', 'winery-summary.csv'), args: AN('--out', 'out'), err: /winery-summary.csv is a directory/ },
  {
    name: 'strategies.csv is a directory',
    setup: dirAt('out', 'strategies.csv'),
    args: ['analyze', 'signora', ...RUN, '--out', 'out'],
    err: /strategies.csv is a directory/,
  },
  // ---- strategies ----
  { name: 'strategies of a missing directory', args: ['strategies', 'nodir'], err: /nodir is not a directory/ },
  { name: 'strategies of a regular file', args: ['strategies', 'afile'], err: /afile is not a directory/ },
  { name: 'strategies of a directory without per-deal files', args: ['strategies', 'adir'], err: /adir holds no per-deal file of the Terrace family/ },
  { name: 'strategies --compare a missing directory', args: ['strategies', 'res', '--compare', 'nodir'], err: /nodir is not a directory/ },
  {
    name: 'strategies of a malformed per-deal file',
    setup: (d) => fs.appendFileSync(join(d, 'res', 'signora-deals.csv'), 'signora,999,any,won,9,9,quick,,0,seed\n'),
    args: ['strategies', 'res'],
    err: /line 202: bad ms "quick"/,
  },
  { name: 'strategies --out /proc/x', args: ['strategies', 'res', '--out', '/proc/x'], err: /cannot create --out \/proc\/x/, absent: ['/proc/x'] },
  { name: 'strategies --out a regular file', args: ['strategies', 'res', '--out', 'afile'], err: /--out afile is not a directory/ },
  { name: 'strategies --out /dev/null', args: ['strategies', 'res', '--out', '/dev/null'], err: /--out \/dev\/null is not a directory/ },
  { name: 'strategies --out ""', args: ['strategies', 'res', '--out', ''], err: /--out is empty/ },
  { name: 'strategies.csv is a directory', setup: dirAt('res', 'strategies.csv'), args: ['strategies', 'res'], err: /strategies.csv is a directory/ },
  { name: 'strategies with an unknown option', args: ['strategies', 'res', '--nope'], err: /unknown option '--nope'/ },
  // ---- advise ----
  { name: 'advise without a deal', args: ['advise'], err: /advise needs a variant and --seed, or --deal/ },
  { name: 'advise without --seed', args: ['advise', 'signora'], err: /advise signora needs --seed/ },
  { name: 'advise outside the Terrace family', args: ['advise', 'winery', '--seed', '1'], err: /advise applies to the Terrace family/ },
  { name: 'advise a Winery deal file', args: ['advise', '--deal', 'deal.json'], err: /advise applies to the Terrace family/ },
  { name: 'advise an unknown variant', args: ['advise', 'nope', '--seed', '1'], err: /unknown variant "nope"/ },
  { name: 'advise --seed x', args: ['advise', 'signora', '--seed', 'x'], err: /bad seed "x"/ },
  { name: 'advise --strategy nope', args: ['advise', 'signora', '--seed', '1', '--strategy', 'nope'], err: /bad --strategy "nope"/ },
  { name: 'advise --max-nodes 0', args: ['advise', 'signora', '--seed', '1', '--max-nodes', '0'], err: /bad --max-nodes "0"/ },
  { name: 'advise a missing deal file', args: ['advise', '--deal', 'missing.json'], err: /cannot read missing.json/ },
  { name: 'advise a variant and a deal file', args: ['advise', 'signora', '--seed', '1', '--deal', 'deal.json'], err: /not both/ },
  { name: 'advise with an unknown option', args: ['advise', 'signora', '--seed', '1', '--nope'], err: /unknown option '--nope'/ },
  // ---- report ----
  { name: 'report of a missing directory', args: ['report', 'nodir'], err: /nodir is not a directory/ },
  { name: 'report of a regular file', args: ['report', 'afile'], err: /afile is not a directory/ },
  {
    name: 'report of a directory with nothing to report',
    args: ['report', 'adir'],
    err: /adir holds no <variant>-summary.csv nor <variant>-deals.csv: nothing to report/,
  },
  { name: 'report.html is a directory', setup: dirAt('res', 'report.html'), args: ['report', 'res'], err: /report.html is a directory/ },
  { name: 'report with an unknown option', args: ['report', 'res', '--nope'], err: /unknown option '--nope'/ },
  // ---- analyze --resume: per-deal files that cannot be resumed (and must stay as they are) ----
  {
    name: 'resume a summary file',
    setup: dealsFile('variant,base,deals,won,lost,unknown,win_rate,ci_low,ci_high\nwinery,any,2,2,0,0,1,0.34,1\n'),
    args: AN('--out', 'out', '--resume'),
    err: /header is "variant,base,deals/,
  },
  {
    name: 'resume a binary file',
    setup: dealsFile(Buffer.from(Array.from({ length: 300 }, (_, i) => (i * 91) % 256))),
    args: AN('--out', 'out', '--resume'),
    err: /winery-deals.csv(: header is| line 1: a quoted field is never closed)/,
  },
  {
    name: 'resume conflicting rows',
    setup: dealsFile(DEAL_HEAD + ROWS + 'winery,2,any,unknown,,1000,3,,2\n'),
    args: AN('--out', 'out', '--resume'),
    err: /line 4: seed 2 base any is already in the file with another outcome/,
  },
  {
    name: 'resume a non-numeric ms',
    setup: dealsFile(DEAL_HEAD + 'winery,1,any,won,99,9632,fast,,2\n'),
    args: AN('--out', 'out', '--resume'),
    err: /line 2: bad ms "fast"/,
  },
  {
    name: 'resume a non-numeric nodes',
    setup: dealsFile(DEAL_HEAD + 'winery,1,any,won,99,many,2,,2\n'),
    args: AN('--out', 'out', '--resume'),
    err: /bad nodes "many"/,
  },
  {
    name: 'resume a won row without moves',
    setup: dealsFile(DEAL_HEAD + 'winery,1,any,won,,9632,2,,2\n'),
    args: AN('--out', 'out', '--resume'),
    err: /bad moves ""/,
  },
  {
    name: 'resume a row of another variant',
    setup: dealsFile(DEAL_HEAD + ROWS.replace('winery,2', 'signora,2')),
    args: AN('--out', 'out', '--resume'),
    err: /a row of "signora" in the file of winery/,
  },
  {
    name: 'resume a row with a field missing',
    setup: dealsFile(DEAL_HEAD + 'winery,1,any,won,99,9632,2,\n'),
    args: AN('--out', 'out', '--resume'),
    err: /8 fields, expected 9/,
  },
  {
    name: 'resume a lost row without proof',
    setup: dealsFile(DEAL_HEAD + 'winery,1,any,lost,,9632,2,,2\n'),
    args: AN('--out', 'out', '--resume'),
    err: /proof "" does not fit result "lost"/,
  },
  {
    name: 'resume a per-deal file that is a directory',
    setup: dirAt('out', 'winery-deals.csv'),
    args: AN('--out', 'out', '--resume'),
    err: /winery-deals.csv is a directory/,
  },
  // ---- analyze into a folder that holds rows (issue 29: a rerun without --resume threw them away) ----
  {
    name: 'rerun into a folder with rows, without --resume',
    setup: dealsFile(DEAL_HEAD + ROWS),
    args: AN('--out', 'out'),
    err: /out\/winery-deals.csv already holds 3 rows: add --resume to keep them and search only the missing deals, --force to replace them, or give another --out/,
  },
  {
    name: 'rerun of another variant list into a folder with rows of one of them',
    setup: dealsFile(DEAL_HEAD + ROWS),
    args: ['analyze', 'signora', 'winery', ...RUN, '--out', 'out'],
    err: /winery-deals.csv already holds 3 rows: add --resume/,
  },
  { name: 'analyze --resume --force', args: AN('--out', 'out', '--resume', '--force'), err: /give --resume .* or --force .*, not both/ },
  { name: 'analyze --retry-unknown --force', args: AN('--out', 'out', '--retry-unknown', '--force'), err: /give --retry-unknown .* or --force .*, not both/ },
  {
    name: 'retry rows that run.json does not describe',
    setup: dealsFile(DEAL_HEAD + ROWS),
    args: AN('--out', 'out', '--retry-unknown'),
    err: /cannot retry winery's unknown rows: out\/run.json does not say how its 2 rows were made .*; rerun without --retry-unknown/,
  },
];

beforeAll(() => {
  root = fs.mkdtempSync(join(tmpdir(), 'bad-input-'));
  template = join(root, 'template');
  fs.mkdirSync(template);
  makeTemplate(template);
});
afterAll(() => {
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

describe('bad-input corpus: one stderr line, the right exit status, nothing written or changed', () => {
  it('has at least 60 cases', () => expect(CASES.length).toBeGreaterThanOrEqual(60));

  it.each(CASES.map((c, i) => [i + 1, c.name, c] as const))('%i. %s', (i, _name, c) => {
    const dir = join(root, `case-${i}`);
    fs.cpSync(template, dir, { recursive: true });
    c.setup?.(dir);
    const before = snapshot(dir);
    const r = spawnSync(process.execPath, [MAIN, ...c.args], { cwd: dir, encoding: 'utf8', timeout: 20_000 });
    expect(r.signal, 'killed: the command did not return').toBeNull();
    expect(r.status, r.stderr).toBe(c.exit ?? 2);
    expect(r.stdout).toBe('');
    expect(r.stderr).not.toMatch(/\n\s+at /); // no stack trace
    const lines = r.stderr.split('\n');
    expect(lines.length, r.stderr).toBe(2); // one line and its newline
    expect(lines[0]).toMatch(/^solitaire: /);
    expect(lines[0]).toMatch(c.err);
    expect(snapshot(dir)).toEqual(before);
    for (const p of c.absent ?? []) expect(fs.existsSync(p), p).toBe(false);
  });
});

// The solver's fingerprint: one line per solve over a fixed set of deals, searches and options, with
// everything a solve decides (verdict, nodes, the searches' counters, the moves, the proof, the
// budget's slices as onProgress saw them) and nothing that depends on the machine (no times). A
// change that should not change behaviour (a refactoring) must leave the output identical:
//
//   npm run build && node dist/bench/fingerprint.js > /tmp/before.txt
//   ... change ...
//   npm run build && node dist/bench/fingerprint.js > /tmp/after.txt && diff /tmp/before.txt /tmp/after.txt
//
// The set: every game (FreeCell with 0 to 4 cells) on three seeds under every policy and every
// registry search at small budgets, the Terrace games with base any and --base all (solveAllBases),
// a few option variants (marks, deadlock tests, streams, the memory cap, openings), and small games
// (src/engine/small.ts) whose losses are proved with each deadlock test, checked by the plain
// versions (deadlockAudit) as verify does. About two minutes on one core. --quick: a third of it.
import { type Deal, dealFromSeed } from '../src/engine/deal';
import { smallDeal } from '../src/engine/small';
import { getRules } from '../src/rules/variants';
import type { RuleTable } from '../src/rules/vocabulary';
import { SEARCH_KINDS, SEARCHES } from '../src/solver/registry';
import { type SolveOptions, type SolveResult, solve, solveAllBases } from '../src/solver/solve';
import { TranspositionTable } from '../src/search/core/tt';
import { execFileSync } from 'child_process';
import * as path from 'path';
import { checkOptions, flag } from './util';

checkOptions('fingerprint', 'node dist/bench/fingerprint.js [--quick]: one line per solve (bench/fingerprint.ts)', [], ['quick']);
const quick = flag('quick');

/** FNV-1a over 32-bit numbers, as 8 hex digits. */
function fnv(xs: Iterable<number>): string {
  let h = 0x811c9dc5;
  for (const x of xs)
    for (let k = 0; k < 4; k++) {
      h ^= (x >>> (8 * k)) & 0xff;
      h = Math.imul(h, 0x01000193);
    }
  return (h >>> 0).toString(16).padStart(8, '0');
}

/** FNV-1a of a string's char codes. */
const fnvText = (s: string): string => fnv(Array.from(s, (c) => c.charCodeAt(0)));

const tt = new TranspositionTable(32);

/** One solve's line: what it decided, its counters, its moves and the slices of its budget. */
function line(label: string, res: SolveResult, progress: number[]): string {
  const s = res.stats;
  return [
    label,
    res.result,
    `nodes=${s.nodes}`,
    `unique=${s.unique}`,
    `hits=${s.ttHits}`,
    `depth=${s.maxDepth}`,
    `entries=${s.ttEntries}`,
    `evictions=${s.ttEvictions}`,
    `stop=${s.stopReason ?? '-'}`,
    `progress=${s.progress ?? '-'}`,
    `base=${res.base ?? '-'}`,
    `moves=${res.moveInts.length}:${fnv(res.moveInts)}`,
    `specs=${res.result === 'won' ? fnvText(JSON.stringify(res.moves)) : '-'}`,
    `proof=${res.proof ?? '-'}`,
    `reason=${res.reason ? fnvText(res.reason) : '-'}`,
    `slices=${progress.length}:${fnv(progress)}`,
  ].join(' ');
}

/** Solves and prints one line; errors are printed, not thrown (an error is behaviour too). */
function run(label: string, deal: Deal, opts: SolveOptions): void {
  const progress: number[] = [];
  try {
    const res = solve(deal, { tt, ...opts, onProgress: (n) => progress.push(n) });
    console.log(line(label, res, progress));
  } catch (e) {
    console.log(`${label} error ${(e as Error).message}`);
  }
}

/** --base all: one line per base rank. */
function runAll(label: string, deal: Deal, opts: SolveOptions): void {
  try {
    for (const { base, res } of solveAllBases(deal, { tt, ...opts })) console.log(line(`${label} base=${base}`, res, []));
  } catch (e) {
    console.log(`${label} error ${(e as Error).message}`);
  }
}

const GAMES: { name: string; rules: RuleTable }[] = [
  ...['signora', 'double-signora', 'empress-of-italy', 'red-and-black', 'winery'].map((name) => ({ name, rules: getRules(name) })),
  ...[0, 1, 2, 3, 4].map((cells) => ({ name: `freecell/${cells}`, rules: getRules('freecell', { cells }) })),
];
const KINDS = [...SEARCH_KINDS, ...Object.keys(SEARCHES), 'dfs-probe+nmcs', 'dfs-restart-scored+dfs-meta+dfs-scored'];
const SEEDS = quick ? [1] : [1, 2, 3, 4];
const BUDGET = 50_000;
const ALL_BUDGET = 10_000;

// Every game, every policy and registry search, base any.
for (const g of GAMES)
  for (const seed of SEEDS) {
    const deal = dealFromSeed(g.rules, seed);
    for (const search of KINDS) run(`${g.name} ${seed} any ${search} ${BUDGET}`, deal, { search, maxNodes: BUDGET });
  }

// The Terrace games, --base all, and one fixed base.
for (const g of GAMES.filter((x) => x.rules.terraceFamily))
  for (const seed of SEEDS) {
    const deal = dealFromSeed(g.rules, seed);
    for (const search of KINDS) runAll(`${g.name} ${seed} all ${search} ${ALL_BUDGET}`, deal, { search, maxNodes: ALL_BUDGET });
  }

// Options beside the defaults.
const VARIANTS: [string, SolveOptions][] = [
  ['marks=true', { marks: true }],
  ['marks=false', { marks: false }],
  ['deadlocks=true', { deadlocks: true }],
  ['deadlocks=false', { deadlocks: false }],
  ['deadlocks=waste', { deadlocks: ['waste'] }],
  ['deadlocks=order+audit', { deadlocks: ['order'], deadlockAudit: true }],
  ['stream=1', { stream: 1 }],
  ['stream=7', { stream: 7 }],
  ['ttMb=1', { ttMb: 1, tt: undefined }],
  ['opening=1000', { openingNodes: 1000 }],
  ['soft=0', { softNodes: 0 }],
  ['soft=500', { softNodes: 500 }],
  ['weight=3+astar', { weight: 3, search: 'astar' }],
  ['base=5', { base: 5 }],
];
for (const g of GAMES)
  for (const seed of SEEDS.slice(0, 2)) {
    const deal = dealFromSeed(g.rules, seed);
    for (const [name, o] of VARIANTS) run(`${g.name} ${seed} ${name} - 30000`, deal, { maxNodes: 30_000, ...o });
  }

// Known lost deals and longer budgets: Red and Black 1166 (README), two-cell FreeCell 3008 and
// one-cell FreeCell seeds, where the deadlock tests and the marks prove losses.
run('red-and-black 1166 any auto 300000', dealFromSeed(getRules('red-and-black'), 1166), { maxNodes: 300_000 });
run('red-and-black 1166 audit auto 300000', dealFromSeed(getRules('red-and-black'), 1166), { maxNodes: 300_000, deadlockAudit: true });
for (const seed of quick ? [3008] : [3008, 3172, 3202]) {
  for (const cells of [0, 1, 2]) run(`freecell/${cells} ${seed} any auto 600000`, dealFromSeed(getRules('freecell', { cells }), seed), { maxNodes: 600_000 });
}
for (const seed of quick ? [1] : [1, 2, 3, 4, 5])
  run(`signora ${seed} base=0 auto 50000`, dealFromSeed(getRules('signora'), seed), { maxNodes: 50_000, base: 0 });

// (deal, base) pairs unknown in results/published, at 300,000 nodes: enough lines of the nested
// search for Signora's endgame search and Empress of Italy's lines race to act, which the small
// budgets above never reach.
const HARD: [string, number, number][] = [
  ['signora', 16, 9],
  ['double-signora', 5, 6],
  ['empress-of-italy', 3, 6],
  ['empress-of-italy', 4, 0],
];
for (const [name, seed, base] of HARD) run(`${name} ${seed} base=${base} auto 300000`, dealFromSeed(getRules(name), seed), { maxNodes: 300_000, base });

// Small games: losses proved with each deadlock test (and checked by the plain versions), and wins.
const SMALL: [string, { ranks: number; piles: number; reserve: number }][] = [
  ['signora', { ranks: 5, piles: 3, reserve: 6 }],
  ['signora', { ranks: 3, piles: 2, reserve: 8 }],
  ['double-signora', { ranks: 4, piles: 3, reserve: 6 }],
  ['empress-of-italy', { ranks: 3, piles: 1, reserve: 0 }],
  ['empress-of-italy', { ranks: 4, piles: 3, reserve: 0 }],
  ['red-and-black', { ranks: 6, piles: 2, reserve: 0 }],
  ['red-and-black', { ranks: 6, piles: 1, reserve: 0 }],
];
for (const [name, shape] of SMALL)
  for (let seed = 1; seed <= (quick ? 4 : 16); seed++) {
    const { deal, base } = smallDeal(getRules(name), shape, seed);
    const b = deal.rules.terraceFamily ? base : undefined;
    run(`small/${name}/${shape.ranks}x${shape.piles}r${shape.reserve} ${seed} ${b ?? 'any'} auto 50000`, deal, { maxNodes: 50_000, base: b });
    run(`small/${name}/${shape.ranks}x${shape.piles}r${shape.reserve} ${seed} ${b ?? 'any'} dfs-scored+tests+audit 50000`, deal, {
      maxNodes: 50_000,
      base: b,
      search: 'dfs-scored',
      deadlocks: true,
      deadlockAudit: true,
    });
    run(`small/${name}/${shape.ranks}x${shape.piles}r${shape.reserve} ${seed} ${b ?? 'any'} dfs-plain+none 50000`, deal, {
      maxNodes: 50_000,
      base: b,
      search: 'dfs-plain',
      deadlocks: false,
    });
    if (deal.rules.terraceFamily) runAll(`small/${name}/${shape.ranks}x${shape.piles}r${shape.reserve} ${seed} all auto 5000`, deal, { maxNodes: 5_000 });
  }

// The command line: solve, verify (a won line replayed, a lost one proved again with the plain
// checks), --base all and --seeds piped into verify; times taken out of the output.
const main = path.join(__dirname, '..', 'src', 'cli', 'main.js');
/** The command's output (stdout, then stderr on failure) with its times taken out. */
function cli(args: string[], input?: string): string {
  let out: string;
  try {
    out = execFileSync(process.execPath, [main, ...args], { input, encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe'] });
  } catch (e) {
    const x = e as { stdout?: string; stderr?: string; status?: number };
    out = `${x.stdout ?? ''}[exit ${x.status}] ${x.stderr ?? ''}`;
  }
  return out
    .replace(/"ms": [\d.]+/g, '"ms": 0')
    .replace(/"nodesPerSec": \d+/g, '"nodesPerSec": 0')
    .replace(/\d+(\.\d+)? (ms|s)\b/g, 'T');
}
const CLI: string[][] = [
  ['solve', 'red-and-black', '--seed', '1166', '--json'],
  ['solve', 'freecell', '--cells', '1', '--seed', '3008', '--json'],
  ['solve', 'signora', '--seed', '3', '--base', 'A', '--json', '--max-nodes', '50k'],
  ['solve', 'winery', '--seed', '5', '--json'],
  ['solve', 'empress-of-italy', '--seed', '2', '--json', '--max-nodes', '50k'],
  ['solve', 'double-signora', '--seed', '1', '--json', '--max-nodes', '50k'],
];
for (const args of quick ? CLI.slice(0, 2) : CLI) {
  const sol = cli(args);
  console.log(`cli ${args.join(' ')}: ${sol.replace(/\s+/g, ' ')}`);
  if (sol.startsWith('{')) console.log(`cli verify of it: ${cli(['verify', '-'], sol).trim()}`);
}
if (!quick) {
  console.log(`cli signora --base all: ${cli(['solve', 'signora', '--seed', '1', '--base', 'all', '--max-nodes', '5k']).replace(/\n/g, ' | ')}`);
  const lines = cli(['solve', 'signora', '--seeds', '1-3', '--max-nodes', '20k', '--json']);
  console.log(`cli signora --seeds 1-3 | verify -: ${cli(['verify', '-'], lines).replace(/\n/g, ' | ')}`);
}

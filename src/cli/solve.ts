// `solitaire solve <variant> --seed N` or `solitaire solve --deal file.json`: runs the solver and
// prints its verdict, the base rank (Terrace family), the winning moves and statistics; or, with
// --json, the solution JSON of docs/FORMATS.md. `--base all` solves once per candidate base rank
// (with --json: one solution object per line, JSON Lines), and `--seeds A-B` solves a range, one
// deal after another, printing a line (or a solution) per search; so does `--deal FILE` when FILE
// holds several deals, one per line (JSON Lines, as `deal --seeds` writes them).
// Every verdict exits 0 (it is information); bad input exits 2. A solve that runs longer than a
// second shows its progress on stderr when stderr is a terminal (progress.ts).
import type { Command } from 'commander';
import { cardName, rankName, tryParseRank } from '../cards/card';
import { baseCandidates, type Deal } from '../engine/deal';
import { describeMove } from '../engine/notation';
import { moveCount, moveFrom } from '../engine/move';
import { GameState } from '../engine/state';
import { variantNames, VARIANTS } from '../rules/variants';
import { PROOFS, type Proof, testsOf } from '../proof/proof';
import { MAX_STREAM } from '../search/core/streams';
import type { SearchKind } from '../solver/policy';
import { solutionJson } from '../records/solution';
import { SOLVE_MAX_NODES, solve, type SolveOptions, type SolveResult } from '../solver/solve';
import { TranspositionTable } from '../search/core/tt';
import { UsageError } from './errors';
import { SolveProgress } from './progress';
import { showGame } from './show';
import {
  DEFAULTS_NOTE,
  dealName,
  dealSourcesGiven,
  fileLabel,
  loadDealFiles,
  loadFcsFile,
  msDealOf,
  out,
  parseSeedRange,
  parseWhole,
  prettyJson,
  rulesFor,
  searchHelp,
  searchOption,
  seededDeal,
} from './io';

interface SolveCliOptions {
  seed?: string;
  seeds?: string;
  ms?: string;
  fromFcs?: string;
  deal?: string;
  search: string;
  base: string;
  maxNodes: string;
  timeout?: string;
  stream: string;
  ttMb: string;
  cells?: string;
  json?: boolean;
  quiet?: boolean;
  show?: boolean;
}

/** How each proof of loss reads in a verdict line. */
const PROOF_WORDS = Object.fromEntries(PROOFS.map((p) => [p, proofWords(p)])) as Record<Proof, string>;

/** `exhaustive search, cutting positions the reserve and waste deadlock tests prove lost` and the like. */
function proofWords(p: Proof): string {
  const tests = testsOf(p);
  if (tests.length === 0) return 'exhaustive search';
  const names = tests.length === 1 ? tests[0] : `${tests.slice(0, -1).join(', ')} and ${tests[tests.length - 1]}`;
  return `exhaustive search, cutting positions the ${names} deadlock ${tests.length === 1 ? 'test proves' : 'tests prove'} lost`;
}

/**
 * Why an unknown is unknown, naming the budget that ran out and the option that raises it:
 * `node budget ran out: 5000 nodes; raise --max-nodes`, `time ran out: 10000 ms; raise --timeout`,
 * `memory cap reached: 32 MB; raise --tt-mb`.
 */
export function unknownReason(res: SolveResult, opts: SolveOptions): string {
  switch (res.stats.stopReason) {
    case 'memory':
      return `memory cap reached: ${opts.ttMb ?? 32} MB; raise --tt-mb`;
    case 'exhausted':
      return 'the searches tried every move they search, which is no proof; try --search dfs';
    case 'time':
      return `time ran out: ${opts.timeoutMs} ms; raise --timeout`;
    default:
      return `node budget ran out: ${opts.maxNodes ?? SOLVE_MAX_NODES} nodes; raise --max-nodes`;
  }
}

/** `won`, `lost (proved: exhaustive search)`, `unknown (node budget ran out: 5000 nodes; raise --max-nodes)`. */
export function verdictLine(res: SolveResult, opts: SolveOptions): string {
  if (res.result === 'won') return 'won';
  if (res.result === 'lost') return `lost (proved: ${PROOF_WORDS[res.proof ?? 'exhaustive']})`;
  return `unknown (${unknownReason(res, opts)})`;
}

/** The winning line as numbered readable moves, `12. 7H t3 → f2`, noting automatic fills. */
export function formatMoves(deal: Deal, moveInts: number[]): string[] {
  const s = new GameState(deal);
  const w = String(moveInts.length).length;
  return moveInts.map((m, i) => {
    let text = describeMove(s, m); // before apply: it names the card that moves
    const from = moveFrom(m);
    const emptied = from < s.T && s.len[from] === moveCount(m);
    s.apply(m);
    if (emptied && s.len[from] > 0) text += `   (${s.pileName(from)} filled: ${cardName(s.top(from))})`;
    return `${String(i + 1).padStart(w)}. ${text}`;
  });
}

function statsLines(res: SolveResult): string[] {
  const st = res.stats;
  const rows: [string, string][] = [
    ['nodes', String(st.nodes)],
    ['unique positions', String(st.unique)],
    ['transposition hits', String(st.ttHits)],
    ['max depth', String(st.maxDepth)],
    ['time', `${st.ms.toFixed(1)} ms`],
    ['nodes per second', String(st.nodesPerSec)],
  ];
  return ['statistics:', ...rows.map(([k, v]) => `  ${k.padEnd(20)}${v}`)];
}

/** solve(), with a progress line on stderr if it runs long and stderr is a terminal. */
function solveShowingProgress(deal: Deal, opts: SolveOptions, label = '', quiet = false): SolveResult {
  if (quiet) return solve(deal, opts);
  const progress = new SolveProgress(process.stderr, label);
  try {
    return solve(deal, { ...opts, onProgress: progress.onProgress });
  } finally {
    progress.done();
  }
}

function terraceNames(): string {
  return VARIANTS.filter((v) => v.terraceFamily)
    .map((v) => v.name)
    .join(', ');
}

/**
 * The deal of a variant and --seed or --ms, of --deal, or of --from-fcs; or the deals of a --deal
 * file of several (JSON Lines, as `deal --seeds` writes them), each with its name for the verdict
 * lines. Throws UsageError.
 */
function dealOf(variant: string | undefined, o: SolveCliOptions): Deal | NamedDeal[] {
  const given = dealSourcesGiven(o);
  if (given.length > 1) throw new UsageError(`give one of --seed, --ms, --deal and --from-fcs, not ${given.join(' and ')}`);
  if (o.deal !== undefined) {
    if (o.cells !== undefined) throw new UsageError('--cells applies to a variant given by name; a deal file lists its own cells');
    // A variant given with a deal file (`deal signora --seeds 1-3 | solve signora --deal -`) must be its deals'.
    const name = variant === undefined ? undefined : rulesFor(variant, undefined).name;
    const { deals, lines } = loadDealFiles(o.deal);
    const where = (i: number) => (lines ? `${fileLabel(o.deal!)} line ${lines[i]}` : fileLabel(o.deal!));
    deals.forEach((d, i) => {
      if (name !== undefined && d.rules.name !== name) throw new UsageError(`${where(i)} is a ${d.rules.name} deal, not ${name}`);
    });
    return lines ? deals.map((deal, i) => ({ deal, name: dealName(deal) || `line ${lines[i]}` })) : deals[0];
  }
  if (o.fromFcs !== undefined) {
    if (variant !== undefined && rulesFor(variant, undefined).name !== 'freecell') throw new UsageError(`--from-fcs reads FreeCell boards, not ${variant}`);
    return loadFcsFile(o.fromFcs, o.cells);
  }
  if (variant === undefined)
    throw new UsageError('solve needs a variant and --seed, or --deal file.json (freecell: or --ms N; an fc-solve board: --from-fcs FILE)');
  if (o.seed === undefined && o.ms === undefined) {
    rulesFor(variant, o.cells); // a bad variant is the first problem
    throw new UsageError(`solve ${variant} needs --seed N${variant.trim().toLowerCase() === 'freecell' ? ' or --ms N' : ''}`);
  }
  return o.ms !== undefined ? msDealOf(variant, o.ms, o.cells) : seededDeal(variant, o.seed!, o.cells);
}

/** --base: a rank the deal lets one choose, any, or all (the Terrace family only); throws UsageError. */
function baseOf(deal: Deal, text: string): number | 'any' | 'all' {
  const baseText = text.trim().toLowerCase();
  let base: number | 'any' | 'all';
  if (baseText === 'any' || baseText === 'all') base = baseText;
  else {
    base = tryParseRank(text);
    if (base < 0) throw new UsageError(`bad --base ${JSON.stringify(text)}: expected a rank A 2..9 T J Q K, any or all`);
  }
  if (!deal.rules.terraceFamily && base !== 'any') throw new UsageError(`--base applies to the Terrace family (${terraceNames()}), not ${deal.rules.name}`);
  // A rank with no exposed card cannot be the base: a search of it would "lose" after 0 nodes,
  // which proves nothing (issue 29). Name the ranks that can be chosen.
  if (typeof base === 'number' && !baseCandidates(deal).includes(base))
    throw new UsageError(
      `--base ${rankName(base)} cannot be chosen in ${dealName(deal) ? `${deal.rules.name} ${dealName(deal)}` : 'this deal'}: no card of that rank is exposed; choose one of ${baseCandidates(deal).map(rankName).join(' ')}, any or all`,
    );
  return base;
}

/** The search options of --search, --max-nodes, --tt-mb, --timeout and --stream; throws UsageError. */
function solveOptionsOf(o: SolveCliOptions): SolveOptions {
  const opts: SolveOptions = {
    search: o.search as SearchKind,
    maxNodes: parseWhole('--max-nodes', o.maxNodes, 1),
    ttMb: parseWhole('--tt-mb', o.ttMb, 1, 4096),
    stream: parseWhole('--stream', o.stream, 0, MAX_STREAM),
  };
  if (o.timeout !== undefined) opts.timeoutMs = parseWhole('--timeout', o.timeout, 1);
  return opts;
}

/**
 * `won in K moves (N nodes, T ms)`, `lost (proved: P) (...)` or `unknown (why) (...)`; with
 * `withBase`, a Terrace game's win names its base: `won in K moves with base R (...)`.
 */
function briefVerdict(res: SolveResult, opts: SolveOptions, withBase = false): string {
  const cost = `(${res.stats.nodes} nodes, ${Math.round(res.stats.ms)} ms)`;
  const base = withBase && res.base !== undefined ? ` with base ${rankName(res.base)}` : '';
  const v =
    res.result === 'won'
      ? `won in ${res.moves.length} moves${base}`
      : res.result === 'lost'
        ? `lost (proved: ${res.proof})`
        : `unknown (${unknownReason(res, opts)})`;
  return `${v} ${cost}`;
}

/** --base all: one search per candidate rank, one line (or one JSON object) each; `label` starts each text line. */
function solveEveryBase(deal: Deal, opts: SolveOptions, o: SolveCliOptions, label = ''): void {
  const tt = new TranspositionTable(opts.ttMb!);
  for (const b of baseCandidates(deal)) {
    const res = solveShowingProgress(deal, { ...opts, base: b, tt }, `${label}base ${rankName(b)}: `, o.quiet);
    if (o.json)
      out(JSON.stringify(solutionJson(deal, res))); // JSON Lines: one solution per line
    else out(`${label}base ${rankName(b)}: ${briefVerdict(res, opts)}`);
  }
}

/** One search: the verdict, the base, the winning line and the statistics (or the solution JSON). */
function solveOnce(deal: Deal, opts: SolveOptions, o: SolveCliOptions): void {
  const res = solveShowingProgress(deal, opts, '', o.quiet);
  if (o.json) {
    out(prettyJson(solutionJson(deal, res)));
    return;
  }
  const lines = [verdictLine(res, opts)];
  if (deal.rules.terraceFamily) {
    if (res.base !== undefined) lines.push(`base: ${rankName(res.base)}`);
    else lines.push(`base: any (candidates: ${baseCandidates(deal).map(rankName).join(' ')})`);
  }
  if (res.reason) lines.push(`why: ${res.reason}`);
  if (res.result === 'won') {
    lines.push(`moves (${res.moveInts.length}):`);
    lines.push(...(o.show ? showGame(deal, res.moveInts) : formatMoves(deal, res.moveInts)).map((l) => '  ' + l));
  }
  lines.push(...statsLines(res));
  out(lines.join('\n'));
}

/** Most deals `solve --seeds` takes at once (one process, one deal after another: analyze is for more). */
const MAX_SOLVE_SEEDS = 100_000;

/** A deal of several solved one after another, and how its verdict lines name it (`seed 5`). */
interface NamedDeal {
  deal: Deal;
  name: string;
}

/** --seeds A-B: every deal of the range, one after another in this process (solveEach). */
function solveRange(variantGiven: string | undefined, o: SolveCliOptions): void {
  if (variantGiven === undefined) throw new UsageError('solve --seeds needs a variant');
  const variant = variantGiven;
  const other = dealSourcesGiven(o);
  if (other.length) throw new UsageError(`give --seeds or ${other.join(' and ')}, not both`);
  const { from, to } = parseSeedRange(o.seeds!);
  if (to - from + 1 > MAX_SOLVE_SEEDS)
    throw new UsageError(`--seeds ${o.seeds}: at most ${MAX_SOLVE_SEEDS} deals at once (analyze runs more, on a pool of workers)`);
  const first = seededDeal(variant, String(from), o.cells);
  function* deals(): Generator<NamedDeal> {
    for (let seed = from; seed <= to; seed++) yield { deal: seed === from ? first : seededDeal(variant, String(seed), o.cells), name: `seed ${seed}` };
  }
  solveEach(deals(), [first], o, '--seeds');
}

/**
 * Several deals, one after another in this process (--seeds, or a --deal file of JSON Lines): with
 * --json one solution per line (JSON Lines, every base's with --base all), else one verdict line
 * per search, starting with the deal's name (`seed 5: won in 230 moves with base 9 (...)`,
 * `seed 5 base 9: ...`). `check` are the deals whose options are checked before any output (all
 * deals of one variant need only the first); `how` names the option in messages.
 */
function solveEach(deals: Iterable<NamedDeal>, check: Deal[], o: SolveCliOptions, how: string): void {
  if (o.show) throw new UsageError(`--show prints the boards of one winning line: not with ${how} (solve with --seed N --show)`);
  searchOption(o.search);
  const baseText = o.base.trim().toLowerCase();
  if (baseText !== 'any' && baseText !== 'all')
    throw new UsageError(`with ${how}, --base is any or all (a rank need not be exposed in every deal), not ${JSON.stringify(o.base)}`);
  for (const deal of check) baseOf(deal, baseText); // --base all outside the Terrace family is refused here
  const opts = solveOptionsOf(o);
  for (const { deal, name } of deals) {
    if (baseText === 'all') solveEveryBase(deal, opts, o, `${name} `);
    else {
      const res = solveShowingProgress(deal, { ...opts, base: 'any' }, `${name}: `, o.quiet);
      out(o.json ? JSON.stringify(solutionJson(deal, res)) : `${name}: ${briefVerdict(res, opts, deal.rules.terraceFamily)}`);
    }
  }
}

function runSolve(variant: string | undefined, o: SolveCliOptions): void {
  if (o.seeds !== undefined) return solveRange(variant, o);
  // Everything is checked before any output.
  const dealOrDeals = dealOf(variant, o);
  if (Array.isArray(dealOrDeals)) {
    const all = dealOrDeals.map((d) => d.deal);
    return solveEach(dealOrDeals, all, o, 'a --deal file of several deals');
  }
  const deal = dealOrDeals;
  searchOption(o.search);
  const base = baseOf(deal, o.base);
  const opts = solveOptionsOf(o);
  if (o.show && (o.json || base === 'all'))
    throw new UsageError(
      `--show prints the boards of one winning line as text: not with ${o.json ? '--json' : '--base all'} (solve with --base R --show for one rank)`,
    );
  if (base === 'all') solveEveryBase(deal, opts, o);
  else solveOnce(deal, { ...opts, base }, o);
}

export function register(program: Command): void {
  program
    .command('solve')
    .description('solve a deal: solve <variant> --seed N, or solve --deal file.json')
    .argument('[variant]', `variant name: ${variantNames().join(', ')}`)
    .option('--seed <n>', 'deal number (with a variant)')
    .option(
      '--seeds <a-b>',
      'every deal of a range, one after another (--base any or all): one line per search, or with --json one solution per line (JSON Lines, e.g. for referee/referee.mjs)',
    )
    .option('--ms <n>', "freecell only: Microsoft's deal number (instead of --seed)")
    .option(
      '--deal <file>',
      'deal JSON file (instead of a seed; - for standard input); a file of several deals, one per line (JSON Lines, as deal --seeds writes them), is solved deal by deal as --seeds does',
    )
    .option('--from-fcs <file>', "fc-solve's board text of a FreeCell deal or position (- for standard input)")
    .option('--search <kind>', searchHelp(), 'auto')
    .option('--base <rank>', 'Terrace family: base rank A 2..9 T J Q K, any (the search chooses) or all (one search per candidate)', 'any')
    .option('--max-nodes <n>', 'node budget', String(SOLVE_MAX_NODES))
    .option('--timeout <ms>', 'time budget in milliseconds')
    .option('--tt-mb <mb>', "memory cap in MB: the transposition table and A*'s node stores (a search that reaches it stops: unknown)", '32')
    .option(
      '--stream <n>',
      'random stream of the searches: another n makes other random choices on the same deal, where a search makes any (a won or lost holds on every stream; whether the budget is enough may not)',
      '0',
    )
    .option('--cells <n>', 'freecell only: number of cells, 0-4')
    .option('--json', 'print the solution JSON of docs/FORMATS.md (with --base all or --seeds: one solution per line, JSON Lines)')
    .option('--show', 'print the board after each move of the winning line (instead of the bare list of moves)')
    .option('--quiet', 'no progress line on stderr (shown only when stderr is a terminal and a search runs over a second)')
    .addHelpText('after', DEFAULTS_NOTE)
    .action(runSolve);
}

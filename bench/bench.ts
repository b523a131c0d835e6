// The benchmark harness: `npm run bench [-- options]`.
//
// What it measures, in one run, on the same seeded deals (dealFromSeed):
//  1. Our solver, one deal at a time on the main thread, per variant table (all six, plus FreeCell
//     with 2 cells for the fc-solve comparison), after an untimed JIT warm-up on 2 other deals per
//     table: deals, won / lost / unknown, median and 95th-percentile ms per deal (the solver's own
//     stats.ms), nodes per second, and peak memory (the highest process.memoryUsage.rss() sampled
//     after each deal of that table; the process's resourceUsage().maxRSS is printed at the end).
//     Every `won` is replayed with playChecked; a solution that does not replay is reported.
//  2. Analysis throughput: the analysis pool (runAnalysis of src/analysis/run.ts, piscina workers
//     over dist/src/analysis/worker.js) on a small seed range of Signora (every base rank per deal), with 1 and with 2 worker
//     threads, into a temporary directory: deals per second of wall time.
//  3. Secondary, with --fc-process only: fc-solve (Freecell Solver, bench/fcsolve.ts) on the same
//     deals of Winery, FreeCell (4 cells) and FreeCell (2 cells): one process per deal, with the same time budget as ours (the process
//     is killed after it: unknown) and an -mi iterations limit. Its per-call process start cost is
//     measured on a trivial board (median of 15 calls, right before each table) and reported; "net"
//     figures subtract it from every call (floored at 0). fc-solve runs before our solver: spawning
//     costs more the more memory this process has touched (see main), which would be charged to
//     fc-solve otherwise. fc-solve is found on PATH (or $FC_SOLVE); when missing, the bench
//     installs freecell-solver-bin with apt-get if it runs as root, else prints how to install it
//     and skips the comparison.
//     Verdicts: agree = both resolved (won/lost) and equal. A conflict (one won, the other lost) is
//     diagnosed: our `won` is replayed with playChecked on new GameState(deal); fc-solve's solution
//     is translated into our single-card moves and replayed the same way; fc-solve is rerun with
//     atomic moves (-to 01ABCDE, complete) and a larger limit. Every `won` of either solver is
//     replayed, so a solution that does not replay is reported too, conflict or not.
//
//  4. The fair comparison: fc-solve's library in process (bench/fclib.ts, bench/fcs-harness.c) on
//     the same deals of Winery, FreeCell-4 and FreeCell-2, with its default, `-l lg` and atomic
//     (-to 01ABCDE) presets; the time to a verdict and the solution's moves on both sides (fc-solve
//     traces its solution when the moves are first read; our solve() expands its supermoves and
//     checks every move), against our solve() timed the same way. Verdict
//     agreement with ours per preset, and every fc-solve solution replayed on our engine. For
//     `lg`, the reference, both are timed in --rounds alternating rounds (ours, lg, ours, lg, ...)
//     run right there, and each side's best round counts: a single run of each, minutes apart,
//     moved the ratio by 0.05-0.25 between runs with the machine's speed.
//
// Options:
//   --seeds A-B         seeds per variant (default 1-200; --quick 1-30)
//   --timeout MS        time budget per deal, for both solvers (default 1000; --quick 500)
//   --quick             a ~1 minute run
//   --search KIND       our search: auto | dfs | astar | portfolio (default auto, the solver's default;
//                       see policy() in src/solver/solve.ts)
//   --variants a,b      variant tables to solve (default all six; freecell-2 is added for fc-solve)
//   --analysis-seeds A-B  seeds of the pool throughput measure (default 1-60; --quick 1-20)
//   --analysis-variant V  variant of the pool throughput measure (default signora: enough work per deal to show scaling)
//   --fc-iters N        fc-solve -mi limit per deal (default 5,000,000: the time budget binds first)
//   --rounds N          alternating timed rounds of ours and fc-solve's lg per table (default 5; --quick 1)
//   --fc-atomic         run fc-solve with atomic moves only (-to 01ABCDE) instead of its defaults
//   --no-fc             skip both fc-solve comparisons
//   --no-fc-lib         skip the in-process comparison (section 4)
//   --fc-process        add the process-per-deal comparison (section 3)
//   --no-install        do not try to install fc-solve when it is missing
//   --no-analysis       skip the analysis throughput measure
//   --out FILE          CSV output (default results/bench.csv)
//
// results/bench.csv: one row per measurement, header first. Columns:
//   section        solve | analysis | fc-solve | fc-start (process per deal) | fc-lib (in process)
//   variant        variant table: winery, freecell, ..., freecell-2 (FreeCell with 2 cells)
//   solver         ours-<search> | fc-solve | fc-solve-atomic | fc-lib-<preset> | pool-1w | pool-2w (analysis workers)
//   seeds          seed range A-B
//   budget_ms      time budget per deal
//   deals, won, lost, unknown
//   median_ms, p95_ms        per deal (fc-solve: raw, process start included)
//   net_median_ms            fc-solve: median of (raw - start cost); fc-start: the start cost
//   total_s                  sum of per-deal times (analysis: wall time of the run)
//   deals_per_s              deals / total_s
//   net_deals_per_s          fc-solve: deals / sum of net times; ours and pool: same as deals_per_s
//   work_per_s               ours: nodes per second; fc-solve: states checked per second (raw)
//   peak_rss_mb              ours: highest rss sampled after each deal of the table; else empty
//   ratio_vs_ours            fc-solve rows: fc-solve deals/s / our deals/s (raw; fc-lib-lg: best rounds of
//                            each); pool-2w: speed-up over pool-1w
//   net_ratio_vs_ours        fc-solve rows: the same with net fc-solve times
//   both_resolved, agree, conflicts   fc-solve rows: verdict agreement with ours on the same deals
//   replay_failures          won solutions (ours; fc-solve's in fc rows) that do not replay to a win
//   note                     free text (fc-solve version, start cost spread, conflicts' seeds)
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { stringify } from 'csv-stringify/sync';
import { type Deal, dealFromSeed } from '../src/engine/deal';
import { getRules, VARIANTS } from '../src/rules/variants';
import type { RuleTable } from '../src/rules/vocabulary';
import { isSearchKind, type SearchKind, solve, type SolveResult, type Verdict } from '../src/solver/solve';
import { TranspositionTable } from '../src/solver/tt';
import { runAnalysis, DEFAULT_MAX_NODES as POOL_MAX_NODES } from '../src/analysis/run';
import { buildHarness, FC_PRESETS, type LibRun, runLib } from './fclib';
import { pad, parseRange, quantile, sortNum, sum } from './util';
import { DEFAULT_FC_ITERS, ensureFcSolve, type FcRun, fcMovesToSpecs, fcVersion, measureStartCost, replayOurs, runFcSolve, type StartCost } from './fcsolve';

// ---- options ----

export interface BenchOptions {
  from: number;
  to: number;
  timeoutMs: number;
  search: SearchKind;
  variants: string[];
  analysis: { variant: string; from: number; to: number } | null;
  fcIters: number;
  /** Alternating timed rounds of ours and fc-solve's lg in the in-process comparison. */
  rounds: number;
  fcAtomic: boolean;
  /** The in-process comparison with fc-solve's library (section 4). */
  fcLib: boolean;
  /** The process-per-deal comparison (section 3, secondary). */
  fc: boolean;
  install: boolean;
  out: string;
  quick: boolean;
}

export function parseBenchArgs(argv: string[]): BenchOptions {
  const has = (name: string) => argv.includes(`--${name}`);
  const val = (name: string): string | undefined => {
    const i = argv.indexOf(`--${name}`);
    if (i < 0) return undefined;
    if (i + 1 >= argv.length || argv[i + 1].startsWith('--')) throw new Error(`--${name} needs a value`);
    return argv[i + 1];
  };
  const known = new Set([
    'seeds',
    'timeout',
    'quick',
    'search',
    'variants',
    'analysis-seeds',
    'analysis-variant',
    'fc-iters',
    'rounds',
    'fc-atomic',
    'no-fc',
    'no-fc-lib',
    'fc-process',
    'no-install',
    'no-analysis',
    'out',
    'help',
  ]);
  for (const a of argv) if (a.startsWith('--') && !known.has(a.slice(2))) throw new Error(`unknown option ${a}`);
  const quick = has('quick');
  const seeds = parseRange(val('seeds') ?? (quick ? '1-30' : '1-200'), '--seeds');
  const timeoutMs = Number(val('timeout') ?? (quick ? 500 : 1000));
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) throw new Error('bad --timeout: expected milliseconds > 0');
  const search = (val('search') ?? 'auto') as SearchKind;
  if (!isSearchKind(search)) throw new Error(`bad --search ${search}`);
  if (val('analysis-variant')) getRules(val('analysis-variant')!);
  const variants = (val('variants') ?? VARIANTS.map((v) => v.name).join(',')).split(',').filter(Boolean);
  for (const v of variants) getRules(v);
  const fcIters = Number(val('fc-iters') ?? DEFAULT_FC_ITERS * 5);
  if (!Number.isSafeInteger(fcIters) || fcIters < 1) throw new Error('bad --fc-iters');
  const rounds = Number(val('rounds') ?? (quick ? 1 : 5));
  if (!Number.isSafeInteger(rounds) || rounds < 1 || rounds > 20) throw new Error('bad --rounds: expected 1-20');
  return {
    from: seeds.from,
    to: seeds.to,
    timeoutMs,
    search,
    variants,
    analysis: has('no-analysis')
      ? null
      : { variant: val('analysis-variant') ?? 'signora', ...parseRange(val('analysis-seeds') ?? (quick ? '1-20' : '1-60'), '--analysis-seeds') },
    fc: !has('no-fc') && has('fc-process'),
    fcLib: !has('no-fc') && !has('no-fc-lib'),
    fcIters,
    rounds,
    fcAtomic: has('fc-atomic'),
    install: !has('no-install'),
    out: val('out') ?? path.join('results', 'bench.csv'),
    quick,
  };
}

// ---- our solver ----

/** Untimed deals per table before the timed ones (seeds WARMUP_SEED...), so that ours runs JIT-compiled like fc-solve runs native. */
const WARMUP_DEALS = 2;
const WARMUP_SEED = 1_000_000_000;

interface OurDeal {
  seed: number;
  result: Verdict;
  ms: number;
  nodes: number;
  moves: number;
  replayError?: string;
}

interface OurRun {
  label: string;
  deals: OurDeal[];
  peakRssMb: number;
}

/** A variant table: a name of the rules list, or freecell-N for FreeCell with N cells. */
export function tableRules(label: string): RuleTable {
  const m = /^freecell-(\d)$/.exec(label);
  return m ? getRules('freecell', { cells: Number(m[1]) }) : getRules(label);
}

function runOurs(label: string, o: BenchOptions, tt: TranspositionTable): OurRun {
  const rules = tableRules(label);
  const deals: OurDeal[] = [];
  let peak = process.memoryUsage.rss();
  for (let seed = o.from; seed <= o.to; seed++) {
    const deal = dealFromSeed(rules, seed);
    const r: SolveResult = solve(deal, { search: o.search, timeoutMs: o.timeoutMs, maxNodes: 1e12, tt });
    const d: OurDeal = { seed, result: r.result, ms: r.stats.ms, nodes: r.stats.nodes, moves: r.moves.length };
    if (r.result === 'won') {
      const rep = replayOurs(deal, r.moves);
      if (!rep.won) d.replayError = rep.error ?? 'replay ends short of a win';
    }
    deals.push(d);
    peak = Math.max(peak, process.memoryUsage.rss());
  }
  return { label, deals, peakRssMb: peak / 2 ** 20 };
}

// ---- fc-solve ----

interface FcDeal {
  seed: number;
  run: FcRun;
  netMs: number;
  replayError?: string;
}

interface Conflict {
  variant: string;
  seed: number;
  ours: Verdict;
  fc: Verdict;
  diagnosis: string;
}

function runFc(label: string, o: BenchOptions, bin: string, start: StartCost): FcDeal[] {
  const rules = tableRules(label);
  const out: FcDeal[] = [];
  for (let seed = o.from; seed <= o.to; seed++) {
    const deal = dealFromSeed(rules, seed);
    // Same wall budget as ours, plus the process start (which ours does not pay per deal).
    const run = runFcSolve(deal, { bin, maxIters: o.fcIters, timeoutMs: o.timeoutMs + Math.ceil(start.medianMs), atomic: o.fcAtomic });
    const d: FcDeal = { seed, run, netMs: Math.max(0, run.ms - start.medianMs) };
    if (run.result === 'won' && run.moves) {
      const rep = fcMovesToSpecs(deal, run.moves);
      if (!rep.won) d.replayError = rep.error ?? 'replay ends short of a win';
    }
    out.push(d);
  }
  return out;
}

/** Explains a deal where one solver says won and the other lost. */
export function diagnose(deal: Deal, ours: OurDeal, fc: FcDeal, o: BenchOptions, bin: string): string {
  const parts: string[] = [];
  if (ours.result === 'won') {
    const r = solve(deal, { search: o.search, timeoutMs: Math.max(o.timeoutMs, 5000), maxNodes: 1e12 });
    const rep = r.result === 'won' ? replayOurs(deal, r.moves) : null;
    if (rep?.won) parts.push(`our ${r.moves.length}-move solution replays to a win with playChecked: fc-solve's "could not solve" is wrong for these rules`);
    else parts.push(`our won does NOT replay (${rep ? (rep.error ?? 'not won at the end') : 'solver did not win again'}): bug in our solver`);
  } else {
    const rep = fc.run.moves ? fcMovesToSpecs(deal, fc.run.moves) : null;
    if (rep?.won)
      parts.push(
        `fc-solve's solution (${fc.run.moves!.length} moves, ${rep.played} single-card) replays to a win on our engine: our "lost" is WRONG (solver bug)`,
      );
    else parts.push(`fc-solve's solution does not replay on our engine (${rep?.error ?? 'no moves'}): a rules difference or an fc-solve error`);
  }
  const atomic = runFcSolve(deal, { bin, maxIters: 20_000_000, timeoutMs: 30_000, atomic: true });
  parts.push(`fc-solve atomic moves (-to 01ABCDE): ${atomic.result} (${atomic.status}${atomic.iterations !== null ? `, ${atomic.iterations} states` : ''})`);
  return parts.join('; ');
}

// ---- analysis pool ----

interface PoolRun {
  workers: number;
  deals: number;
  seconds: number;
  won: number;
  lost: number;
  unknown: number;
  /** Sum of the per-search times the workers reported, seconds. */
  searchSeconds: number;
  error?: string;
}

async function runPool(workers: number, range: { variant: string; from: number; to: number }, o: BenchOptions): Promise<PoolRun> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'signora-bench-'));
  try {
    const t0 = performance.now();
    const res = await runAnalysis({
      variants: [range.variant],
      from: range.from,
      to: range.to,
      workers,
      base: 'any',
      maxNodes: POOL_MAX_NODES,
      timeoutMs: o.timeoutMs,
      outDir: dir,
      progress: 'none',
      handleSignals: false,
    });
    const seconds = (performance.now() - t0) / 1000;
    const v = res.variants[0];
    const any = v?.summary.find((s) => s.base === 'any') ?? v?.summary[0];
    if (!any) throw new Error('the analysis wrote no summary');
    return { workers, deals: range.to - range.from + 1, seconds, won: any.won, lost: any.lost, unknown: any.unknown, searchSeconds: v.cpuSeconds };
  } catch (e) {
    return { workers, deals: 0, seconds: 0, won: 0, lost: 0, unknown: 0, searchSeconds: 0, error: (e as Error).message };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// ---- report ----

const COLUMNS = [
  'section',
  'variant',
  'solver',
  'seeds',
  'budget_ms',
  'deals',
  'won',
  'lost',
  'unknown',
  'median_ms',
  'p95_ms',
  'net_median_ms',
  'total_s',
  'deals_per_s',
  'net_deals_per_s',
  'work_per_s',
  'peak_rss_mb',
  'ratio_vs_ours',
  'net_ratio_vs_ours',
  'both_resolved',
  'agree',
  'conflicts',
  'replay_failures',
  'note',
] as const;
type Row = Partial<Record<(typeof COLUMNS)[number], string | number>>;

const f1 = (x: number) => (Number.isFinite(x) ? Number(x.toFixed(1)) : '');
const f2 = (x: number) => (Number.isFinite(x) ? Number(x.toFixed(2)) : '');
const f3 = (x: number) => (Number.isFinite(x) ? Number(x.toFixed(3)) : '');

function count(vs: Verdict[]): { won: number; lost: number; unknown: number } {
  return { won: vs.filter((v) => v === 'won').length, lost: vs.filter((v) => v === 'lost').length, unknown: vs.filter((v) => v === 'unknown').length };
}

/** The columns every timed row starts with: what ran, on how many deals, the verdicts, and the median and p95 times. */
function timedRow(section: string, variant: string, solver: string, seeds: string, budgetMs: number, verdicts: Verdict[], sortedMs: number[]) {
  return {
    section,
    variant,
    solver,
    seeds,
    budget_ms: budgetMs,
    deals: verdicts.length,
    ...count(verdicts),
    median_ms: f2(quantile(sortedMs, 0.5)),
    p95_ms: f2(quantile(sortedMs, 0.95)),
  };
}

/** What the sections share: the options, the CSV rows, and our runs for the fc-solve tables. */
interface Ctx {
  o: BenchOptions;
  seeds: string;
  rows: Row[];
  ours: Map<string, OurRun>;
  fcBin: string | null;
  fcNote: string;
  fcRuns: Map<string, { deals: FcDeal[]; start: StartCost }>;
}

const FC_TABLES = ['winery', 'freecell', 'freecell-2'];

/**
 * Section 3, first half: fc-solve as one process per deal, run before our solver. Why first: an
 * install (if needed) must not fall in the middle of the timings, and spawning a process costs more
 * the more memory this process has touched (fork copies its page tables: about 1.5 ms per call from
 * a 50 MB process, 9-15 ms from a 300 MB one), which after our solver's runs would be charged to
 * fc-solve. The start cost is measured right before each table, in the same conditions as its calls.
 */
function fcProcessRuns(ctx: Ctx): void {
  const { o, rows, fcRuns } = ctx;
  if (o.fc) {
    const p = ensureFcSolve({ install: o.install, log: (l) => console.log(l) });
    console.log(p.bin ? `fc-solve (${p.how}): ${p.message}` : `fc-solve comparison skipped: ${p.message}`);
    ctx.fcBin = p.bin;
    ctx.fcNote = p.version ?? '';
    const fcBin = ctx.fcBin;
    if (fcBin) {
      try {
        for (const label of FC_TABLES) {
          const start = measureStartCost(fcBin);
          fcRuns.set(label, { start, deals: runFc(label, o, fcBin, start) });
          rows.push({
            section: 'fc-start',
            variant: label,
            solver: 'fc-solve',
            deals: start.samples.length,
            median_ms: f2(start.medianMs),
            net_median_ms: f2(start.medianMs),
            note: `trivial board; min ${start.minMs.toFixed(2)} max ${start.maxMs.toFixed(2)} ms; parent rss ${(process.memoryUsage.rss() / 2 ** 20).toFixed(0)} MB`,
          });
        }
        const st = [...fcRuns.values()].map((r) => r.start);
        console.log(
          `fc-solve process start (trivial board, ${st[0].samples.length} calls before each table): median ${st.map((x) => x.medianMs.toFixed(2)).join(' / ')} ms ` +
            `(min ${Math.min(...st.map((x) => x.minMs)).toFixed(2)}, max ${Math.max(...st.map((x) => x.maxMs)).toFixed(2)})`,
        );
      } catch (e) {
        console.log(`fc-solve comparison skipped: ${(e as Error).message}`);
        ctx.fcBin = null;
        fcRuns.clear();
      }
    }
  }
}

/** Section 1: our solver, one deal at a time, per variant table. */
function oursSection(ctx: Ctx): void {
  const { o, rows, ours, seeds } = ctx;
  const tables = [...o.variants];
  if (ctx.fcBin || o.fcLib) for (const t of FC_TABLES) if (!tables.includes(t)) tables.push(t);
  const tt = new TranspositionTable(64);
  // JIT warm-up: a few deals of every table, from seeds outside any benchmark range, untimed.
  for (const label of tables)
    for (let k = 0; k < WARMUP_DEALS; k++)
      solve(dealFromSeed(tableRules(label), WARMUP_SEED + k), { search: o.search, timeoutMs: Math.min(o.timeoutMs, 200), maxNodes: 1e12, tt });
  console.log(`\nour solver (${o.search}), one deal at a time on the main thread`);
  console.log('variant              deals   won  lost  unknown  median ms   p95 ms   deals/s    nodes/s  peak rss MB  replay fails');
  for (const label of tables) {
    const r = runOurs(label, o, tt);
    ours.set(label, r);
    const ms = sortNum(r.deals.map((d) => d.ms));
    const c = count(r.deals.map((d) => d.result));
    const total = sum(ms) / 1000;
    const nodesPerSec = total > 0 ? sum(r.deals.map((d) => d.nodes)) / total : 0;
    const fails = r.deals.filter((d) => d.replayError);
    rows.push({
      ...timedRow(
        'solve',
        label,
        `ours-${o.search}`,
        seeds,
        o.timeoutMs,
        r.deals.map((d) => d.result),
        ms,
      ),
      total_s: f3(total),
      deals_per_s: f2(r.deals.length / total),
      net_deals_per_s: f2(r.deals.length / total),
      work_per_s: Math.round(nodesPerSec),
      peak_rss_mb: f1(r.peakRssMb),
      replay_failures: fails.length,
      note: fails.map((d) => `seed ${d.seed}: ${d.replayError}`).join('; '),
    });
    console.log(
      `${pad(label, 18, true)} ${pad(r.deals.length, 7)} ${pad(c.won, 5)} ${pad(c.lost, 5)} ${pad(c.unknown, 8)} ${pad(quantile(ms, 0.5).toFixed(1), 10)} ${pad(quantile(ms, 0.95).toFixed(1), 8)} ${pad((r.deals.length / total).toFixed(2), 9)} ${pad(Math.round(nodesPerSec), 10)} ${pad(r.peakRssMb.toFixed(1), 12)} ${pad(fails.length, 13)}`,
    );
    for (const d of fails) console.log(`  REPLAY FAILURE ${label} seed ${d.seed}: ${d.replayError}`);
  }
}

/** Section 2: the analysis pool's throughput with 1 and 2 workers. */
async function poolSection(ctx: Ctx): Promise<void> {
  const { o, rows } = ctx;
  if (o.analysis) {
    const a = o.analysis;
    console.log(
      `\nanalysis pool (runAnalysis, ${a.variant} seeds ${a.from}-${a.to}, the worker's default search, max ${POOL_MAX_NODES} nodes / ${o.timeoutMs} ms per deal)`,
    );
    let one = NaN;
    for (const w of [1, 2]) {
      const r = await runPool(w, a, o);
      if (r.error) {
        console.log(`  ${w} worker(s): failed: ${r.error}`);
        rows.push({ section: 'analysis', variant: a.variant, solver: `pool-${w}w`, seeds: `${a.from}-${a.to}`, note: `failed: ${r.error}` });
        continue;
      }
      const dps = r.deals / r.seconds;
      if (w === 1) one = dps;
      console.log(
        `  ${w} worker(s): ${r.deals} deals in ${r.seconds.toFixed(2)} s wall = ${dps.toFixed(2)} deals/s (won ${r.won}, lost ${r.lost}, unknown ${r.unknown}; ` +
          `searches ${r.searchSeconds.toFixed(2)} s in all)${w === 2 && one > 0 ? `, ${(dps / one).toFixed(2)}x one worker` : ''}`,
      );
      rows.push({
        section: 'analysis',
        variant: a.variant,
        solver: `pool-${w}w`,
        seeds: `${a.from}-${a.to}`,
        budget_ms: o.timeoutMs,
        deals: r.deals,
        won: r.won,
        lost: r.lost,
        unknown: r.unknown,
        total_s: f3(r.seconds),
        deals_per_s: f2(dps),
        net_deals_per_s: f2(dps),
        ratio_vs_ours: w === 2 && one > 0 ? f2(dps / one) : '',
        note: `${w} worker thread(s); wall time incl. pool start; searches ${r.searchSeconds.toFixed(2)} s`,
      });
    }
  }
}

/** Section 3, second half: the process-per-deal fc-solve figures against ours, with verdict conflicts diagnosed. */
function fcProcessSection(ctx: Ctx): void {
  const { o, rows, ours, seeds, fcRuns, fcNote } = ctx;
  const fcBin = ctx.fcBin;
  const conflicts: Conflict[] = [];
  if (fcBin && fcRuns.size) {
    const starts = FC_TABLES.map((t) => fcRuns.get(t)!.start.medianMs.toFixed(2)).join(' / ');
    console.log(
      `\nfc-solve on the same deals (${o.fcAtomic ? 'atomic moves -to 01ABCDE' : 'default meta-moves'}, -mi ${o.fcIters}, killed after ${o.timeoutMs} ms + start); net = raw - start cost (${starts} ms)`,
    );
    console.log(
      'variant        solver      deals   won  lost  unk  median ms  net med ms    p95 ms   deals/s  net deals/s  fc/ours  net fc/ours  agree/both  conflicts',
    );
    for (const label of FC_TABLES) {
      const our = ours.get(label)!;
      const fc = fcRuns.get(label)!.deals;
      const ourTotal = sum(our.deals.map((d) => d.ms)) / 1000;
      const ourDps = our.deals.length / ourTotal;
      const raw = sortNum(fc.map((d) => d.run.ms));
      const net = sortNum(fc.map((d) => d.netMs));
      const rawTotal = sum(raw) / 1000;
      const netTotal = sum(net) / 1000;
      const dps = fc.length / rawTotal;
      const netDps = fc.length / netTotal;
      const c = count(fc.map((d) => d.run.result));
      let both = 0;
      let agree = 0;
      const mine: Conflict[] = [];
      const rules = tableRules(label);
      fc.forEach((f, i) => {
        const u = our.deals[i];
        if (u.seed !== f.seed) throw new Error('internal: seeds out of step');
        if (u.result === 'unknown' || f.run.result === 'unknown') return;
        both++;
        if (u.result === f.run.result) agree++;
        else mine.push({ variant: label, seed: f.seed, ours: u.result, fc: f.run.result, diagnosis: diagnose(dealFromSeed(rules, f.seed), u, f, o, fcBin!) });
      });
      conflicts.push(...mine);
      const iters = sum(fc.map((d) => d.run.iterations ?? 0));
      const errors = fc.filter((d) => d.run.error);
      const fails = fc.filter((d) => d.replayError);
      const ourMs = our.deals.map((d) => d.ms);
      const medOurs = quantile(sortNum(ourMs), 0.5);
      rows.push({
        ...timedRow(
          'fc-solve',
          label,
          o.fcAtomic ? 'fc-solve-atomic' : 'fc-solve',
          seeds,
          o.timeoutMs,
          fc.map((d) => d.run.result),
          raw,
        ),
        net_median_ms: f2(quantile(net, 0.5)),
        total_s: f3(rawTotal),
        deals_per_s: f2(dps),
        net_deals_per_s: f2(netDps),
        work_per_s: rawTotal > 0 ? Math.round(iters / rawTotal) : '',
        ratio_vs_ours: f2(dps / ourDps),
        net_ratio_vs_ours: f2(netDps / ourDps),
        both_resolved: both,
        agree,
        conflicts: mine.length,
        replay_failures: fails.length,
        note: [
          fcNote,
          ...mine.map((k) => `seed ${k.seed}: ours ${k.ours}, fc-solve ${k.fc}`),
          ...errors.slice(0, 3).map((d) => `seed ${d.seed}: ${d.run.error}`),
          ...fails.map((d) => `seed ${d.seed}: fc solution does not replay: ${d.replayError}`),
        ]
          .filter(Boolean)
          .join('; '),
      });
      const cells = `${label === 'winery' ? 'winery' : label === 'freecell' ? 'freecell-4' : label}`;
      console.log(
        `${pad(cells, 14, true)} ${pad('ours', 11, true)} ${pad(our.deals.length, 5)} ${pad(count(our.deals.map((d) => d.result)).won, 5)} ${pad(count(our.deals.map((d) => d.result)).lost, 5)} ${pad(count(our.deals.map((d) => d.result)).unknown, 4)} ${pad(medOurs.toFixed(1), 10)} ${pad('-', 11)} ${pad(quantile(sortNum(ourMs), 0.95).toFixed(1), 9)} ${pad(ourDps.toFixed(2), 9)} ${pad('-', 12)} ${pad('', 8)} ${pad('', 12)}`,
      );
      console.log(
        `${pad('', 14, true)} ${pad('fc-solve', 11, true)} ${pad(fc.length, 5)} ${pad(c.won, 5)} ${pad(c.lost, 5)} ${pad(c.unknown, 4)} ${pad(quantile(raw, 0.5).toFixed(1), 10)} ${pad(quantile(net, 0.5).toFixed(1), 11)} ${pad(quantile(raw, 0.95).toFixed(1), 9)} ${pad(dps.toFixed(2), 9)} ${pad(netDps.toFixed(2), 12)} ${pad((dps / ourDps).toFixed(2) + 'x', 8)} ${pad((netDps / ourDps).toFixed(2) + 'x', 12)} ${pad(`${agree}/${both}`, 11)} ${pad(mine.length, 10)}`,
      );
      for (const d of errors.slice(0, 3)) console.log(`  fc-solve error on seed ${d.seed}: ${d.run.error}`);
      for (const d of fails) console.log(`  fc-solve solution of seed ${d.seed} does not replay on our engine: ${d.replayError}`);
    }
    console.log('fc/ours = fc-solve deals per second / ours (same deals, same budget); > 1 means fc-solve is faster.');
    if (conflicts.length === 0) console.log('verdict conflicts (one won, the other lost): none');
    else {
      console.log(`verdict conflicts (one won, the other lost): ${conflicts.length}`);
      for (const k of conflicts) console.log(`  ${k.variant} seed ${k.seed}: ours ${k.ours}, fc-solve ${k.fc}: ${k.diagnosis}`);
    }
  }
}

/** Section 4: fc-solve's library in process on the same deals (the fair comparison). */
function fcLibSection(ctx: Ctx): void {
  const { o, rows, ours, seeds } = ctx;
  if (o.fcLib) {
    const tt = new TranspositionTable(64); // for the rounds of our solver against lg
    const h = buildHarness({ install: o.install, log: (l) => console.log(l) });
    if ('why' in h) console.log(`\nin-process fc-solve comparison skipped: ${h.why}`);
    else {
      const libNote = `fc-solve ${fcVersion() ?? '(version unknown)'} library`;
      console.log(
        `\nin process, same deals, one core each: our solve() against fc-solve's library (bench/fcs-harness.c), ${o.timeoutMs} ms and ${o.fcIters} iterations per deal for fc-solve`,
      );
      console.log('table          solver          deals   won  lost  unk  median ms    p95 ms    deals/s  ours/fc  agree/both  replay fails');
      for (const label of FC_TABLES) {
        const our = ours.get(label)!;
        const rules = tableRules(label);
        const deals = our.deals.map((d) => dealFromSeed(rules, d.seed));
        const ourMs = sortNum(our.deals.map((d) => d.ms));
        const ourDps = our.deals.length / (sum(ourMs) / 1000);
        const oc = count(our.deals.map((d) => d.result));
        console.log(
          `${pad(label === 'freecell' ? 'freecell-4' : label, 14, true)} ${pad('ours', 15, true)} ${pad(deals.length, 5)} ${pad(oc.won, 5)} ${pad(oc.lost, 5)} ${pad(oc.unknown, 4)} ${pad(quantile(ourMs, 0.5).toFixed(2), 10)} ${pad(quantile(ourMs, 0.95).toFixed(2), 9)} ${pad(ourDps.toFixed(1), 10)}`,
        );
        for (const preset of Object.keys(FC_PRESETS)) {
          const lib = (): LibRun[] => runLib(h.bin, deals, preset, { maxIters: o.fcIters, timeoutMs: o.timeoutMs });
          const perSec = (ms: number[]) => ms.length / (sum(ms) / 1000);
          let runs: LibRun[];
          let dps: number;
          let ourBest = ourDps;
          if (preset === 'lg') {
            // o.rounds alternating rounds, ours then lg, each side's best counting (verdicts: the first round's).
            runs = [];
            dps = 0;
            ourBest = 0;
            for (let k = 0; k < o.rounds; k++) {
              ourBest = Math.max(ourBest, perSec(runOurs(label, o, tt).deals.map((d) => d.ms)));
              const more = lib();
              if (k === 0) runs = more;
              dps = Math.max(dps, perSec(more.map((r) => r.ms)));
            }
            console.log(`${pad('', 14, true)} ${pad(`ours, best of ${o.rounds}`, 15, true)} ${pad('', 39)} ${pad(ourBest.toFixed(1), 10)}`);
          } else {
            runs = lib();
            dps = perSec(runs.map((r) => r.ms));
          }
          const ms = sortNum(runs.map((r) => r.ms));
          const c = count(runs.map((r) => r.result));
          let both = 0;
          let agree = 0;
          const disagree: string[] = [];
          const fails: string[] = [];
          runs.forEach((r, i) => {
            const u = our.deals[i];
            if (r.result === 'won' && r.moves) {
              const rep = fcMovesToSpecs(deals[i], r.moves);
              if (!rep.won) fails.push(`seed ${u.seed}: ${rep.error ?? 'not won at the end'}`);
            }
            if (u.result === 'unknown' || r.result === 'unknown') return;
            both++;
            if (u.result === r.result) agree++;
            else disagree.push(`seed ${u.seed}: ours ${u.result}, fc-solve ${r.result}`);
          });
          rows.push({
            ...timedRow(
              'fc-lib',
              label,
              `fc-lib-${preset}`,
              seeds,
              o.timeoutMs,
              runs.map((r) => r.result),
              ms,
            ),
            total_s: f3(sum(ms) / 1000),
            deals_per_s: f2(dps),
            net_deals_per_s: f2(dps),
            work_per_s: Math.round(sum(runs.map((r) => r.iterations ?? 0)) / (sum(ms) / 1000)),
            ratio_vs_ours: f2(dps / ourBest),
            both_resolved: both,
            agree,
            conflicts: disagree.length,
            replay_failures: fails.length,
            note: [libNote, ...(preset === 'lg' ? [`best of ${o.rounds} alternating rounds: ours ${ourBest.toFixed(1)} deals/s`] : []), ...disagree, ...fails]
              .filter(Boolean)
              .join('; '),
          });
          console.log(
            `${pad('', 14, true)} ${pad(`fc-solve ${preset}`, 15, true)} ${pad(runs.length, 5)} ${pad(c.won, 5)} ${pad(c.lost, 5)} ${pad(c.unknown, 4)} ${pad(quantile(ms, 0.5).toFixed(2), 10)} ${pad(quantile(ms, 0.95).toFixed(2), 9)} ${pad(dps.toFixed(1), 10)} ${pad((ourBest / dps).toFixed(3) + 'x', 8)} ${pad(`${agree}/${both}`, 11)} ${pad(fails.length, 13)}`,
          );
          for (const d of disagree) console.log(`  ${label} ${preset}: ${d}`);
          for (const f of fails) console.log(`  ${label} ${preset}: fc-solve's solution does not replay on our engine: ${f}`);
        }
      }
      console.log("ours/fc = our deals per second / fc-solve's, in process on the same deals; < 1 means fc-solve is faster.");
      console.log(
        `lg: each side's best of ${o.rounds} alternating round(s) (ours, lg, ours, lg, ...) run here; the other presets: one run each, against our run above.`,
      );
      console.log('fc-solve\'s default and lg presets use meta-moves: their "lost" is not a proof (atomic is complete).');
    }
  }
}

async function main(): Promise<void> {
  let o: BenchOptions;
  try {
    o = parseBenchArgs(process.argv.slice(2));
  } catch (e) {
    console.error(`bench: ${(e as Error).message}`);
    process.exit(2);
  }
  if (process.argv.includes('--help')) {
    const src = [__filename.replace(/\.js$/, '.ts'), path.resolve(__dirname, '..', '..', 'bench', 'bench.ts')].find((f) => fs.existsSync(f));
    const head = src
      ? fs
          .readFileSync(src, 'utf8')
          .split('\n')
          .filter((l) => l.startsWith('//'))
      : ['see bench/bench.ts'];
    console.log(head.map((l) => l.replace(/^\/\/ ?/, '')).join('\n'));
    return;
  }
  const t0 = Date.now();
  const seeds = `${o.from}-${o.to}`;
  console.log(
    `bench: seeds ${seeds}, budget ${o.timeoutMs} ms per deal, our search ${o.search}, node ${process.version}, ` +
      `${os.availableParallelism()} cpus, load ${os
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')}`,
  );

  const ctx: Ctx = { o, seeds, rows: [], ours: new Map(), fcBin: null, fcNote: '', fcRuns: new Map() };
  const rows = ctx.rows;
  fcProcessRuns(ctx);
  oursSection(ctx);
  await poolSection(ctx);
  fcProcessSection(ctx);
  fcLibSection(ctx);

  // ---- CSV ----
  fs.mkdirSync(path.dirname(o.out) || '.', { recursive: true });
  const records = rows.map((r) => COLUMNS.map((c) => (r[c] === undefined ? '' : r[c])));
  fs.writeFileSync(o.out, stringify([COLUMNS as unknown as string[], ...records]));
  const maxRss = process.resourceUsage().maxRSS / 1024;
  console.log(`\nprocess max RSS ${maxRss.toFixed(1)} MB; wrote ${o.out} (${rows.length} rows); total ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

if (require.main === module) {
  main().catch((e) => {
    console.error(`bench: ${(e as Error).stack ?? e}`);
    process.exit(1);
  });
}

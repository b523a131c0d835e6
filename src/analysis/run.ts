// Room src/analysis: running a win-rate analysis. This file is its API, runAnalysis: many seeds of
// one or more variants, solved on a pool of worker threads (pool.ts, worker.ts), written to CSV as
// they finish, summarised with Wilson intervals (results.ts, summary.ts). Beside it: shard.ts and
// merge.ts (a range cut into shards and joined again), manifest.ts (run.json), progress.ts,
// report.ts (the table printed at the end) and charts.ts (the win-rate charts). It may import
// src/records, src/solver, src/engine, src/rules and src/cards, never src/strategy or src/cli
// (eslint.config.mjs): the base-card strategies a run scores at its end are passed in
// (AnalyzeOptions.strategies, from src/cli/compose.ts).
//
// Design:
// - Batching. The searches to do are cut into batches, one piscina task each (`batchSize` seeds, or
//   by default batches that shrink to a single search at the end of the queue: plan.ts).
//   A batch item is a seed with the base choices still to search: for the Terrace family in mode
//   `all`, every candidate rank (baseCandidates) and `any`; otherwise just `any`.
// - Streaming and crashes: pool.ts runs the batches. The main thread appends each row to
//   <variant>-deals.csv as it arrives (one synchronous write of a whole line), so a stopped run
//   keeps every finished search. A search that crashed its worker is dropped (the rest of its batch
//   retried): its deal stays incomplete (left out of the summaries; the CLI exits 1), and
//   --resume retries it.
// - Outputs. Every output file and (with --resume) every per-deal file is checked before anything
//   is created or changed (outputs.ts, records.ts), so a refused run leaves the directory as it was.
// - Reruns. Without --resume (or --force) a run into a directory whose per-deal file of a variant
//   being run already holds rows is refused, changing nothing: a forgotten --resume after Ctrl-C,
//   or a reused folder name, would otherwise throw finished rows away.
// - Resume. With --resume, run.json defines the run (resume.ts's resumeSettings fills in what is
//   not given and refuses what contradicts it). The per-deal file is read first (a torn last line
//   is cut off once every file has passed its checks), and only the (seed, base) pairs not in it
//   are searched. With --force
//   the file is replaced. Summaries are always computed from the per-deal file, restricted to the
//   requested seeds, so a resumed run gives the same summary as a straight one. The summary files
//   (and strategies.csv rows) of the variants being run are removed at the start and written at
//   the end, so they always describe a finished run.
// - Retry. --retry-unknown is a resume that also searches again, with a budget that must be larger
//   than the rows', the unknown rows of the run's seeds. Their new rows are appended; the reader
//   keeps the later row, so the old one counts until the new one is written. run.json's retryFrom
//   (resume.ts) says which rows are still to be searched again, so --resume goes on with a stopped
//   retry. Decided rows are kept whatever commit or budget made them: a `won` replays and a `lost`
//   names its proof (`verify`). run.json lists the earlier runs.
// - The end. Once every search is done the per-deal file is rewritten whole, sorted by seed and
//   base, one row per search; then summaries, strategies and run.json's end (finishRun), each file
//   replaced through a temporary one, so a stop there leaves a folder --resume finishes.
// - Manifest. run.json (manifest.ts) is written before the first search, one entry per variant;
//   --resume first checks that the rows it keeps were made with this run's settings.
// - Shards. With --shard K/N only the range's K-th share is planned (shard.ts); everything else
//   (resume, summaries) is restricted to those seeds, and `merge` joins the shards.
// - One run per file. Each per-deal file is claimed for the run (outputs.ts's claimDealFiles) before
//   it is read: a second run into the same directory and variant is refused while the first lives.
// - Signals. SIGINT/SIGTERM stop the searches: rows already written stay, the pool is destroyed, no
//   summary is written, and the result says `interrupted` (the CLI exits 130 / 143). A signal
//   after the last search waits for the files (src/cli/analyze.ts says so and stops).
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import type { RuleTable } from '../rules/vocabulary';
import { type RunEntry, gitCommit, legSeconds, manifestFile, packageVersion, readManifest, totalsOf, writeManifest } from './manifest';
import { checkNoRows, checkResume, checkRetryHasRun, entryKept, resumeSettings, searchAgain } from './resume';
import { planJobs } from './plan';
import { checkOutputs, claimDealFiles, outputFiles, prepareOutDir } from '../records/outputs';
import { type PoolHooks, runPool } from './pool';
import { Progress, type ProgressMode, type VariantProgress } from './progress';
import {
  DEAL_COLUMNS,
  type DealFileContents,
  type DealRow,
  type StrategyRow,
  type SummaryRow,
  csvHeader,
  csvLines,
  cutTornLine,
  dealFile,
  dealRecord,
  parseDealFile,
  readDealFile,
  strategiesFile,
  summaryFile,
  withDealing,
  writeDealFile,
  writeStrategies,
} from '../records/records';
import { killPoint } from '../records/kill-points';
import { type StrategyScoring, rulesWithCells, searchLabels, variantResults, writeSummary } from './results';
import { type Shard, formatShard, shardSeeds } from './shard';
import { bestVerdict, groupBySeed } from '../records/verdicts';
import type { BaseMode } from './summary';

/** Seeds analysed when none are given (`npm start` analyses all five games at these). */
export const DEFAULT_SEEDS = { from: 1, to: 200 } as const;
/** Node budget of one search of an analysis (one deal and base choice) when none is given: a tenth of solve()'s (SOLVE_MAX_NODES), for thousands of searches. */
export const ANALYZE_MAX_NODES = 200_000;
/** Transposition table per worker thread, MB. */
export const DEFAULT_TT_MB = 32;
/** Seeds of one run (of one shard): the plan holds each in memory (about 1 KB and 36 µs each for Signora). */
export const MAX_SEEDS = 100_000;
/** The search policy of an analysis search when --search is not given (solve()'s default), recorded in the manifest. */
export const ANALYSIS_SEARCH = 'auto';

export class AnalysisError extends Error {}

export interface AnalyzeOptions {
  /** The variants; with resume or retryUnknown, none names those of run.json (resume.ts's resumeSettings). */
  variants: string[];
  /** The seed range (default DEFAULT_SEEDS; with resume or retryUnknown, run.json's). */
  from?: number;
  to?: number;
  /** Worker threads (default os.availableParallelism()). */
  workers?: number;
  /** Terrace family: `all` searches every candidate rank and `any`; `any` only the free search. */
  base?: BaseMode;
  maxNodes?: number;
  timeoutMs?: number;
  ttMb?: number;
  /** The search policy of every search (solve()'s `search`: auto, dfs, astar, portfolio, or names joined by +); default auto. */
  search?: string;
  outDir: string;
  resume?: boolean;
  /**
   * Resume, and search again, with this run's budget, the rows of this run's seeds that the per-deal
   * files hold as unknown; the decided rows are kept. The budget must be larger than the rows'
   * (manifest.ts's retryRefusal); run.json records the earlier runs (RunEntry.earlier).
   */
  retryUnknown?: boolean;
  /** Replace the per-deal rows already in `outDir` (without it, and without `resume`, a run into a directory holding rows is refused). */
  force?: boolean;
  progress?: ProgressMode;
  /** Seeds per task (default: about four tasks per worker, 1..20 seeds). */
  batchSize?: number;
  /** The command line, for the report. */
  commandLine?: string;
  /** The compiled worker (default: worker.js next to this file, or dist/src/analysis/worker.js when run from source; tests pass a failing one). */
  workerFile?: string;
  /** Stop on SIGINT/SIGTERM (default true). */
  handleSignals?: boolean;
  /** Stops the run like SIGINT does (for callers that are not the CLI). */
  abortSignal?: AbortSignal;
  /** This process's share of the seed range (shard.ts); default: every seed. */
  shard?: Shard | null;
  /** FreeCell's free cells (0-4); the other variants keep their own. */
  cells?: number;
  /** FreeCell only: the seeds are Microsoft deal numbers (msdeal.ts), dealt by Microsoft's shuffle. */
  ms?: boolean;
  /** Called after each row is written (tests). */
  onRow?: (row: DealRow) => void;
  /**
   * The base-card strategies scored at the end and written to strategies.csv (results.ts); src/cli
   * passes src/strategy's. Required, so that no caller forgets them: the run replaces the rows of
   * strategies.csv of the variants it runs, and with null it writes none for them.
   */
  strategies: StrategyScoring | null;
}

export interface CrashReport {
  variant: string;
  seed: number;
  base: string;
  error: string;
}

export interface VariantReport {
  variant: string;
  /** Free cells, for the variants where --cells changes them (FreeCell); null elsewhere. */
  cells: number | null;
  terraceFamily: boolean;
  summary: SummaryRow[];
  /** Terrace family in mode `all`, scored with AnalyzeOptions.strategies: the oracle and every strategy. */
  strategies: StrategyRow[] | null;
  /** Wall time from the start of the run to this variant's last row, seconds (0 if nothing was searched). */
  seconds: number;
  /** Sum of the per-search times in the per-deal file for the requested seeds, seconds. */
  cpuSeconds: number;
  /** (deal, base) rows counted for the requested seeds. */
  searches: number;
  /** Seeds whose `best` and `any` verdicts contradict each other (a solver bug if any). */
  conflicts: number[];
  /** Deals searched in this run / found already done. */
  searchedDeals: number;
  resumedDeals: number;
  /** Unknown rows this run searched again (retryUnknown). */
  retried: number;
}

export interface AnalysisResult {
  interrupted: boolean;
  signal?: NodeJS.Signals;
  variants: VariantReport[];
  crashes: CrashReport[];
  seconds: number;
  /** CPU time of the process (every thread) from the start of the run to its end, seconds. */
  cpuSeconds: number;
  commandLine: string;
  /** The run was a retry (retryUnknown): the report says what it searched again. */
  retry?: boolean;
  options: Required<Pick<AnalyzeOptions, 'from' | 'to' | 'workers' | 'base' | 'maxNodes' | 'outDir'>> & { timeoutMs?: number; search?: string };
}

/** The options of a run once run.json (on a resume) and the defaults have filled in the seed range. */
type ResolvedOptions = AnalyzeOptions & { from: number; to: number };

/** With resume or retryUnknown, the settings run.json gives (resumeSettings); then the default seed range. */
function resolveOptions(opts: AnalyzeOptions): ResolvedOptions {
  const given = opts.resume || opts.retryUnknown ? resumeSettings(opts, opts.outDir, !!opts.retryUnknown) : opts;
  return { ...given, from: given.from ?? DEFAULT_SEEDS.from, to: given.to ?? DEFAULT_SEEDS.to };
}

/** Where the compiled worker is: next to this module once compiled, else in dist (tests run from source). */
export function defaultWorkerFile(): string {
  const here = path.join(__dirname, 'worker.js');
  if (fs.existsSync(here)) return here;
  return path.resolve(__dirname, '..', '..', 'dist', 'src', 'analysis', 'worker.js');
}

/** State of one variant during the run. */
interface VariantState {
  rules: RuleTable;
  file: string;
  fd: number;
  /** Base labels still to search, per seed. */
  pending: Map<number, Set<string>>;
  /** Rows of this run and (resume) of the file, per seed and base label. */
  rows: Map<number, Map<string, DealRow>>;
  /** Candidate rank letters per seed. */
  candidates: Map<number, string[]>;
  failedSeeds: Set<number>;
  progress: VariantProgress;
  /** Unknown rows searched again (retryUnknown). */
  retried: number;
  /** Fields of the rows appended: those of the file's header (parseDealFile's width). */
  width: number;
}

/** The run's settings, defaults filled in and checked. */
interface Settings {
  workers: number;
  mode: BaseMode;
  maxNodes: number;
  ttMb: number;
  shard: Shard | null;
  /** The seeds of this run: the range, or this shard's share of it. */
  seeds: number[];
  variants: string[];
  rulesOf: Map<string, RuleTable>;
  commandLine: string;
  /** When the run started (Date.now()). */
  started: number;
}

function settingsOf(opts: ResolvedOptions): Settings {
  const workers = opts.workers ?? os.availableParallelism();
  const mode: BaseMode = opts.base ?? 'all';
  const maxNodes = opts.maxNodes ?? ANALYZE_MAX_NODES;
  const ttMb = opts.ttMb ?? DEFAULT_TT_MB;
  if (!Number.isSafeInteger(opts.from) || !Number.isSafeInteger(opts.to) || opts.from < 0 || opts.to < opts.from)
    throw new AnalysisError(`bad seed range ${opts.from}-${opts.to}`);
  if (!Number.isInteger(workers) || workers < 1) throw new AnalysisError(`bad worker count ${workers}`);
  if (!Number.isInteger(ttMb) || ttMb < 1) throw new AnalysisError(`bad table size ${ttMb} MB`);
  if (opts.variants.length === 0) throw new AnalysisError('no variant to analyse');
  if (opts.ms && (opts.from < 1 || opts.variants.some((v) => v !== 'freecell')))
    throw new AnalysisError('Microsoft deal numbers (ms) are FreeCell deals numbered from 1');
  const shard = opts.shard ?? null;
  if (Math.ceil((opts.to - opts.from + 1) / (shard?.count ?? 1)) > MAX_SEEDS)
    throw new AnalysisError(`seed range ${opts.from}-${opts.to}: at most ${MAX_SEEDS} seeds per run (or per shard)`);
  const variants = [...new Set(opts.variants)];
  const rulesOf = new Map(variants.map((v) => [v, rulesWithCells(v, opts.cells)] as const));
  const commandLine = opts.commandLine ?? describeRun(opts, workers, mode, maxNodes);
  return { workers, mode, maxNodes, ttMb, shard, seeds: shardSeeds(opts.from, opts.to, shard), variants, rulesOf, commandLine, started: Date.now() };
}

function entryOf(opts: ResolvedOptions, s: Settings, rules: RuleTable, started: string): RunEntry {
  return {
    program: 'solitaire',
    version: packageVersion(),
    commit: gitCommit(),
    node: process.version,
    command: s.commandLine,
    started,
    seeds: { from: opts.from, to: opts.to },
    shard: s.shard,
    base: s.mode,
    maxNodes: s.maxNodes,
    timeoutMs: opts.timeoutMs ?? null,
    ttMb: s.ttMb,
    search: opts.search ?? ANALYSIS_SEARCH,
    cells: rules.cells,
    ...(opts.ms ? { dealing: 'ms' as const } : {}),
  };
}

/**
 * Checks every output, makes the directory and claims its per-deal files (claimDealFiles: one run
 * at a time per file), then checks the manifest and every file to resume, and only then writes
 * run.json and opens the per-deal files: the state of each variant, with the searches still to
 * do, and the release of the claims. A refusal leaves nothing claimed.
 */
function prepareRun(opts: ResolvedOptions, set: Settings, started: string): { states: Map<string, VariantState>; release: () => void } {
  checkOutputs(opts.outDir, [...outputFiles(opts.outDir, set.variants), manifestFile(opts.outDir)]);
  const retry = !!opts.retryUnknown;
  const resume = !!opts.resume || retry;
  if (resume && opts.force)
    throw new AnalysisError(`${retry ? 'retry-unknown' : 'resume'} and force: --${retry ? 'retry-unknown' : 'resume'} keeps the rows, --force replaces them`);
  if (retry) checkRetryHasRun(opts.outDir, set.variants);
  prepareOutDir(opts.outDir);
  const release = claimDealFiles(opts.outDir, set.variants);
  try {
    return { states: openRun(opts, set, started, resume, retry), release };
  } catch (e) {
    release();
    throw e;
  }
}

/** prepareRun's work once the per-deal files are claimed. */
function openRun(opts: ResolvedOptions, set: Settings, started: string, resume: boolean, retry: boolean): Map<string, VariantState> {
  const { mode, seeds, variants, rulesOf } = set;
  const nows = Object.fromEntries(variants.map((name) => [name, entryOf(opts, set, rulesOf.get(name)!, started)]));
  if (!resume && !opts.force) checkNoRows(opts.outDir, variants, nows);
  const oldManifest = readManifest(opts.outDir);
  const inRun = new Set(seeds);
  const entries: Record<string, RunEntry> = {};
  const previous = new Map<string, DealFileContents>();
  const again = new Map<string, Set<string>>();
  for (const name of variants) {
    const now = nows[name];
    const file = dealFile(opts.outDir, name);
    const old = resume ? parseDealFile(file, name) : { rows: [], at: [], records: 0, tornAt: null, width: DEAL_COLUMNS.length };
    const oldEntry = oldManifest?.variants[name];
    if (resume) checkResume(opts.outDir, old.rows, oldEntry, now, retry ? inRun : null);
    const lastChange = resume && fs.existsSync(file) ? fs.statSync(file).mtimeMs : null;
    entries[name] = entryKept(now, oldEntry, old, resume, retry, lastChange);
    again.set(name, searchAgain(old, entries[name], inRun));
    previous.set(name, old);
  }
  // A retry appends its rows; the unknown rows it searches again stay in the file until their new
  // row is there (parseDealFile keeps the later one), so a stop loses nothing. run.json takes the
  // retry (its budget and retryFrom) before the first new row.
  writeManifest(opts.outDir, entries, oldManifest);
  killPoint('start');

  const states = new Map<string, VariantState>();
  for (const name of variants) {
    const file = dealFile(opts.outDir, name);
    const old = previous.get(name)!;
    if (resume && fs.existsSync(file)) cutTornLine(file, old);
    if (!resume || !fs.existsSync(file) || fs.statSync(file).size === 0) fs.writeFileSync(file, csvHeader(DEAL_COLUMNS));
    const redo = again.get(name)!;
    const st: VariantState = {
      rules: rulesOf.get(name)!,
      file,
      fd: fs.openSync(file, 'a'),
      pending: new Map(),
      rows: new Map(),
      candidates: new Map(),
      failedSeeds: new Set(),
      progress: { variant: name, total: seeds.length, done: 0, failed: 0, won: 0, lost: 0, unknown: 0, resumed: 0, startedAt: 0, finishedAt: 0 },
      retried: redo.size,
      width: old.width,
    };
    const have = groupBySeed(old.rows.filter((r) => !redo.has(`${r.seed}:${r.base}`)));
    for (const seed of seeds) {
      const labels = searchLabels(st.rules, seed, mode);
      st.candidates.set(
        seed,
        labels.filter((l) => l !== 'any'),
      );
      const got = have.get(seed) ?? new Map<string, DealRow>();
      st.rows.set(seed, got);
      const todo = new Set(labels.filter((l) => !got.has(l)));
      if (todo.size === 0) {
        st.progress.resumed++;
        dealDone(st, seed, mode);
      } else st.pending.set(seed, todo);
    }
    states.set(name, st);
  }
  // Summaries describe finished runs only: those of the variants being run go until this one ends.
  for (const name of variants) fs.rmSync(summaryFile(opts.outDir, name), { force: true });
  if (fs.existsSync(strategiesFile(opts.outDir))) writeStrategies(opts.outDir, variants, []);
  return states;
}

/** Counts a deal whose searches have all finished into its variant's progress. */
function dealDone(st: VariantState, seed: number, mode: BaseMode): void {
  const g = st.rows.get(seed)!;
  const v = st.rules.terraceFamily && mode === 'all' ? bestVerdict(g, st.candidates.get(seed)) : g.get('any')?.result;
  if (v === 'won') st.progress.won++;
  else if (v === 'lost') st.progress.lost++;
  else st.progress.unknown++;
  st.progress.done++;
}

/** What the run does with each row and failure the pool reports: files, progress, crash list. */
function poolHooks(opts: AnalyzeOptions, states: Map<string, VariantState>, mode: BaseMode, progress: Progress, crashes: CrashReport[]): PoolHooks {
  let written = 0;
  const settle = (st: VariantState) => {
    st.progress.finishedAt = Date.now();
    progress.update(st.progress);
  };
  return {
    started(variant) {
      const st = states.get(variant)!;
      if (!st.progress.startedAt) st.progress.startedAt = Date.now();
    },
    row(row) {
      const st = states.get(row.variant)!;
      fs.writeSync(st.fd, csvLines([dealRecord(row).slice(0, st.width)]));
      killPoint(`row:${++written}`);
      st.rows.get(row.seed)!.set(row.base, row);
      const p = st.pending.get(row.seed);
      if (p) {
        p.delete(row.base);
        if (p.size === 0) {
          st.pending.delete(row.seed);
          if (!st.failedSeeds.has(row.seed)) dealDone(st, row.seed, mode);
          settle(st);
        }
      }
      opts.onRow?.(row);
    },
    failed(variant, seed, base, error) {
      const st = states.get(variant)!;
      crashes.push({ variant, seed, base, error });
      st.pending.get(seed)?.delete(base);
      if (!st.failedSeeds.has(seed)) {
        st.failedSeeds.add(seed);
        st.progress.failed++;
      }
      if (st.pending.get(seed)?.size === 0) st.pending.delete(seed);
    },
    crashed(variant, message) {
      progress.log(message);
      settle(states.get(variant)!);
    },
  };
}

/**
 * The end of a run whose searches all ran: each per-deal file rewritten whole in seed order (one
 * row per search, the retried unknown rows gone), then summaries and strategies from it,
 * restricted to this run's seeds, then run.json's end. Each file is replaced through a temporary
 * one, and a retry's retryFrom is dropped first, so a stop anywhere here leaves a folder that a
 * --resume finishes without searching anything.
 */
function finishRun(opts: ResolvedOptions, states: Map<string, VariantState>, set: Settings, crashed: Set<string>): VariantReport[] {
  dropRetryFrom(
    opts.outDir,
    [...states.keys()].filter((v) => !crashed.has(v)),
  );
  const wanted = new Set(set.seeds);
  const all = new Map<string, DealRow[]>();
  for (const [variant, st] of states) {
    // The run's dealing is every row's (resume refuses rows of another), also where the file was written before its column.
    const rows = readDealFile(st.file, variant).map((r) => withDealing(r, opts.ms));
    writeDealFile(st.file, rows);
    all.set(variant, rows);
  }
  killPoint('summary');
  const reports: VariantReport[] = [];
  for (const [variant, st] of states) {
    const rows = all.get(variant)!.filter((r) => wanted.has(r.seed));
    const res = variantResults(st.rules, rows, set.mode, (seed) => st.candidates.get(seed), opts.strategies);
    writeSummary(opts.outDir, st.rules, res.summary);
    const p = st.progress;
    reports.push({
      variant,
      cells: st.rules.options?.cells ? st.rules.cells : null,
      terraceFamily: st.rules.terraceFamily,
      ...res,
      seconds: p.startedAt ? ((p.finishedAt || Date.now()) - set.started) / 1000 : 0,
      searchedDeals: p.done + p.failed - p.resumed,
      resumedDeals: p.resumed,
      retried: st.retried,
    });
  }
  killPoint('strategies');
  const strat = reports.filter((r) => r.strategies);
  if (strat.length)
    writeStrategies(
      opts.outDir,
      strat.map((r) => r.variant),
      strat.flatMap((r) => r.strategies!),
    );
  killPoint('finish');
  recordFinish(opts.outDir, reports);
  return reports;
}

/** run.json: the retries of `variants` have searched all they were to (RunEntry.retryFrom). */
function dropRetryFrom(dir: string, variants: string[]): void {
  const m = readManifest(dir);
  if (!m || !variants.some((v) => m.variants[v]?.retryFrom !== undefined)) return;
  const entries: Record<string, RunEntry> = {};
  for (const v of variants)
    if (m.variants[v]) {
      const { retryFrom: _, ...rest } = m.variants[v];
      entries[v] = rest;
    }
  writeManifest(dir, entries, m);
}

/** run.json: each finished variant's end time and totals (a stopped run leaves them out). */
function recordFinish(dir: string, reports: VariantReport[]): void {
  const m = readManifest(dir);
  if (!m) return;
  const finished = new Date().toISOString();
  const entries: Record<string, RunEntry> = {};
  for (const r of reports) {
    const e = m.variants[r.variant];
    if (e) entries[r.variant] = { ...e, finished, totals: totalsOf(r.summary, r.searches, r.cpuSeconds, r.seconds + legSeconds(e)) };
  }
  writeManifest(dir, entries, m);
}

export async function runAnalysis(given: AnalyzeOptions): Promise<AnalysisResult> {
  const t0 = Date.now();
  const cpu0 = process.cpuUsage();
  const opts = resolveOptions(given);
  const set = settingsOf(opts);
  const { workers, mode, maxNodes, ttMb } = set;
  const { states, release } = prepareRun(opts, set, new Date(t0).toISOString());
  const jobs = planJobs(new Map([...states].map(([v, st]) => [v, st.pending])), workers, opts.batchSize);
  const progress = new Progress(
    opts.progress ?? (process.stderr.isTTY ? 'bars' : 'lines'),
    [...states.values()].map((s) => s.progress),
  );
  const crashes: CrashReport[] = [];
  const workerFile = opts.workerFile ?? defaultWorkerFile();
  let signal: NodeJS.Signals | undefined;
  try {
    if (jobs.length > 0 && !fs.existsSync(workerFile)) throw new AnalysisError(`compiled worker not found at ${workerFile}: run "npm run build" first`);
    ({ signal } = await runPool(jobs, poolHooks(opts, states, mode, progress, crashes), {
      workers,
      workerFile,
      handleSignals: opts.handleSignals ?? true,
      abortSignal: opts.abortSignal,
      task: (variant) => ({
        maxNodes,
        timeoutMs: opts.timeoutMs,
        ttMb,
        search: opts.search ?? ANALYSIS_SEARCH,
        cells: states.get(variant)!.rules.cells,
        ms: opts.ms,
      }),
    }));
  } catch (e) {
    release();
    throw e;
  } finally {
    progress.stop();
    for (const st of states.values()) fs.closeSync(st.fd);
  }
  const cpu = () => {
    const u = process.cpuUsage(cpu0);
    return (u.user + u.system) / 1e6;
  };
  const base = {
    crashes,
    seconds: (Date.now() - t0) / 1000,
    commandLine: set.commandLine,
    retry: !!opts.retryUnknown,
    options: {
      from: opts.from,
      to: opts.to,
      workers,
      base: mode,
      maxNodes,
      outDir: opts.outDir,
      timeoutMs: opts.timeoutMs,
      search: opts.search ?? ANALYSIS_SEARCH,
    },
  };
  if (signal) {
    const done = [...states.values()].map((s) => `${s.progress.variant} ${s.progress.done}/${s.progress.total}`).join(', ');
    release();
    progress.log(`solitaire: interrupted (${signal}); deals done: ${done}. Finished searches are in ${opts.outDir}; rerun with --resume to go on.`);
    return { interrupted: true, signal, variants: [], ...base, cpuSeconds: cpu() };
  }
  try {
    const variants = finishRun(opts, states, set, new Set(crashes.map((c) => c.variant)));
    return { interrupted: false, variants, ...base, seconds: (Date.now() - t0) / 1000, cpuSeconds: cpu() };
  } finally {
    release();
  }
}

/** The equivalent command line, defaults spelled out. */
export function describeRun(opts: ResolvedOptions, workers: number, mode: BaseMode, maxNodes: number): string {
  const parts = ['solitaire analyze', ...opts.variants, `${opts.ms ? '--ms-deals' : '--seeds'} ${opts.from}-${opts.to}`];
  if (opts.shard) parts.push(`--shard ${formatShard(opts.shard)}`);
  parts.push(`--workers ${workers}`, `--base ${mode}`, `--max-nodes ${maxNodes}`, `--tt-mb ${opts.ttMb ?? DEFAULT_TT_MB}`);
  if (opts.timeoutMs !== undefined) parts.push(`--timeout ${opts.timeoutMs}`);
  if (opts.search !== undefined && opts.search !== ANALYSIS_SEARCH) parts.push(`--search ${opts.search}`);
  if (opts.cells !== undefined) parts.push(`--cells ${opts.cells}`);
  parts.push(`--out ${opts.outDir}`);
  if (opts.resume) parts.push('--resume');
  if (opts.retryUnknown) parts.push('--retry-unknown');
  if (opts.force) parts.push('--force');
  return parts.join(' ');
}

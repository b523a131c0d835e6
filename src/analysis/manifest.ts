// The run manifest, `run.json` in an output directory (FORMATS.md, "Run manifest"): for each
// variant with results there, what produced them — program version and git commit, seed range and
// shard, budgets, search options, cell count, Node version. Results are only worth as much as the
// knowledge of how they were made, and `--resume` and `merge` use it to refuse to mix rows made
// under different settings (a 1,000-node row counted with 50,000-node rows skews a win rate).
//
// Entries are per variant because one directory may hold variants run with different budgets
// (results/published: the Terrace family at 200,000 nodes, Red and Black at 2,000,000).
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { type Shard, formatShard } from './shard';
import type { SummaryRow } from '../records/records';
import type { BaseMode } from './summary';

export const MANIFEST_FILE = 'run.json';
export const MANIFEST_FORMAT = 1;

/** How one variant's results in a directory were made. */
export interface RunEntry {
  program: string;
  version: string;
  /** HEAD of the program's git checkout, when it runs from one. */
  commit: string | null;
  node: string;
  /** The command that made the rows, defaults spelled out. */
  command: string;
  /** When the run started (ISO 8601, UTC); null when not recorded (a manifest written afterwards). */
  started: string | null;
  seeds: { from: number; to: number };
  shard: Shard | null;
  base: BaseMode;
  maxNodes: number;
  timeoutMs: number | null;
  ttMb: number;
  search: string;
  /** Free cells of the game as played (FreeCell: 0-4 by --cells). */
  cells: number;
  /** `ms` when the seeds are Microsoft FreeCell deal numbers (analyze --ms-deals); absent for seeds. */
  dealing?: 'ms';
  /**
   * The runs whose decided rows this one kept while it searched their unknown rows again with a
   * larger budget (analyze --retry-unknown), oldest first; absent when there were none. A `won` or
   * `lost` row is a fact whatever budget found it; `unknown` rows are this entry's budget's.
   */
  earlier?: EarlierRun[];
  /**
   * While an `analyze --retry-unknown` has not searched all it was to search again: the number of
   * records the per-deal file held when it began. An `unknown` row among those that no later row
   * replaces is still to be searched again (a --resume goes on with it); absent otherwise.
   */
  retryFrom?: number;
  /**
   * The earlier parts of a run that stopped and was resumed (analyze --resume), oldest first: each
   * part's command, start, end and wall time. Absent for a run that never stopped. `started` is the
   * last part's; totals.seconds counts every part.
   */
  legs?: RunLeg[];
  /** The directories a `merge` joined, else absent. */
  mergedFrom?: string[];
  /** When the run (or merge) finished (ISO 8601, UTC); absent while it runs, or when it was stopped. */
  finished?: string;
  /** What the finished run holds, from its summary (absent while it runs, or when it was stopped). */
  totals?: RunTotals;
}

/** A part of a run that stopped before a `--resume` went on with it (RunEntry.legs). */
export interface RunLeg {
  command: string;
  started: string | null;
  /**
   * When it stopped: its `finished` if it finished (a run resumed with a wider seed range, or
   * resumed with nothing left to do), else when its per-deal file last changed, as the resume
   * found it (a stopped run records no end); null when that is before its start (it wrote no row).
   */
  ended: string | null;
  /** ended - started, seconds; null when either is unknown (totals.seconds counts it as 0). */
  seconds: number | null;
}

/** An earlier run of the same rows (RunEntry.earlier): what made the decided rows it left. */
export interface EarlierRun {
  commit: string | null;
  command: string;
  started: string | null;
  maxNodes: number;
  timeoutMs: number | null;
  /** Its memory cap (--tt-mb); absent in files written before it was recorded. */
  ttMb?: number;
  /** Its end and totals (RunEntry's), when it finished: what the rows said before the retry. */
  finished?: string;
  totals?: RunTotals;
}

/**
 * A finished run's totals for one variant: deals, and their verdicts as the summary counts them
 * (the `best` row in the Terrace family with --base all: won for some base rank; else `any`);
 * searches = (deal, base) rows; cpuSeconds = the sum of their search times.
 */
export interface RunTotals {
  deals: number;
  won: number;
  lost: number;
  unknown: number;
  searches: number;
  cpuSeconds: number;
  /** Wall time of the run's searches of the variant, over all its legs whose time is known (absent for a merge). */
  seconds?: number;
}

/** The totals of a summary (the `best` row when there is one, else `any`). */
export function totalsOf(summary: SummaryRow[], searches: number, cpuSeconds: number, seconds?: number): RunTotals {
  const r = summary.find((x) => x.base === 'best') ?? summary.find((x) => x.base === 'any');
  const t: RunTotals = {
    deals: r?.deals ?? 0,
    won: r?.won ?? 0,
    lost: r?.lost ?? 0,
    unknown: r?.unknown ?? 0,
    searches,
    cpuSeconds: Math.round(cpuSeconds * 1000) / 1000,
  };
  if (seconds !== undefined) t.seconds = Math.round(seconds * 1000) / 1000;
  return t;
}

export interface Manifest {
  format: number;
  variants: Record<string, RunEntry>;
}

export class ManifestError extends Error {}

export function manifestFile(dir: string): string {
  return path.join(dir, MANIFEST_FILE);
}

/** The project root: the nearest directory up from this file with our package.json. */
function packageRoot(): string | null {
  for (let d = __dirname; path.dirname(d) !== d; d = path.dirname(d)) {
    const p = path.join(d, 'package.json');
    if (fs.existsSync(p)) return d;
  }
  return null;
}

export function packageVersion(): string {
  const root = packageRoot();
  try {
    return root ? (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).version ?? '0.0.0') : '0.0.0';
  } catch {
    return '0.0.0';
  }
}

let commitCache: string | null | undefined;
/** HEAD of the checkout the program runs from; null when it is not one (an npm install) or git is missing. */
export function gitCommit(): string | null {
  if (commitCache !== undefined) return commitCache;
  const root = packageRoot();
  commitCache = null;
  // Only our own checkout: git would otherwise answer for an enclosing repository.
  if (root && fs.existsSync(path.join(root, '.git'))) {
    try {
      const out = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, stdio: ['ignore', 'pipe', 'ignore'], encoding: 'utf8' }).trim();
      if (/^[0-9a-f]{40}$/.test(out)) commitCache = out;
    } catch {
      // not a usable checkout
    }
  }
  return commitCache;
}

/** Reads `dir`/run.json: null when there is none. Throws ManifestError when it is unreadable. */
export function readManifest(dir: string): Manifest | null {
  const file = manifestFile(dir);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new ManifestError(`cannot read ${file}: ${(e as Error).message}`);
  }
  let m: unknown;
  try {
    m = JSON.parse(text);
  } catch {
    throw new ManifestError(`${file} is not valid JSON`);
  }
  const o = m as Manifest;
  if (typeof o !== 'object' || o === null || o.format !== MANIFEST_FORMAT || typeof o.variants !== 'object' || o.variants === null)
    throw new ManifestError(`${file} is not a run manifest of format ${MANIFEST_FORMAT}`);
  for (const [v, e] of Object.entries(o.variants)) checkEntry(e, `${file}: ${v}`);
  return o;
}

function checkEntry(e: RunEntry, where: string): void {
  const ok =
    typeof e === 'object' &&
    e !== null &&
    typeof e.version === 'string' &&
    (e.commit === null || typeof e.commit === 'string') &&
    whole(e.seeds?.from) &&
    whole(e.seeds?.to) &&
    (e.shard === null || (whole(e.shard?.index) && whole(e.shard?.count) && e.shard.index >= 1 && e.shard.index <= e.shard.count)) &&
    (e.base === 'all' || e.base === 'any') &&
    whole(e.maxNodes) &&
    (e.timeoutMs === null || whole(e.timeoutMs)) &&
    whole(e.ttMb) &&
    typeof e.search === 'string' &&
    whole(e.cells) &&
    (e.earlier === undefined || (Array.isArray(e.earlier) && e.earlier.every(earlierOk))) &&
    (e.legs === undefined || (Array.isArray(e.legs) && e.legs.every(legOk))) &&
    (e.retryFrom === undefined || whole(e.retryFrom));
  if (!ok) throw new ManifestError(`${where}: a malformed entry`);
}

/** A whole number of a manifest field. */
function whole(x: unknown): boolean {
  return typeof x === 'number' && Number.isSafeInteger(x) && x >= 0;
}

/** A manifest field that is text or null. */
function text(v: unknown): boolean {
  return v === null || typeof v === 'string';
}

function legOk(x: RunLeg): boolean {
  return (
    typeof x === 'object' &&
    x !== null &&
    typeof x.command === 'string' &&
    text(x.started) &&
    text(x.ended) &&
    (x.seconds === null || (typeof x.seconds === 'number' && Number.isFinite(x.seconds) && x.seconds >= 0))
  );
}

function earlierOk(x: EarlierRun): boolean {
  return (
    typeof x === 'object' &&
    x !== null &&
    text(x.commit) &&
    typeof x.command === 'string' &&
    text(x.started) &&
    whole(x.maxNodes) &&
    (x.timeoutMs === null || whole(x.timeoutMs)) &&
    (x.ttMb === undefined || whole(x.ttMb))
  );
}

/** Writes `dir`/run.json with these entries replacing those of the same variants (others kept). */
export function writeManifest(dir: string, entries: Record<string, RunEntry>, old: Manifest | null): void {
  const variants = { ...(old?.variants ?? {}), ...entries };
  const file = manifestFile(dir);
  const tmp = `${file}.tmp-${process.pid}`;
  fs.writeFileSync(tmp, JSON.stringify({ format: MANIFEST_FORMAT, variants } satisfies Manifest, null, 2) + '\n');
  fs.renameSync(tmp, file);
}

/** The settings rows must share to be counted together, with their command-line names. */
const MUST_AGREE: [keyof RunEntry, string][] = [
  ['version', 'program version'],
  ['base', '--base'],
  ['maxNodes', '--max-nodes'],
  ['timeoutMs', '--timeout'],
  ['ttMb', '--tt-mb'],
  ['search', 'search'],
  ['cells', '--cells'],
  ['dealing', 'dealing (--ms-deals)'],
];

function show(x: unknown): string {
  return x === null ? 'none' : x === undefined ? 'seeds' : String(x);
}

/**
 * The first setting on which rows made under `a` and `b` could differ, as "--max-nodes 1000 and
 * 50000"; null when they agree. Commits differ only when both are known.
 */
export function disagreement(a: RunEntry, b: RunEntry): string | null {
  const diff = settingDiff(a, b);
  if (diff) return diff;
  if (a.commit && b.commit && a.commit !== b.commit) return `git commit ${a.commit.slice(0, 12)} and ${b.commit.slice(0, 12)}`;
  return null;
}

/** The first of MUST_AGREE's settings, but those in `except`, on which `a` and `b` differ, as "--max-nodes 1000 and 50000". */
export function settingDiff(a: RunEntry, b: RunEntry, except: (keyof RunEntry)[] = []): string | null {
  for (const [k, name] of MUST_AGREE) if (!except.includes(k) && a[k] !== b[k]) return `${name} ${show(a[k])} and ${show(b[k])}`;
  return null;
}

/**
 * Why rows made under `old` may not have their unknown rows searched again under `now` (analyze
 * --retry-unknown), as a message; null when they may. Every setting but the budget and the commit
 * must agree (a decided row is a fact whoever found it), and the budget must be larger: more
 * nodes, or the same nodes with a longer time limit or none, or a larger memory cap (--tt-mb: a
 * search that reaches it stops unknown); never a shorter time limit or a smaller cap.
 */
export function retryRefusal(old: RunEntry, now: RunEntry): string | null {
  const diff = settingDiff(old, now, ['maxNodes', 'timeoutMs', 'ttMb']);
  if (diff) return `its rows were made with ${diff.replace(' and ', ', this run has ')}`;
  const shorter = now.timeoutMs !== null && (old.timeoutMs === null || now.timeoutMs < old.timeoutMs);
  const longer = old.timeoutMs !== null && (now.timeoutMs === null || now.timeoutMs > old.timeoutMs);
  const made = `its rows were made with ${budgetOf(old)}`;
  if (shorter) return `${made}: a retry may not search with ${old.timeoutMs === null ? 'a time limit' : 'a shorter time limit'} (--timeout ${now.timeoutMs})`;
  if (now.ttMb < old.ttMb) return `${made}: a retry may not search with a smaller memory cap (--tt-mb ${now.ttMb})`;
  if (now.maxNodes < old.maxNodes || (now.maxNodes === old.maxNodes && !longer && now.ttMb === old.ttMb))
    return `${made}: give a larger budget to search the unknown ones again${old.finished ? '' : ' (that run did not finish: --resume goes on with it)'}`;
  return null;
}

/** A run's budget as its options: `--max-nodes N`, `--timeout MS` when it had one, `--tt-mb MB` when known. */
export function budgetOf(e: { maxNodes: number; timeoutMs: number | null; ttMb?: number }): string {
  return `--max-nodes ${e.maxNodes}${e.timeoutMs === null ? '' : ` --timeout ${e.timeoutMs}`}${e.ttMb === undefined ? '' : ` --tt-mb ${e.ttMb}`}`;
}

/** The entry `now` of a run that kept `old`'s decided rows (analyze --retry-unknown): old's run appended to its earlier runs. */
export function withEarlier(now: RunEntry, old: RunEntry): RunEntry {
  const run: EarlierRun = { commit: old.commit, command: old.command, started: old.started, maxNodes: old.maxNodes, timeoutMs: old.timeoutMs, ttMb: old.ttMb };
  if (old.finished) run.finished = old.finished;
  if (old.totals) run.totals = old.totals;
  return { ...now, earlier: [...(old.earlier ?? []), run] };
}

/**
 * The legs of a run resumed from `old` (RunEntry.legs): old's own, then old as the last, ended at
 * `lastChange` (ms since the epoch: when its per-deal file last changed) unless it finished.
 */
export function legsAfter(old: RunEntry, lastChange: number | null): RunLeg[] {
  const start = old.started ? Date.parse(old.started) : NaN;
  const end = old.finished ? Date.parse(old.finished) : lastChange !== null ? Math.trunc(lastChange) : NaN; // whole ms, as ISO 8601 holds it
  // An end before the start: the part wrote no row (the file's last change is an earlier part's).
  const ended = Number.isFinite(end) && !(end < start) ? end : NaN;
  const leg: RunLeg = {
    command: old.command,
    started: old.started,
    ended: Number.isFinite(ended) ? new Date(ended).toISOString() : null,
    seconds: Number.isFinite(start) && Number.isFinite(ended) ? Math.round(ended - start) / 1000 : null,
  };
  return [...(old.legs ?? []), leg];
}

/** The wall time of an entry's earlier legs whose time is known, seconds. */
export function legSeconds(e: RunEntry): number {
  return (e.legs ?? []).reduce((sum, l) => sum + (l.seconds ?? 0), 0);
}

/** One line describing an entry's share, for messages. */
export function describeShare(e: RunEntry): string {
  return `seeds ${e.seeds.from}-${e.seeds.to}${e.shard ? ` shard ${formatShard(e.shard)}` : ''}`;
}

// Whether a run may go on with the per-deal rows already in its output directory: --resume and
// --retry-unknown against run.json (manifest.ts), and the refusal of a run that would replace rows.
// run.ts asks these before it creates or changes anything.
import * as fs from 'fs';
import { OutputError, heldRows } from '../records/outputs';
import { DEAL_COLUMNS, type DealFileContents, type DealRow, dealFile, isDealHeader } from '../records/records';
import { cellsVariants, variantNames } from '../rules/variants';
import { ManifestError, type RunEntry, disagreement, legsAfter, manifestFile, readManifest, retryRefusal, settingDiff, withEarlier } from './manifest';
import { type Shard, formatShard } from './shard';
import type { BaseMode } from './summary';

/**
 * Refuses (ManifestError) to resume `variant` when its rows were made under other settings, by
 * another shard, with another cell count, or by a run that left no manifest to tell.
 */
export function checkResume(dir: string, rows: DealRow[], old: RunEntry | undefined, now: RunEntry, retry: Set<number> | null): void {
  if (rows.length === 0) return;
  const file = manifestFile(dir);
  const variant = rows[0].variant;
  const cannot = retry ? `cannot retry ${variant}'s unknown rows` : `cannot resume ${variant}`;
  if (!old)
    throw new ManifestError(
      `${cannot}: ${file} does not say how its ${rows.length} rows were made (written before run manifests, or by hand); rerun without ${retry ? '--retry-unknown' : '--resume'} or use another --out`,
    );
  if (retry) {
    const why = retryRefusal(old, now);
    if (why) throw new ManifestError(`${cannot}: ${why} (${file})`);
    // The new budget becomes the entry's: an unknown row left at the old one would be counted as the new one's.
    const outside = rows.find((r) => r.result === 'unknown' && !retry.has(r.seed));
    if (outside)
      throw new ManifestError(
        `${cannot}: seed ${outside.seed} is unknown too but not among this run's seeds: retry the whole range of ${dealFile(dir, variant)}`,
      );
  } else {
    const diff = disagreement(old, now);
    if (diff) throw new ManifestError(`${cannot}: its rows were made with ${diff.replace(' and ', ', this run has ')} (${file})`);
  }
  if (formatShard(old.shard) !== formatShard(now.shard))
    throw new ManifestError(`${cannot}: its rows are shard ${formatShard(old.shard)}, this run is shard ${formatShard(now.shard)} (${file})`);
  const odd = rows.find((r) => r.cells !== now.cells);
  if (odd) throw new ManifestError(`${cannot}: seed ${odd.seed} was played with ${odd.cells} cells, this run has ${now.cells}`);
  const dealt = rows.find((r) => r.dealing !== undefined && r.dealing !== now.dealing);
  if (dealt) throw new ManifestError(`${cannot}: its rows number Microsoft's deals (--ms-deals), this run numbers seeds`);
}

/**
 * Refuses (OutputError) a run that would replace per-deal rows already in `dir`, with the way
 * forward that loses nothing: --resume when the rows were made with this run's settings (`now`,
 * by variant), another --out when they were not (run.json's setting and this run's named).
 */
export function checkNoRows(dir: string, variants: string[], now: Record<string, RunEntry>): void {
  const m = readManifest(dir);
  for (const name of variants) {
    const file = dealFile(dir, name);
    const first = firstLine(file);
    if (first !== null && !isDealHeader(first.line, first.complete))
      throw new OutputError(
        `${file} is not a per-deal file (its first line is not the header ${DEAL_COLUMNS.join(',')}${first.line.startsWith('\xef\xbb\xbf') ? '; it starts with a byte-order mark' : ''}): give another --out, or --force to replace it`,
      );
    const n = heldRows(file);
    if (n === 0) continue;
    const them = n === 1 ? 'it' : 'them';
    const held = `${file} already holds ${n} row${n === 1 ? '' : 's'}`;
    const old = m?.variants[name];
    const diff = old ? settingDiff(old, now[name]) : null;
    if (diff)
      throw new OutputError(
        `${held} made with ${diff.replace(' and ', ' (run.json), this run has ')}: give another --out to keep ${them}, or --force to replace ${them}`,
      );
    throw new OutputError(`${held}: add --resume to keep ${them} and search only the missing deals, --force to replace ${them}, or give another --out`);
  }
}

/**
 * Refuses (ManifestError) a --retry-unknown where, for some variant, `dir` holds no run: neither a
 * run.json entry nor a row (a mistyped --out would otherwise start a whole new run). A run.json
 * entry whose per-deal file is gone counts as a run: the retry searches its range at the new
 * budget. Asked before the directory is made, so a refusal creates nothing. --resume, by
 * contrast, starts a run that is not there yet: the shard recipes pass it on every first start.
 */
export function checkRetryHasRun(dir: string, variants: string[]): void {
  const m = readManifest(dir);
  const none = variants.filter((v) => !m?.variants[v] && heldRows(dealFile(dir, v)) === 0);
  if (none.length === 0) return;
  const some = variants.filter((v) => !none.includes(v));
  const them = none.length === 1 ? 'it' : 'them';
  throw new ManifestError(
    `cannot retry ${none.join(', ')}: ${dir} holds no run of ${them} (no run.json entry, no rows); ` +
      (some.length ? `retry only ${some.join(', ')}, or run ${them} first without --retry-unknown` : `run ${them} first without --retry-unknown`),
  );
}

/** The first line of a file and whether it ends (a newline follows), or null when the file is missing or blank. */
function firstLine(file: string): { line: string; complete: boolean } | null {
  let text: string;
  try {
    text = fs.readFileSync(file, 'latin1');
  } catch {
    return null;
  }
  if (text.trim() === '') return null;
  const end = text.indexOf('\n');
  return end < 0 ? { line: text, complete: false } : { line: text.slice(0, end), complete: true };
}

/** What a run was told, before resumeSettings fills in what a resume takes from run.json (undefined: not given). */
export interface GivenSettings {
  variants: string[];
  from?: number;
  to?: number;
  base?: BaseMode;
  maxNodes?: number;
  timeoutMs?: number;
  ttMb?: number;
  search?: string;
  cells?: number;
  ms?: boolean;
  shard?: Shard | null;
}

/**
 * The settings a resume takes from run.json, each as its entry's value and its option's name.
 * budget: a retry's own (checkResume refuses a smaller one): 'own' always (a value not given is the
 * command's default), 'given' only when given (else run.json's, as in a resume).
 */
const TAKEN: { key: keyof GivenSettings; option: string; budget?: 'own' | 'given'; of: (e: RunEntry) => unknown }[] = [
  { key: 'base', option: '--base', of: (e) => e.base },
  { key: 'maxNodes', option: '--max-nodes', budget: 'own', of: (e) => e.maxNodes },
  { key: 'timeoutMs', option: '--timeout', budget: 'own', of: (e) => e.timeoutMs ?? undefined },
  { key: 'ttMb', option: '--tt-mb', budget: 'given', of: (e) => e.ttMb },
  { key: 'search', option: '--search', of: (e) => e.search },
  { key: 'shard', option: '--shard', of: (e) => e.shard },
];

const shown = (key: keyof GivenSettings, x: unknown): string =>
  key === 'shard' ? (x ? formatShard(x as Shard) : 'none') : x === undefined ? 'none' : String(x);

/**
 * run.json is the definition of the run a --resume goes on with (or a --retry-unknown searches
 * again, its budget excepted): the variants (when none is named), the seed range, the dealing, the
 * cells, the base mode, the budget, the table size, the search and the shard are taken from their
 * entries when not given. A given value that contradicts an entry, or a seed range that leaves
 * out some of the entry's seeds, is refused (ManifestError: one line naming both values); so are
 * variants whose entries disagree on a setting not given. Variants without an entry keep what
 * was given.
 */
export function resumeSettings<T extends GivenSettings>(given: T, dir: string, retry: boolean): T {
  // An --out that is not a directory holds no run: the output checks refuse it with their own message.
  if (fs.existsSync(dir) && !fs.statSync(dir).isDirectory() && given.variants.length) return given;
  const m = readManifest(dir);
  const how = retry ? '--retry-unknown' : '--resume';
  const variants = given.variants.length ? given.variants : variantNames().filter((v) => m?.variants[v]);
  if (variants.length === 0)
    throw new ManifestError(`${how} without a variant takes them from ${manifestFile(dir)}, which ${m ? 'names none' : 'does not exist'}: name the variants`);
  const entries = variants.flatMap((v) => (m?.variants[v] ? [[v, m.variants[v]] as const] : []));
  const out: T = { ...given, variants };
  if (entries.length === 0) return out;
  const cannot = (v: string) => `cannot ${retry ? 'retry' : 'resume'} ${v} in ${dir}`;
  const agreed = <X>(what: string, of: (e: RunEntry) => X, same: (a: X, b: X) => boolean = (a, b) => a === b): X => {
    const [v0, e0] = entries[0];
    const odd = entries.find(([, e]) => !same(of(e), of(e0)));
    if (odd)
      throw new ManifestError(
        `${how} without ${what} takes it from ${manifestFile(dir)}, where ${v0} and ${odd[0]} differ: name one variant at a time, or give ${what}`,
      );
    return of(e0);
  };
  for (const t of TAKEN) {
    if (retry && (t.budget === 'own' || (t.budget === 'given' && given[t.key] !== undefined))) continue;
    if (given[t.key] === undefined) {
      (out as GivenSettings)[t.key] = agreed(t.option, t.of, (a, b) => shown(t.key, a) === shown(t.key, b)) as never;
      continue;
    }
    const odd = entries.find(([, e]) => shown(t.key, t.of(e)) !== shown(t.key, given[t.key]));
    if (odd)
      throw new ManifestError(
        `${cannot(odd[0])}: run.json says ${t.option} ${shown(t.key, t.of(odd[1]))}, this run has ${t.option} ${shown(t.key, given[t.key])} (leave ${t.option} out to go on with run.json's, or give another --out)`,
      );
  }
  const cellsTakers = entries.filter(([v]) => cellsVariants().includes(v));
  if (cellsTakers.length) {
    const [v, e] = cellsTakers[0];
    if (given.cells === undefined) out.cells = e.cells;
    else if (given.cells !== e.cells)
      throw new ManifestError(
        `${cannot(v)}: run.json says --cells ${e.cells}, this run has --cells ${given.cells} (leave --cells out, or give another --out to keep both)`,
      );
  }
  const ms = agreed('--seeds or --ms-deals', (e) => e.dealing === 'ms');
  const dealing = (x: boolean | undefined) => (x ? '--ms-deals' : '--seeds');
  if (given.from === undefined || given.to === undefined) {
    const seeds = agreed(
      '--seeds',
      (e) => e.seeds,
      (a, b) => a.from === b.from && a.to === b.to,
    );
    out.from = seeds.from;
    out.to = seeds.to;
    out.ms = ms || undefined;
    return out;
  }
  if (!!given.ms !== ms) throw new ManifestError(`${cannot(entries[0][0])}: its seeds are given by ${dealing(ms)}, this run has ${dealing(given.ms)}`);
  const narrow = entries.find(([, e]) => given.from! > e.seeds.from || given.to! < e.seeds.to);
  if (narrow)
    throw new ManifestError(
      `${cannot(narrow[0])}: ${dealing(ms)} ${given.from}-${given.to} leaves out some of run.json's ${narrow[1].seeds.from}-${narrow[1].seeds.to} (leave ${dealing(ms)} out to go on with them, or give a range that holds them)`,
    );
  return out;
}

/**
 * The run.json entry of a variant: this run's, keeping what the rows it keeps were made by. A
 * resume keeps the earlier runs and an unfinished retry's retryFrom (it goes on with that retry),
 * and adds the part that stopped to the run's legs (`lastChange`: when the per-deal file last
 * changed, the stopped part's end); a retry adds the run before it to the earlier runs and records
 * where its own rows begin.
 */
export function entryKept(
  now: RunEntry,
  old: RunEntry | undefined,
  file: DealFileContents,
  resume: boolean,
  retry: boolean,
  lastChange: number | null = null,
): RunEntry {
  if (!resume || !old || file.rows.length === 0) return now;
  if (retry) return { ...withEarlier(now, old), retryFrom: file.records };
  const e: RunEntry = { ...now };
  if (old.earlier) e.earlier = old.earlier;
  if (old.retryFrom !== undefined) e.retryFrom = old.retryFrom;
  e.legs = legsAfter(old, lastChange);
  return e;
}

/**
 * The (seed, base) keys of the unknown rows to search again: with retryFrom set (a retry, begun now
 * or stopped before), those of the run's seeds among the file's first retryFrom records that no
 * later row has replaced.
 */
export function searchAgain(file: DealFileContents, entry: RunEntry, seeds: Set<number>): Set<string> {
  const keys = new Set<string>();
  const from = entry.retryFrom;
  if (from === undefined) return keys;
  file.rows.forEach((r, i) => {
    if (r.result === 'unknown' && file.at[i] < from && seeds.has(r.seed)) keys.add(`${r.seed}:${r.base}`);
  });
  return keys;
}

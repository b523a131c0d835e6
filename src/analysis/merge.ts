// `solitaire merge`: joins the output directories of several runs — the shards of one range, or
// runs of adjacent ranges — into the files one straight run over all their seeds writes: the
// per-deal rows, the summaries and strategies.csv (results.ts computes them for both), and run.json.
//
// It refuses (MergeError, nothing written) when the runs' settings disagree (manifest.ts), when
// two runs hold the same seed, and when a seed of the joined range has no run or misses rows;
// the message names the first missing seeds, so the failed shard can be rerun. With `seeds` it
// keeps only that part of the joined range: a slice of one run is the merge of that run alone.
import * as fs from 'fs';
import * as path from 'path';
import { variantNames } from '../rules/variants';
import type { RuleTable } from '../rules/vocabulary';
import { ManifestError, type RunEntry, describeShare, disagreement, manifestFile, readManifest, totalsOf, writeManifest } from './manifest';
import { OutputError, checkOutputs, claimDealFiles, heldRows, outputFiles, prepareOutDir } from '../records/outputs';
import { type DealRow, dealFile, parseDealFile, strategiesFile, withDealing, writeDealFile, writeStrategies } from '../records/records';
import { killPoint } from '../records/kill-points';
import { type StrategyScoring, type VariantResults, rulesWithCells, searchLabels, variantResults, writeSummary } from './results';
import { shardSeeds } from './shard';
import { checkFolder } from './consistency';

export class MergeError extends ManifestError {}

/** One run's part of a variant: its directory, manifest entry and share of the seeds. */
interface Part {
  dir: string;
  entry: RunEntry;
  seeds: number[];
}

export interface MergedVariant extends VariantResults {
  variant: string;
  rules: RuleTable;
  entry: RunEntry;
  rows: DealRow[];
}

/** How many missing seeds a message names. */
const NAMED = 10;

/** The runs' parts of each variant, in the order of the rules list; checks that settings agree. */
function partsByVariant(inputs: string[]): Map<string, Part[]> {
  const by = new Map<string, Part[]>();
  for (const dir of inputs) {
    const m = readManifest(dir);
    if (m) checkFolder(dir);
    if (!m) throw new MergeError(`${dir} has no ${path.basename(manifestFile(dir))}: not the output of "solitaire analyze" (or written before run manifests)`);
    for (const [variant, entry] of Object.entries(m.variants)) {
      if (!variantNames().includes(variant)) throw new MergeError(`${manifestFile(dir)}: unknown variant ${variant}`);
      const list = by.get(variant) ?? [];
      list.push({ dir, entry, seeds: shardSeeds(entry.seeds.from, entry.seeds.to, entry.shard) });
      by.set(variant, list);
    }
  }
  if (by.size === 0) throw new MergeError(`no results to merge in ${inputs.join(', ')}`);
  const order = variantNames();
  const sorted = new Map([...by].sort((a, b) => order.indexOf(a[0]) - order.indexOf(b[0])));
  for (const [variant, parts] of sorted)
    for (const p of parts.slice(1)) {
      const diff = disagreement(parts[0].entry, p.entry);
      if (diff) throw new MergeError(`cannot merge ${variant}: ${parts[0].dir} and ${p.dir} were run with ${diff}`);
    }
  return sorted;
}

/**
 * Rows of the joined range (or of `only`, which must lie within it), each seed from the one part
 * whose share holds it; refuses overlaps and gaps.
 */
function joinRows(variant: string, rules: RuleTable, parts: Part[], only?: RunEntry['seeds']): { rows: DealRow[]; from: number; to: number } {
  const owner = new Map<number, Part>();
  for (const p of parts)
    for (const s of p.seeds) {
      const other = owner.get(s);
      if (other)
        throw new MergeError(
          `cannot merge ${variant}: ${other.dir} (${describeShare(other.entry)}) and ${p.dir} (${describeShare(p.entry)}) overlap, both hold seed ${s}`,
        );
      owner.set(s, p);
    }
  let from = Math.min(...parts.map((p) => p.entry.seeds.from));
  let to = Math.max(...parts.map((p) => p.entry.seeds.to));
  if (only) {
    if (only.from < from || only.to > to)
      throw new MergeError(`cannot merge ${variant}: --seeds ${only.from}-${only.to} is not within the runs' seeds ${from}-${to}`);
    ({ from, to } = only);
  }
  const mode = parts[0].entry.base;
  const rows: DealRow[] = [];
  const missing: number[] = [];
  const rowsOf = new Map(parts.map((p) => [p, groupRows(p, variant)] as const));
  for (let s = from; s <= to; s++) {
    const p = owner.get(s);
    const got = p ? rowsOf.get(p)!.get(s) : undefined;
    const labels = searchLabels(rules, s, mode);
    if (!got || labels.some((l) => !got.has(l))) {
      missing.push(s);
      continue;
    }
    for (const l of labels) rows.push(got.get(l)!);
  }
  if (missing.length)
    throw new MergeError(
      `cannot merge ${variant}: ${missing.length} of seeds ${from}-${to} missing or incomplete: ${missing.slice(0, NAMED).join(', ')}${missing.length > NAMED ? ', …' : ''} (rerun the shard that holds them, with --resume)`,
    );
  return { rows, from, to };
}

/** A part's rows of its own share, by seed and base label; the cell count checked. */
function groupRows(p: Part, variant: string): Map<number, Map<string, DealRow>> {
  const share = new Set(p.seeds);
  const out = new Map<number, Map<string, DealRow>>();
  for (const r of parseDealFile(dealFile(p.dir, variant), variant).rows) {
    if (!share.has(r.seed)) continue;
    if (r.cells !== p.entry.cells)
      throw new MergeError(
        `cannot merge ${variant}: ${dealFile(p.dir, variant)} seed ${r.seed} was played with ${r.cells} cells, its run.json says ${p.entry.cells}`,
      );
    const g = out.get(r.seed) ?? new Map<string, DealRow>();
    g.set(r.base, r);
    out.set(r.seed, g);
  }
  return out;
}

/**
 * Merges the runs in `inputs` into `outDir`. Everything is read and checked before anything is
 * written; files of other variants already in `outDir` stay (strategies.csv and run.json keep
 * their entries). `strategies` scores the base-card strategies, as in runAnalysis (required: null
 * writes none for the merged variants). `seeds`: only those seeds of the joined range (every
 * variant's), as if the runs had covered no others.
 */
export function mergeRuns(
  inputs: string[],
  outDir: string,
  commandLine: string,
  opts: { force?: boolean; strategies: StrategyScoring | null; seeds?: RunEntry['seeds'] },
): MergedVariant[] {
  if (inputs.length === 0) throw new MergeError('nothing to merge: give the output directories of the runs');
  const out = path.resolve(outDir);
  const clash = inputs.find((d) => path.resolve(d) === out);
  if (clash) throw new MergeError(`--out ${outDir} is one of the directories to merge: give a new directory`);
  for (const d of inputs) if (!fs.existsSync(d) || !fs.statSync(d).isDirectory()) throw new MergeError(`${d} is not a directory`);
  const merged: MergedVariant[] = [];
  for (const [variant, parts] of partsByVariant(inputs)) {
    const entry0 = parts[0].entry;
    const rules = rulesWithCells(variant, entry0.cells);
    const { rows, from, to } = joinRows(variant, rules, parts, opts.seeds);
    const candidates = new Map<number, string[]>();
    for (let s = from; s <= to; s++)
      candidates.set(
        s,
        searchLabels(rules, s, entry0.base).filter((l) => l !== 'any'),
      );
    const entry: RunEntry = {
      ...entry0,
      command: commandLine,
      // The earliest start of any part, a resumed run's first (RunEntry.legs).
      started:
        parts
          .map((p) => p.entry.legs?.[0]?.started ?? p.entry.started)
          .filter((x) => x !== null)
          .sort()[0] ?? null,
      seeds: { from, to },
      shard: null,
      mergedFrom: parts.map((p) => p.dir),
    };
    // Every part's earlier runs (analyze --retry-unknown), each once, in their order.
    const earlier = [...new Map(parts.flatMap((p) => p.entry.earlier ?? []).map((x) => [JSON.stringify(x), x])).values()];
    if (earlier.length) entry.earlier = earlier;
    else delete entry.earlier;
    delete entry.legs; // a merge is one step of its own; its folders' entries keep their legs
    const res = variantResults(rules, rows, entry0.base, (s) => candidates.get(s), opts.strategies);
    entry.finished = new Date().toISOString();
    entry.totals = totalsOf(res.summary, res.searches, res.cpuSeconds);
    merged.push({ variant, rules, entry, rows, ...res });
  }
  writeMerged(outDir, merged, inputs, !!opts.force);
  return merged;
}

/** The same directories, wherever they were named from. */
function sameDirs(a: string[], b: string[]): boolean {
  const norm = (xs: string[]) => [...new Set(xs.map((x) => path.resolve(x)))].sort().join('\n');
  return norm(a) === norm(b);
}

function writeMerged(outDir: string, merged: MergedVariant[], inputs: string[], force: boolean): void {
  const variants = merged.map((m) => m.variant);
  checkOutputs(outDir, [...outputFiles(outDir, variants), manifestFile(outDir)]);
  const old = readManifest(outDir);
  // Rows in --out are replaced only when told to, or when they are an earlier merge of the same
  // directories (the merge of a recipe run again after a shard was resumed): nothing is lost then.
  if (!force)
    for (const m of merged) {
      const file = dealFile(outDir, m.variant);
      const n = heldRows(file);
      const from = old?.variants[m.variant]?.mergedFrom;
      if (n > 0 && !(from && sameDirs(from, inputs)))
        throw new OutputError(
          `${file} already holds ${n} row${n === 1 ? '' : 's'} that are not a merge of these directories: give --force to replace them, or another --out`,
        );
    }
  prepareOutDir(outDir);
  // One writer at a time per per-deal file, as for analyze: a second merge, or an analyze, into the
  // same folder and game is refused while this one lives.
  const release = claimDealFiles(outDir, variants);
  try {
    // run.json first, without an end: a merge stopped part way leaves a folder that strategies and
    // chart refuse (consistency.ts) and that the same merge, run again, replaces.
    const unfinished = (e: RunEntry): RunEntry => {
      const { finished: _f, totals: _t, ...rest } = e;
      return rest;
    };
    writeManifest(outDir, Object.fromEntries(merged.map((m) => [m.variant, unfinished(m.entry)])), old);
    killPoint('merge:files');
    for (const m of merged) {
      writeDealFile(
        dealFile(outDir, m.variant),
        m.rows.map((r) => withDealing(r, m.entry.dealing === 'ms')),
      );
      writeSummary(outDir, m.rules, m.summary);
    }
    const strat = merged.filter((m) => m.strategies);
    // Like analyze: the merged variants' strategy rows replace theirs, other variants' rows stay.
    if (strat.length || fs.existsSync(strategiesFile(outDir)))
      writeStrategies(
        outDir,
        variants,
        strat.flatMap((m) => m.strategies!),
      );
    killPoint('merge:finish');
    writeManifest(outDir, Object.fromEntries(merged.map((m) => [m.variant, m.entry])), readManifest(outDir));
  } finally {
    release();
  }
}

// Whether the files of an output directory describe one finished run, before a command reads them
// as one (strategies, chart, merge): run.json's entry of each game says the run ended, its
// per-deal file holds every seed of the entry's range, and its summary counts what the per-deal
// file holds. A stopped or half-written folder is refused with the command that repairs it, so no
// figure is ever computed from part of a run without a word.
import * as fs from 'fs';
import { variantNames } from '../rules/variants';
import { type DealRow, type SummaryRow, dealFile, readDealFile, readSummaryFile, summaryFile } from '../records/records';
import { ManifestError, manifestFile, readManifest } from './manifest';
import { rulesWithCells, searchLabels, variantResults } from './results';
import { shardSeeds } from './shard';
import type { BaseMode } from './summary';

export class FolderError extends ManifestError {}

/** How many missing seeds a message names. */
const NAMED = 5;

/** The games of `dir` with a per-deal file, a summary or a run.json entry, in the rules' order. */
export function gamesIn(dir: string): string[] {
  const m = readManifest(dir);
  return variantNames().filter((v) => m?.variants[v] || fs.existsSync(dealFile(dir, v)) || fs.existsSync(summaryFile(dir, v)));
}

/**
 * Refuses (FolderError, one line with the repair) a game of `dir` whose files do not describe the
 * finished run its run.json entry names: the entry has no end, the per-deal file lacks seeds of its
 * range, or the summary is missing or counts other deals than the per-deal file. `games` default:
 * gamesIn.
 */
export function checkFolder(dir: string, games: string[] = gamesIn(dir)): void {
  const m = readManifest(dir);
  for (const v of games) {
    const e = m?.variants[v];
    const repair = e?.mergedFrom
      ? `finish it with: solitaire merge ${e.mergedFrom.join(' ')} --out ${dir}`
      : `finish it with: solitaire analyze ${v} --out ${dir} --resume`;
    if (e && !e.finished) throw new FolderError(`${dir}: the run of ${v} did not finish (${manifestFile(dir)} has no end for it); ${repair}`);
    // Without run.json's entry (files from before run manifests, or made by hand) there is no run to hold them to.
    if (!e) continue;
    if (!fs.existsSync(dealFile(dir, v))) throw new FolderError(`${dir}: ${manifestFile(dir)} names ${v} but ${dealFile(dir, v)} is missing`);
    const rows = readDealFile(dealFile(dir, v), v);
    const seeds = shardSeeds(e.seeds.from, e.seeds.to, e.shard);
    const have = new Set(rows.filter((r) => r.base === 'any').map((r) => r.seed));
    const missing = seeds.filter((s) => !have.has(s));
    if (missing.length)
      throw new FolderError(
        `${dir}: ${dealFile(dir, v)} lacks ${missing.length} of run.json's seeds ${e.seeds.from}-${e.seeds.to} (${missing.slice(0, NAMED).join(', ')}${missing.length > NAMED ? ', …' : ''}); ${repair}`,
      );
    const file = readSummaryFile(summaryFile(dir, v));
    if (!file) throw new FolderError(`${dir}: ${summaryFile(dir, v)} is missing; ${repair}`);
    const odd = summaryDisagreement(file, expectedSummary(v, e.cells, rows, seeds, e.base));
    if (odd) throw new FolderError(`${dir}: ${summaryFile(dir, v)} disagrees with ${dealFile(dir, v)} (${odd}); ${repair}`);
  }
}

/** The summary a finished run writes from these rows, restricted to `seeds`. */
function expectedSummary(v: string, cells: number | undefined, rows: DealRow[], seeds: number[], mode: BaseMode): SummaryRow[] {
  const rules = rulesWithCells(v, cells);
  const wanted = new Set(seeds);
  const labels = new Map<number, string[]>();
  const candidates = (seed: number) => {
    if (!labels.has(seed)) labels.set(seed, rules.terraceFamily && mode === 'all' ? searchLabels(rules, seed, mode).filter((l) => l !== 'any') : []);
    return labels.get(seed);
  };
  const mine = rows.filter((r) => wanted.has(r.seed));
  return variantResults(rules, mine, mode, candidates, null).summary;
}

/** The first row on which two summaries' counts differ, as "best: 19 deals, the per-deal file 20"; null when they agree. */
function summaryDisagreement(file: SummaryRow[], want: SummaryRow[]): string | null {
  const count = (r: SummaryRow | undefined) => (r ? `${r.deals} deals, ${r.won} won, ${r.lost} lost, ${r.unknown} unknown` : 'no row');
  for (const w of want) {
    const f = file.find((r) => r.base === w.base);
    if (count(f) !== count(w)) return `${w.base}: ${count(f)}, the per-deal file ${count(w)}`;
  }
  const extra = file.find((r) => !want.some((w) => w.base === r.base));
  return extra ? `${extra.base}: ${count(extra)}, the per-deal file no row` : null;
}

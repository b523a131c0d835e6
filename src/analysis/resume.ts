// Whether a run may go on with the per-deal rows already in its output directory: --resume and
// --retry-unknown against run.json (manifest.ts), and the refusal of a run that would replace rows.
// run.ts asks these before it creates or changes anything.
import { OutputError, heldRows } from '../records/outputs';
import { type DealRow, dealFile } from '../records/records';
import { ManifestError, type RunEntry, disagreement, manifestFile, retryRefusal } from './manifest';
import { formatShard } from './shard';

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
}

/** Refuses (OutputError) a run that would replace per-deal rows already in `dir`. */
export function checkNoRows(dir: string, variants: string[]): void {
  for (const name of variants) {
    const file = dealFile(dir, name);
    const n = heldRows(file);
    if (n > 0)
      throw new OutputError(
        `${file} already holds ${n} row${n === 1 ? '' : 's'}: add --resume to keep ${n === 1 ? 'it' : 'them'} and search only the missing deals, --force to replace ${n === 1 ? 'it' : 'them'}, or give another --out`,
      );
  }
}

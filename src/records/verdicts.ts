// A deal's verdict from its per-rank rows: the rows of one variant grouped by seed, and the `best`
// verdict (won with some base rank). The run's summaries (src/analysis) and the strategy
// evaluation (src/strategy) both count deals this way.
import type { Verdict } from '../proof/proof';
import type { DealRow } from './records';

/** One deal of a variant as the strategies are scored on it: its rows by base label (A..K, any) and its `best` verdict. */
export interface DealVerdicts {
  seed: number;
  rows: Map<string, DealRow>;
  /** The deal's `best` verdict (OR over its rank rows). */
  best: Verdict;
}

/** Combines verdicts with OR: won if one is won; lost only if all are lost; else unknown. */
export function orVerdict(verdicts: Verdict[], complete = true): Verdict {
  if (verdicts.some((v) => v === 'won')) return 'won';
  if (complete && verdicts.length > 0 && verdicts.every((v) => v === 'lost')) return 'lost';
  return 'unknown';
}

/** The rows of one variant grouped by seed and then base label. Later duplicates replace earlier ones. */
export function groupBySeed(rows: DealRow[]): Map<number, Map<string, DealRow>> {
  const m = new Map<number, Map<string, DealRow>>();
  for (const r of rows) {
    let g = m.get(r.seed);
    if (!g) m.set(r.seed, (g = new Map()));
    g.set(r.base, r);
  }
  return m;
}

/**
 * The `best` verdict of one deal from its per-rank rows: won if some rank's row is won; lost if
 * every candidate rank has a row and all are lost; otherwise unknown. `candidates` (rank letters)
 * says which ranks the deal allows; without it the rows present are taken as complete.
 * Undefined when the deal has no per-rank row at all.
 */
export function bestVerdict(byBase: Map<string, DealRow>, candidates?: string[]): Verdict | undefined {
  const rankRows = [...byBase.values()].filter((r) => r.base !== 'any');
  if (rankRows.length === 0) return undefined;
  const complete = candidates ? candidates.every((c) => byBase.has(c)) : true;
  return orVerdict(
    rankRows.map((r) => r.result),
    complete,
  );
}

// Base-card advice for one deal (`solitaire advise`, issue 13): the candidate ranks in the order the
// recommended strategy ranks them, each with the measured win rate of "deals like this one".
//
// "Like this one", for base rank r of a deal: the (deal, rank) pairs of the published per-deal data
// in the same bucket, where the bucket is what a player sees about r:
//   - exposed copies of r: 0 (Double Signora and Empress only), 1, 2, 3 or more;
//   - exposed copies of r-1, the rank that goes up last: 0, 1, 2 or more;
//   - with a reserve (Signora, Double Signora): the reserve-release band of r, low / middle / high,
//     cut at the terciles of the training deals (features.ts: how far the foundations must be built
//     before reserve cards come free).
// The rate is the share of those pairs won within the data's per-rank budget: a lower bound, as
// every published figure, with a Wilson interval on the bucket's size.
import { baseCandidates, type Deal } from '../engine/deal';
import { solve } from '../solver/solve';
import { TranspositionTable } from '../search/core/tt';
import { FEATURE_NAMES, rankFeatures } from './features';
import { type DealView, type Strategy, exposedCounts, viewOfDeal } from './strategies';
import { wilson } from '../records/stats';

export interface BucketCount {
  won: number;
  deals: number;
}

export interface AdviceTable {
  variant: string;
  /** Data the counts come from (directory, seeds, budget). */
  source: string;
  /** Reserve-release cut points (two terciles), or null without a reserve. */
  releaseCuts: [number, number] | null;
  buckets: Record<string, BucketCount>;
}

const BASE = FEATURE_NAMES.indexOf('exposed_base');
const PRED = FEATURE_NAMES.indexOf('exposed_pred');
const RELEASE = FEATURE_NAMES.indexOf('reserve_release');

/** The bucket key of rank r, e.g. "base 2, pred 0, release low". */
export function bucketOf(v: DealView, r: number, releaseCuts: [number, number] | null): string {
  const x = rankFeatures(v, r);
  const base = Math.min(3, x[BASE]);
  const pred = Math.min(2, x[PRED]);
  let key = `base ${base === 3 ? '3+' : base}, pred ${pred === 2 ? '2+' : pred}`;
  if (releaseCuts) {
    const rel = x[RELEASE];
    key += `, release ${rel <= releaseCuts[0] ? 'low' : rel <= releaseCuts[1] ? 'middle' : 'high'}`;
  }
  return key;
}

/** The q-quantile of the values (linear interpolation between order statistics). */
export function quantile(values: number[], q: number): number {
  if (values.length === 0) return NaN;
  const s = [...values].sort((a, b) => a - b);
  const pos = (s.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return s[lo] + (s[hi] - s[lo]) * (pos - lo);
}

export function releaseOf(v: DealView, r: number): number {
  return rankFeatures(v, r)[RELEASE];
}

// ---- Advice for one deal ----

export interface RankAdvice {
  rank: number;
  /** 1-based place in the recommended order; null for ranks the strategy does not choose among (not exposed). */
  place: number | null;
  exposed: number;
  pred: number;
  bucket: string;
  /** What ordered it, from the strategy (`3 exp`, `0.84`); null when the strategy does not say. */
  score: string | null;
  /** The win rate of the bucket, with its interval (null when the table has no such pair). */
  measured: (BucketCount & { rate: number; low: number; high: number }) | null;
  /** This deal solved with this base rank, when asked. */
  verdict?: { result: 'won' | 'lost' | 'unknown'; moves: number; nodes: number; stopReason?: string };
}

export interface Advice {
  variant: string;
  strategy: Strategy;
  table: AdviceTable | null;
  ranks: RankAdvice[];
}

/** How advise solves each rank: a node budget, and optionally a time budget and a search policy. */
export interface AdviceSearch {
  maxNodes: number;
  timeoutMs?: number;
  search?: string;
}

/**
 * The advice for one Terrace-family deal: the candidate ranks in the strategy's order (then, in
 * Double Signora and Empress, the ranks that are not exposed, by measured rate), each with its
 * bucket's measured rate and, when a budget is given (a node count, or AdviceSearch), the verdict
 * of a search with that base.
 */
export function advise(deal: Deal, strategy: Strategy, table: AdviceTable | null, budget?: number | AdviceSearch): Advice {
  const view = viewOfDeal(deal);
  const counts = exposedCounts(view);
  const order = strategy.order(view);
  const cuts = table?.releaseCuts ?? null;
  const one = (rank: number, place: number | null): RankAdvice => {
    const bucket = bucketOf(view, rank, cuts);
    const b = table?.buckets[bucket];
    const measured = b && b.deals > 0 ? { ...b, rate: b.won / b.deals, low: wilson(b.won, b.deals)[0], high: wilson(b.won, b.deals)[1] } : null;
    return { rank, place, exposed: counts[rank], pred: counts[(rank + 12) % 13], bucket, score: strategy.score?.(view, rank) ?? null, measured };
  };
  const ranks = order.map((r, i) => one(r, i + 1));
  const rest = baseCandidates(deal)
    .filter((r) => !order.includes(r))
    .map((r) => one(r, null))
    .sort((a, b) => (b.measured?.rate ?? -1) - (a.measured?.rate ?? -1) || a.rank - b.rank);
  ranks.push(...rest);
  if (budget !== undefined) {
    const b: AdviceSearch = typeof budget === 'number' ? { maxNodes: budget } : budget;
    const tt = new TranspositionTable(32);
    for (const ra of ranks) {
      const res = solve(deal, { base: ra.rank, maxNodes: b.maxNodes, timeoutMs: b.timeoutMs, search: b.search ?? 'auto', tt });
      ra.verdict = { result: res.result, moves: res.moveInts.length, nodes: res.stats.nodes, stopReason: res.stats.stopReason };
    }
  }
  return { variant: deal.rules.name, strategy, table, ranks };
}

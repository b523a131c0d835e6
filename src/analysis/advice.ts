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
import { FEATURE_NAMES, rankFeatures } from './features';
import type { DealView } from './strategies';

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

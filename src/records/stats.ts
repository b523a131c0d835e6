// Interval estimates for win rates (FORMATS.md, "Analysis results").

/** Two-sided 95% normal quantile. */
export const WILSON_Z = 1.959964;

/**
 * Wilson score interval for `k` successes in `n` trials: [low, high], both in [0, 1].
 * With no trials nothing is known, and the interval is [0, 1].
 */
export function wilson(k: number, n: number, z = WILSON_Z): [number, number] {
  if (!Number.isInteger(k) || !Number.isInteger(n) || k < 0 || n < 0 || k > n)
    throw new RangeError(`wilson: need whole numbers 0 <= k <= n, got k=${k}, n=${n}`);
  if (n === 0) return [0, 1];
  const p = k / n;
  const z2 = z * z;
  const denom = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denom;
  // Clamp rounding noise at the ends (k = 0 or k = n give exactly 0 or 1 in exact arithmetic).
  const low = k === 0 ? 0 : Math.max(0, centre - half);
  const high = k === n ? 1 : Math.min(1, centre + half);
  return [low, high];
}

export interface RateEstimate {
  /** won / deals; NaN when deals = 0. */
  rate: number;
  /** Lower Wilson bound counting unknown deals as lost. */
  low: number;
  /** Upper Wilson bound counting unknown deals as won. */
  high: number;
}

/** The interval of FORMATS.md: unknowns count as lost for the low end and as won for the high end. */
export function winRate(won: number, unknown: number, deals: number, z = WILSON_Z): RateEstimate {
  if (won + unknown > deals) throw new RangeError(`winRate: won ${won} + unknown ${unknown} > deals ${deals}`);
  return {
    rate: deals > 0 ? won / deals : NaN,
    low: wilson(won, deals, z)[0],
    high: wilson(won + unknown, deals, z)[1],
  };
}

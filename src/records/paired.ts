// Paired comparison of two base-card strategies scored on the same deals (issue 13).
//
// Every deal gives each strategy a 0/1 outcome ("won", under the measure in use), so two strategies
// make a paired 2x2 table:
//
//                 B won   B not
//     A won         a       b        b, c: the discordant deals (A won and B did not, and back)
//     A not         c       d        n = a + b + c + d
//
// - Test: the exact McNemar test, i.e. the two-sided exact binomial test of b successes in b + c
//   trials with p = 1/2 (only the discordant deals carry information about which is better).
//   Two-sided p = min(1, 2 * P(X <= min(b, c))), X ~ Binomial(b + c, 1/2); p = 1 when b + c = 0.
//   (For p = 1/2 the distribution is symmetric, so this equals the "sum of all outcomes no more
//   likely than the observed one" definition.)
// - Difference: (b - c) / n, the difference of the two win rates, with a 95% confidence interval
//   by Newcombe's method 10 (Newcombe 1998, Statistics in Medicine 17:2635-2650, the "square-and-
//   add" hybrid score interval for paired data): Wilson intervals [l1, u1], [l2, u2] of the two
//   rates combined through phi, the correlation of the two outcomes, with Newcombe's continuity
//   correction of phi (numerator ad - bc reduced by n/2 when positive, and 0 when that goes below
//   0; phi = 0 when a margin is 0):
//       L = D - sqrt((p1 - l1)^2 - 2 phi (p1 - l1)(u2 - p2) + (u2 - p2)^2)
//       U = D + sqrt((u1 - p1)^2 - 2 phi (u1 - p1)(p2 - l2) + (p2 - l2)^2)
//   It stays inside [-1, 1] and, unlike the Wald interval, does not collapse to a point when the
//   discordant deals are few.
// - Multiple comparisons: Holm's step-down correction over a family of comparisons (all the
//   comparisons of one game, one measure and one seed range); "significant" = Holm-adjusted p <
//   0.05. Holm controls the family-wise error rate like Bonferroni and is never less powerful.
import { WILSON_Z, wilson } from './stats';

/** ln C(n, k) for every k = 0..n, by the recurrence C(n, k+1) = C(n, k) (n - k) / (k + 1). */
function logBinomialRow(n: number): Float64Array {
  const out = new Float64Array(n + 1);
  for (let k = 0; k < n; k++) out[k + 1] = out[k] + Math.log(n - k) - Math.log(k + 1);
  return out;
}

/** P(X <= k) for X ~ Binomial(n, 1/2), computed in log space (exact to rounding for any n). */
export function binomialHalfCdf(k: number, n: number): number {
  if (!Number.isInteger(k) || !Number.isInteger(n) || n < 0) throw new RangeError(`binomialHalfCdf: bad k=${k}, n=${n}`);
  if (k < 0) return 0;
  if (k >= n) return 1;
  const row = logBinomialRow(n);
  const ln2n = n * Math.LN2;
  // log-sum-exp of ln C(n, i) - n ln 2 over i = 0..k.
  let max = -Infinity;
  for (let i = 0; i <= k; i++) max = Math.max(max, row[i]);
  let s = 0;
  for (let i = 0; i <= k; i++) s += Math.exp(row[i] - max);
  return Math.min(1, Math.exp(max + Math.log(s) - ln2n));
}

/** Exact two-sided binomial test of k successes in n trials against p = 1/2. */
export function binomialTestHalf(k: number, n: number): number {
  if (!Number.isInteger(k) || !Number.isInteger(n) || k < 0 || n < 0 || k > n)
    throw new RangeError(`binomialTestHalf: need whole numbers 0 <= k <= n, got k=${k}, n=${n}`);
  if (n === 0) return 1;
  const m = Math.min(k, n - k);
  if (2 * m === n) return 1;
  return Math.min(1, 2 * binomialHalfCdf(m, n));
}

/** Exact McNemar p-value from the two discordant counts. */
export function mcnemarExact(b: number, c: number): number {
  return binomialTestHalf(b, b + c);
}

/** A paired 2x2 table: a = both won, b = only A won, c = only B won, d = neither. */
export interface PairedTable {
  a: number;
  b: number;
  c: number;
  d: number;
}

export function pairedTable(wonA: readonly boolean[], wonB: readonly boolean[]): PairedTable {
  if (wonA.length !== wonB.length) throw new RangeError(`pairedTable: ${wonA.length} outcomes against ${wonB.length}`);
  const t = { a: 0, b: 0, c: 0, d: 0 };
  for (let i = 0; i < wonA.length; i++) {
    if (wonA[i] && wonB[i]) t.a++;
    else if (wonA[i]) t.b++;
    else if (wonB[i]) t.c++;
    else t.d++;
  }
  return t;
}

/**
 * Newcombe's method 10 interval for p1 - p2 = (b - c) / n (see the file comment). With n = 0 the
 * difference is undefined: [NaN, -1, 1].
 */
export function newcombePairedCI(t: PairedTable, z = WILSON_Z): { diff: number; low: number; high: number } {
  const { a, b, c, d } = t;
  const n = a + b + c + d;
  if (n === 0) return { diff: NaN, low: -1, high: 1 };
  const p1 = (a + b) / n;
  const p2 = (a + c) / n;
  const diff = (b - c) / n;
  const [l1, u1] = wilson(a + b, n, z);
  const [l2, u2] = wilson(a + c, n, z);
  let phi = 0;
  const margins = (a + b) * (c + d) * (a + c) * (b + d);
  if (margins > 0) {
    const num = a * d - b * c;
    const corrected = num > n / 2 ? num - n / 2 : Math.min(num, 0);
    phi = corrected / Math.sqrt(margins);
  }
  const dl = Math.sqrt(Math.max(0, (p1 - l1) ** 2 - 2 * phi * (p1 - l1) * (u2 - p2) + (u2 - p2) ** 2));
  const du = Math.sqrt(Math.max(0, (u1 - p1) ** 2 - 2 * phi * (u1 - p1) * (p2 - l2) + (p2 - l2) ** 2));
  return { diff, low: Math.max(-1, diff - dl), high: Math.min(1, diff + du) };
}

/** Holm step-down adjusted p-values, in the order given. */
export function holmAdjust(p: readonly number[]): number[] {
  const m = p.length;
  const order = p.map((_, i) => i).sort((i, j) => p[i] - p[j] || i - j);
  const out = new Array<number>(m);
  let running = 0;
  order.forEach((idx, rank) => {
    running = Math.max(running, Math.min(1, (m - rank) * p[idx]));
    out[idx] = running;
  });
  return out;
}

/** One paired comparison of A against B on the same deals. */
export interface PairedResult extends PairedTable {
  deals: number;
  wonA: number;
  wonB: number;
  /** (wonA - wonB) / deals. */
  diff: number;
  ciLow: number;
  ciHigh: number;
  /** Exact McNemar p-value (unadjusted). */
  p: number;
}

export function comparePaired(wonA: readonly boolean[], wonB: readonly boolean[]): PairedResult {
  const t = pairedTable(wonA, wonB);
  const ci = newcombePairedCI(t);
  const deals = wonA.length;
  return { ...t, deals, wonA: t.a + t.b, wonB: t.a + t.c, diff: ci.diff, ciLow: ci.low, ciHigh: ci.high, p: mcnemarExact(t.b, t.c) };
}

/** p-values: 4 significant digits, small ones in exponent form. */
export function fmtP(p: number): string {
  if (!Number.isFinite(p)) return '';
  if (p === 0) return '0';
  return p < 1e-4 ? p.toExponential(2) : String(Number(p.toPrecision(4)));
}

// Paired comparisons (src/records/paired.ts): exact binomial / McNemar p-values checkable by hand,
// Newcombe's paired interval against a published value, Holm's correction.
import { describe, expect, it } from 'vitest';
import { binomialHalfCdf, binomialTestHalf, comparePaired, holmAdjust, mcnemarExact, newcombePairedCI, pairedTable } from '../src/records/paired';

describe('exact binomial test, p = 1/2', () => {
  it('matches hand computation on small cases', () => {
    // n = 8, k = 1: P(X <= 1) = (1 + 8) / 256; two-sided doubles it.
    expect(binomialHalfCdf(1, 8)).toBeCloseTo(9 / 256, 14);
    expect(binomialTestHalf(1, 8)).toBeCloseTo(18 / 256, 14);
    expect(binomialTestHalf(7, 8)).toBeCloseTo(18 / 256, 14);
    // n = 5, k = 0: 2 / 32.
    expect(binomialTestHalf(0, 5)).toBeCloseTo(1 / 16, 14);
    // n = 10, k = 3: 2 * (1 + 10 + 45 + 120) / 1024 = 352 / 1024.
    expect(binomialTestHalf(3, 10)).toBeCloseTo(352 / 1024, 14);
    // Balanced outcomes and no trials are no evidence at all.
    expect(binomialTestHalf(10, 20)).toBe(1);
    expect(binomialTestHalf(0, 0)).toBe(1);
    expect(binomialTestHalf(1, 2)).toBe(1);
    expect(binomialTestHalf(2, 2)).toBeCloseTo(0.5, 14);
  });
  it('stays accurate for large n (values from scipy.stats.binomtest)', () => {
    expect(binomialTestHalf(40, 100)).toBeCloseTo(0.05688793364098089, 12);
    expect(binomialTestHalf(700, 1500)).toBeCloseTo(0.010559255466711506, 12);
    // 2 * 2^-1000 = 2^-999: tiny but representable, and not lost to underflow in the sum.
    expect(binomialTestHalf(0, 1000) / 2 ** -999).toBeCloseTo(1, 10);
    expect(binomialTestHalf(1000, 1000) / 2 ** -999).toBeCloseTo(1, 10);
  });
  it('rejects impossible counts', () => {
    expect(() => binomialTestHalf(3, 2)).toThrow(RangeError);
    expect(() => binomialTestHalf(-1, 2)).toThrow(RangeError);
  });
  it('McNemar uses only the discordant counts', () => {
    expect(mcnemarExact(1, 7)).toBeCloseTo(18 / 256, 14);
    expect(mcnemarExact(7, 1)).toBeCloseTo(18 / 256, 14);
    expect(comparePaired([true, true, false, false], [true, false, false, true]).p).toBe(1);
  });
});

describe('paired table and Newcombe interval', () => {
  it('counts the four cells', () => {
    expect(pairedTable([true, true, false, false, true], [true, false, true, false, false])).toEqual({ a: 1, b: 2, c: 1, d: 1 });
    expect(() => pairedTable([true], [])).toThrow(RangeError);
  });
  it('reproduces the published square-and-add interval (Fagerland, Lydersen & Laake, Cavo et al. 2012 data)', () => {
    // a = 59, b = 6, c = 16, d = 80: estimate -0.0621, 95% CI -0.1186 to -0.0046.
    const ci = newcombePairedCI({ a: 59, b: 6, c: 16, d: 80 });
    expect(ci.diff).toBeCloseTo(-0.0621, 4);
    expect(ci.low).toBeCloseTo(-0.1186, 4);
    expect(ci.high).toBeCloseTo(-0.0046, 4);
  });
  it('is symmetric when A and B swap, contains the difference, stays in [-1, 1]', () => {
    for (const t of [
      { a: 10, b: 3, c: 0, d: 7 },
      { a: 0, b: 5, c: 0, d: 0 },
      { a: 500, b: 40, c: 60, d: 400 },
      { a: 0, b: 0, c: 0, d: 9 },
    ]) {
      const ab = newcombePairedCI(t);
      const ba = newcombePairedCI({ a: t.a, b: t.c, c: t.b, d: t.d });
      expect(ba.diff).toBeCloseTo(-ab.diff, 12);
      expect(ba.low).toBeCloseTo(-ab.high, 12);
      expect(ba.high).toBeCloseTo(-ab.low, 12);
      expect(ab.low).toBeLessThanOrEqual(ab.diff);
      expect(ab.high).toBeGreaterThanOrEqual(ab.diff);
      expect(ab.low).toBeGreaterThanOrEqual(-1);
      expect(ab.high).toBeLessThanOrEqual(1);
    }
    // No discordant deal: difference 0, but the interval is not a point.
    const tie = newcombePairedCI({ a: 10, b: 0, c: 0, d: 10 });
    expect(tie.diff).toBe(0);
    expect(tie.high).toBeGreaterThan(0);
    expect(newcombePairedCI({ a: 0, b: 0, c: 0, d: 0 }).diff).toBeNaN();
  });
  it('agrees in sign with a clear McNemar result', () => {
    const wonA = [...Array(100)].map((_, i) => i < 60);
    const wonB = [...Array(100)].map((_, i) => i < 30);
    const r = comparePaired(wonA, wonB);
    expect(r).toMatchObject({ a: 30, b: 30, c: 0, d: 40, wonA: 60, wonB: 30, deals: 100 });
    expect(r.diff).toBeCloseTo(0.3, 12);
    expect(r.ciLow).toBeGreaterThan(0);
    expect(r.p).toBeCloseTo(2 / 2 ** 30, 20);
  });
});

describe('Holm correction', () => {
  it('adjusts step-down and keeps the input order', () => {
    // Sorted 0.01, 0.02, 0.04 with m = 3: 0.03, max(0.03, 0.04) = 0.04, max(0.04, 0.04) = 0.04.
    const adj = holmAdjust([0.04, 0.01, 0.02]);
    expect(adj[0]).toBeCloseTo(0.04, 12);
    expect(adj[1]).toBeCloseTo(0.03, 12);
    expect(adj[2]).toBeCloseTo(0.04, 12);
    // Monotone in the sorted order, capped at 1.
    expect(holmAdjust([0.5, 0.6, 0.001])).toEqual([1, 1, 0.003]);
    expect(holmAdjust([])).toEqual([]);
    // A single comparison is not adjusted.
    expect(holmAdjust([0.049])).toEqual([0.049]);
  });
});

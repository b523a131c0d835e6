// Pure parts of the analysis: Wilson intervals, summarising per-deal rows, strategies, CSV reading.
import { describe, expect, it } from 'vitest';
import { makeCard } from '../src/cards/card';
import type { Verdict } from '../src/proof/proof';
import { type DealRow, SUMMARY_COLUMNS, fmtRate, parseCsv, summaryRecord } from '../src/records/records';
import { WILSON_Z, wilson, winRate } from '../src/records/stats';
import { bestVerdict, groupBySeed, orVerdict } from '../src/records/verdicts';
import { bestAnyConflicts, summarise } from '../src/analysis/summary';
import { type DealView, STRATEGIES, evaluateStrategies, exposedRunLength, strategyByName } from '../src/strategy/strategies';
import { parseVariants } from '../src/cli/analyze';
import { parseSeedRange } from '../src/cli/io';

const round4 = (x: number) => Math.round(x * 1e4) / 1e4;

describe('wilson interval', () => {
  it('matches known values', () => {
    expect(WILSON_Z).toBe(1.959964);
    expect(wilson(8, 10).map(round4)).toEqual([0.4902, 0.9433]);
    expect(wilson(0, 10).map(round4)).toEqual([0, 0.2775]);
    expect(wilson(10, 10).map(round4)).toEqual([0.7225, 1]);
    expect(wilson(1, 2).map(round4)).toEqual([0.0945, 0.9055]);
    expect(wilson(50, 100).map(round4)).toEqual([0.4038, 0.5962]);
  });
  it('is [0, 1] with no trials and rejects nonsense', () => {
    expect(wilson(0, 0)).toEqual([0, 1]);
    expect(() => wilson(3, 2)).toThrow();
    expect(() => wilson(-1, 2)).toThrow();
    expect(() => wilson(0.5, 2)).toThrow();
  });
  it('counts unknowns as lost for the low end and as won for the high end', () => {
    const e = winRate(6, 2, 10);
    expect(e.rate).toBe(0.6);
    expect(e.low).toBe(wilson(6, 10)[0]);
    expect(e.high).toBe(wilson(8, 10)[1]);
    expect(winRate(0, 0, 0).rate).toBeNaN();
    expect(() => winRate(5, 6, 10)).toThrow();
  });
  it('formats rates as fractions with four decimals', () => {
    expect(fmtRate(0.79544)).toBe('0.7954');
    expect(fmtRate(1)).toBe('1');
    expect(fmtRate(NaN)).toBe('');
  });
});

function row(variant: string, seed: number, base: string, result: Verdict): DealRow {
  return { variant, seed, base, result, moves: result === 'won' ? 100 : null, nodes: 10, ms: 1, proof: result === 'lost' ? 'exhaustive' : '', cells: 0 };
}

describe('summarise', () => {
  // Synthetic Signora rows: seed 1 wins with 7 only; seed 2 all proved lost; seed 3 unknown and lost;
  // seed 4 rank 7 unknown, K won; seed 5 has every rank lost but one row missing (incomplete).
  const rows: DealRow[] = [
    row('signora', 1, '7', 'won'),
    row('signora', 1, 'K', 'lost'),
    row('signora', 1, 'any', 'won'),
    row('signora', 2, '7', 'lost'),
    row('signora', 2, 'A', 'lost'),
    row('signora', 2, 'any', 'lost'),
    row('signora', 3, 'A', 'unknown'),
    row('signora', 3, '2', 'lost'),
    row('signora', 3, 'any', 'unknown'),
    row('signora', 4, '7', 'unknown'),
    row('signora', 4, 'K', 'won'),
    row('signora', 4, 'any', 'unknown'),
    row('signora', 5, 'Q', 'lost'),
    row('winery', 1, 'any', 'won'), // another variant: ignored
  ];
  const candidates = (s: number) => (s === 5 ? ['Q', 'K'] : undefined);
  const sum = summarise(rows, { variant: 'signora', terraceFamily: true, mode: 'all', candidates });
  const by = (b: string) => sum.find((r) => r.base === b)!;

  it('has one row per rank in order A..K, then best and any', () => {
    expect(sum.map((r) => r.base)).toEqual([...'A23456789TJQK', 'best', 'any']);
    expect(sum.every((r) => r.variant === 'signora')).toBe(true);
    expect(summaryRecord(by('best'), 0).length).toBe(SUMMARY_COLUMNS.length);
  });
  it('counts for each rank only the deals that have a row for it, and equals the rows', () => {
    for (const r of sum.filter((x) => x.base.length === 1)) {
      const mine = rows.filter((x) => x.variant === 'signora' && x.base === r.base);
      expect(r.deals).toBe(mine.length);
      expect(r.won).toBe(mine.filter((x) => x.result === 'won').length);
      expect(r.lost).toBe(mine.filter((x) => x.result === 'lost').length);
      expect(r.unknown).toBe(mine.filter((x) => x.result === 'unknown').length);
      expect(r.won + r.lost + r.unknown).toBe(r.deals);
    }
    expect(by('7')).toMatchObject({ deals: 3, won: 1, lost: 1, unknown: 1 });
    expect(by('3')).toMatchObject({ deals: 0, won: 0 });
    expect(by('3').win_rate).toBeNaN();
    expect([by('3').ci_low, by('3').ci_high]).toEqual([0, 1]);
  });
  it('best is the OR of the per-rank rows; lost only when every candidate rank is lost', () => {
    // seeds 1 and 4 won; 2 lost; 3 unknown (one rank unknown); 5 unknown (rank K never searched).
    expect(by('best')).toMatchObject({ deals: 5, won: 2, lost: 1, unknown: 2 });
    expect(by('best').win_rate).toBe(0.4);
    expect(by('best').ci_low).toBe(wilson(2, 5)[0]);
    expect(by('best').ci_high).toBe(wilson(4, 5)[1]);
    expect(by('any')).toMatchObject({ deals: 4, won: 1, lost: 1, unknown: 2 });
    const g = groupBySeed(rows.filter((r) => r.variant === 'signora'));
    expect(bestVerdict(g.get(5)!)).toBe('lost'); // without candidates the rows are taken as complete
    expect(bestVerdict(g.get(5)!, ['Q', 'K'])).toBe('unknown');
    expect(bestVerdict(new Map([['any', row('signora', 9, 'any', 'won')]]))).toBeUndefined();
  });
  it('orVerdict', () => {
    expect(orVerdict(['lost', 'unknown', 'won'])).toBe('won');
    expect(orVerdict(['lost', 'lost'])).toBe('lost');
    expect(orVerdict(['lost', 'unknown'])).toBe('unknown');
    expect(orVerdict(['lost'], false)).toBe('unknown');
    expect(orVerdict([])).toBe('unknown');
  });
  it('gives a single any row outside the Terrace family and in mode any', () => {
    const w = summarise(rows, { variant: 'winery', terraceFamily: false, mode: 'all' });
    expect(w).toHaveLength(1);
    expect(w[0]).toMatchObject({ variant: 'winery', base: 'any', deals: 1, won: 1, win_rate: 1 });
    const a = summarise(rows, { variant: 'signora', terraceFamily: true, mode: 'any' });
    expect(a.map((r) => r.base)).toEqual(['any']);
  });
  it('restricts to the requested seeds and lets a later duplicate row win', () => {
    const s = summarise([...rows, row('signora', 2, 'any', 'won')], { variant: 'signora', terraceFamily: true, mode: 'all', seeds: (x) => x <= 2 });
    expect(s.find((r) => r.base === 'any')).toMatchObject({ deals: 2, won: 2 });
    expect(s.find((r) => r.base === 'best')).toMatchObject({ deals: 2, won: 1, lost: 1 });
  });
  it('finds deals where best and any contradict each other', () => {
    const bad = [row('signora', 1, '7', 'lost'), row('signora', 1, 'any', 'won'), row('signora', 2, '7', 'won'), row('signora', 2, 'any', 'unknown')];
    expect(bestAnyConflicts(bad, 'signora')).toEqual([1]);
    expect(bestAnyConflicts(rows, 'signora', candidates)).toEqual([]);
  });
});

// Cards: rank letters A23456789TJQK = 0..12, suits C D H S = 0..3.
const c = (rank: number, suit: number) => makeCard(rank, suit);

describe('strategies', () => {
  // Tops: two 5s, two 9s, one K, one A, one 4; reserve top a 9.
  const view: DealView = { tableauTops: [c(4, 0), c(8, 1), c(4, 2), c(12, 3), c(0, 0), c(8, 3), c(3, 1)], reserveTop: c(8, 2) };
  const pick = (name: string, v: DealView = view) => strategyByName(name)!.pick(v);

  it('has at least four honest strategies with distinct names', () => {
    expect(STRATEGIES.length).toBeGreaterThanOrEqual(4);
    expect(new Set(STRATEGIES.map((s) => s.name)).size).toBe(STRATEGIES.length);
    expect(STRATEGIES.map((s) => s.name)).not.toContain('best');
  });
  it('most-exposed counts the reserve top; ties go to the lowest rank', () => {
    expect(pick('most-exposed')).toBe(8); // three 9s
    expect(pick('most-exposed', { ...view, reserveTop: c(4, 1) })).toBe(4); // three 5s now, two 9s
    expect(pick('most-exposed', { tableauTops: [c(6, 0), c(2, 1), c(6, 1), c(2, 0)], reserveTop: null })).toBe(2); // tie 3 and 7
  });
  it('reserve-top picks the reserve top, and falls back to most-exposed without a reserve', () => {
    expect(pick('reserve-top')).toBe(8);
    expect(pick('reserve-top', { ...view, reserveTop: c(0, 3) })).toBe(0);
    expect(pick('reserve-top', { ...view, reserveTop: null })).toBe(pick('most-exposed', { ...view, reserveTop: null }));
  });
  it('least-predecessor, lowest-exposed, highest-exposed', () => {
    // Predecessor counts: A<-K 1, 4<-3 0, 5<-4 1, 9<-8 0, K<-Q 0. Ties 4, 9, K at 0: most copies -> 9.
    expect(pick('least-predecessor')).toBe(8);
    expect(pick('lowest-exposed')).toBe(0);
    expect(pick('highest-exposed')).toBe(12);
  });
  it('longest-run follows alternating colours, wrapping K to A', () => {
    // K(spade, black) -> A(club, black): colours do not alternate, so K's run is 1; 4D(red) -> 5C(black) -> (no 6): 2.
    expect(exposedRunLength(view, 12)).toBe(1);
    expect(exposedRunLength(view, 3)).toBe(2);
    const wrap: DealView = { tableauTops: [c(12, 1), c(0, 0), c(1, 2)], reserveTop: null }; // KD AC 2H
    expect(exposedRunLength(wrap, 12)).toBe(3);
    expect(pick('longest-run', wrap)).toBe(12);
    expect(pick('longest-run')).toBe(3);
  });
  it('picks only exposed ranks, deterministically', () => {
    const ranks = new Set([...view.tableauTops, view.reserveTop!].map((x) => x >> 2));
    for (const s of STRATEGIES) {
      expect(ranks.has(s.pick(view))).toBe(true);
      expect(s.pick(view)).toBe(s.pick({ ...view }));
    }
  });
  it('are scored from the per-rank verdicts, the oracle first', () => {
    const g = (entries: [string, Verdict][]) => new Map(entries.map(([b, v]) => [b, row('signora', 1, b, v)]));
    const deals = [
      {
        seed: 1,
        view,
        rows: g([
          ['9', 'won'],
          ['A', 'lost'],
          ['K', 'lost'],
        ]),
        best: 'won' as Verdict,
      },
      {
        seed: 2,
        view,
        rows: g([
          ['9', 'unknown'],
          ['A', 'won'],
        ]),
        best: 'won' as Verdict,
      },
      {
        seed: 3,
        view,
        rows: g([
          ['9', 'lost'],
          ['A', 'lost'],
        ]),
        best: 'unknown' as Verdict,
      }, // K missing: unknown
    ];
    const rows = evaluateStrategies('signora', deals);
    expect(rows[0]).toMatchObject({ strategy: 'best', deals: 3, won: 2, unknown: 1 });
    const most = rows.find((r) => r.strategy === 'most-exposed')!; // picks 9: won, unknown, lost
    expect(most).toMatchObject({ deals: 3, won: 1, unknown: 1 });
    expect(most.ci_low).toBe(wilson(1, 3)[0]);
    expect(most.ci_high).toBe(wilson(2, 3)[1]);
    const low = rows.find((r) => r.strategy === 'lowest-exposed')!; // picks A: lost, won, lost
    expect(low).toMatchObject({ won: 1, unknown: 0 });
    const high = rows.find((r) => r.strategy === 'highest-exposed')!; // picks K: lost, missing, missing
    expect(high).toMatchObject({ won: 0, unknown: 2 });
    for (const r of rows) expect(r.won).toBeLessThanOrEqual(rows[0].won + rows[0].unknown);
  });
});

describe('CSV and arguments', () => {
  it('parses CSV, quotes included, and reports a torn last line', () => {
    expect(parseCsv('a,b\n1,"x,""y"""\n')).toEqual({
      records: [
        ['a', 'b'],
        ['1', 'x,"y"'],
      ],
      partial: null,
      partialAt: 16,
    });
    expect(parseCsv('a,b\r\n1,2\r\n3,')).toEqual({
      records: [
        ['a', 'b'],
        ['1', '2'],
      ],
      partial: ['3', ''],
      partialAt: 10,
    });
    expect(parseCsv('')).toEqual({ records: [], partial: null, partialAt: 0 });
  });
  it('parses seed ranges and variant lists', () => {
    expect(parseSeedRange('1-100')).toEqual({ from: 1, to: 100 });
    expect(parseSeedRange('7')).toEqual({ from: 7, to: 7 });
    expect(() => parseSeedRange('10-5')).toThrow(/empty/);
    expect(() => parseSeedRange('abc')).toThrow(/bad --seeds/);
    expect(() => parseSeedRange('-3')).toThrow();
    expect(parseVariants(['all'])).toEqual(['signora', 'double-signora', 'empress-of-italy', 'red-and-black', 'winery']);
    expect(parseVariants(['winery', 'all']).length).toBe(5);
    expect(() => parseVariants(['signor'])).toThrow(/unknown variant/);
  });
});

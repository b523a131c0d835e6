// The pieces of the charts (issue 57): the share axis fitted to the data with its cut marked, the
// stack of outcomes in order, the footer, the deal x base-rank picture of the published files, and
// the one rounding shared by charts and tables. No solving: specs rendered from given rows.
import * as path from 'path';
import { describe, expect, it } from 'vitest';
import { outcomesSpec, ranksSpec, readProvenance } from '../src/analysis/charts';
import { MAX_COLUMNS, cellCounts, cellRuns, dealGrid, dealsChartSvg, drawnGrid, drawnRuns } from '../src/analysis/deals-chart';
import { type StrategyNotes, formatReport } from '../src/analysis/report';
import type { AnalysisResult } from '../src/analysis/run';
import { percent, points, roundDecimal, thousands } from '../src/records/format';
import { RANKS } from '../src/cards/card';
import { type DealRow, type SummaryRow, dealFile, readDealFile } from '../src/records/records';
import { winRate } from '../src/records/stats';
import { INK, OUTCOMES, provenanceLine, render, shareAxis, stackSegments, withFooter } from '../src/records/svg';
import { strategiesChartSvg } from '../src/strategy/chart';

const PUBLISHED = path.join(__dirname, '..', 'results', 'published');

/** A summary row from counts, its rates as the summaries compute them. */
function row(base: string, won: number, unknown: number, lost: number): SummaryRow {
  const deals = won + unknown + lost;
  const e = winRate(won, unknown, deals);
  return { variant: 'signora', base, deals, won, lost, unknown, win_rate: e.rate, ci_low: e.low, ci_high: e.high };
}

/** The cut mark of src/records/svg.ts axisBreak: a symbol drawn in ink with a custom path. */
const CUT = new RegExp(`class="mark-symbol role-mark[^"]*"[^>]*><path [^>]*d="M-?[\\d.]+,[^"]*M[^"]*" stroke="${INK}"`);

describe('the share axis fitted to the data', () => {
  it('starts at a round value just under the lowest datum, with at most 8 steps to 100%', () => {
    for (const [lowest, start, step] of [
      [0.8125, 0.8, 0.05],
      [0.9644, 0.96, 0.005],
      [0.9822, 0.98, 0.005],
      [0.7721, 0.75, 0.05],
      [0.9981, 0.997, 0.001],
    ]) {
      const a = shareAxis(lowest);
      expect(a.domain, String(lowest)).toEqual([start, 1]);
      expect(a.cut).toBe(true);
      expect(a.domain[0]).toBeLessThanOrEqual(lowest);
      expect(lowest - a.domain[0]).toBeLessThan(2 * step);
      expect(a.values[0]).toBe(start);
      expect(a.values[a.values.length - 1]).toBe(1);
      expect(a.values.length).toBeLessThanOrEqual(9);
    }
  });

  it('starts at 0 when the data reach down to 30% or less', () => {
    for (const lowest of [0, 0.1, 0.3, NaN]) expect(shareAxis(lowest)).toMatchObject({ domain: [0, 1], cut: false });
  });

  it('a chart whose data sit between 80% and 100% is cut there, the cut marked on its axis; one reaching 0 is not', async () => {
    const high = [row('A', 85, 2, 13), row('2', 88, 1, 11), row('best', 98, 0, 2), row('any', 97, 1, 2)];
    const svg = await render(ranksSpec('signora', high));
    expect(svg).toContain('share of deals (axis from 75%)');
    expect(svg).toContain('The share axis starts at 75%.');
    expect(svg).toMatch(CUT);
    const low = [row('A', 10, 2, 88), row('best', 40, 0, 60), row('any', 30, 1, 69)];
    const plain = await render(ranksSpec('signora', low));
    expect(plain).not.toMatch(CUT);
    expect(plain).not.toContain('axis from');
    expect(await render(outcomesSpec(new Map([['signora', high]])))).toMatch(CUT);
  });
});

describe('outcomes stacked along the axis', () => {
  it('proved won from 0, then unknown, then proved lost up to 1', () => {
    const segs = stackSegments({ won: 7, unknown: 2, lost: 1, deals: 10 }, 'x', { key: 'k' });
    expect(segs.map((s) => s.outcome)).toEqual([...OUTCOMES]);
    expect(segs.map((s) => [s.from, s.to])).toEqual([
      [0, 0.7],
      [0.7, 0.9],
      [0.9, 1],
    ]);
    expect(segs[2].desc).toBe('x: proved lost 1 of 10 deals (10.0%)');
  });
});

describe('the footer', () => {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" class="marks" width="200" height="100" viewBox="0 0 200 100"><rect width="200" height="100" fill="white"/><g/></svg>\n';

  it('adds its lines under the chart, wrapped, escaped, and grows the picture and its background to hold them', () => {
    const out = withFooter(svg, ['a <note> & more'], ['Signora: seeds 1-2000, ' + 'very long words '.repeat(12)]);
    const lines = [...out.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
    expect(lines[0]).toBe('a &lt;note&gt; &amp; more');
    expect(lines.length).toBeGreaterThan(2);
    const [, w, h] = /width="(\d+)" height="(\d+)"/.exec(out)!.map(Number);
    expect(w).toBeGreaterThanOrEqual(200);
    expect(h).toBe(100 + 8 + lines.length * 15);
    expect(out).toContain(`<rect width="${w}" height="${h}" fill="white"/>`);
    expect(out).toContain(`viewBox="0 0 ${w} ${h}"`);
    expect(withFooter(svg, [], [])).toBe(svg);
  });

  it("names each game's seeds, node budget, earlier budgets and run from run.json", async () => {
    const prov = readProvenance(PUBLISHED);
    const svg = await render(outcomesSpec(new Map([['signora', [row('best', 98, 0, 2)]]])), { provenance: [] });
    expect(svg).not.toContain('class="footer"');
    expect(provenanceLine(prov.get('signora')!)).toBe('Signora: seeds 1-10000, 2,000,000 nodes per search; run.json: commit 7e488b3, finished 2026-11-30');
    expect(provenanceLine(prov.get('empress-of-italy')!)).toBe(
      'Empress of Italy: seeds 1-10000, 2,000,000 nodes per search; run.json: commit 6735638, finished 2026-11-30',
    );
    const merged = { ...prov.get('empress-of-italy')!.run!, merged: true };
    expect(provenanceLine({ variant: 'empress-of-italy', run: merged })).toBe(
      'Empress of Italy: seeds 1-10000, 2,000,000 nodes per search; run.json: merged, commit 6735638, finished 2026-11-30',
    );
    const retried = { ...prov.get('signora')!.run!, maxNodes: 20_000_000, earlierMaxNodes: [2_000_000] };
    expect(provenanceLine({ variant: 'signora', run: retried })).toBe(
      'Signora: seeds 1-10000, 20,000,000 nodes per search (the unknown rows of a 2,000,000-node run searched again); run.json: commit 7e488b3, finished 2026-11-30',
    );
    expect(provenanceLine({ variant: 'winery', run: null })).toBe('Winery: no run.json entry, so its seeds and node budget are not recorded');
  });
});

describe('the deal x base-rank picture of the published files', () => {
  for (const variant of ['signora', 'double-signora', 'empress-of-italy']) {
    it(`${variant}: its cells count what the per-deal file holds, and its rectangles draw exactly them`, async () => {
      const rows = readDealFile(dealFile(PUBLISHED, variant), variant);
      const grid = dealGrid(rows)!;
      const seeds = new Set(rows.map((r) => r.seed));
      expect(grid.seeds).toHaveLength(seeds.size);
      const svg = await dealsChartSvg(variant, rows, readProvenance(PUBLISHED).get(variant));
      grid.ranks.forEach((rank, i) => {
        const file = rows.filter((r) => r.base === rank);
        const n = cellCounts(grid.cells[i]);
        const count = (res: string) => file.filter((r) => r.result === res).length;
        expect(n).toEqual({ won: count('won'), unknown: count('unknown'), lost: count('lost'), none: seeds.size - file.length });
        const none = n.none ? `; not choosable in ${n.none}` : '';
        expect(svg).toContain(`aria-label="base ${rank}: proved won ${n.won}, unknown ${n.unknown}, proved lost ${n.lost} of ${file.length} deals${none}"`);
      });
      // Painting the drawn rectangles in order gives the grid back, with fewer rectangles than runs.
      const painted = grid.ranks.map(() => new Array<string>(grid.seeds.length).fill(''));
      for (const r of drawnRuns(grid)) painted[grid.ranks.indexOf(r.rank)].fill(r.cell, r.start, r.start + r.length);
      expect(painted).toEqual(grid.cells);
      expect(drawnRuns(grid).length).toBeLessThan(cellRuns(grid).length);
      // Deals by ranks won, most first; ranks by win rate, highest first.
      expect([...grid.wins].sort((a, b) => b - a)).toEqual(grid.wins);
      const rate = (i: number) => cellCounts(grid.cells[i]).won / grid.cells[i].filter((c) => c !== 'none').length;
      for (let i = 1; i < grid.ranks.length; i++) expect(rate(i)).toBeLessThanOrEqual(rate(i - 1));
      expect(svg!.length).toBeLessThan(1_000_000);
    });
  }

  it('a run of 30,000 deals stays a picture of 2,000 columns, each the commonest cell of its deals, its counts exact', async () => {
    const rows: DealRow[] = [];
    const results = ['won', 'won', 'won', 'unknown', 'lost'] as const;
    for (let seed = 1; seed <= 30000; seed++)
      for (let r = 0; r < 13; r++)
        if ((seed * 7 + r * 3) % 11 !== 0) {
          const result = results[(seed * 31 + r * 17) % 5];
          rows.push({ variant: 'signora', seed, base: RANKS[r], result, moves: null, nodes: 1, ms: 0, proof: '', cells: 0 });
        }
    const grid = dealGrid(rows)!;
    const drawn = drawnGrid(grid);
    expect(drawn.bin).toBe(15);
    expect(drawn.grid.seeds).toHaveLength(MAX_COLUMNS);
    const column = grid.cells[0].slice(15, 30);
    const n = cellCounts(column);
    expect(n[drawn.grid.cells[0][1]]).toBe(Math.max(...Object.values(n)));
    const svg = (await dealsChartSvg('signora', rows, undefined))!;
    expect(svg).toContain('Each column holds 15 deals and shows their commonest verdict.');
    const k = cellCounts(grid.cells[0]);
    expect(svg).toContain(
      `aria-label="base ${grid.ranks[0]}: proved won ${k.won}, unknown ${k.unknown}, proved lost ${k.lost} of ${30000 - k.none} deals; not choosable in ${k.none}"`,
    );
    expect(svg.length).toBeLessThan(2_000_000);
  });

  it('has no picture without per-rank rows', () => {
    expect(dealGrid([{ variant: 'signora', seed: 1, base: 'any', result: 'won', moves: 1, nodes: 1, ms: 1, proof: '', cells: 0 }])).toBeNull();
  });
});

describe('one rounding for charts and tables', () => {
  it('rounds the decimal value, half away from zero', () => {
    expect(percent(0.8765)).toBe('87.7%'); // (100 * 0.8765).toFixed(1) gives 87.6
    expect(percent(0.87649)).toBe('87.6%');
    expect(percent(1)).toBe('100.0%');
    expect(percent(NaN)).toBe('-');
    expect(percent(0.975, 0)).toBe('98%');
    expect(roundDecimal(1.005, 2)).toBe('1.01');
    expect(points(0.035)).toBe('+3.5');
    expect(points(-0.0001)).toBe('-0.0');
    expect(points(0)).toBe('+0.0');
    expect(thousands(20000000)).toBe('20,000,000');
  });

  it('strategies.svg and the analyze table write 1753 of 2000 alike', async () => {
    const e = winRate(1753, 247, 2000);
    const strategy = {
      variant: 'empress-of-italy',
      strategy: 'most-exposed',
      deals: 2000,
      won: 1753,
      unknown: 247,
      lost: 0,
      win_rate: e.rate,
      ci_low: e.low,
      ci_high: e.high,
    };
    const svg = await strategiesChartSvg([strategy]);
    expect(svg).toContain('>87.7% (1753 of 2000)</text>');
    const res = { commandLine: 'x', variants: [{ variant: 'empress-of-italy', summary: [], strategies: [strategy], conflicts: [], cells: null }], crashes: [] };
    const notes: StrategyNotes = { names: [], learned: new Map() };
    const lines = formatReport({ ...res, options: { outDir: 'x' }, seconds: 0, cpuSeconds: 0 } as unknown as AnalysisResult, notes);
    expect(lines.find((l) => l.includes('most-exposed'))).toMatch(/1753\/2000\s+87\.7% \[/);
  });
});

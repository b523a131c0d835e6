// <variant>-deals.svg: the deal x base-rank picture of a Terrace game, drawn from its per-deal rows.
// Each column is a deal, each row a base rank, each cell the verdict of that (deal, rank) search:
// proved won, unknown, proved lost, or not choosable (Signora: no card of the rank exposed, so no
// row). Deals are sorted by how many ranks win them, then by which ranks do, and ranks by their win
// rate, so the main finding shows: the winning rank depends on the deal, and some ranks win together.
// Each row is one rectangle in its commonest kind with the runs of the other kinds on top, at pixel
// positions computed here (identity scales), so 2,000 deals x 13 ranks stay a few hundred kilobytes.
import type { TopLevelSpec } from 'vega-lite';
import { RANKS } from '../cards/card';
import type { DealRow } from '../records/records';
import { INK, LOST, type Provenance, UNKNOWN, WON, asSpec, pct, provenanceLine, render, title } from '../records/svg';

export const dealsChart = (variant: string) => `${variant}-deals.svg`;

/** A cell of the picture: the verdict of the (deal, rank) row, or `none` when the deal has no row of that rank. */
export type Cell = 'won' | 'unknown' | 'lost' | 'none';
const CELLS: Cell[] = ['won', 'unknown', 'lost', 'none'];
const CELL_LABEL: Record<Cell, string> = {
  won: 'proved won',
  unknown: 'unknown (budget ran out)',
  lost: 'proved lost',
  none: 'not choosable (no card of the rank exposed)',
};
const CELL_COLOUR: Record<Cell, string> = { won: WON, unknown: UNKNOWN, lost: LOST, none: '#e6e6e6' };

/** The picture as data: rows (ranks), columns (deals) and cells, in drawing order. */
export interface DealGrid {
  /** Rank letters, top to bottom: by won share of the deals that could choose them, highest first (ties: A..K). */
  ranks: string[];
  /** Seeds, left to right: most ranks won first, then by their cells down the rows (won, unknown, lost, none), then seed. */
  seeds: number[];
  /** cells[i][j]: rank ranks[i] in deal seeds[j]. */
  cells: Cell[][];
  /** How many ranks win each deal, by column. */
  wins: number[];
}

/** Count of each cell kind in a row of the grid. */
export function cellCounts(row: Cell[]): Record<Cell, number> {
  const n: Record<Cell, number> = { won: 0, unknown: 0, lost: 0, none: 0 };
  for (const c of row) n[c]++;
  return n;
}

/** The grid of a game's per-deal rows (their `any` rows aside); null when no row is of a base rank. */
export function dealGrid(rows: DealRow[]): DealGrid | null {
  const bySeed = new Map<number, Map<string, Cell>>();
  for (const r of rows) {
    if (r.base.length !== 1) continue;
    if (!bySeed.has(r.seed)) bySeed.set(r.seed, new Map());
    bySeed.get(r.seed)!.set(r.base, r.result);
  }
  if (bySeed.size === 0) return null;
  const cell = (seed: number, rank: string): Cell => bySeed.get(seed)!.get(rank) ?? 'none';
  const rate = (rank: string) => {
    const seen = [...bySeed.values()].filter((m) => m.has(rank));
    return seen.length ? seen.filter((m) => m.get(rank) === 'won').length / seen.length : -1;
  };
  const ranks = RANKS.split('')
    .filter((k) => [...bySeed.values()].some((m) => m.has(k)))
    .map((k) => ({ k, rate: rate(k) }))
    .sort((a, b) => b.rate - a.rate || RANKS.indexOf(a.k) - RANKS.indexOf(b.k))
    .map((x) => x.k);
  const key = (seed: number) => ranks.map((k) => CELLS.indexOf(cell(seed, k))).join('');
  const wins = (seed: number) => ranks.filter((k) => cell(seed, k) === 'won').length;
  const seeds = [...bySeed.keys()].sort((a, b) => wins(b) - wins(a) || (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0) || a - b);
  return { ranks, seeds, cells: ranks.map((k) => seeds.map((s) => cell(s, k))), wins: seeds.map(wins) };
}

/** A run of equal cells along a row: its rank, kind, first column and length. */
export interface CellRun {
  rank: string;
  cell: Cell;
  start: number;
  length: number;
}

/** The runs of equal cells along each row, row by row. */
export function cellRuns(grid: DealGrid): CellRun[] {
  const out: CellRun[] = [];
  grid.cells.forEach((row, i) => {
    for (let j = 0; j < row.length;) {
      let k = j + 1;
      while (k < row.length && row[k] === row[j]) k++;
      out.push({ rank: grid.ranks[i], cell: row[j], start: j, length: k - j });
      j = k;
    }
  });
  return out;
}

/**
 * The rectangles that draw the grid: per row, one across the whole row in the kind with the most
 * runs, then one per run of every other kind on top. Equal to drawing every run, in far fewer
 * rectangles (Signora's 2,000 deals: about half).
 */
export function drawnRuns(grid: DealGrid): CellRun[] {
  const runs = cellRuns(grid);
  return grid.ranks.flatMap((rank) => {
    const mine = runs.filter((r) => r.rank === rank);
    const count = (c: Cell) => mine.filter((r) => r.cell === c).length;
    const back = CELLS.reduce((a, b) => (count(b) > count(a) ? b : a));
    return [{ rank, cell: back, start: 0, length: grid.seeds.length }, ...mine.filter((r) => r.cell !== back)];
  });
}

/** The columns the picture draws at most: with more deals, a column holds several (drawnGrid). */
export const MAX_COLUMNS = 2000;

/**
 * The grid as drawn: with more than MAX_COLUMNS deals, `bin` deals per column, each cell the
 * commonest of its deals (ties: won, unknown, lost, none), so that a run of 100,000 deals stays a
 * picture of at most 2,000 columns; the counts beside the rows stay those of every deal.
 */
export function drawnGrid(grid: DealGrid): { grid: DealGrid; bin: number } {
  const bin = Math.ceil(grid.seeds.length / MAX_COLUMNS);
  if (bin === 1) return { grid, bin };
  const columns = Math.ceil(grid.seeds.length / bin);
  const commonest = (cells: Cell[]) => {
    const n = cellCounts(cells);
    return CELLS.reduce((a, b) => (n[b] > n[a] ? b : a));
  };
  const at = Array.from({ length: columns }, (_, c) => c * bin);
  const cells = grid.cells.map((row) => at.map((j) => commonest(row.slice(j, j + bin))));
  return { grid: { ranks: grid.ranks, seeds: at.map((j) => grid.seeds[j]), cells, wins: at.map((j) => grid.wins[j]) }, bin };
}

/** Pixels per deal: a power of two (whole or a fraction, so positions stay short decimals) giving at most 1,000 pixels. */
function pixelsPerDeal(deals: number): number {
  let px = 32;
  while (px * deals > 1000 && px > 1 / 64) px /= 2;
  return px;
}

const ROW = 18;

/** The groups of columns with the same number of ranks won: their count and pixel span, for the labels above. */
function groups(grid: DealGrid, px: number): { wins: number; from: number; to: number }[] {
  const out: { wins: number; from: number; to: number }[] = [];
  grid.wins.forEach((w, j) => {
    const last = out[out.length - 1];
    if (last && last.wins === w) last.to = (j + 1) * px;
    else out.push({ wins: w, from: j * px, to: (j + 1) * px });
  });
  return out;
}

/** `<variant>-deals.svg` as a vega-lite spec; every position in pixels (identity scales), so the numbers stay short. */
export function dealsSpec(variant: string, grid: DealGrid): TopLevelSpec {
  const drawn = drawnGrid(grid);
  const px = pixelsPerDeal(drawn.grid.seeds.length); // per column
  const width = drawn.grid.seeds.length * px;
  const height = grid.ranks.length * ROW;
  const top = (rank: string) => grid.ranks.indexOf(rank) * ROW;
  const shown = CELLS.filter((c) => grid.cells.some((row) => row.includes(c)));
  const rects = drawnRuns(drawn.grid).map((r) => ({
    cell: CELL_LABEL[r.cell],
    x0: r.start * px,
    x1: (r.start + r.length) * px,
    y0: top(r.rank) + 1,
    y1: top(r.rank) + ROW - 1,
  }));
  const rows = grid.ranks.map((rank, i) => {
    const n = cellCounts(grid.cells[i]);
    const seen = n.won + n.unknown + n.lost;
    const desc = `base ${rank}: proved won ${n.won}, unknown ${n.unknown}, proved lost ${n.lost} of ${seen} deals${n.none ? `; not choosable in ${n.none}` : ''}`;
    return { rank, mid: top(rank) + ROW / 2, text: `${pct(n.won / seen)} of ${seen}`, desc };
  });
  const labelled = groups(grid, px / drawn.bin).filter((g) => g.to - g.from >= 9);
  const ticks = groups(grid, px / drawn.bin).slice(1);
  const binned = drawn.bin > 1 ? ` Each column holds ${drawn.bin} deals and shows their commonest verdict.` : '';
  const pixel = (field: string) => ({ field, type: 'quantitative', scale: null, axis: null });
  const choosable = shown.includes('none') ? ' Grey: the deal offers no card of that rank, so it cannot be the base.' : '';
  return asSpec({
    title: {
      text: `${title(variant)}: which base ranks win each deal, ${grid.seeds.length} deals`,
      subtitle: [
        `One column per deal, one row per base rank; each cell is the search of that deal with that base.${binned}`,
        `Deals sorted by how many ranks win them (the number above), then by which; ranks by their win rate (right).${choosable}`,
      ],
    },
    width,
    height,
    layer: [
      {
        data: { values: rects },
        mark: { type: 'rect', aria: false },
        encoding: {
          x: pixel('x0'),
          x2: { field: 'x1' },
          y: pixel('y0'),
          y2: { field: 'y1' },
          color: { field: 'cell', type: 'nominal', scale: { domain: shown.map((c) => CELL_LABEL[c]), range: shown.map((c) => CELL_COLOUR[c]) } },
        },
      },
      {
        data: { values: rows },
        layer: [
          {
            mark: { type: 'text', align: 'right', baseline: 'middle', fontSize: 12, color: INK, aria: false },
            encoding: { x: { value: -8 }, y: pixel('mid'), text: { field: 'rank' } },
          },
          {
            mark: { type: 'text', align: 'left', baseline: 'middle', fontSize: 11, color: INK },
            encoding: { x: { value: width + 8 }, y: pixel('mid'), text: { field: 'text' }, description: { field: 'desc' } },
          },
        ],
      },
      {
        data: { values: labelled.map((g) => ({ mid: (g.from + g.to) / 2, text: String(g.wins) })) },
        mark: { type: 'text', baseline: 'bottom', fontSize: 9, color: INK, aria: false },
        encoding: { x: pixel('mid'), y: { value: -5 }, text: { field: 'text' } },
      },
      {
        data: { values: ticks.map((g) => ({ x: g.from })) },
        mark: { type: 'rule', color: '#999999', strokeWidth: 0.8, aria: false },
        encoding: { x: pixel('x'), y: { value: -14 }, y2: { value: 0 } },
      },
    ],
  });
}

/** SVG text of a Terrace game's deals chart from its per-deal rows, with its provenance; null without per-rank rows. */
export async function dealsChartSvg(variant: string, rows: DealRow[], provenance: Provenance | undefined): Promise<string | null> {
  const grid = dealGrid(rows);
  if (!grid) return null;
  return render(dealsSpec(variant, grid), { provenance: [provenanceLine(provenance ?? { variant, run: null })] });
}

// Charts as SVG, the part every chart shares: vega-lite compiled to vega and rendered headless (no
// canvas), the look (font, colours, axes), the interval level, the share axis fitted to the data
// with its cut marked, the stack of outcomes, the footer that says which run a chart shows, and
// writing the files whole. The win-rate charts (src/analysis/charts.ts, deals-chart.ts) and the
// strategies chart (src/strategy/chart.ts) are drawn with it. The charts never show an unknown deal
// as won: proved wins are a solid bar, unknown deals (wins or losses the budget could not decide) a
// lighter one, proved losses red, stacked in that order along the axis.
//
// Same CSVs, same bytes: vega's SVG output has no timestamps or random ids, and every scale
// domain, sort order and colour is given by the charts rather than left to data-dependent defaults.
import * as fs from 'fs';
import * as path from 'path';
import type { TopLevelSpec } from 'vega-lite';
import { getRules } from '../rules/variants';
import { percent, thousands } from './format';
import { checkOutputs } from './outputs';
import { WILSON_Z } from './stats';

export const WON = '#1f5fa8';
export const UNKNOWN = '#b9d3ee';
export const LOST = '#c8553d';
export const INK = '#222222';
export const LEVEL = `${Math.round(200 * pnorm(WILSON_Z)) - 100}%`; // "95%": the level of stats.ts's z

/** Two-sided level of a normal quantile, via erf's series (the label must follow the code's z). */
function pnorm(z: number): number {
  let sum = 0;
  let term = z / Math.SQRT2;
  for (let n = 0; n < 60; n++) {
    sum += term / (2 * n + 1);
    term *= -(z * z) / 2 / (n + 1);
  }
  return 0.5 + sum / Math.sqrt(Math.PI);
}

/** Specs are built as plain objects (vega-lite's types are too deep to spell out); compile() checks them. */
export function asSpec(spec: object): TopLevelSpec {
  return { $schema: 'https://vega.github.io/schema/vega-lite/v5.json', config: CONFIG, padding: 12, ...spec } as unknown as TopLevelSpec;
}

export const pct = (x: number) => percent(x);
export const title = (variant: string) => getRules(variant).title;

/** The SVG's aria-label of each item (vega-lite would list raw field values instead). */
export const DESC = { description: { field: 'desc' } } as const;

/** The three outcomes of a deal, in the order they are stacked along a share axis. */
export const OUTCOMES = ['proved won', 'unknown (budget ran out)', 'proved lost'] as const;
/** The colour encoding of OUTCOMES (a field `outcome`). */
export const OUTCOME_COLOUR = { field: 'outcome', type: 'nominal', scale: { domain: OUTCOMES, range: [WON, UNKNOWN, LOST] } } as const;

/** Counts of one bar: deals won, unknown and lost of `deals`. */
export interface Outcomes {
  won: number;
  unknown: number;
  lost: number;
  deals: number;
}

/**
 * The stacked segments of a bar as [from, to] shares: proved won from 0, then unknown, then proved
 * lost up to 1, each with `key` and an aria description naming `name`.
 */
export function stackSegments(r: Outcomes, name: string, key: Record<string, unknown>): Record<string, unknown>[] {
  let before = 0; // deals stacked below this segment: the ends are counts over deals, the last exactly 1
  return [r.won, r.unknown, r.lost].map((n, i) => {
    const share = n / r.deals;
    const desc = `${name}: ${OUTCOMES[i]} ${n} of ${r.deals} deals (${pct(share)})`;
    const seg = { ...key, outcome: OUTCOMES[i], from: before / r.deals, to: (before + n) / r.deals, share, label: pct(share), desc };
    before += n;
    return seg;
  });
}

const CONFIG = {
  font: 'DejaVu Sans, Verdana, sans-serif',
  background: 'white',
  view: { stroke: null },
  title: { anchor: 'start', fontSize: 15, subtitleFontSize: 12, subtitleColor: '#444', offset: 14 },
  axis: { labelFontSize: 12, titleFontSize: 12, titleFontWeight: 'normal', gridColor: '#e4e4e4' },
  legend: { orient: 'bottom', labelFontSize: 12, labelLimit: 400, title: null, symbolType: 'square', columnPadding: 18 },
} as const;

/** A share axis fitted to its data: from `domain[0]` (0, or a round value just under the data) to 100%. */
export interface ShareAxis {
  domain: [number, number];
  /** The tick values, from domain[0] to 1. */
  values: number[];
  /** d3 format of the tick labels. */
  format: string;
  /** Whether the axis is cut (does not start at 0): the chart then marks the cut (axisBreak). */
  cut: boolean;
}

const TICK_STEPS = [0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1];

/**
 * The share axis for data whose lowest value (a bar's start, an interval's low end) is `lowest`:
 * from 0 when the data reach down to 30% or less, else from a round value just under `lowest`, with
 * at most 8 steps up to 100%, so that a difference of one point is visible.
 */
export function shareAxis(lowest: number): ShareAxis {
  const round = (x: number) => Number(x.toFixed(6));
  const ticks = (lo: number, step: number) => Array.from({ length: Math.round((1 - lo) / step) + 1 }, (_, i) => round(lo + i * step));
  if (!(lowest > 0.3)) return { domain: [0, 1], values: ticks(0, 0.1), format: '.0%', cut: false };
  const span = Math.max(1 - Math.min(lowest, 1), 0.004);
  const step = TICK_STEPS.find((s) => span / s <= 8) ?? 0.1;
  const lo = round(Math.floor((lowest - 0.05 * span) / step + 1e-9) * step);
  return { domain: [lo, 1], values: ticks(lo, step), format: step < 0.01 ? '.1%' : '.0%', cut: lo > 0 };
}

/** Where a share axis starts, as its tick labels write it ("80%", "97.5%"). */
export function axisStart(axis: ShareAxis): string {
  return percent(axis.domain[0], axis.format === '.1%' ? 1 : 0);
}

/** The title of a share axis: `what`, and where a cut axis starts. */
export function shareAxisTitle(what: string, axis: ShareAxis): string {
  return axis.cut ? `${what} (axis from ${axisStart(axis)})` : what;
}

/** The subtitle line of a chart whose share axes are cut. */
export const CUT_NOTE = 'The cut is marked on the axis: every bar runs on below its start, to 0.';

/** The scale of a share axis; values below its start are drawn at the start (a bar from 0 starts there). */
export function shareScale(axis: ShareAxis): Record<string, unknown> {
  return { domain: axis.domain, clamp: true, nice: false, zero: false };
}

/** The axis properties (ticks, labels) of a share axis. */
export function shareAxisProps(axis: ShareAxis): Record<string, unknown> {
  return { values: axis.values, format: axis.format, labelFlush: false };
}

// The cut mark: two slanted strokes across the axis line, white between them. Symbol paths in the
// unit square, scaled by the symbol size; `y` for the vertical axis of a column chart, `x` for the
// horizontal axis of a bar chart.
const CUT_STROKES = { y: 'M-1,-0.1L1,-0.5M-1,0.5L1,0.1', x: 'M0.1,-1L-0.5,1M0.5,-1L-0.1,1' };
const CUT_GAP = { y: 'M-1,-0.1L1,-0.5L1,0.1L-1,0.5Z', x: 'M0.1,-1L-0.5,1L-0.1,1L0.5,-1Z' };

/**
 * Layers that mark the cut of a share axis that does not start at 0, at pixel `at` on its axis line
 * (near its start). Vega-lite draws axes under the marks, so the white gap interrupts the line.
 */
export function axisBreak(axis: 'x' | 'y', at: { x: number; y: number }): Record<string, unknown>[] {
  const layer = (shape: string, paint: Record<string, unknown>) => ({
    data: { values: [{}] },
    mark: { type: 'point', shape, size: 256, opacity: 1, aria: false, ...paint },
    encoding: { x: { value: at.x }, y: { value: at.y } },
  });
  return [layer(CUT_GAP[axis], { filled: true, fill: 'white', strokeWidth: 0 }), layer(CUT_STROKES[axis], { filled: false, stroke: INK, strokeWidth: 1.3 })];
}

/** Where a game's numbers come from, for a chart's footer: its run.json entry (the composer reads it). */
export interface Provenance {
  variant: string;
  /** Null when the directory has no run.json entry for the game: seeds and budget not recorded. */
  run: {
    seeds: { from: number; to: number };
    /** `K/N` for one shard of the range, else null. */
    shard: string | null;
    maxNodes: number;
    timeoutMs: number | null;
    /** The budgets of earlier runs whose decided rows this one kept (analyze --retry-unknown), oldest first. */
    earlierMaxNodes: number[];
    commit: string | null;
    version: string;
    finished: string | null;
    merged: boolean;
  } | null;
}

/** One line of a footer: the game, its seeds, its node budget and the run that made its rows. */
export function provenanceLine(p: Provenance): string {
  const r = p.run;
  if (!r) return `${title(p.variant)}: no run.json entry, so its seeds and node budget are not recorded`;
  const seeds = `seeds ${r.seeds.from}-${r.seeds.to}${r.shard ? ` (shard ${r.shard})` : ''}`;
  const earlier = r.earlierMaxNodes.length ? ` (the unknown rows of a ${r.earlierMaxNodes.map(thousands).join(', then ')}-node run searched again)` : '';
  const budget = `${thousands(r.maxNodes)} nodes per search${r.timeoutMs === null ? '' : ` or ${thousands(r.timeoutMs)} ms`}${earlier}`;
  const made = [
    r.merged ? 'merged' : null,
    r.commit ? `commit ${r.commit.slice(0, 7)}` : `solitaire ${r.version}`,
    r.finished ? `finished ${r.finished.slice(0, 10)}` : 'not finished',
  ];
  return `${title(p.variant)}: ${seeds}, ${budget}; run.json: ${made.filter((x) => x).join(', ')}`;
}

const FOOTER = { size: 11, line: 15, pad: 12 };

/** Words of `text` in lines no wider than `width` pixels (as textWidth guesses); the lines after the first are indented. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (line && textWidth({ fontSize: FOOTER.size }, next) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  return line ? [...lines, line] : lines;
}

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The SVG of vega with lines under the chart, above a thin rule: `notes` (what the chart's names
 * mean) in dark grey, then `provenance` (which run it shows) in lighter grey, wrapped to its width.
 */
export function withFooter(svg: string, notes: string[], provenance: string[]): string {
  const head = /^<svg([^>]*) width="([\d.]+)" height="([\d.]+)" viewBox="0 0 [\d.]+ [\d.]+"><rect width="[\d.]+" height="[\d.]+" fill="white"\/>/.exec(svg);
  if (!head) throw new Error('withFooter: not an SVG of vega');
  const [w0, h0] = [Number(head[2]), Number(head[3])];
  const room = Math.max(w0 - 2 * FOOTER.pad, 420);
  const lines = [
    ...notes.flatMap((t) => wrap(t, room - 12).map((l, k) => ({ l, x: k ? 12 : 0, fill: '#444' }))),
    ...provenance.flatMap((t) => wrap(t, room - 12).map((l, k) => ({ l, x: k ? 12 : 0, fill: '#767676' }))),
  ];
  if (lines.length === 0) return svg;
  const width = Math.ceil(Math.max(w0, ...lines.map((x) => x.x + textWidth({ fontSize: FOOTER.size }, x.l) + 2 * FOOTER.pad)));
  const height = h0 + 8 + lines.length * FOOTER.line;
  const text = lines.map((x, i) => `<text x="${x.x}" y="${12 + i * FOOTER.line}" fill="${x.fill}">${xml(x.l)}</text>`);
  const foot =
    `<g class="footer" transform="translate(${FOOTER.pad},${h0})" font-family="${CONFIG.font}" font-size="${FOOTER.size}">` +
    `<path d="M0,-2h${width - 2 * FOOTER.pad}" stroke="#cccccc"/>${text.join('')}</g>`;
  const body = svg.slice(head[0].length).replace(/<\/svg>\s*$/, '');
  return `<svg${head[1]} width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="${width}" height="${height}" fill="white"/>${body}${foot}</svg>\n`;
}

/** Width of a character in em of DejaVu Sans (roughly; by classes of glyphs). */
function charEm(c: string): number {
  if (/[ijlt.,:;'|!()[\] ]/.test(c)) return 0.33;
  if (/[mwMW%]/.test(c)) return 0.95;
  if (/[A-Z]/.test(c)) return 0.72;
  return 0.62;
}

/**
 * Without a canvas vega guesses a text's width as 0.8 em per character, far too wide for this font:
 * long titles then leave a wide blank margin. This guess is closer, and as deterministic.
 */
function textWidth(item: { fontSize?: number; fontWeight?: string | number }, text: unknown): number {
  const s = text == null ? '' : String(text).trim();
  const em = [...s].reduce((w, c) => w + charEm(c), 0);
  const bold = item.fontWeight === 'bold' || Number(item.fontWeight) >= 600 ? 1.08 : 1;
  return Math.ceil(em * (item.fontSize ?? 11) * bold);
}

/** Renders a vega-lite spec to SVG text, with a footer of `notes` and `provenance` lines (withFooter). */
export async function render(spec: TopLevelSpec, footer: { notes?: string[]; provenance?: string[] } = {}): Promise<string> {
  // Loaded here, not at the top: vega and vega-lite take about 70 ms to load, which every command
  // would pay, and only a chart needs them.
  const vega = await import('vega');
  const { compile } = await import('vega-lite');
  (vega as unknown as { textMetrics: { width: typeof textWidth } }).textMetrics.width = textWidth;
  const view = new vega.View(vega.parse(compile(spec).spec), { renderer: 'none' });
  const svg = await view.toSVG();
  view.finalize();
  return withFooter(svg.endsWith('\n') ? svg : svg + '\n', footer.notes ?? [], footer.provenance ?? []);
}

/** Writes files whole (temporary file, then rename), after checking every one can be written. */
export function writeFilesWhole(dir: string, files: Map<string, string>): string[] {
  const paths = [...files.keys()].map((f) => path.join(dir, f));
  checkOutputs(dir, paths); // OutputError before anything is written
  for (const [f, text] of files) {
    const file = path.join(dir, f);
    const tmp = `${file}.tmp-${process.pid}`;
    fs.writeFileSync(tmp, text);
    fs.renameSync(tmp, file);
  }
  return paths;
}

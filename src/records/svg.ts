// Charts as SVG, the part every chart shares: vega-lite compiled to vega and rendered headless (no
// canvas), the look (font, colours, axes), the interval level and writing the files whole. The
// win-rate charts (src/analysis/charts.ts) and the strategies chart (src/strategy/chart.ts) are
// drawn with it. The charts never show an unknown deal as won: proved wins are a solid bar, unknown
// deals (wins or losses the budget could not decide) a lighter one.
//
// Same CSVs, same bytes: vega's SVG output has no timestamps or random ids, and every scale
// domain, sort order and colour is given by the charts rather than left to data-dependent defaults.
import * as fs from 'fs';
import * as path from 'path';
import * as vega from 'vega';
import { type TopLevelSpec, compile } from 'vega-lite';
import { getRules } from '../rules/variants';
import { checkOutputs } from './outputs';
import { WILSON_Z } from './stats';

export const WON = '#1f5fa8';
export const UNKNOWN = '#b9d3ee';
export const LOST = '#c8553d';
export const INK = '#222222';
export const ORACLE = '#8a5a00';
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

export const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
export const title = (variant: string) => getRules(variant).title;

/** The SVG's aria-label of each item (vega-lite would list raw field values instead). */
export const DESC = { description: { field: 'desc' } } as const;

export const SHARE_AXIS = { format: '%', tickCount: 10 } as const;

const CONFIG = {
  font: 'DejaVu Sans, Verdana, sans-serif',
  background: 'white',
  view: { stroke: null },
  title: { anchor: 'start', fontSize: 15, subtitleFontSize: 12, subtitleColor: '#444', offset: 14 },
  axis: { labelFontSize: 12, titleFontSize: 12, titleFontWeight: 'normal', gridColor: '#e4e4e4' },
  legend: { orient: 'bottom', labelFontSize: 12, labelLimit: 400, title: null, symbolType: 'square', columnPadding: 18 },
} as const;

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

/** Renders a vega-lite spec to SVG text. */
export async function render(spec: TopLevelSpec): Promise<string> {
  (vega as unknown as { textMetrics: { width: typeof textWidth } }).textMetrics.width = textWidth;
  const view = new vega.View(vega.parse(compile(spec).spec), { renderer: 'none' });
  const svg = await view.toSVG();
  view.finalize();
  return svg.endsWith('\n') ? svg : svg + '\n';
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

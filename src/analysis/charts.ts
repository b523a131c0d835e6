// SVG charts of an analysis output directory (`solitaire chart DIR`, and strategies.svg for
// `solitaire strategies`): drawn from the CSV files alone, with vega-lite compiled to vega and
// rendered headless (no canvas). The charts never show an unknown deal as won: proved wins are a
// solid bar, unknown deals (wins or losses the budget could not decide) a lighter one.
//
// Same CSVs, same bytes: vega's SVG output has no timestamps or random ids, and every scale
// domain, sort order and colour is given here rather than left to data-dependent defaults.
import * as fs from 'fs';
import * as path from 'path';
import * as vega from 'vega';
import { type TopLevelSpec, compile } from 'vega-lite';
import { getRules, variantNames } from '../rules/variants';
import { checkOutputs } from '../records/outputs';
import {
  RecordsError,
  type StrategyRecord,
  fmtRate,
  type SummaryRow,
  readStrategiesFile,
  readSummaryFile,
  strategiesFile,
  summaryFile,
} from '../records/records';
import { WILSON_Z, wilson } from '../records/stats';

export const STRATEGIES_CHART = 'strategies.svg';
export const OUTCOMES_CHART = 'outcomes.svg';
export const ranksChart = (variant: string) => `${variant}-ranks.svg`;

const WON = '#1f5fa8';
const UNKNOWN = '#b9d3ee';
const LOST = '#c8553d';
const INK = '#222222';
const ORACLE = '#8a5a00';
const OUTCOMES = ['proved won', 'unknown (budget ran out)', 'proved lost'];
const LEVEL = `${Math.round(200 * pnorm(WILSON_Z)) - 100}%`; // "95%": the level of stats.ts's z

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

/** What a directory holds for the charts. */
export interface ChartData {
  dir: string;
  /** Summary rows by variant, in the rules' order. */
  summaries: Map<string, SummaryRow[]>;
  /** strategies.csv rows, or null without the file. */
  strategies: StrategyRecord[] | null;
}

/** Reads the summaries and strategies.csv of `dir` (RecordsError on a malformed file). */
export function readChartData(dir: string): ChartData {
  const summaries = new Map<string, SummaryRow[]>();
  for (const v of variantNames()) {
    const rows = readSummaryFile(summaryFile(dir, v));
    if (rows === null) continue;
    const other = rows.find((r) => r.variant !== v);
    if (other) throw new RecordsError(`${summaryFile(dir, v)}: a row of ${JSON.stringify(other.variant)} in the summary of ${v}`);
    summaries.set(v, rows);
  }
  return { dir, summaries, strategies: readStrategiesFile(strategiesFile(dir)) };
}

/** Specs are built as plain objects (vega-lite's types are too deep to spell out); compile() checks them. */
function asSpec(spec: object): TopLevelSpec {
  return { $schema: 'https://vega.github.io/schema/vega-lite/v5.json', config: CONFIG, padding: 12, ...spec } as unknown as TopLevelSpec;
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const title = (variant: string) => getRules(variant).title;

/** The row a game is summed up by: `best` (won with some base rank) when there is one, else `any`. */
export function headlineRow(rows: SummaryRow[]): SummaryRow | undefined {
  return rows.find((r) => r.base === 'best' && r.deals > 0) ?? rows.find((r) => r.base === 'any' && r.deals > 0);
}

/** The three stacked segments of a row (won, unknown, lost) as [from, to] shares; `name` for screen readers. */
function segments(r: SummaryRow, name: string, key: Record<string, string>): Record<string, unknown>[] {
  const parts = [r.won, r.unknown, r.lost];
  let from = 0;
  return parts.map((n, i) => {
    const share = n / r.deals;
    const desc = `${name}: ${OUTCOMES[i]} ${n} of ${r.deals} deals (${pct(share)})`;
    const seg = { ...key, outcome: OUTCOMES[i], from, to: from + share, share, label: pct(share), desc };
    from += share;
    return seg;
  });
}

/** The SVG's aria-label of each item (vega-lite would list raw field values instead). */
const DESC = { description: { field: 'desc' } } as const;

const colour = { field: 'outcome', type: 'nominal', scale: { domain: OUTCOMES, range: [WON, UNKNOWN, LOST] } } as const;
const SHARE_AXIS = { format: '%', tickCount: 10 } as const;

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
async function render(spec: TopLevelSpec): Promise<string> {
  (vega as unknown as { textMetrics: { width: typeof textWidth } }).textMetrics.width = textWidth;
  const view = new vega.View(vega.parse(compile(spec).spec), { renderer: 'none' });
  const svg = await view.toSVG();
  view.finalize();
  return svg.endsWith('\n') ? svg : svg + '\n';
}

/** Bars (won / unknown / lost stacked) with the interval whisker, one per summary row. */
function rankLayers(rows: SummaryRow[], axisTitle: string | null): Record<string, unknown> {
  const key = (r: SummaryRow) => `${r.base}|${r.deals}`; // two-line axis label: base, deals
  const x = {
    field: 'key',
    type: 'nominal',
    sort: rows.map(key),
    title: axisTitle,
    axis: { labelAngle: 0, labelExpr: "split(datum.label, '|')", labelLineHeight: 14, labelFontSize: 11, labelPadding: 6 },
  };
  const whiskers = rows.map((r) => ({
    key: key(r),
    low: r.ci_low,
    high: r.ci_high,
    desc: `base ${r.base}: ${LEVEL} interval ${pct(r.ci_low)} to ${pct(r.ci_high)}`,
  }));
  const y = { type: 'quantitative', scale: { domain: [0, 1] } };
  return {
    width: { step: 40 },
    height: 300,
    layer: [
      {
        data: { values: rows.flatMap((r) => segments(r, `base ${r.base}`, { key: key(r) })) },
        mark: { type: 'bar', width: { band: 0.7 } },
        encoding: {
          x,
          y: {
            ...y,
            field: 'from',
            title: axisTitle === null ? null : 'share of deals',
            axis: axisTitle === null ? { labels: false, ticks: false } : SHARE_AXIS,
          },
          y2: { field: 'to' },
          color: colour,
          ...DESC,
        },
      },
      {
        data: { values: whiskers },
        layer: [
          { mark: { type: 'rule', color: INK, strokeWidth: 1.5 }, encoding: { x, y: { ...y, field: 'low' }, y2: { field: 'high' }, ...DESC } },
          { mark: { type: 'tick', color: INK, thickness: 1.5, size: 12, aria: false }, encoding: { x, y: { ...y, field: 'low' } } },
          { mark: { type: 'tick', color: INK, thickness: 1.5, size: 12, aria: false }, encoding: { x, y: { ...y, field: 'high' } } },
        ],
      },
    ],
  };
}

/** `<variant>-ranks.svg`: each base rank, then `best` and `any` in a panel of their own. */
export function ranksSpec(variant: string, rows: SummaryRow[]): TopLevelSpec {
  const ranks = rows.filter((r) => r.base !== 'best' && r.base !== 'any' && r.deals > 0);
  const overall = rows.filter((r) => (r.base === 'best' || r.base === 'any') && r.deals > 0);
  const all = headlineRow(rows)?.deals ?? 0;
  const allowedOnly = ranks.some((r) => r.deals !== all); // Signora: a rank must be exposed to be chosen
  const subtitle = [
    `Dark: proved won. Light: unknown within the node budget (could still be won),`,
    `so the true rate lies somewhere in the dark + light span.`,
    `Whiskers: ${LEVEL} Wilson interval, unknown deals counted as lost (low end) and as won (high end).`,
    `Under each bar: the deals counted${allowedOnly ? ' (a rank counts only the deals where it could be chosen)' : ''}.`,
    `best: won with some base rank; any: one search free to choose the base.`,
  ];
  const panels = [];
  if (ranks.length) panels.push(rankLayers(ranks, 'base rank, fixed for the whole game'));
  if (overall.length)
    panels.push({
      ...rankLayers(overall, ranks.length ? null : 'base'),
      title: { text: 'base not fixed', fontSize: 12, fontWeight: 'normal', anchor: 'middle' },
    });
  return asSpec({
    title: { text: `${title(variant)}: win rate by base rank, ${all} deals`, subtitle },
    hconcat: panels,
    spacing: 24,
  });
}

/** `outcomes.svg`: one stacked bar (won / unknown / lost) per game, from its headline row. */
export function outcomesSpec(summaries: Map<string, SummaryRow[]>): TopLevelSpec {
  const games: { key: string; row: SummaryRow }[] = [];
  for (const [v, rows] of summaries) {
    const row = headlineRow(rows);
    const which = row?.base === 'best' ? 'best base' : getRules(v).terraceFamily ? 'any: base chosen by the search' : '';
    if (row) games.push({ key: `${title(v)}${which ? `, ${which}` : ''} (${row.deals} deals)`, row });
  }
  const y = { field: 'key', type: 'nominal', sort: games.map((g) => g.key), title: null, axis: { labelFontSize: 12, labelLimit: 400 } };
  const values = games.flatMap((g) => segments(g.row, g.key, { key: g.key }));
  const x = { type: 'quantitative', scale: { domain: [0, 1] } };
  return asSpec({
    title: {
      text: 'Outcome of every deal, per game',
      subtitle: [
        'Proved won (a replayed solution), unknown (the node budget ran out: could still be won), proved lost.',
        'Terrace games (Signora, Double Signora, Empress of Italy): the best row, won when some base rank',
        'wins, as in the analyze report; other games have one row, any. The won share is a lower bound.',
      ],
    },
    data: { values },
    width: 440,
    height: { step: 34 },
    layer: [
      {
        mark: { type: 'bar', height: { band: 0.7 } },
        encoding: { y, x: { ...x, field: 'from', title: 'share of deals', axis: SHARE_AXIS }, x2: { field: 'to' }, color: colour, ...DESC },
      },
      {
        // Percentages inside the segments wide enough to hold them.
        transform: [{ filter: 'datum.share >= 0.08' }, { calculate: '(datum.from + datum.to) / 2', as: 'mid' }],
        mark: { type: 'text', fontSize: 11, aria: false },
        encoding: {
          y,
          x: { ...x, field: 'mid' },
          text: { field: 'label' },
          color: { condition: { test: `datum.outcome === '${OUTCOMES[0]}'`, value: 'white' }, value: INK },
        },
      },
    ],
  });
}

const isOracle = (strategy: string) => strategy === 'best' || strategy === 'best-exposed';
const KINDS = ['oracle (best base chosen with hindsight)', 'strategy (sees only the exposed cards)'];
const strategyLabel = (s: string) => (s === 'best' ? 'oracle: best rank' : s === 'best-exposed' ? 'oracle: best exposed rank' : s);

/** A rate as strategies.csv holds it, so rows fresh from an evaluation draw the same bytes as the file. */
const csv = (x: number) => Number(fmtRate(x));

/** One game's panel of strategies.svg: a dot per strategy, whiskers, the oracles set apart. */
function strategyPanel(variant: string, rows: StrategyRecord[]): Record<string, unknown> {
  const values = rows.map((r) => ({
    label: strategyLabel(r.strategy),
    kind: KINDS[isOracle(r.strategy) ? 0 : 1],
    rate: csv(r.win_rate),
    low: csv(r.ci_low),
    // The sampling interval of the won rate alone; ci_high (unknown counted as won) is drawn apart.
    wonHigh: wilson(r.won, r.deals)[1],
    high: csv(r.ci_high),
    // The share proved lost, drawn from the right edge: no strategy can win those deals.
    lostFrom: 1 - r.lost / r.deals,
    one: 1,
    text: pct(csv(r.win_rate)),
    desc: `${strategyLabel(r.strategy)}: won ${r.won} of ${r.deals} (${pct(csv(r.win_rate))}), proved lost ${r.lost}, ${LEVEL} interval ${pct(csv(r.ci_low))} to ${pct(csv(r.ci_high))}`,
  }));
  const y = { field: 'label', type: 'nominal', sort: values.map((v) => v.label), title: null, axis: { labelFontSize: 12, labelLimit: 300 } };
  const x = { type: 'quantitative', scale: { domain: [0, 1] } };
  const deals = Math.max(...rows.map((r) => r.deals));
  return {
    title: { text: `${title(variant)}: ${deals} deals`, fontSize: 13, anchor: 'start' },
    data: { values },
    width: 440,
    height: { step: 22 },
    layer: [
      { mark: { type: 'rule', color: UNKNOWN, strokeWidth: 5, aria: false }, encoding: { y, x: { ...x, field: 'rate' }, x2: { field: 'high' } } },
      {
        transform: [{ filter: 'datum.lostFrom < 1' }],
        mark: { type: 'rule', color: LOST, strokeWidth: 5, aria: false },
        encoding: { y, x: { ...x, field: 'lostFrom' }, x2: { field: 'one' } },
      },
      {
        mark: { type: 'rule', color: INK, strokeWidth: 1.5, aria: false },
        encoding: { y, x: { ...x, field: 'low', title: 'won within the per-rank budget', axis: SHARE_AXIS }, x2: { field: 'wonHigh' } },
      },
      {
        mark: { type: 'point', filled: true, size: 70, opacity: 1 },
        encoding: {
          y,
          x: { ...x, field: 'rate' },
          color: { field: 'kind', type: 'nominal', scale: { domain: KINDS, range: [ORACLE, WON] }, title: null },
          shape: { field: 'kind', type: 'nominal', scale: { domain: KINDS, range: ['diamond', 'circle'] }, title: null },
          ...DESC,
        },
      },
      {
        mark: { type: 'text', align: 'left', dx: 6, dy: -8, fontSize: 10, color: INK, aria: false },
        encoding: { y, x: { ...x, field: 'rate' }, text: { field: 'text' } },
      },
    ],
  };
}

/** `strategies.svg`: a panel per Terrace game of strategies.csv, in the rules' order. */
export function strategiesSpec(rows: StrategyRecord[]): TopLevelSpec {
  const variants = variantNames().filter((v) => rows.some((r) => r.variant === v && r.deals > 0));
  return asSpec({
    title: {
      text: 'Base-card strategies: deals won within the per-rank node budget',
      subtitle: [
        `Dot: won rate (a lower bound). Black whisker: its ${LEVEL} Wilson interval. Light bar: up to the high end`,
        `of the interval counting unknown deals as won (strategies.csv ci_high): the budget left them undecided.`,
        `Red bar, from the right edge: the share of deals whose picked rank is proved lost (strategies.csv lost).`,
        'Oracles: the best base rank chosen with hindsight (an upper bound for every strategy).',
      ],
    },
    vconcat: variants.map((v) =>
      strategyPanel(
        v,
        rows.filter((r) => r.variant === v && r.deals > 0),
      ),
    ),
    spacing: 26,
    resolve: { scale: { color: 'shared', shape: 'shared' } },
  });
}

/** SVG text of every chart the data allows, by file name, in a fixed order. */
export async function renderCharts(data: ChartData): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const [v, rows] of data.summaries)
    if (getRules(v).terraceFamily && rows.some((r) => r.base.length === 1 && r.deals > 0)) out.set(ranksChart(v), await render(ranksSpec(v, rows)));
  if ([...data.summaries.values()].some((rows) => headlineRow(rows))) out.set(OUTCOMES_CHART, await render(outcomesSpec(data.summaries)));
  const strategies = data.strategies?.filter((r) => r.deals > 0 && getRules(r.variant).terraceFamily) ?? [];
  if (strategies.length) out.set(STRATEGIES_CHART, await render(strategiesSpec(strategies)));
  return out;
}

/** SVG text of strategies.svg from strategies rows (for `solitaire strategies`, before it writes). */
export function strategiesChartSvg(rows: StrategyRecord[]): Promise<string> {
  return render(strategiesSpec(rows));
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

/**
 * Writes into `dir` every chart its CSVs have data for: <variant>-ranks.svg per Terrace game with
 * per-rank rows, outcomes.svg, strategies.svg. Returns the paths written (none if no data).
 * Throws RecordsError (a malformed CSV) or OutputError (a file that cannot be written) before
 * writing anything.
 */
export async function writeCharts(dir: string): Promise<string[]> {
  const charts = await renderCharts(readChartData(dir));
  return writeFilesWhole(dir, charts);
}

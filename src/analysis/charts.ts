// The win-rate charts of an analysis output directory (`solitaire chart DIR`, and after analyze and
// merge): <variant>-ranks.svg and outcomes.svg, drawn from the summary CSVs, and <variant>-deals.svg
// from the per-deal rows (deals-chart.ts), with the shared look and renderer of src/records/svg.ts;
// each with a footer naming the run (its Provenance, read from run.json by the composer).
// strategies.svg is src/strategy/chart.ts's; src/cli draws both (compose.ts).
import type { TopLevelSpec } from 'vega-lite';
import { getRules, variantNames } from '../rules/variants';
import * as fs from 'fs';
import { type DealRow, RecordsError, type SummaryRow, dealFile, readDealFile, readSummaryFile, summaryFile } from '../records/records';
import { winRate } from '../records/stats';
import {
  CUT_NOTE,
  DESC,
  INK,
  LEVEL,
  OUTCOME_COLOUR,
  type Provenance,
  type ShareAxis,
  asSpec,
  axisBreak,
  axisStart,
  pct,
  provenanceLine,
  render,
  shareAxis,
  shareAxisProps,
  shareAxisTitle,
  shareScale,
  stackSegments,
  title,
} from '../records/svg';
import { dealsChart, dealsChartSvg } from './deals-chart';
import { type RunEntry, readManifest } from './manifest';
import { formatShard } from './shard';

export const OUTCOMES_CHART = 'outcomes.svg';
export const ranksChart = (variant: string) => `${variant}-ranks.svg`;

/** Summary rows by variant, in the rules' order, of the <variant>-summary.csv files in `dir` (RecordsError on a malformed file). */
export function readSummaries(dir: string): Map<string, SummaryRow[]> {
  const summaries = new Map<string, SummaryRow[]>();
  for (const v of variantNames()) {
    const rows = readSummaryFile(summaryFile(dir, v));
    if (rows === null) continue;
    const other = rows.find((r) => r.variant !== v);
    if (other) throw new RecordsError(`${summaryFile(dir, v)}: a row of ${JSON.stringify(other.variant)} in the summary of ${v}`);
    summaries.set(v, rows);
  }
  return summaries;
}

/** A game's Provenance from its run.json entry: the seeds, budgets and run its rows come from. */
export function provenanceOf(variant: string, e: RunEntry | undefined): Provenance {
  if (!e) return { variant, run: null };
  return {
    variant,
    run: {
      seeds: e.seeds,
      shard: e.shard ? formatShard(e.shard) : null,
      maxNodes: e.maxNodes,
      timeoutMs: e.timeoutMs,
      earlierMaxNodes: (e.earlier ?? []).map((x) => x.maxNodes),
      commit: e.commit,
      version: e.version,
      finished: e.finished ?? null,
      merged: e.mergedFrom !== undefined,
    },
  };
}

/** The Provenance of every game run.json of `dir` names (none without the file; ManifestError when it is unreadable). */
export function readProvenance(dir: string): Map<string, Provenance> {
  const m = readManifest(dir);
  return new Map(
    variantNames()
      .filter((v) => m?.variants[v])
      .map((v) => [v, provenanceOf(v, m!.variants[v])]),
  );
}

/** The per-deal rows of each Terrace game with a <variant>-deals.csv in `dir`, for the deals charts (RecordsError on a malformed file). */
export function readTerraceDeals(dir: string): Map<string, DealRow[]> {
  const out = new Map<string, DealRow[]>();
  for (const v of variantNames()) if (getRules(v).terraceFamily && fs.existsSync(dealFile(dir, v))) out.set(v, readDealFile(dealFile(dir, v), v));
  return out;
}

/** The row a game is summed up by: `best` (won with some base rank) when there is one, else `any`. */
export function headlineRow(rows: SummaryRow[]): SummaryRow | undefined {
  return rows.find((r) => r.base === 'best' && r.deals > 0) ?? rows.find((r) => r.base === 'any' && r.deals > 0);
}

/** A row's interval from its counts (as the tables compute it), not from the rounded rates of the file. */
const interval = (r: SummaryRow) => winRate(r.won, r.unknown, r.deals);

/** The lowest value a chart of these rows must show: the low end of their intervals (never above a won share). */
const lowest = (rows: SummaryRow[]) => Math.min(...rows.map((r) => interval(r).low));

const RANKS_HEIGHT = 300;

/** Bars (won / unknown / lost stacked) with the interval whisker, one per summary row, on `axis`. */
function rankLayers(rows: SummaryRow[], axisTitle: string | null, axis: ShareAxis): Record<string, unknown> {
  const key = (r: SummaryRow) => `${r.base}|${r.deals}`; // two-line axis label: base, deals
  const x = {
    field: 'key',
    type: 'nominal',
    sort: rows.map(key),
    title: axisTitle,
    axis: { labelAngle: 0, labelExpr: "split(datum.label, '|')", labelLineHeight: 14, labelFontSize: 11, labelPadding: 6 },
  };
  const whiskers = rows.map((r) => {
    const { low, high } = interval(r);
    return { key: key(r), low, high, desc: `base ${r.base}: ${LEVEL} interval ${pct(low)} to ${pct(high)}` };
  });
  const y = { type: 'quantitative', scale: shareScale(axis) };
  return {
    width: { step: 40 },
    height: RANKS_HEIGHT,
    layer: [
      {
        data: { values: rows.flatMap((r) => stackSegments(r, `base ${r.base}`, { key: key(r) })) },
        mark: { type: 'bar', width: { band: 0.7 } },
        encoding: {
          x,
          y: {
            ...y,
            field: 'from',
            title: axisTitle === null ? null : shareAxisTitle('share of deals', axis),
            axis: axisTitle === null ? { labels: false, ticks: false, values: axis.values } : shareAxisProps(axis),
          },
          y2: { field: 'to' },
          color: OUTCOME_COLOUR,
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
      ...(axis.cut ? axisBreak('y', { x: 0, y: RANKS_HEIGHT - 9 }) : []),
    ],
  };
}

/** `<variant>-ranks.svg`: each base rank, then `best` and `any` in a panel of their own, on one fitted axis. */
export function ranksSpec(variant: string, rows: SummaryRow[]): TopLevelSpec {
  const ranks = rows.filter((r) => r.base !== 'best' && r.base !== 'any' && r.deals > 0);
  const overall = rows.filter((r) => (r.base === 'best' || r.base === 'any') && r.deals > 0);
  const all = headlineRow(rows)?.deals ?? 0;
  const allowedOnly = ranks.some((r) => r.deals !== all); // Signora: a rank must be exposed to be chosen
  const axis = shareAxis(lowest([...ranks, ...overall]));
  const subtitle = [
    `Dark: proved won. Light: unknown within the node budget (could still be won), then red: proved lost,`,
    `so the true win rate lies somewhere in the dark + light span.`,
    `Whiskers: ${LEVEL} Wilson interval, unknown deals counted as lost (low end) and as won (high end).`,
    ...(axis.cut ? [`The share axis starts at ${axisStart(axis)}. ${CUT_NOTE}`] : []),
    `Under each bar: the deals counted${allowedOnly ? ' (a rank counts only the deals where it could be chosen)' : ''}.`,
    `best: won with some base rank; any: one search free to choose the base.`,
  ];
  const panels = [];
  if (ranks.length) panels.push(rankLayers(ranks, 'base rank, fixed for the whole game', axis));
  if (overall.length)
    panels.push({
      ...rankLayers(overall, ranks.length ? null : 'base', axis),
      title: { text: 'base not fixed', fontSize: 12, fontWeight: 'normal', anchor: 'middle' },
    });
  return asSpec({
    title: { text: `${title(variant)}: win rate by base rank, ${all} deals`, subtitle },
    hconcat: panels,
    spacing: 24,
  });
}

const OUTCOMES_WIDTH = 440;
const OUTCOMES_STEP = 34;

/** `outcomes.svg`: one stacked bar (won / unknown / lost) per game, from its headline row, with its counts beside it. */
export function outcomesSpec(summaries: Map<string, SummaryRow[]>): TopLevelSpec {
  const games: { key: string; row: SummaryRow }[] = [];
  for (const [v, rows] of summaries) {
    const row = headlineRow(rows);
    const which = row?.base === 'best' ? 'best base' : getRules(v).terraceFamily ? 'any: base chosen by the search' : '';
    if (row) games.push({ key: `${title(v)}${which ? `, ${which}` : ''} (${row.deals} deals)`, row });
  }
  const axis = shareAxis(lowest(games.map((g) => g.row)));
  const [lo] = axis.domain;
  const y = { field: 'key', type: 'nominal', sort: games.map((g) => g.key), title: null, axis: { labelFontSize: 12, labelLimit: 400 } };
  const segments = games.flatMap((g) => stackSegments(g.row, g.key, { key: g.key }));
  // A percentage inside each segment whose part on the axis is wide enough to hold it.
  const labels = segments
    .map((s) => ({ ...s, a: Math.max(s.from as number, lo), b: Math.min(s.to as number, 1) }))
    .filter((s) => ((s.b - s.a) / (1 - lo)) * OUTCOMES_WIDTH >= 44)
    .map((s) => ({ ...s, mid: (s.a + s.b) / 2 }));
  const counts = games.map((g) => ({ key: g.key, text: `${g.row.won} won, ${g.row.unknown} unknown, ${g.row.lost} lost` }));
  const x = { type: 'quantitative', scale: shareScale(axis) };
  return asSpec({
    title: {
      text: 'Outcome of every deal, per game',
      subtitle: [
        'Proved won (a replayed solution), then unknown (the node budget ran out: could still be won), then proved lost.',
        'Terrace games (Signora, Double Signora, Empress of Italy): the best row, won when some base rank',
        'wins, as in the analyze report; other games have one row, any. The won share is a lower bound.',
        ...(axis.cut ? [`The share axis starts at ${axisStart(axis)}. ${CUT_NOTE}`] : []),
      ],
    },
    width: OUTCOMES_WIDTH,
    height: { step: OUTCOMES_STEP },
    layer: [
      {
        data: { values: segments },
        mark: { type: 'bar', height: { band: 0.7 } },
        encoding: {
          y,
          x: { ...x, field: 'from', title: shareAxisTitle('share of deals', axis), axis: shareAxisProps(axis) },
          x2: { field: 'to' },
          color: OUTCOME_COLOUR,
          ...DESC,
        },
      },
      {
        data: { values: labels },
        mark: { type: 'text', fontSize: 11, aria: false },
        encoding: {
          y,
          x: { ...x, field: 'mid' },
          text: { field: 'label' },
          color: { condition: { test: `datum.outcome === 'proved won'`, value: 'white' }, value: INK },
        },
      },
      {
        data: { values: counts },
        mark: { type: 'text', align: 'left', fontSize: 11, color: INK, aria: false },
        encoding: { y, x: { value: OUTCOMES_WIDTH + 10 }, text: { field: 'text' } },
      },
      ...(axis.cut ? axisBreak('x', { x: 9, y: games.length * OUTCOMES_STEP }) : []),
    ],
  });
}

/** The footer lines of the games `variants`, in their order (a game without Provenance: none recorded). */
export function provenanceLines(variants: string[], provenance: Map<string, Provenance>): string[] {
  return variants.map((v) => provenanceLine(provenance.get(v) ?? { variant: v, run: null }));
}

/**
 * SVG text of the win-rate charts the data allow, by file name: per Terrace game its ranks chart
 * and its deals chart (from `deals`, its per-deal rows), then outcomes.svg; each with the
 * provenance of its games.
 */
export async function renderWinRateCharts(
  summaries: Map<string, SummaryRow[]>,
  deals: Map<string, DealRow[]>,
  provenance: Map<string, Provenance>,
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const foot = (vs: string[]) => ({ provenance: provenanceLines(vs, provenance) });
  for (const v of variantNames()) {
    if (!getRules(v).terraceFamily) continue;
    const rows = summaries.get(v);
    if (rows?.some((r) => r.base.length === 1 && r.deals > 0)) out.set(ranksChart(v), await render(ranksSpec(v, rows), foot([v])));
    const svg = deals.has(v) ? await dealsChartSvg(v, deals.get(v)!, provenance.get(v)) : null;
    if (svg !== null) out.set(dealsChart(v), svg);
  }
  const shown = [...summaries].filter(([, rows]) => headlineRow(rows)).map(([v]) => v);
  if (shown.length) out.set(OUTCOMES_CHART, await render(outcomesSpec(summaries), foot(shown)));
  return out;
}

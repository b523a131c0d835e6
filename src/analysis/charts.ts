// The win-rate charts of an analysis output directory (`solitaire chart DIR`, and after analyze and
// merge): <variant>-ranks.svg and outcomes.svg, drawn from the summary CSVs alone with the shared
// look and renderer of src/records/svg.ts. strategies.svg is src/strategy/chart.ts's; src/cli
// draws both (compose.ts).
import type { TopLevelSpec } from 'vega-lite';
import { getRules, variantNames } from '../rules/variants';
import { RecordsError, type SummaryRow, readSummaryFile, summaryFile } from '../records/records';
import { DESC, INK, LEVEL, LOST, SHARE_AXIS, UNKNOWN, WON, asSpec, pct, render, title } from '../records/svg';

export const OUTCOMES_CHART = 'outcomes.svg';
export const ranksChart = (variant: string) => `${variant}-ranks.svg`;

const OUTCOMES = ['proved won', 'unknown (budget ran out)', 'proved lost'];

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

const colour = { field: 'outcome', type: 'nominal', scale: { domain: OUTCOMES, range: [WON, UNKNOWN, LOST] } } as const;

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

/** SVG text of the win-rate charts the summaries allow, by file name: each Terrace game's ranks chart, then outcomes.svg. */
export async function renderWinRateCharts(summaries: Map<string, SummaryRow[]>): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const [v, rows] of summaries)
    if (getRules(v).terraceFamily && rows.some((r) => r.base.length === 1 && r.deals > 0)) out.set(ranksChart(v), await render(ranksSpec(v, rows)));
  if ([...summaries.values()].some((rows) => headlineRow(rows))) out.set(OUTCOMES_CHART, await render(outcomesSpec(summaries)));
  return out;
}

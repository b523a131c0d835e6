// strategies.svg, the chart of strategies.csv (`solitaire strategies`, and `solitaire chart` next to
// the win-rate charts): each base-card strategy's won rate with its interval, against the oracles.
// Drawn with the shared look and renderer of src/records/svg.ts.
import type { TopLevelSpec } from 'vega-lite';
import { getRules, variantNames } from '../rules/variants';
import { type StrategyRecord, fmtRate } from '../records/records';
import { wilson } from '../records/stats';
import { INK, LEVEL, LOST, ORACLE, SHARE_AXIS, UNKNOWN, WON, DESC, asSpec, pct, render, title } from '../records/svg';

export const STRATEGIES_CHART = 'strategies.svg';

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

/** SVG text of strategies.svg from strategies rows (for `solitaire strategies`, before it writes). */
export function strategiesChartSvg(rows: StrategyRecord[]): Promise<string> {
  return render(strategiesSpec(rows));
}

/** strategies.svg of the rows of strategies.csv (null: no file) with deals of a Terrace game; null when there are none. */
export async function strategiesChartOf(rows: StrategyRecord[] | null): Promise<string | null> {
  const strategies = rows?.filter((r) => r.deals > 0 && getRules(r.variant).terraceFamily) ?? [];
  return strategies.length ? strategiesChartSvg(strategies) : null;
}

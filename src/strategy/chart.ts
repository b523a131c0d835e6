// strategies.svg, the chart of strategies.csv (`solitaire strategies`, and `solitaire chart` next to
// the win-rate charts): per game, each base-card strategy's deals stacked as proved won, unknown
// and proved lost, its won rate with its interval, the oracles above them and the learned strategy
// (held out, src/records/strategy-notes.ts) below; the names explained and the run named under it.
// Drawn with the shared look and renderer of src/records/svg.ts.
import type { TopLevelSpec } from 'vega-lite';
import { getRules, variantNames } from '../rules/variants';
import type { StrategyRecord } from '../records/records';
import { wilson } from '../records/stats';
import { type LearnedScore, learnedLabel, legendLines } from '../records/strategy-notes';
import {
  CUT_NOTE,
  DESC,
  INK,
  LEVEL,
  OUTCOME_COLOUR,
  type Provenance,
  asSpec,
  axisBreak,
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
import { strategyNames } from './legend';

export const STRATEGIES_CHART = 'strategies.svg';

/** One row of a panel: its label, name (for the legend), counts and the text beside it. */
interface Shown {
  label: string;
  name: string;
  row: StrategyRecord;
  note: string;
}

/** The rows of one game: those of strategies.csv, then the learned strategy's held-out row, if any. */
function shownRows(rows: StrategyRecord[], learned: LearnedScore | undefined): Shown[] {
  const out = rows.map((row) => ({ label: row.strategy, name: row.strategy, row, note: '' }));
  if (learned?.row) {
    const v = learned.versus;
    const note = v ? `; ${v.strategy} on the same seeds: ${pct(v.won / v.deals)}` : '';
    out.push({ label: learnedLabel(learned), name: 'learned', row: learned.row, note });
  }
  return out;
}

const WIDTH = 440;
const STEP = 24;

/** One game's panel of strategies.svg: a stacked bar per strategy, the won rate with its interval, on an axis fitted to the game. */
function strategyPanel(variant: string, shown: Shown[]): { panel: Record<string, unknown>; cut: boolean } {
  const counts = (r: StrategyRecord) => ({ won: r.won, unknown: r.deals - r.won - r.lost, lost: r.lost, deals: r.deals });
  // Every number from the counts, so rows fresh from an evaluation and rows read back from strategies.csv draw the same bytes.
  const whiskers = shown.map((s) => {
    const [low, high] = wilson(s.row.won, s.row.deals);
    const rate = s.row.won / s.row.deals;
    const desc = `${s.label}: won ${s.row.won} of ${s.row.deals} (${pct(rate)}), proved lost ${s.row.lost}, ${LEVEL} interval of the won rate ${pct(low)} to ${pct(high)}`;
    return { row: s.label, low, high, rate, desc, text: `${pct(rate)} (${s.row.won} of ${s.row.deals})${s.note}` };
  });
  const axis = shareAxis(Math.min(...whiskers.map((w) => w.low)));
  const y = { field: 'row', type: 'nominal', sort: shown.map((s) => s.label), title: null, axis: { labelFontSize: 12, labelLimit: 300 } };
  const x = { type: 'quantitative', scale: shareScale(axis) };
  const deals = Math.max(...shown.map((s) => s.row.deals));
  const panel = {
    title: { text: `${title(variant)}: ${deals} deals`, fontSize: 13, anchor: 'start' },
    width: WIDTH,
    height: { step: STEP },
    layer: [
      {
        data: { values: shown.flatMap((s) => stackSegments(counts(s.row), s.label, { row: s.label })) },
        mark: { type: 'bar', height: { band: 0.55 } },
        encoding: {
          y,
          x: {
            ...x,
            field: 'from',
            title: shareAxisTitle('share of deals: the picked rank proved won, unknown, proved lost', axis),
            axis: shareAxisProps(axis),
          },
          x2: { field: 'to' },
          color: OUTCOME_COLOUR,
          ...DESC,
        },
      },
      {
        data: { values: whiskers },
        layer: [
          { mark: { type: 'rule', color: INK, strokeWidth: 1.5 }, encoding: { y, x: { ...x, field: 'low' }, x2: { field: 'high' }, ...DESC } },
          { mark: { type: 'tick', orient: 'vertical', color: INK, thickness: 2, size: 16, aria: false }, encoding: { y, x: { ...x, field: 'rate' } } },
          {
            mark: { type: 'text', align: 'left', fontSize: 11, color: INK, aria: false },
            encoding: { y, x: { value: WIDTH + 10 }, text: { field: 'text' } },
          },
        ],
      },
      ...(axis.cut ? axisBreak('x', { x: 9, y: shown.length * STEP }) : []),
    ],
  };
  return { panel, cut: axis.cut };
}

/** `strategies.svg`: a panel per Terrace game of strategies.csv, in the rules' order, with the learned strategy's held-out row. */
export function strategiesSpec(rows: StrategyRecord[], learned: Map<string, LearnedScore> = new Map()): TopLevelSpec {
  const variants = variantNames().filter((v) => rows.some((r) => r.variant === v && r.deals > 0));
  const panels = variants.map((v) =>
    strategyPanel(
      v,
      shownRows(
        rows.filter((r) => r.variant === v && r.deals > 0),
        learned.get(v),
      ),
    ),
  );
  return asSpec({
    title: {
      text: 'Base-card strategies: deals won with the rank each strategy picks',
      subtitle: [
        'Each bar: the deals whose picked rank is proved won (dark), unknown within the per-rank node budget (light),',
        `proved lost (red), stacked along the axis. Black: the won rate (a lower bound) with its ${LEVEL} Wilson interval.`,
        `Each game has its own axis, from where its data start.${panels.some((p) => p.cut) ? ` ${CUT_NOTE}` : ''}`,
        'The names are explained under the chart.',
      ],
    },
    vconcat: panels.map((p) => p.panel),
    spacing: 26,
    resolve: { scale: { color: 'shared' } },
  });
}

/** The lines under strategies.svg: what each name shown means, and why a learned row is missing. */
function chartNotes(rows: StrategyRecord[], learned: Map<string, LearnedScore>): string[] {
  const names = [...rows.map((r) => r.strategy), ...[...learned.values()].filter((l) => l.row).map(() => 'learned')];
  const absent = [...learned.values()]
    .filter((l) => !l.row && rows.some((r) => r.variant === l.variant))
    .map((l) => `${title(l.variant)}: no learned row: every seed here is in its training range ${l.trainSeeds}, and it is scored only outside it.`);
  return [...legendLines(strategyNames(), names), ...absent];
}

/** SVG text of strategies.svg from strategies rows, the learned strategy's scores and the games' provenance. */
export function strategiesChartSvg(
  rows: StrategyRecord[],
  learned: Map<string, LearnedScore> = new Map(),
  provenance: Map<string, Provenance> = new Map(),
): Promise<string> {
  const variants = variantNames().filter((v) => rows.some((r) => r.variant === v && r.deals > 0));
  return render(strategiesSpec(rows, learned), {
    notes: chartNotes(rows, learned),
    provenance: variants.map((v) => provenanceLine(provenance.get(v) ?? { variant: v, run: null })),
  });
}

/** strategies.svg of the rows of strategies.csv (null: no file) with deals of a Terrace game; null when there are none. */
export async function strategiesChartOf(
  rows: StrategyRecord[] | null,
  learned: Map<string, LearnedScore>,
  provenance: Map<string, Provenance>,
): Promise<string | null> {
  const strategies = rows?.filter((r) => r.deals > 0 && getRules(r.variant).terraceFamily) ?? [];
  return strategies.length ? strategiesChartSvg(strategies, learned, provenance) : null;
}

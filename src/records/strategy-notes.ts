// What the tables and charts of the base-card strategies show besides the rows of strategies.csv:
// what each row's name means, and the learned strategy scored on the seeds it was not fitted on.
// The learned strategy is never a row of strategies.csv (scored on its own training seeds it would
// flatter itself); src/strategy scores it held out, and the composer (src/cli) hands the result to
// the analyze report (src/analysis) and to the charts, which only show it.
import type { StrategyRow } from './records';

/** A strategy's name as the tables and charts show it, and what it means. */
export interface StrategyName {
  name: string;
  meaning: string;
}

/** The learned strategy of one game, scored on the seeds of the data outside its training range. */
export interface LearnedScore {
  variant: string;
  /** Its training seeds, `from-to`. */
  trainSeeds: string;
  /** Its row on the held-out seeds (strategy `learned`); null when every seed of the data is a training seed. */
  row: StrategyRow | null;
  /** The held-out seeds, `first-last` ('' without a row). */
  seeds: string;
  /** The fixed strategy it is compared with (chosen on the training seeds) and its row on the same held-out seeds. */
  versus: StrategyRow | null;
}

/** The label of the learned strategy's row in a table or chart: its name and the seeds it is scored on. */
export function learnedLabel(l: LearnedScore): string {
  return l.row ? `learned, seeds ${l.seeds}` : 'learned';
}

/** The entries of `names` that are shown, in the order of `names` (a name shown without an entry is left out). */
export function legendEntries(names: readonly StrategyName[], shown: readonly string[]): StrategyName[] {
  return names.filter((n) => shown.includes(n.name));
}

/** The heading of a legend: what the names below have in common. */
export const LEGEND_HEAD = 'Strategies (an exposed card is the top card of a tableau pile or of the reserve):';

/** The legend of a chart: the heading, then one line `name: meaning` per name shown (legendEntries). */
export function legendLines(names: readonly StrategyName[], shown: readonly string[]): string[] {
  const lines = legendEntries(names, shown).map((n) => `${n.name}: ${n.meaning}`);
  return lines.length ? [LEGEND_HEAD, ...lines] : [];
}

/** The legend of a text table: the heading, then each name shown padded to a column, and its meaning. */
export function legendText(names: readonly StrategyName[], shown: readonly string[]): string[] {
  const entries = legendEntries(names, shown);
  const w = Math.max(0, ...entries.map((n) => n.name.length));
  return entries.length ? [LEGEND_HEAD, ...entries.map((n) => `  ${n.name.padEnd(w)}  ${n.meaning}`)] : [];
}

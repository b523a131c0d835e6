// What a finished analysis computes from its per-deal rows: the summary (<variant>-summary.csv)
// and, when the composer of the run passes them in (StrategyScoring), the rows of strategies.csv.
// `analyze` and `merge` both come here, so a merge of shards writes exactly what one straight run
// over the same seeds writes.
import { baseCandidates, type Deal, dealFromSeed } from '../engine/deal';
import { cellsVariants, getRules } from '../rules/variants';
import type { RuleTable } from '../rules/vocabulary';
import { type DealRow, SUMMARY_COLUMNS, type StrategyRow, type SummaryRow, baseLabel, summaryFile, summaryRecord, writeCsvFile } from '../records/records';
import { type DealVerdicts, bestVerdict, groupBySeed } from '../records/verdicts';
import { type BaseMode, bestAnyConflicts, summarise } from './summary';

/** A variant's rules, with `cells` applied where the variant takes it (FreeCell) and ignored elsewhere. */
export function rulesWithCells(variant: string, cells: number | undefined): RuleTable {
  return getRules(variant, cells !== undefined && cellsVariants().includes(variant) ? { cells } : {});
}

/** Base choices searched for a deal. */
export function basesFor(deal: Deal, mode: BaseMode): (number | 'any')[] {
  if (!deal.rules.terraceFamily || mode === 'any') return ['any'];
  return [...baseCandidates(deal), 'any'];
}

/** Labels (`A`..`K`, `any`) of the searches of one seed, in search order. */
export function searchLabels(rules: RuleTable, seed: number, mode: BaseMode): string[] {
  return basesFor(dealFromSeed(rules, seed), mode).map(baseLabel);
}

/**
 * The base-card strategies a finished run scores for each Terrace variant searched with --base all
 * (src/strategy's). src/analysis never imports src/strategy: whoever composes the run passes them
 * in (src/cli/compose.ts). Without them a run scores no strategy and writes no strategies.csv row.
 */
export interface StrategyScoring {
  /** The strategies' names, for the report. */
  names: readonly string[];
  /** The rows of strategies.csv of one variant, from its deals (by seed) with their rows and `best` verdict. */
  score(rules: RuleTable, deals: DealVerdicts[]): StrategyRow[];
}

export interface VariantResults {
  summary: SummaryRow[];
  /** Terrace family in mode `all`, with a StrategyScoring: the oracle and every strategy. */
  strategies: StrategyRow[] | null;
  /** Seeds whose `best` and `any` verdicts contradict each other (a solver bug if any). */
  conflicts: number[];
  /** Sum of the per-search times, seconds. */
  cpuSeconds: number;
  /** Rows counted: (deal, base) searches. */
  searches: number;
}

/**
 * Summary and (with `scoring`) strategies of one variant from its rows (those of the seeds asked
 * for only), given each seed's candidate rank letters. Pure: the same rows in any order give the
 * same results.
 */
export function variantResults(
  rules: RuleTable,
  rows: DealRow[],
  mode: BaseMode,
  candidates: (seed: number) => string[] | undefined,
  scoring: StrategyScoring | null,
): VariantResults {
  const variant = rules.name;
  const summary = summarise(rows, { variant, terraceFamily: rules.terraceFamily, mode, candidates });
  let strategies: StrategyRow[] | null = null;
  if (scoring && rules.terraceFamily && mode === 'all') {
    const deals: DealVerdicts[] = [];
    for (const [seed, g] of groupBySeed(rows)) {
      const best = bestVerdict(g, candidates(seed));
      if (best) deals.push({ seed, rows: g, best });
    }
    deals.sort((a, b) => a.seed - b.seed);
    strategies = scoring.score(rules, deals);
  }
  return {
    summary,
    strategies,
    conflicts: mode === 'all' && rules.terraceFamily ? bestAnyConflicts(rows, variant, candidates) : [],
    cpuSeconds: rows.reduce((a, r) => a + r.ms, 0) / 1000,
    searches: rows.length,
  };
}

export function writeSummary(outDir: string, rules: RuleTable, summary: SummaryRow[]): void {
  writeCsvFile(
    summaryFile(outDir, rules.name),
    SUMMARY_COLUMNS,
    summary.map((r) => summaryRecord(r, rules.cells)),
  );
}

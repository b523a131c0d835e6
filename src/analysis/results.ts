// The files a finished analysis writes from its per-deal rows: <variant>-summary.csv and
// strategies.csv. `analyze` and `merge` both come here, so a merge of shards writes exactly what
// one straight run over the same seeds writes.
import * as fs from 'fs';
import { type Deal, dealFromSeed } from '../engine/deal';
import { cellsVariants, getRules, variantNames } from '../rules/variants';
import type { RuleTable } from '../rules/vocabulary';
import { baseCandidates } from '../solver/solve';
import {
  type DealRow,
  STRATEGY_COLUMNS,
  SUMMARY_COLUMNS,
  type StrategyRow,
  type SummaryRow,
  baseLabel,
  parseCsv,
  strategiesFile,
  strategyRecord,
  summaryFile,
  summaryRecord,
  writeCsvFile,
} from '../records/records';
import { type StrategyDeal, evaluateStrategies, viewOfDeal } from './strategies';
import { bestVerdict, groupBySeed } from '../records/verdicts';
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

export interface VariantResults {
  summary: SummaryRow[];
  /** Terrace family in mode `all`: the oracle and every strategy. */
  strategies: StrategyRow[] | null;
  /** Seeds whose `best` and `any` verdicts contradict each other (a solver bug if any). */
  conflicts: number[];
  /** Sum of the per-search times, seconds. */
  cpuSeconds: number;
  /** Rows counted: (deal, base) searches. */
  searches: number;
}

/**
 * Summary and strategies of one variant from its rows (those of the seeds asked for only), given
 * each seed's candidate rank letters. Pure: the same rows in any order give the same results.
 */
export function variantResults(rules: RuleTable, rows: DealRow[], mode: BaseMode, candidates: (seed: number) => string[] | undefined): VariantResults {
  const variant = rules.name;
  const summary = summarise(rows, { variant, terraceFamily: rules.terraceFamily, mode, candidates });
  let strategies: StrategyRow[] | null = null;
  if (rules.terraceFamily && mode === 'all') {
    const deals: StrategyDeal[] = [];
    for (const [seed, g] of groupBySeed(rows)) {
      const best = bestVerdict(g, candidates(seed));
      if (best) deals.push({ seed, view: viewOfDeal(dealFromSeed(rules, seed)), rows: g, best });
    }
    deals.sort((a, b) => a.seed - b.seed);
    strategies = evaluateStrategies(variant, deals);
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

/**
 * strategies.csv holds every Terrace variant analysed: these rows replace those of the same
 * variants, rows of other variants (from earlier runs, maybe of other seed ranges) stay.
 */
export function writeStrategies(outDir: string, variants: string[], rows: StrategyRow[]): void {
  const file = strategiesFile(outDir);
  let keep: string[][] = [];
  if (fs.existsSync(file)) {
    const { records } = parseCsv(fs.readFileSync(file, 'utf8'));
    if (records.length && records[0].join(',') === STRATEGY_COLUMNS.join(','))
      keep = records.slice(1).filter((r) => r.length === STRATEGY_COLUMNS.length && !variants.includes(r[0]));
    else if (records.length && records[0].join(',') === STRATEGY_COLUMNS.slice(0, -1).join(','))
      // A file from before the `lost` column: it holds no proved loss.
      keep = records
        .slice(1)
        .filter((r) => r.length === STRATEGY_COLUMNS.length - 1 && !variants.includes(r[0]))
        .map((r) => [...r, '0']);
  }
  const mine = rows.map(strategyRecord).map((r) => r.map(String));
  // Variants in the order of the rules list (stable sort: strategy order kept within a variant).
  const order = (v: string) => {
    const i = variantNames().indexOf(v);
    return i < 0 ? Infinity : i;
  };
  const all = [...keep, ...mine].sort((a, b) => order(a[0]) - order(b[0]));
  writeCsvFile(file, STRATEGY_COLUMNS, all);
}

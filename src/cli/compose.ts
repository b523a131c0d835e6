// Where a run meets the base-card science. src/analysis (running an analysis) and src/strategy
// (the strategies, their evaluation and chart) never import each other; the commands that need
// both join them here. analyze and merge score the strategies at the end of the run
// (STRATEGY_SCORING, passed to runAnalysis and mergeRuns) and name them under the table they print;
// chart, and analyze and merge once their files are written, draw the win-rate charts and
// strategies.svg together.
import { readProvenance, readSummaries, readTerraceDeals, renderWinRateCharts } from '../analysis/charts';
import { mergeRuns } from '../analysis/merge';
import { formatReport } from '../analysis/report';
import type { StrategyScoring } from '../analysis/results';
import { type AnalysisResult, type AnalyzeOptions, runAnalysis } from '../analysis/run';
import { type DealRow, RecordsError, type StrategyRecord, type SummaryRow, readStrategiesFile, strategiesFile } from '../records/records';
import type { LearnedScore } from '../records/strategy-notes';
import { type Provenance, writeFilesWhole } from '../records/svg';
import { STRATEGIES_CHART, strategiesChartOf } from '../strategy/chart';
import { strategyNames } from '../strategy/legend';
import { STRATEGIES, scoreRun } from '../strategy/strategies';
import { TERRACE_VARIANTS, learnedScoreOf } from '../strategy/strategy-eval';

/** The six fixed strategies (and the oracles) of src/strategy, scored at the end of analyze and merge. */
export const STRATEGY_SCORING: StrategyScoring = { names: STRATEGIES.map((s) => s.name), score: scoreRun };

/** runAnalysis, with the base-card strategies scored at the end (strategies.csv). */
export function analyzeWithStrategies(opts: Omit<AnalyzeOptions, 'strategies'>): Promise<AnalysisResult> {
  return runAnalysis({ ...opts, strategies: STRATEGY_SCORING });
}

/** mergeRuns, with the base-card strategies scored on the merged rows (strategies.csv). */
export function mergeWithStrategies(
  inputs: string[],
  outDir: string,
  commandLine: string,
  opts: Pick<Parameters<typeof mergeRuns>[3], 'force' | 'seeds'> = {},
): ReturnType<typeof mergeRuns> {
  return mergeRuns(inputs, outDir, commandLine, { ...opts, strategies: STRATEGY_SCORING });
}

/** The learned strategy's held-out score of each of `variants` with per-rank rows in `dir` (src/strategy). */
export function learnedScores(dir: string, variants: readonly string[]): Map<string, LearnedScore> {
  const out = new Map<string, LearnedScore>();
  for (const v of variants) {
    if (!(TERRACE_VARIANTS as readonly string[]).includes(v)) continue;
    const l = learnedScoreOf(dir, v);
    if (l) out.set(v, l);
  }
  return out;
}

/**
 * The lines of the table printed at the end of analyze and merge: the run's strategies with the
 * learned one held out (scored again from the per-deal files just written) and the names explained.
 */
export function reportLines(res: AnalysisResult): string[] {
  let learned = new Map<string, LearnedScore>();
  try {
    learned = learnedScores(
      res.options.outDir,
      res.variants.filter((v) => v.strategies).map((v) => v.variant),
    );
  } catch (e) {
    if (!(e instanceof RecordsError)) throw e; // the table is printed without it
  }
  return formatReport(res, { names: strategyNames(), learned });
}

/** What a directory holds for the charts. */
export interface ChartData {
  dir: string;
  /** Summary rows by variant, in the rules' order. */
  summaries: Map<string, SummaryRow[]>;
  /** strategies.csv rows, or null without the file. */
  strategies: StrategyRecord[] | null;
  /** The per-deal rows of each Terrace game with a per-deal file, for its deals chart. */
  deals: Map<string, DealRow[]>;
  /** Where each game's rows come from (run.json), for the footers. */
  provenance: Map<string, Provenance>;
  /** The learned strategy held out, per game of strategies.csv. */
  learned: Map<string, LearnedScore>;
}

/** Reads the summaries, per-deal files, strategies.csv and run.json of `dir` (RecordsError, ManifestError on a malformed file). */
export function readChartData(dir: string): ChartData {
  const strategies = readStrategiesFile(strategiesFile(dir));
  return {
    dir,
    summaries: readSummaries(dir),
    strategies,
    deals: readTerraceDeals(dir),
    provenance: readProvenance(dir),
    learned: learnedScores(dir, [...new Set((strategies ?? []).map((r) => r.variant))]),
  };
}

/** SVG text of every chart the data allows, by file name, in a fixed order: per Terrace game its ranks and deals charts, outcomes.svg, strategies.svg. */
export async function renderCharts(data: ChartData): Promise<Map<string, string>> {
  const out = await renderWinRateCharts(data.summaries, data.deals, data.provenance);
  const strategies = await strategiesChartOf(data.strategies, data.learned, data.provenance);
  if (strategies !== null) out.set(STRATEGIES_CHART, strategies);
  return out;
}

/**
 * Writes into `dir` every chart its files have data for: <variant>-ranks.svg and <variant>-deals.svg
 * per Terrace game with per-rank rows, outcomes.svg, strategies.svg. Returns the paths written (none if no data).
 * Throws RecordsError (a malformed CSV) or OutputError (a file that cannot be written) before
 * writing anything.
 */
export async function writeCharts(dir: string): Promise<string[]> {
  const charts = await renderCharts(readChartData(dir));
  return writeFilesWhole(dir, charts);
}

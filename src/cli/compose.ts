// Where a run meets the base-card science. src/analysis (running an analysis) and src/strategy
// (the strategies, their evaluation and chart) never import each other; the commands that need
// both join them here. analyze and merge score the strategies at the end of the run
// (STRATEGY_SCORING, passed to runAnalysis and mergeRuns) and name them under the table they print;
// chart, and analyze and merge once their files are written, draw the win-rate charts and
// strategies.svg together.
import { readSummaries, renderWinRateCharts } from '../analysis/charts';
import { mergeRuns } from '../analysis/merge';
import { formatReport } from '../analysis/report';
import type { StrategyScoring } from '../analysis/results';
import { type AnalysisResult, type AnalyzeOptions, runAnalysis } from '../analysis/run';
import { type StrategyRecord, type SummaryRow, readStrategiesFile, strategiesFile } from '../records/records';
import { writeFilesWhole } from '../records/svg';
import { STRATEGIES_CHART, strategiesChartOf } from '../strategy/chart';
import { STRATEGIES, scoreRun } from '../strategy/strategies';

/** The six fixed strategies (and the oracles) of src/strategy, scored at the end of analyze and merge. */
export const STRATEGY_SCORING: StrategyScoring = { names: STRATEGIES.map((s) => s.name), score: scoreRun };

/** runAnalysis, with the base-card strategies scored at the end (strategies.csv). */
export function analyzeWithStrategies(opts: Omit<AnalyzeOptions, 'strategies'>): Promise<AnalysisResult> {
  return runAnalysis({ ...opts, strategies: STRATEGY_SCORING });
}

/** mergeRuns, with the base-card strategies scored on the merged rows (strategies.csv). */
export function mergeWithStrategies(inputs: string[], outDir: string, commandLine: string, opts: { force?: boolean } = {}): ReturnType<typeof mergeRuns> {
  return mergeRuns(inputs, outDir, commandLine, { ...opts, strategies: STRATEGY_SCORING });
}

/** The lines of the table printed at the end of analyze and merge. */
export function reportLines(res: AnalysisResult): string[] {
  return formatReport(res, STRATEGY_SCORING.names);
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
  const summaries = readSummaries(dir);
  return { dir, summaries, strategies: readStrategiesFile(strategiesFile(dir)) };
}

/** SVG text of every chart the data allows, by file name, in a fixed order: ranks charts, outcomes.svg, strategies.svg. */
export async function renderCharts(data: ChartData): Promise<Map<string, string>> {
  const out = await renderWinRateCharts(data.summaries);
  const strategies = await strategiesChartOf(data.strategies);
  if (strategies !== null) out.set(STRATEGIES_CHART, strategies);
  return out;
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

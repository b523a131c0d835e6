// `solitaire chart DIR`: SVG charts of an analysis output directory, drawn from its summary CSVs,
// per-deal files, strategies.csv and run.json (src/analysis/charts.ts, deals-chart.ts and
// src/strategy/chart.ts, joined in compose.ts).
// Bad input (a missing directory, one with nothing to chart, a malformed CSV, a file that cannot
// be written) is one line, exit 2, nothing written.
import * as fs from 'fs';
import type { Command } from 'commander';
import * as path from 'path';
import { checkFolder } from '../analysis/consistency';
import { ManifestError } from '../analysis/manifest';
import { OUTCOMES_CHART } from '../analysis/charts';
import { writeFilesWhole } from '../records/svg';
import { STRATEGIES_CHART } from '../strategy/chart';
import { OutputError } from '../records/outputs';
import { RecordsError } from '../records/records';
import { readChartData, renderCharts, writeCharts } from './compose';
import { UsageError, reportError, settle } from './errors';
import { out } from './io';

const badInput = (e: unknown) => e instanceof RecordsError || e instanceof OutputError || e instanceof ManifestError;

/**
 * The charts step at the end of analyze and merge: the report line naming the charts written, or
 * none and a warning on stderr when they cannot be drawn (the results themselves are written).
 */
export async function chartsAfterRun(dir: string): Promise<string[]> {
  try {
    const files = await writeCharts(dir);
    return files.length ? [`charts: ${files.map((f) => path.basename(f)).join(', ')}`] : [];
  } catch (e) {
    reportError(`warning: no charts drawn in ${dir}: ${e instanceof Error ? e.message : String(e)}`);
    return [];
  }
}

export function register(program: Command): void {
  program
    .command('chart')
    .description(
      `write SVG charts of an analysis output directory next to its CSVs: <variant>-ranks.svg, <variant>-deals.svg, ${OUTCOMES_CHART}, ${STRATEGIES_CHART}`,
    )
    .argument('<dir>', 'output directory of analyze (or merge) with <variant>-summary.csv files and/or strategies.csv')
    .addHelpText(
      'after',
      `
Writes, for what the directory has data for (and skips the rest):
  <variant>-ranks.svg  per Terrace game (signora, double-signora, empress-of-italy) with per-rank
                       rows: share of deals proved won / unknown / proved lost for each base rank,
                       then best and any, with the 95% Wilson interval of the summary as whiskers
  <variant>-deals.svg  per Terrace game, from <variant>-deals.csv: which base ranks win each deal
                       (a column per deal, a row per rank), deals by how many ranks win them
  ${OUTCOMES_CHART.padEnd(19)}  one bar per game: proved won / unknown / proved lost, from its best row
                       (Terrace games) or its any row (the others)
  ${STRATEGIES_CHART.padEnd(19)}  from strategies.csv: each base-card strategy's deals won / unknown /
                       lost with its won rate and interval, the oracles (best base chosen with
                       hindsight) and the learned strategy on its held-out seeds; names explained
Each share axis starts where its data start (the cut marked); unknown deals are never drawn as won;
a footer names each game's seeds, node budget and run (run.json). Same files, same SVG bytes.
Prints the files written.

Example:
  solitaire chart results/published`,
    )
    .action((dir: string) => {
      if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) throw new UsageError(`${dir} is not a directory`);
      let data: ReturnType<typeof readChartData>;
      try {
        checkFolder(dir);
        data = readChartData(dir);
      } catch (e) {
        if (badInput(e)) throw new UsageError((e as Error).message);
        throw e;
      }
      if (data.summaries.size === 0 && !data.strategies?.length)
        throw new UsageError(`${dir} holds no <variant>-summary.csv nor strategies.csv: nothing to chart (run solitaire analyze --out ${dir})`);
      settle(
        renderCharts(data).then((charts) => {
          if (charts.size === 0) throw new UsageError(`${dir}: no summary or strategy row with deals: nothing to chart`);
          return writeFilesWhole(dir, charts);
        }),
        (files) => out(files.join('\n')),
        badInput,
      );
    });
}

// `solitaire merge DIR... --out DIR`: joins shard (or adjacent-range) outputs of `analyze` into
// the files one straight run writes (src/analysis/merge.ts, the strategies scored as compose.ts
// says); with --seeds, only part of their range (a slice of one run). Refusals (settings that
// disagree, overlapping shards, missing seeds, seeds outside the runs' range, unreadable files, an
// unusable --out, per-deal rows in --out that are not a merge of the same directories, without
// --force) are one line, exit 2, nothing written.
import type { Command } from 'commander';
import { ManifestError } from '../analysis/manifest';
import { OutputError } from '../records/outputs';
import { RecordsError } from '../records/records';
import { reportJson } from '../analysis/report';
import type { AnalysisResult } from '../analysis/run';
import { chartsAfterRun } from './chart';
import { mergeWithStrategies, reportLines } from './compose';
import { UsageError, settle } from './errors';
import { out, parseSeedRange } from './io';

export function register(program: Command): void {
  program
    .command('merge')
    .description('join the outputs of shards (analyze --shard K/N) or of adjacent seed ranges into the files one straight run writes')
    .argument('<dir...>', 'output directories of analyze runs (each with its run.json)')
    .requiredOption('--out <dir>', 'directory to write the merged per-deal files, summaries, strategies.csv and run.json (not one of the inputs)')
    .option(
      '--seeds <A-B>',
      "keep only these seeds of the runs' range (a slice: one directory is enough), e.g. to search their unknown rows again with analyze --retry-unknown",
    )
    .option('--force', 'replace per-deal rows already in --out (without it, rows there are replaced only by a merge of the same directories)')
    .option('--json', 'print the summary as one JSON object on stdout, as analyze --json does')
    .addHelpText(
      'after',
      `
Every run must have the same settings (program version and git commit, --base, --max-nodes,
--timeout, --tt-mb, --cells), no two runs may hold the same seed, and every seed from the lowest
to the highest of the runs' ranges must be there with all its searches; otherwise merge names the
problem (the first missing seeds, the overlapping shards) and writes nothing.

Example (three shards of seeds 1-300, then the merge):
  solitaire analyze signora --seeds 1-300 --shard 1/3 --out shards/1
  solitaire analyze signora --seeds 1-300 --shard 2/3 --out shards/2
  solitaire analyze signora --seeds 1-300 --shard 3/3 --out shards/3
  solitaire merge shards/1 shards/2 shards/3 --out results/signora

Example (seeds 1-100 of that run, their unknown searches again at ten times the budget):
  solitaire merge results/signora --seeds 1-100 --out signora-1-100
  solitaire analyze signora --out signora-1-100 --max-nodes 2000000 --retry-unknown`,
    )
    .action((dirs: string[], o: { out: string; seeds?: string; force?: boolean; json?: boolean }) => {
      const seeds = o.seeds === undefined ? undefined : parseSeedRange(o.seeds);
      const commandLine = [
        'solitaire merge',
        ...dirs,
        ...(seeds ? [`--seeds ${seeds.from}-${seeds.to}`] : []),
        `--out ${o.out}`,
        ...(o.force ? ['--force'] : []),
      ].join(' ');
      let merged: ReturnType<typeof mergeWithStrategies>;
      try {
        merged = mergeWithStrategies(dirs, o.out, commandLine, { force: !!o.force, seeds });
      } catch (e) {
        if (e instanceof ManifestError || e instanceof RecordsError || e instanceof OutputError) throw new UsageError(e.message);
        throw e;
      }
      const result: AnalysisResult = {
        interrupted: false,
        crashes: [],
        seconds: 0,
        cpuSeconds: 0,
        commandLine,
        options: {
          from: Math.min(...merged.map((m) => m.entry.seeds.from)),
          to: Math.max(...merged.map((m) => m.entry.seeds.to)),
          workers: 0,
          base: merged[0]?.entry.base ?? 'all',
          maxNodes: merged[0]?.entry.maxNodes ?? 0,
          outDir: o.out,
        },
        variants: merged.map((m) => ({
          variant: m.variant,
          cells: m.rules.options?.cells ? m.rules.cells : null,
          terraceFamily: m.rules.terraceFamily,
          summary: m.summary,
          strategies: m.strategies,
          conflicts: m.conflicts,
          cpuSeconds: m.cpuSeconds,
          searches: m.searches,
          seconds: 0,
          searchedDeals: 0,
          resumedDeals: m.summary[m.summary.length - 1].deals,
          retried: 0,
        })),
      };
      settle(
        chartsAfterRun(o.out),
        (charts) =>
          out(
            o.json
              ? JSON.stringify(
                  reportJson(
                    result,
                    charts.flatMap((l) => l.replace(/^charts: /, '').split(', ')),
                  ),
                )
              : [...reportLines(result), ...charts].join('\n'),
          ),
        () => false,
      );
    });
}

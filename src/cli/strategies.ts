// `solitaire strategies [dir]`: base-card strategies from existing per-deal files, without
// re-solving (issue 13). Writes strategies.csv and strategies-paired.csv and prints the tables;
// `--compare dir2` is the sensitivity check (does the ranking survive another budget?).
import * as fs from 'fs';
import * as path from 'path';
import { readProvenance } from '../analysis/charts';
import { checkFolder, gamesIn } from '../analysis/consistency';
import { ManifestError } from '../analysis/manifest';
import type { Command } from 'commander';
import { LEARNED_MODELS } from '../strategy/learned-model';
import { OutputError } from '../records/outputs';
import { RecordsError } from '../records/records';
import { strategiesChartSvg } from '../strategy/chart';
import {
  checkStrategyOutputs,
  compareBudgets,
  evaluateVariant,
  PAIRED_FILE,
  TERRACE_VARIANTS,
  type VariantEvaluation,
  variantsIn,
  writeStrategyFiles,
} from '../strategy/strategy-eval';
import { formatEvaluation, formatLegend, formatSensitivity } from '../strategy/strategy-report';
import { UsageError, settle } from './errors';
import { out } from './io';

interface StrategiesCliOptions {
  out?: string;
  compare?: string;
  learned: boolean;
  write: boolean;
  all?: boolean;
  json?: boolean;
}

function checkDir(dir: string): string[] {
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) throw new UsageError(`${dir} is not a directory`);
  records(() =>
    checkFolder(
      dir,
      gamesIn(dir).filter((v) => (TERRACE_VARIANTS as readonly string[]).includes(v)),
    ),
  );
  const vs = variantsIn(dir);
  if (vs.length === 0)
    throw new UsageError(`${dir} holds no per-deal file of the Terrace family (${TERRACE_VARIANTS.map((v) => `${v}-deals.csv`).join(', ')})`);
  return vs;
}

/** The published results: ./results/published when there is one, else the copy beside this program. */
function publishedDir(): string {
  const here = path.join('results', 'published');
  if (fs.existsSync(here)) return here;
  const own = path.resolve(__dirname, '..', '..', '..', 'results', 'published');
  return fs.existsSync(own) ? own : here;
}

/** RecordsError (a malformed per-deal file), ManifestError (files of a run that did not finish) and OutputError (an unusable --out) are bad input: one line, exit 2. */
function records<T>(f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof RecordsError || e instanceof OutputError || e instanceof ManifestError) throw new UsageError(e.message);
    throw e;
  }
}

/** One game's evaluation as JSON: the deals' count, the strategy rows, every paired test, the held-out learned strategy. */
function evaluationJson(e: VariantEvaluation) {
  const h = e.heldOut;
  return {
    variant: e.variant,
    deals: e.deals.length,
    strategies: e.strategyRows,
    paired: e.paired,
    heldOut: h
      ? {
          seeds: h.seeds,
          deals: h.deals,
          bestFixed: h.bestFixed,
          bestFixedSeeds: h.bestFixedSeeds,
          trainDeals: h.trainDeals,
          rates: h.rates,
          gapClosed: h.gapClosed,
        }
      : null,
    learnedLeftOut: e.learnedLeftOut,
  };
}

export function register(program: Command): void {
  program
    .command('strategies')
    .description(
      `score the base-card strategies from existing per-deal files (no solving): writes strategies.csv, ${PAIRED_FILE} (paired exact McNemar tests with Holm's correction) and the chart strategies.svg, and prints the tables; --compare checks that the ranking survives another budget`,
    )
    .argument(
      '[dir]',
      'directory with <variant>-deals.csv files of the Terrace family (every candidate rank searched); default results/published (here, else the one installed with this program)',
    )
    .option('--out <dir>', 'where to write strategies.csv, strategies-paired.csv and strategies.svg (default: dir)')
    .option('--no-write', 'print only, write no file')
    .option('--no-learned', 'leave out the learned strategy (its held-out evaluation)')
    .option(
      '--json',
      'print the evaluation as one JSON object on stdout (strategies, paired tests, held-out learned strategy); files are written as without it',
    )
    .option('--all', 'list every pair of strategies whose difference is not significant, as a table (by default: their count)')
    .option(
      '--compare <dir2>',
      'sensitivity check: rank the fixed strategies on the seeds both directories hold, in dir and in dir2 (e.g. the same seeds at a 10x budget), and say whether the ranking and the significant differences survive; writes nothing',
    )
    .addHelpText(
      'after',
      `
Measures: "won" = won by the solver within the per-rank budget of the files (unknown counts as not
won: a lower bound), and the same comparison restricted to the deals where both compared verdicts
are decided (won or lost). Intervals: Wilson for rates (unknown counted lost / won for the ends),
Newcombe's paired interval for differences. Significance: exact McNemar test, Holm-corrected per
game at 5%. The learned strategy is evaluated only on seeds outside its training range.

Examples:
  solitaire strategies results/published
  solitaire strategies results/published --compare results/sensitivity/signora-2m-new`,
    )
    .action((given: string | undefined, o: StrategiesCliOptions) => {
      const dir = given ?? publishedDir();
      const variants = checkDir(dir);
      if (o.compare !== undefined) {
        const other = checkDir(o.compare);
        const lines: string[] = [`A = ${dir}`, `B = ${o.compare}`];
        let any = false;
        for (const v of variants.filter((x) => other.includes(x))) {
          const r = records(() => compareBudgets(dir, o.compare!, v));
          if (!r) continue;
          any = true;
          lines.push('', ...formatSensitivity(r, 'A', 'B'));
        }
        if (!any) throw new UsageError(`${dir} and ${o.compare} have no Terrace game with seeds in common`);
        out(lines.join('\n'));
        return;
      }
      const evals = records(() => variants.map((v) => evaluateVariant(dir, v, o.learned ? LEARNED_MODELS[v] : undefined)).filter((e) => e !== null));
      if (evals.length === 0) throw new UsageError(`${dir}: no deal with per-rank rows (run analyze with --base all)`);
      const lines: string[] = [];
      if (o.json) lines.push(JSON.stringify({ dir, variants: evals.map(evaluationJson) }));
      else {
        for (const e of evals) lines.push(...formatEvaluation(e, !!o.all), '');
        lines.push(...formatLegend(evals), '');
      }
      if (!o.write) return out(lines.join('\n'));
      const outDir = o.out ?? dir;
      records(() => checkStrategyOutputs(outDir)); // refused before the (asynchronous) chart is drawn
      const learned = new Map(evals.flatMap((e) => (e.learned ? [[e.variant, e.learned] as const] : [])));
      const provenance = records(() => readProvenance(dir));
      settle(
        strategiesChartSvg(
          evals.flatMap((e) => e.strategyRows),
          learned,
          provenance,
        ),
        (svg) => {
          const files = writeStrategyFiles(outDir, evals, svg);
          if (!o.json) lines.push(`wrote ${files.strategies}, ${files.paired} and ${files.chart}`);
          out(lines.join('\n'));
        },
        (e) => e instanceof RecordsError || e instanceof OutputError,
      );
    });
}

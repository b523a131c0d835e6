// `solitaire analyze <variant...|all> [--seeds A-B] ...`: the win-rate analysis (src/analysis).
// Exit status (main.ts conventions): 2 for bad arguments (thrown as UsageError before any work, so
// main prints the one `solitaire: ...` line), an unusable output directory or file, per-deal rows
// already in --out without --resume or --force (issue 29), or an unreadable
// per-deal file on --resume, or rows on --resume made under other settings (run.json), or on
// --retry-unknown under other settings or a budget not larger (nothing is created or changed then); 130 after
// SIGINT, 143 after SIGTERM (finished rows kept); 1 when a worker crashed (results still written,
// the crashed deals left out); 3 for an internal error.
import * as os from 'os';
import type { Command } from 'commander';
import { reportJson } from '../analysis/report';
import { OutputError } from '../records/outputs';
import { AnalysisError, ANALYZE_MAX_NODES, DEFAULT_SEEDS, DEFAULT_TT_MB, MAX_SEEDS } from '../analysis/run';
import { RecordsError } from '../records/records';
import type { BaseMode } from '../analysis/summary';
import { ManifestError } from '../analysis/manifest';
import { type Shard, parseShard } from '../analysis/shard';
import { MAIN_VARIANTS, cellsVariants, getRules, normalVariantName, unknownVariantMessage, variantNames } from '../rules/variants';
import { chartsAfterRun } from './chart';
import { analyzeWithStrategies, reportLines } from './compose';
import { EXIT_FAILED, EXIT_INTERNAL, EXIT_USAGE, UsageError, reportError } from './errors';
import { MS_MAX } from '../engine/msdeal';
import { DEFAULTS_NOTE, parseSeedRange, parseWhole, searchHelp, searchOption } from './io';
import { killPoint } from '../records/kill-points';

export interface AnalyzeCliOptions {
  seeds?: string;
  msDeals?: string;
  workers?: string;
  base?: string;
  maxNodes?: string;
  timeout?: string;
  out: string;
  resume?: boolean;
  retryUnknown?: boolean;
  force?: boolean;
  quiet?: boolean;
  batch?: string;
  shard?: string;
  cells?: string;
  ttMb?: string;
  search?: string;
  json?: boolean;
}

/**
 * SIGINT and SIGTERM after the last search. While the searches run, runAnalysis stops on them
 * (exit 130 / 143, rows kept). Once they are done, the per-deal files and summaries are written in
 * one synchronous step, which a signal waits for; a signal then, or while the charts are drawn,
 * stops the command with one line saying what was written and how to draw the charts.
 */
function lateSignals(dir: string): { afterSearches(): Promise<void>; done(): Promise<void> } {
  let searched = false;
  let pending: NodeJS.Signals | null = null;
  const stop = (sig: NodeJS.Signals) => {
    // While the searches run, runAnalysis's own handler stops them; one that comes as they end is kept for afterSearches.
    if (!searched) return void (pending ??= sig);
    reportError(
      `interrupted (${sig}) after the last search: the per-deal files and summaries in ${dir} are complete, the charts may not be; solitaire chart ${dir} draws them`,
    );
    process.exit(sig === 'SIGTERM' ? 143 : 130);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  // A signal is handed to its listeners in the event loop's poll phase: two turns of the loop (the
  // second after a poll) let one that came during synchronous work (the summaries, the charts) be seen.
  const immediate = () => new Promise<void>((resolve) => setImmediate(resolve));
  const turn = () => immediate().then(immediate);
  return {
    afterSearches: async () => {
      await turn();
      searched = true;
      if (pending) stop(pending);
    },
    done: async () => {
      await turn();
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
    },
  };
}

/** Largest --tt-mb (per worker thread), as for solve. */
const MAX_TT_MB = 4096;

function wholeNumber(text: string, what: string, min: number): number {
  return parseWhole(what, text, min);
}

export function parseVariants(names: string[]): string[] {
  const out: string[] = [];
  for (const n of names) {
    const list = normalVariantName(n) === 'all' ? MAIN_VARIANTS : [n];
    for (const typed of list) {
      const v = normalVariantName(typed);
      if (!variantNames().includes(v)) throw new UsageError(unknownVariantMessage(typed, 'all, '));
      if (!out.includes(v)) out.push(v);
    }
  }
  return out;
}

/** Validated options of runAnalysis from the command line. Throws UsageError. */
export function analyzeOptionsFromCli(variants: string[], o: AnalyzeCliOptions) {
  const names = parseVariants(variants);
  if (o.seeds !== undefined && o.msDeals !== undefined) throw new UsageError('give --seeds or --ms-deals, not both');
  const ms = o.msDeals !== undefined;
  if (ms && names.some((n) => n !== 'freecell'))
    throw new UsageError(`--ms-deals numbers Microsoft's FreeCell deals: analyze freecell alone, not ${names.filter((n) => n !== 'freecell').join(', ')}`);
  const again = !!o.resume || !!o.retryUnknown;
  if (names.length === 0 && !again) throw new UsageError('name a variant to analyse, or all (--resume and --retry-unknown take them from run.json)');
  // Not given: the defaults, or on a resume run.json's (resumeSettings).
  const given = ms ? parseSeedRange(o.msDeals!, '--ms-deals') : o.seeds !== undefined ? parseSeedRange(o.seeds) : again ? undefined : DEFAULT_SEEDS;
  const { from, to } = given ?? { from: undefined, to: undefined };
  if (ms && (from! < 1 || to! > MS_MAX)) throw new UsageError(`bad --ms-deals "${o.msDeals}": Microsoft deal numbers go from 1 to ${MS_MAX}`);
  const workers = o.workers !== undefined ? wholeNumber(o.workers, '--workers', 1) : os.availableParallelism();
  if (workers > 256) throw new UsageError(`bad --workers "${o.workers}": at most 256`);
  const base = o.base as BaseMode | undefined;
  if (base !== undefined && base !== 'all' && base !== 'any') throw new UsageError(`bad --base "${o.base}": expected all or any`);
  const maxNodes = o.maxNodes !== undefined ? wholeNumber(o.maxNodes, '--max-nodes', 1) : again ? undefined : ANALYZE_MAX_NODES;
  const timeoutMs = o.timeout !== undefined ? wholeNumber(o.timeout, '--timeout', 1) : undefined;
  const batchSize = o.batch !== undefined ? wholeNumber(o.batch, '--batch', 1) : undefined;
  const ttMb = o.ttMb !== undefined ? wholeNumber(o.ttMb, '--tt-mb', 1) : undefined;
  if (ttMb !== undefined && ttMb > MAX_TT_MB) throw new UsageError(`bad --tt-mb "${o.ttMb}": at most ${MAX_TT_MB} (MB per worker thread)`);
  let shard: Shard | undefined;
  if (o.shard !== undefined) {
    try {
      shard = parseShard(o.shard);
    } catch (e) {
      throw new UsageError((e as Error).message);
    }
  }
  const held = given ? (shard ? Math.ceil((given.to - given.from + 1 - (shard.index - 1)) / shard.count) : given.to - given.from + 1) : 0;
  if (held > MAX_SEEDS)
    throw new UsageError(
      `bad --seeds "${o.seeds}": ${held} seeds${shard ? ` in shard ${shard.index}/${shard.count}` : ''}, a run takes at most ${MAX_SEEDS} (split the range with --shard K/N, then merge)`,
    );
  const cells = o.cells !== undefined ? cellsOption(o.cells, names) : undefined;
  const search = o.search !== undefined ? searchOption(o.search) : undefined;
  if (o.resume && o.force) throw new UsageError('give --resume (keep the rows in --out and add the missing ones) or --force (replace them), not both');
  if (o.retryUnknown && o.force)
    throw new UsageError('give --retry-unknown (keep the decided rows in --out and search the unknown ones again) or --force (replace them), not both');
  return {
    variants: names,
    from,
    to,
    workers,
    base,
    maxNodes,
    timeoutMs,
    ttMb,
    batchSize,
    outDir: o.out,
    resume: !!o.resume,
    retryUnknown: !!o.retryUnknown,
    force: !!o.force,
    shard,
    cells,
    search,
    ms: ms || undefined,
  };
}

/** --cells: for the variants that take it (FreeCell), at least one of which must be analysed. */
function cellsOption(text: string, names: string[]): number {
  const takers = cellsVariants();
  const taker = names.find((n) => takers.includes(n));
  if (!taker) throw new UsageError(`--cells applies to ${takers.join(', ')} only, which this run does not analyse`);
  const { min, max } = getRules(taker).options!.cells!;
  const n = wholeNumber(text, '--cells', min);
  if (n > max) throw new UsageError(`bad --cells "${text}": expected a whole number ${min}-${max}`);
  return n;
}

export function registerAnalyze(program: Command): Command {
  const cmd = program
    .command('analyze')
    .description(
      'win rates of many seeded deals, solved in parallel; writes <variant>-deals.csv, <variant>-summary.csv, strategies.csv, run.json and SVG charts',
    )
    .argument('[variant...]', `variants to analyse, or "all" (${MAIN_VARIANTS.join(', ')}); with --resume, default those of run.json`)
    .option('--seeds <A-B>', `seed range, inclusive (default ${DEFAULT_SEEDS.from}-${DEFAULT_SEEDS.to}; with --resume, run.json's)`)
    .option('--ms-deals <A-B>', "freecell only: Microsoft's deal numbers A to B instead of seeds (recorded in run.json)")
    .option('--workers <n>', 'worker threads (default: os.availableParallelism())')
    .option('--base <mode>', 'Terrace family: "all" = every candidate base rank and one free search per deal; "any" = the free search only (default all)')
    .option('--max-nodes <n>', `node budget of each search (one deal and base choice) (default ${ANALYZE_MAX_NODES})`)
    .option('--timeout <ms>', 'time budget of each search, ms (makes results depend on machine speed)')
    .option('--out <dir>', 'output directory', 'results')
    .option(
      '--resume',
      "go on with the run in --out: keep its rows and search only the missing ones; the variants, seeds, budget and search not given are run.json's, and one that contradicts run.json is refused (where --out holds no run yet, it starts one)",
    )
    .option(
      '--retry-unknown',
      "as --resume, and search again, with this run's larger budget (--max-nodes, --timeout or --tt-mb), the searches the per-deal files hold as unknown; the won and lost rows are kept (run.json records the earlier runs); refused where --out holds no run of a variant",
    )
    .option(
      '--force',
      'replace the per-deal rows already in --out (without --resume or --force, a run into a directory that holds rows of its variants is refused, changing nothing)',
    )
    .option('--quiet', 'no progress output on stderr')
    .option('--json', 'print the summary as one JSON object on stdout instead of the tables (progress still goes to stderr unless --quiet)')
    .option(
      '--batch <n>',
      'seeds per worker task (default: batches of searches that shrink to one search at the end of the run, so that workers finish together)',
    )
    .option('--shard <K/N>', 'search only shard K of N of the seed range (every N-th seed, from the K-th); join the shards with "solitaire merge"')
    .option('--cells <n>', 'freecell only: number of free cells, 0-4 (default 4)')
    .option('--tt-mb <n>', `memory cap of each search, MB per worker thread (default ${DEFAULT_TT_MB})`)
    .option('--search <kind>', `${searchHelp()} (default auto; recorded in run.json)`)
    .addHelpText('after', DEFAULTS_NOTE)
    .action((variants: string[], o: AnalyzeCliOptions) => {
      // Validation is synchronous, so a bad argument reaches main() as a thrown UsageError.
      const opts = analyzeOptionsFromCli(variants, o);
      const cores = os.availableParallelism();
      if (opts.workers > cores)
        reportError(`warning: --workers ${opts.workers} is more than this machine's ${cores} cores: searches share them, and each search's ms is longer`);
      const late = lateSignals(opts.outDir);
      // main() uses parse(), not parseAsync(): the run goes on after it returns and sets the exit
      // status itself.
      analyzeWithStrategies({ ...opts, progress: o.quiet ? 'none' : undefined }).then(
        async (res) => {
          if (res.interrupted) process.exit(res.signal === 'SIGTERM' ? 143 : 130);
          await late.afterSearches();
          killPoint('charts');
          const charts = await chartsAfterRun(res.options.outDir);
          await late.done();
          if (o.json) {
            const files = charts.flatMap((l) => l.replace(/^charts: /, '').split(', '));
            process.stdout.write(JSON.stringify({ ...reportJson(res, files), search: res.options.search ?? 'auto' }) + '\n');
          } else process.stdout.write([...reportLines(res), ...charts].join('\n') + '\n');
          process.exitCode = res.crashes.length ? EXIT_FAILED : 0;
        },
        async (e: unknown) => {
          await late.done();
          if (e instanceof RecordsError || e instanceof OutputError || e instanceof ManifestError) {
            reportError(e.message);
            process.exitCode = EXIT_USAGE;
          } else {
            reportError(e instanceof AnalysisError ? e.message : `internal error: ${e instanceof Error ? e.message : String(e)}`);
            if (process.env.SOLITAIRE_DEBUG && e instanceof Error) process.stderr.write(`${e.stack}\n`);
            process.exitCode = EXIT_INTERNAL;
          }
        },
      );
    });
  return cmd;
}

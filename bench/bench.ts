// The benchmark harness: `npm run bench:sections [-- options]` (`npm run bench` is the held-out
// comparison with fc-solve, bench/heldout.ts). This file reads the options, runs the
// sections in order and writes the CSV; each section is a file of its own: 1 bench-ours.ts, 2
// bench-pool.ts, 3 bench-fc-process.ts, 4 bench-fc-lib.ts, and what they share bench-common.ts.
//
// What it measures, in one run, on the same seeded deals (dealFromSeed):
//  1. Our solver (bench-ours.ts), one deal at a time on the main thread, per variant table (all six, plus FreeCell
//     with 2 cells for the fc-solve comparison), after an untimed JIT warm-up on 2 other deals per
//     table: deals, won / lost / unknown, median and 95th-percentile ms per deal (the solver's own
//     stats.ms), nodes per second, and peak memory (the highest process.memoryUsage.rss() sampled
//     after each deal of that table; the process's resourceUsage().maxRSS is printed at the end).
//     Every `won` is replayed with playChecked; a solution that does not replay is reported.
//  2. Analysis throughput (bench-pool.ts): the analysis pool (runAnalysis of src/analysis/run.ts, piscina workers
//     over dist/src/analysis/worker.js) on a small seed range of Signora (every base rank per deal), with 1 and with 2 worker
//     threads, into a temporary directory: deals per second of wall time.
//  3. Secondary, with --fc-process only (bench-fc-process.ts): fc-solve (Freecell Solver, bench/fcsolve.ts) on the same
//     deals of Winery, FreeCell (4 cells) and FreeCell (2 cells): one process per deal, with the same time budget as ours (the process
//     is killed after it: unknown) and an -mi iterations limit. Its per-call process start cost is
//     measured on a trivial board (median of 15 calls, right before each table) and reported; "net"
//     figures subtract it from every call (floored at 0). fc-solve runs before our solver: spawning
//     costs more the more memory this process has touched (see main), which would be charged to
//     fc-solve otherwise. fc-solve is found on PATH (or $FC_SOLVE); when missing, the bench
//     installs freecell-solver-bin with apt-get if it runs as root, else prints how to install it
//     and skips the comparison.
//     Verdicts: agree = both resolved (won/lost) and equal. A conflict (one won, the other lost) is
//     diagnosed: our `won` is replayed with playChecked on new GameState(deal); fc-solve's solution
//     is translated into our single-card moves and replayed the same way; fc-solve is rerun with
//     atomic moves (-to 01ABCDE, complete) and a larger limit. Every `won` of either solver is
//     replayed, so a solution that does not replay is reported too, conflict or not.
//
//  4. The fair comparison (bench-fc-lib.ts): fc-solve's library in process (bench/fclib.ts, bench/fcs-harness.c) on
//     the same deals of Winery, FreeCell-4 and FreeCell-2, with its default, `-l lg` and atomic
//     (-to 01ABCDE) presets; the time to a verdict and the solution's moves on both sides (fc-solve
//     traces its solution when the moves are first read; our solve() expands its supermoves and
//     checks every move), against our solve() timed the same way. Verdict
//     agreement with ours per preset, and every fc-solve solution replayed on our engine. For
//     `lg`, the reference, both are timed in --rounds alternating rounds (ours, lg, ours, lg, ...)
//     run right there, and the ratio is the median of the rounds' ratios, printed with their range
//     (a single run of each, minutes apart, moved the ratio by 0.05-0.25 with the machine's speed).
//
// Options:
//   --seeds A-B         seeds per variant (default 1-200; --quick 1-30)
//   --timeout MS        time budget per deal, for both solvers (default 1000; --quick 500)
//   --quick             a ~1 minute run
//   --search KIND       our search: auto | dfs | astar | portfolio (default auto, the solver's default;
//                       see policy() in src/solver/policy.ts)
//   --variants a,b      variant tables to solve (default all six; freecell-2 is added for fc-solve)
//   --analysis-seeds A-B  seeds of the pool throughput measure (default 1-60; --quick 1-20)
//   --analysis-variant V  variant of the pool throughput measure (default signora: enough work per deal to show scaling)
//   --fc-iters N        fc-solve -mi limit per deal (default 5,000,000: the time budget binds first)
//   --rounds N          alternating timed rounds of ours and fc-solve's lg per table (default 5; --quick 1)
//   --fc-atomic         run fc-solve with atomic moves only (-to 01ABCDE) instead of its defaults
//   --no-fc             skip both fc-solve comparisons
//   --no-fc-lib         skip the in-process comparison (section 4)
//   --fc-process        add the process-per-deal comparison (section 3)
//   --no-install        do not try to install fc-solve when it is missing
//   --no-analysis       skip the analysis throughput measure
//   --out FILE          CSV output (default results/bench.csv)
//
// results/bench.csv: one row per measurement, header first. Columns:
//   section        solve | analysis | fc-solve | fc-start (process per deal) | fc-lib (in process)
//   variant        variant table: winery, freecell, ..., freecell-2 (FreeCell with 2 cells)
//   solver         ours-<search> | fc-solve | fc-solve-atomic | fc-lib-<preset> | pool-1w | pool-2w (analysis workers)
//   seeds          seed range A-B
//   budget_ms      time budget per deal
//   deals, won, lost, unknown
//   median_ms, p95_ms        per deal (fc-solve: raw, process start included)
//   net_median_ms            fc-solve: median of (raw - start cost); fc-start: the start cost
//   total_s                  sum of per-deal times (analysis: wall time of the run)
//   deals_per_s              deals / total_s
//   net_deals_per_s          fc-solve: deals / sum of net times; ours and pool: same as deals_per_s
//   work_per_s               ours: nodes per second; fc-solve: states checked per second (raw)
//   peak_rss_mb              ours: highest rss sampled after each deal of the table; else empty
//   ratio_vs_ours            fc-solve rows: fc-solve deals/s / our deals/s (raw; fc-lib-lg: the inverse of
//                            the median round's ours/lg, the range in `note`); pool-2w: speed-up over pool-1w
//   net_ratio_vs_ours        fc-solve rows: the same with net fc-solve times
//   both_resolved, agree, conflicts   fc-solve rows: verdict agreement with ours on the same deals
//   replay_failures          won solutions (ours; fc-solve's in fc rows) that do not replay to a win
//   note                     free text (fc-solve version, start cost spread, conflicts' seeds)
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { stringify } from 'csv-stringify/sync';
import { type BenchOptions, COLUMNS, type Ctx, parseBenchArgs } from './bench-common';
import { fcLibSection } from './bench-fc-lib';
import { fcProcessRuns, fcProcessSection } from './bench-fc-process';
import { oursSection } from './bench-ours';
import { poolSection } from './bench-pool';

async function main(): Promise<void> {
  let o: BenchOptions;
  try {
    o = parseBenchArgs(process.argv.slice(2));
  } catch (e) {
    console.error(`bench: ${(e as Error).message}`);
    process.exit(2);
  }
  if (process.argv.includes('--help')) {
    const src = [__filename.replace(/\.js$/, '.ts'), path.resolve(__dirname, '..', '..', 'bench', 'bench.ts')].find((f) => fs.existsSync(f));
    const head = src
      ? fs
          .readFileSync(src, 'utf8')
          .split('\n')
          .filter((l) => l.startsWith('//'))
      : ['see bench/bench.ts'];
    console.log(head.map((l) => l.replace(/^\/\/ ?/, '')).join('\n'));
    return;
  }
  const t0 = Date.now();
  const seeds = `${o.from}-${o.to}`;
  console.log(
    `bench: seeds ${seeds}, budget ${o.timeoutMs} ms per deal, our search ${o.search}, node ${process.version}, ` +
      `${os.availableParallelism()} cpus, load ${os
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(' ')}`,
  );

  const ctx: Ctx = { o, seeds, rows: [], ours: new Map(), fcBin: null, fcNote: '', fcRuns: new Map() };
  const rows = ctx.rows;
  fcProcessRuns(ctx);
  oursSection(ctx);
  await poolSection(ctx);
  fcProcessSection(ctx);
  fcLibSection(ctx);

  // ---- CSV ----
  fs.mkdirSync(path.dirname(o.out) || '.', { recursive: true });
  const records = rows.map((r) => COLUMNS.map((c) => (r[c] === undefined ? '' : r[c])));
  fs.writeFileSync(o.out, stringify([COLUMNS as unknown as string[], ...records]));
  const maxRss = process.resourceUsage().maxRSS / 1024;
  console.log(`\nprocess max RSS ${maxRss.toFixed(1)} MB; wrote ${o.out} (${rows.length} rows); total ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

if (require.main === module) {
  main().catch((e) => {
    console.error(`bench: ${(e as Error).stack ?? e}`);
    process.exit(1);
  });
}

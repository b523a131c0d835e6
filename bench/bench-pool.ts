// Section 2 of the bench: the analysis pool's throughput (runAnalysis of src/analysis/run.ts, piscina
// workers) with 1 and 2 worker threads, into a temporary directory.
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { runAnalysis, ANALYZE_MAX_NODES as POOL_MAX_NODES } from '../src/analysis/run';
import { type BenchOptions, type Ctx, f2, f3 } from './bench-common';

interface PoolRun {
  workers: number;
  deals: number;
  seconds: number;
  won: number;
  lost: number;
  unknown: number;
  /** Sum of the per-search times the workers reported, seconds. */
  searchSeconds: number;
  error?: string;
}

async function runPool(workers: number, range: { variant: string; from: number; to: number }, o: BenchOptions): Promise<PoolRun> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'signora-bench-'));
  try {
    const t0 = performance.now();
    const res = await runAnalysis({
      variants: [range.variant],
      from: range.from,
      to: range.to,
      workers,
      base: 'any',
      strategies: null, // base any: no strategy to score
      maxNodes: POOL_MAX_NODES,
      timeoutMs: o.timeoutMs,
      outDir: dir,
      progress: 'none',
      handleSignals: false,
    });
    const seconds = (performance.now() - t0) / 1000;
    const v = res.variants[0];
    const any = v?.summary.find((s) => s.base === 'any') ?? v?.summary[0];
    if (!any) throw new Error('the analysis wrote no summary');
    return { workers, deals: range.to - range.from + 1, seconds, won: any.won, lost: any.lost, unknown: any.unknown, searchSeconds: v.cpuSeconds };
  } catch (e) {
    return { workers, deals: 0, seconds: 0, won: 0, lost: 0, unknown: 0, searchSeconds: 0, error: (e as Error).message };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Section 2: the analysis pool's throughput with 1 and 2 workers. */
export async function poolSection(ctx: Ctx): Promise<void> {
  const { o, rows } = ctx;
  if (o.analysis) {
    const a = o.analysis;
    console.log(
      `\nanalysis pool (runAnalysis, ${a.variant} seeds ${a.from}-${a.to}, the worker's default search, max ${POOL_MAX_NODES} nodes / ${o.timeoutMs} ms per deal)`,
    );
    let one = NaN;
    for (const w of [1, 2]) {
      const r = await runPool(w, a, o);
      if (r.error) {
        console.log(`  ${w} worker(s): failed: ${r.error}`);
        rows.push({ section: 'analysis', variant: a.variant, solver: `pool-${w}w`, seeds: `${a.from}-${a.to}`, note: `failed: ${r.error}` });
        continue;
      }
      const dps = r.deals / r.seconds;
      if (w === 1) one = dps;
      console.log(
        `  ${w} worker(s): ${r.deals} deals in ${r.seconds.toFixed(2)} s wall = ${dps.toFixed(2)} deals/s (won ${r.won}, lost ${r.lost}, unknown ${r.unknown}; ` +
          `searches ${r.searchSeconds.toFixed(2)} s in all)${w === 2 && one > 0 ? `, ${(dps / one).toFixed(2)}x one worker` : ''}`,
      );
      rows.push({
        section: 'analysis',
        variant: a.variant,
        solver: `pool-${w}w`,
        seeds: `${a.from}-${a.to}`,
        budget_ms: o.timeoutMs,
        deals: r.deals,
        won: r.won,
        lost: r.lost,
        unknown: r.unknown,
        total_s: f3(r.seconds),
        deals_per_s: f2(dps),
        net_deals_per_s: f2(dps),
        ratio_vs_ours: w === 2 && one > 0 ? f2(dps / one) : '',
        note: `${w} worker thread(s); wall time incl. pool start; searches ${r.searchSeconds.toFixed(2)} s`,
      });
    }
  }
}

// Section 1 of the bench: our solver, one deal at a time on the main thread, per variant table,
// after an untimed JIT warm-up (bench.ts's header says what is measured).
import { dealFromSeed } from '../src/engine/deal';
import { solve, type SolveResult } from '../src/solver/solve';
import { TranspositionTable } from '../src/search/core/tt';
import { type BenchOptions, count, type Ctx, f1, f2, f3, FC_TABLES, type OurDeal, type OurRun, tableRules, timedRow } from './bench-common';
import { replayOurs } from './fcsolve';
import { pad, quantile, sortNum, sum } from './util';

/** Untimed deals per table before the timed ones (seeds WARMUP_SEED...), so that ours runs JIT-compiled like fc-solve runs native. */
const WARMUP_DEALS = 2;
const WARMUP_SEED = 1_000_000_000;

export function runOurs(label: string, o: BenchOptions, tt: TranspositionTable): OurRun {
  const rules = tableRules(label);
  const deals: OurDeal[] = [];
  let peak = process.memoryUsage.rss();
  for (let seed = o.from; seed <= o.to; seed++) {
    const deal = dealFromSeed(rules, seed);
    const r: SolveResult = solve(deal, { search: o.search, timeoutMs: o.timeoutMs, maxNodes: 1e12, tt });
    const d: OurDeal = { seed, result: r.result, ms: r.stats.ms, nodes: r.stats.nodes, moves: r.moves.length };
    if (r.result === 'won') {
      const rep = replayOurs(deal, r.moves);
      if (!rep.won) d.replayError = rep.error ?? 'replay ends short of a win';
    }
    deals.push(d);
    peak = Math.max(peak, process.memoryUsage.rss());
  }
  return { label, deals, peakRssMb: peak / 2 ** 20 };
}

/** Section 1: our solver, one deal at a time, per variant table. */
export function oursSection(ctx: Ctx): void {
  const { o, rows, ours, seeds } = ctx;
  const tables = [...o.variants];
  if (ctx.fcBin || o.fcLib) for (const t of FC_TABLES) if (!tables.includes(t)) tables.push(t);
  const tt = new TranspositionTable(64);
  // JIT warm-up: a few deals of every table, from seeds outside any benchmark range, untimed.
  for (const label of tables)
    for (let k = 0; k < WARMUP_DEALS; k++)
      solve(dealFromSeed(tableRules(label), WARMUP_SEED + k), { search: o.search, timeoutMs: Math.min(o.timeoutMs, 200), maxNodes: 1e12, tt });
  console.log(`\nour solver (${o.search}), one deal at a time on the main thread`);
  console.log('variant              deals   won  lost  unknown  median ms   p95 ms   deals/s    nodes/s  peak rss MB  replay fails');
  for (const label of tables) {
    const r = runOurs(label, o, tt);
    ours.set(label, r);
    const ms = sortNum(r.deals.map((d) => d.ms));
    const c = count(r.deals.map((d) => d.result));
    const total = sum(ms) / 1000;
    const nodesPerSec = total > 0 ? sum(r.deals.map((d) => d.nodes)) / total : 0;
    const fails = r.deals.filter((d) => d.replayError);
    rows.push({
      ...timedRow(
        'solve',
        label,
        `ours-${o.search}`,
        seeds,
        o.timeoutMs,
        r.deals.map((d) => d.result),
        ms,
      ),
      total_s: f3(total),
      deals_per_s: f2(r.deals.length / total),
      net_deals_per_s: f2(r.deals.length / total),
      work_per_s: Math.round(nodesPerSec),
      peak_rss_mb: f1(r.peakRssMb),
      replay_failures: fails.length,
      note: fails.map((d) => `seed ${d.seed}: ${d.replayError}`).join('; '),
    });
    console.log(
      `${pad(label, 18, true)} ${pad(r.deals.length, 7)} ${pad(c.won, 5)} ${pad(c.lost, 5)} ${pad(c.unknown, 8)} ${pad(quantile(ms, 0.5).toFixed(1), 10)} ${pad(quantile(ms, 0.95).toFixed(1), 8)} ${pad((r.deals.length / total).toFixed(2), 9)} ${pad(Math.round(nodesPerSec), 10)} ${pad(r.peakRssMb.toFixed(1), 12)} ${pad(fails.length, 13)}`,
    );
    for (const d of fails) console.log(`  REPLAY FAILURE ${label} seed ${d.seed}: ${d.replayError}`);
  }
}

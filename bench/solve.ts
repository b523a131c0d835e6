// Solver benchmark (issue: "Solver: exact DFS and A*"): solves a fixed seed range per variant,
// one deal at a time on one core, and prints per variant: deals, won, lost, unknown, median and
// 95th-percentile ms per deal, nodes per second.
//
//   npm run bench:solve -- [--seeds 1-200] [--timeout 1000] [--max-nodes N] [--search auto|dfs|astar|portfolio]
//                          [--variants a,b,...]
import { getRules, VARIANTS } from '../src/rules/variants';
import { dealFromSeed } from '../src/engine/deal';
import type { SearchKind } from '../src/solver/policy';
import { solve } from '../src/solver/solve';
import { TranspositionTable } from '../src/search/core/tt';
import { arg, countArg, quantile } from './util';

export interface BenchRow {
  variant: string;
  deals: number;
  won: number;
  lost: number;
  unknown: number;
  medianMs: number;
  p95Ms: number;
  nodesPerSec: number;
}

export function benchVariant(name: string, from: number, to: number, timeoutMs: number, maxNodes: number, search: SearchKind): BenchRow {
  const rules = getRules(name);
  const tt = new TranspositionTable(64);
  const ms: number[] = [];
  let won = 0;
  let lost = 0;
  let unknown = 0;
  let nodes = 0;
  let totalMs = 0;
  for (let seed = from; seed <= to; seed++) {
    const r = solve(dealFromSeed(rules, seed), { tt, timeoutMs, maxNodes, search });
    if (r.result === 'won') won++;
    else if (r.result === 'lost') lost++;
    else unknown++;
    ms.push(r.stats.ms);
    nodes += r.stats.nodes;
    totalMs += r.stats.ms;
  }
  ms.sort((a, b) => a - b);
  return {
    variant: name,
    deals: to - from + 1,
    won,
    lost,
    unknown,
    medianMs: quantile(ms, 0.5),
    p95Ms: quantile(ms, 0.95),
    nodesPerSec: totalMs > 0 ? Math.round((nodes / totalMs) * 1000) : 0,
  };
}

function main(): void {
  const [a, b] = arg('seeds', '1-200').split('-').map(Number);
  const timeout = countArg('timeout', '1000');
  const maxNodes = countArg('max-nodes', '1G');
  const search = arg('search', 'auto') as SearchKind;
  const names = arg('variants', VARIANTS.map((v) => v.name).join(',')).split(',');
  console.log(`seeds ${a}-${b}, budget ${timeout} ms per deal, search ${search}, node ${process.version}`);
  console.log('variant            deals   won  lost  unknown  resolved  median ms  p95 ms  nodes/s');
  for (const name of names) {
    const r = benchVariant(name, a, b, timeout, maxNodes, search);
    const resolved = ((100 * (r.won + r.lost)) / r.deals).toFixed(1) + '%';
    console.log(
      `${r.variant.padEnd(18)} ${String(r.deals).padStart(5)} ${String(r.won).padStart(5)} ${String(r.lost).padStart(5)} ${String(r.unknown).padStart(8)} ${resolved.padStart(9)} ${r.medianMs.toFixed(1).padStart(10)} ${r.p95Ms.toFixed(1).padStart(7)} ${String(r.nodesPerSec).padStart(8)}`,
    );
  }
}

if (require.main === module) main();

// Expansion benchmark: the suit-built games' opening search alone (the restarting heuristic DFS
// with supermoves, SEARCHES['dfs-restart-scored']) for at most 10,000 nodes per deal: the start of
// what `solve()` runs first. Prints nodes, positions expanded and time per expanded position: the cost of
// generating and scoring every move of a position, which is most of a typical deal's time.
//
//   npm run bench:expand [-- --seeds 4001-4600 --repeat 3]     (best of N runs per variant)
import { dealFromSeed } from '../src/engine/deal';
import { GameState } from '../src/engine/state';
import { getRules } from '../src/rules/variants';
import { MemoryBudget } from '../src/search/core/memory';
import { SEARCHES } from '../src/solver/registry';
import { TranspositionTable } from '../src/search/core/tt';
import { arg, fail, parseRange } from './util';

let seeds = { from: 4001, to: 4600 };
try {
  seeds = parseRange(arg('seeds', '4001-4600'), 'seed range');
} catch (e) {
  fail('bench:expand', (e as Error).message);
}
const repeat = Number(arg('repeat', '3'));
if (!Number.isInteger(repeat) || repeat < 1) fail('bench:expand', `bad --repeat ${arg('repeat', '3')}: expected a whole number >= 1`);
const tt = new TranspositionTable(64);
console.log(`expansion: the opening search alone, 10000 nodes at most per deal, seeds ${seeds.from}-${seeds.to}, best of ${repeat}, node ${process.version}`);
console.log('variant      won  deals      nodes   expanded   best ms   us/expanded');
for (const v of ['winery', 'freecell']) {
  const deals = [];
  for (let s = seeds.from; s <= seeds.to; s++) deals.push(dealFromSeed(getRules(v), s));
  let best = Infinity;
  let nodes = 0;
  let expanded = 0;
  let won = 0;
  for (let r = 0; r < repeat; r++) {
    nodes = expanded = won = 0;
    const t = process.hrtime.bigint();
    for (const d of deals) {
      tt.clear();
      const search = SEARCHES['dfs-restart-scored']({ state: new GameState(d), tt, salt: 1, memory: new MemoryBudget(0) });
      if (search.run(10_000, Infinity) === 'won') won++;
      nodes += search.stats.nodes;
      expanded += search.stats.unique;
    }
    best = Math.min(best, Number(process.hrtime.bigint() - t) / 1e6);
  }
  const cells = [won, deals.length, nodes, expanded, best.toFixed(0), ((best * 1000) / expanded).toFixed(2)];
  const widths = [6, 6, 10, 10, 10, 13];
  console.log(v.padEnd(10), cells.map((x, i) => String(x).padStart(widths[i])).join(' '));
}

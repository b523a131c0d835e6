// Hot-loop benchmark: one plain depth-first search (generation order, no portfolio) per deal,
// seeds 1-5 of every variant, 300,000 nodes each; prints nodes per second per variant. It measures
// move generation + apply/undo + hashing + table probes, the loop every search runs.
//
//   npm run bench:hot [-- --repeat 3]     (best of N runs per variant)
import { getRules, VARIANTS } from '../src/rules/variants';
import { dealFromSeed } from '../src/engine/deal';
import { GameState } from '../src/engine/state';
import { DfsSearch } from '../src/search/dfs';
import { TranspositionTable } from '../src/search/core/tt';

const i = process.argv.indexOf('--repeat');
const repeat = i >= 0 ? Number(process.argv[i + 1]) : 3;
const tt = new TranspositionTable(64);
console.log(`hot loop: plain DFS, seeds 1-5, 300000 nodes each, best of ${repeat}, node ${process.version}`);
for (const v of VARIANTS) {
  let best = 0;
  for (let r = 0; r < repeat; r++) {
    let nodes = 0;
    let ms = 0;
    for (let seed = 1; seed <= 5; seed++) {
      tt.clear();
      const dfs = new DfsSearch(new GameState(dealFromSeed(getRules(v.name), seed)), tt, { order: 'generated' });
      const t = process.hrtime.bigint();
      dfs.run(300_000);
      ms += Number(process.hrtime.bigint() - t) / 1e6;
      nodes += dfs.stats.nodes;
    }
    best = Math.max(best, (nodes / ms) * 1000);
  }
  console.log(`${v.name.padEnd(18)} ${Math.round(best).toString().padStart(9)} nodes/s`);
}

// The project's side of ../shared/solvitaire/run.sh ("one process"): the library's solve() over
// seeds A..B in one process, one transposition table shared by the deals (solve() clears it for
// each), no JIT warm-up. run.sh calls it as ../perf/ourbatch.js; copy this file there if that
// folder lacks it. Prints "seed result ms nodes" per deal, then "total <ms> ms <nodes> nodes".
//
//   node bench/ourbatch.cjs DIST VARIANT A B CELLS MAXNODES [SEARCH] [--no-marks]
//
// DIST: a built dist/ folder; CELLS: FreeCell's cells, or '-' for the variant's own; SEARCH: a
// policy or registry names joined by '+' (default auto), e.g. dfs-scored for one complete DFS;
// --no-marks: without the sound dead marks (solve()'s marks: false).
'use strict';
const path = require('path');

const noMarks = process.argv.includes('--no-marks');
const [dist, variant, a, b, cells, maxNodes, search] = process.argv.slice(2).filter((x) => x !== '--no-marks');
if (!maxNodes) {
  process.stderr.write('usage: node bench/ourbatch.cjs DIST VARIANT A B CELLS MAXNODES [SEARCH] [--no-marks]\n');
  process.exit(2);
}
const root = path.resolve(dist);
const { seededDeal } = require(path.join(root, 'src', 'cli', 'io.js'));
const { solve } = require(path.join(root, 'src', 'solver', 'solve.js'));
const { TranspositionTable } = require(path.join(root, 'src', 'search', 'core', 'tt.js'));

const tt = new TranspositionTable(32);
let totalMs = 0;
let totalNodes = 0;
for (let s = Number(a); s <= Number(b); s++) {
  const deal = seededDeal(variant, String(s), cells === '-' ? undefined : cells);
  const t0 = process.hrtime.bigint();
  const r = solve(deal, { maxNodes: Number(maxNodes), tt, ...(search ? { search } : {}), ...(noMarks ? { marks: false } : {}) });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  totalMs += ms;
  totalNodes += r.stats.nodes;
  process.stdout.write(`${s} ${r.result} ${ms.toFixed(3)} ${r.stats.nodes}\n`);
}
process.stdout.write(`total ${totalMs.toFixed(1)} ms ${totalNodes} nodes\n`);

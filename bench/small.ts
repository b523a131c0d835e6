// Small games (src/engine/small.ts): the referee for proofs of loss. For each deal, the truth is
// a plain exhaustive search (no deadlock tests); the claim is the same search with every test of
// src/proof that applies (cuts.ts) (the policy's defaults may use fewer). Prints how many of each, false
// losses (a claim of lost where the truth is won: must be 0), and the nodes each needed on the
// deals both proved lost.
//
//   npm run bench:small -- [--variant signora] [--ranks 5] [--piles 3] [--reserve 6] [--seeds 1-500]
//                          [--max-nodes 2000000] [--tests reserve,waste,order] [--list] [--hidden 20000 | --marks]
//
// --tests: the claim asks only these tests (each method's soundness counted on its own); default
// every test that applies.
//
// --marks: instead, the sound dead marks (dfs.ts): the default search without them (the truth for
// false losses is still the plain exhaustive search) against with them, forced on (solve()'s marks:
// true; the policy turns them on only in Winery and FreeCell): false losses, losses proved only
// with them, and the nodes each needed on the deals both proved lost.
//
// --hidden B: instead, how many deals the default search leaves unknown at B nodes are really won
// or lost: each such deal is then decided by exhaustive search with the deadlock tests (sound, and
// checked above) within --max-nodes. As the ranks grow towards 13, this says what the full games'
// unknowns are likely to hide.
import { getRules } from '../src/rules/variants';
import { smallDeal } from '../src/engine/small';
import { baseCandidates } from '../src/engine/deal';
import { solve } from '../src/solver/solve';
import { TranspositionTable } from '../src/search/core/tt';
import { DEADLOCK_TESTS, type DeadlockTest } from '../src/proof/proof';
import { arg, checkOptions, flag, parseRange } from './util';

/** --hidden: the true verdicts of the deals the default search leaves unknown at `budget` nodes. */
function hidden(budget: number): void {
  const rules = getRules(arg('variant', 'signora'));
  const shape = { ranks: Number(arg('ranks', '5')), piles: Number(arg('piles', '3')), reserve: Number(arg('reserve', '6')) };
  const { from, to } = parseRange(arg('seeds', '1-500'), '--seeds');
  const maxNodes = Number(arg('max-nodes', '2000000'));
  const tt = new TranspositionTable(Number(arg('tt-mb', '256')));
  const t = { deals: 0, unknown: 0, won: 0, lost: 0, open: 0 };
  for (let seed = from; seed <= to; seed++) {
    const { deal, base } = smallDeal(rules, shape, seed);
    if (rules.terraceFamily && !baseCandidates(deal).includes(base)) continue;
    t.deals++;
    if (solve(deal, { tt, base, maxNodes: budget }).result !== 'unknown') continue;
    t.unknown++;
    const r = solve(deal, { tt, base, maxNodes, search: 'dfs-scored', deadlocks: true });
    t[r.result === 'unknown' ? 'open' : r.result]++;
  }
  console.log(
    `${rules.name}, ${shape.ranks} ranks, ${shape.piles} piles${rules.reserveSize > 0 ? `, reserve ${shape.reserve}` : ''}, seeds ${from}-${to}: ${t.deals} deals, ${t.unknown} unknown at ${budget} nodes (auto); of those ${t.won} won, ${t.lost} lost, ${t.open} still open at ${maxNodes} nodes (exhaustive, deadlock tests)`,
  );
}

/** --marks: the default search without and with the sound dead marks, against the plain exhaustive truth. */
function marks(): void {
  const rules = getRules(arg('variant', 'signora'));
  const shape = { ranks: Number(arg('ranks', '5')), piles: Number(arg('piles', '3')), reserve: Number(arg('reserve', '6')) };
  const { from, to } = parseRange(arg('seeds', '1-500'), '--seeds');
  const maxNodes = Number(arg('max-nodes', '2000000'));
  const tt = new TranspositionTable(Number(arg('tt-mb', '256')));
  const t = { deals: 0, lost: 0, falseLost: 0, lostWithout: 0, lostWith: 0, onlyWith: 0, both: 0, nodesWithout: 0, nodesWith: 0 };
  for (let seed = from; seed <= to; seed++) {
    const { deal, base } = smallDeal(rules, shape, seed);
    if (rules.terraceFamily && !baseCandidates(deal).includes(base)) continue;
    t.deals++;
    const truth = solve(deal, { tt, base, maxNodes, search: 'dfs-scored', deadlocks: false, marks: false }).result;
    const a = solve(deal, { tt, base, maxNodes, marks: false });
    const b = solve(deal, { tt, base, maxNodes, marks: true });
    if (truth === 'lost') t.lost++;
    if (b.result === 'lost' && truth === 'won') t.falseLost++;
    if (a.result === 'lost') t.lostWithout++;
    if (b.result === 'lost') t.lostWith++;
    if (b.result === 'lost' && a.result !== 'lost') t.onlyWith++;
    if (a.result === 'lost' && b.result === 'lost') {
      t.both++;
      t.nodesWithout += a.stats.nodes;
      t.nodesWith += b.stats.nodes;
    }
    if (flag('list')) console.log(seed, base, truth, a.result, a.stats.nodes, b.result, b.stats.nodes);
  }
  console.log(
    `${rules.name}, ${shape.ranks} ranks, ${shape.piles} piles${rules.reserveSize > 0 ? `, reserve ${shape.reserve}` : ''}, seeds ${from}-${to}, ${maxNodes} nodes: ${t.deals} deals, ${t.lost} lost by plain exhaustive search; ` +
      `lost without marks ${t.lostWithout}, with ${t.lostWith} (${t.onlyWith} only with); false lost ${t.falseLost}; ` +
      `nodes on the ${t.both} both proved lost: ${t.nodesWithout} without, ${t.nodesWith} with`,
  );
  if (t.falseLost > 0) process.exitCode = 1;
}

/** --tests: the deadlock tests the claim asks (true: every one that applies). */
function testsArg(): true | DeadlockTest[] {
  if (!process.argv.includes('--tests')) return true;
  const names = arg('tests', '').split(',');
  for (const n of names)
    if (!(DEADLOCK_TESTS as readonly string[]).includes(n)) {
      console.error(`bench:small: --tests takes ${DEADLOCK_TESTS.join(', ')} joined by commas, not '${n}'`);
      process.exit(2);
    }
  return names as DeadlockTest[];
}

const USAGE = `npm run bench:small -- [--variant signora] [--ranks 5] [--piles 3] [--reserve 6] [--seeds 1-500]
                       [--max-nodes 2000000] [--tt-mb 256] [--tests reserve,waste,order] [--list]
                       [--hidden 20000 | --marks]
Small games (src/engine/small.ts), the referee for proofs of loss: plain exhaustive search (the
truth) against the same search with src/proof's deadlock tests. Prints the verdicts, false losses (must be
0) and the nodes each needed on the deals both proved lost.
  --tests T,..  the claim asks only these deadlock tests (default: every one that applies)
  --marks       instead, the default search without and with the sound dead marks
  --hidden B    instead, the true verdicts of the deals the default search leaves unknown at B nodes
  --list        one line per deal`;

function main(): void {
  checkOptions('bench:small', USAGE, ['variant', 'ranks', 'piles', 'reserve', 'seeds', 'max-nodes', 'tt-mb', 'hidden', 'tests'], ['list', 'marks']);
  const tests = testsArg();
  const mode = process.argv.includes('--hidden') ? '--hidden' : process.argv.includes('--marks') ? '--marks' : null;
  if (mode !== null && tests !== true) {
    console.error(`bench:small: --tests names the claim's tests, and ${mode} has no claim: leave one out`);
    process.exit(2);
  }
  if (mode === '--hidden') return hidden(Number(arg('hidden', '20000')));
  if (mode === '--marks') return marks();
  const rules = getRules(arg('variant', 'signora'));
  const shape = { ranks: Number(arg('ranks', '5')), piles: Number(arg('piles', '3')), reserve: Number(arg('reserve', '6')) };
  const { from, to } = parseRange(arg('seeds', '1-500'), '--seeds');
  const maxNodes = Number(arg('max-nodes', '2000000'));
  const tt = new TranspositionTable(Number(arg('tt-mb', '256')));
  const truth = { won: 0, lost: 0, unknown: 0 };
  const claim = { won: 0, lost: 0, unknown: 0 };
  let falseLost = 0;
  let newLost = 0; // lost with the tests, unknown without
  let skipped = 0;
  let nodesPlain = 0;
  let nodesCut = 0;
  for (let seed = from; seed <= to; seed++) {
    const { deal, base } = smallDeal(rules, shape, seed);
    if (rules.terraceFamily && !baseCandidates(deal).includes(base)) {
      skipped++; // Signora: base b is not exposed, so it cannot be chosen
      continue;
    }
    const t = solve(deal, { tt, base, maxNodes, search: 'dfs-scored', deadlocks: false });
    const c = solve(deal, { tt, base, maxNodes, search: 'dfs-scored', deadlocks: tests });
    truth[t.result]++;
    claim[c.result]++;
    if (c.result === 'lost' && t.result === 'won') falseLost++;
    if (c.result === 'lost' && t.result === 'unknown') newLost++;
    if (c.result === 'lost' && t.result === 'lost') {
      nodesPlain += t.stats.nodes;
      nodesCut += c.stats.nodes;
    }
    if (flag('list')) console.log(seed, base, t.result, t.stats.nodes, c.result, c.stats.nodes, c.proof ?? '');
  }
  const tally = (x: typeof truth) => `won ${x.won} lost ${x.lost} unknown ${x.unknown}`;
  console.log(
    `${rules.name}, ${shape.ranks} ranks, ${shape.piles} piles${rules.reserveSize > 0 ? `, reserve ${shape.reserve}` : ''}, seeds ${from}-${to}, ${maxNodes} nodes, tests ${tests === true ? 'all' : tests.join(',')} (${skipped} deals without base b exposed left out)`,
  );
  console.log(`  plain exhaustive DFS:       ${tally(truth)}`);
  console.log(`  with the deadlock tests:    ${tally(claim)}`);
  console.log(`  false lost ${falseLost}; lost only with the tests ${newLost}; nodes on the deals both proved lost: ${nodesPlain} without, ${nodesCut} with`);
  if (falseLost > 0) process.exitCode = 1;
}

if (require.main === module) main();

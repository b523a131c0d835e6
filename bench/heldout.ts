// The held-out speed benchmark against Freecell Solver: `npm run bench [-- options]`. Its protocol
// is fixed here, before any figure, so that no choice can follow the figures:
//
// - Deals: a held-out block of 2,000 consecutive seeded deals per game (dealFromSeed), Winery and
//   FreeCell with 4 cells. Block `check` (seeds 200001-202000, the default) may be looked at while
//   working on speed; block `final` (seeds 300001-302000) is kept for the end and reported only
//   then. No tuning of the solver has used either: the policy was tuned on seeds 1-200 and
//   10001-10200 (docs/benchmarks.md). `--block tuning` runs seeds 1-200, the seeds the policy was
//   tuned on: its figure is printed labelled as such and says nothing about unseen deals.
// - Both in process, one core each: our solve() with one transposition table reused; fc-solve's
//   library with `-l lg`, its fastest preset, in bench/fcs-harness.c (one instance configured once,
//   solving every board in turn). Each deal is timed around the whole call, the solution's moves
//   read in the solver's own form, neither spelled out as text: ours around solve() and its
//   `moveInts` (engine moves, checked by replaying them inside solve()), fc-solve's in the harness
//   (solving, reading its moves with freecell_solver_user_get_next_move, recycling the instance).
// - Warm-up, untimed: WARMUP deals of seeds 1,000,000,000 and up, solved by ours before the rounds
//   (so the JIT has compiled the solver, as fc-solve is compiled), and solved by the harness ahead
//   of every round's boards (their times dropped).
// - Rounds: ROUNDS alternating (ours, fc-solve, ours, fc-solve, ...), each over every deal of the
//   block. A round's ratio is fc-solve's total time / ours (above 1: ours is faster); the figure is
//   the median round's ratio, with the range of all rounds.
// - Per deal, each side's median time over the rounds: the median, p90, p99 and max per deal, the
//   deals where ours took more than 10 and 20 times fc-solve's time (with fc-solve's at least
//   0.05 ms, below its clock's reach), and the worst of them by seed.
// - Verdicts: where both decide, they must agree; every `won` of ours was replayed by solve().
//   A budget of TIMEOUT_MS per deal (and ITERS iterations for fc-solve); a deal either leaves
//   unknown is counted and named.
//
// Writes one CSV row per game (--out, default results/bench-heldout.csv). Needs fc-solve's library
// (Debian's libfreecell-solver-dev; as root the bench installs it with apt-get).
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { stringify } from 'csv-stringify/sync';
import { type Deal, dealFromSeed } from '../src/engine/deal';
import { solve } from '../src/solver/solve';
import { TranspositionTable } from '../src/search/core/tt';
import { agreement, tableRules } from './bench-common';
import { buildHarness, runLib } from './fclib';
import { fcVersion } from './fcsolve';
import { arg, checkOptions, fail as failWith, median, pad, quantile, sortNum, sum } from './util';

const ROUNDS = 5;
const WARMUP = 300;
const WARMUP_SEED = 1_000_000_000;
const TIMEOUT_MS = 10_000;
const ITERS = 100_000_000;
const BLOCKS: Record<string, { from: number; to: number; label: string }> = {
  check: { from: 200001, to: 202000, label: 'held-out block "check"' },
  final: { from: 300001, to: 302000, label: 'held-out block "final" (reported only at the end)' },
  tuning: { from: 1, to: 200, label: 'TUNING seeds 1-200 (the policy was tuned on these: not a figure for unseen deals)' },
};
const GAMES = ['winery', 'freecell'];

const USAGE = `npm run bench -- [--block check|final|tuning] [--games winery,freecell] [--rounds N] [--out FILE]
The held-out comparison with Freecell Solver's library (-l lg), both in process, ${ROUNDS} alternating rounds.
  --block B    check (seeds 200001-202000, default), final (300001-302000: for the end),
               tuning (seeds 1-200, labelled: the policy was tuned on them)
  --games a,b  winery and/or freecell (4 cells); default both
  --rounds N   alternating rounds (default ${ROUNDS}; the protocol's figure uses ${ROUNDS})
  --out FILE   CSV, one row per game (default results/bench-heldout.csv)
  --per-deal FILE  also a CSV of every deal: game, seed, each side's median ms over the rounds, verdicts`;

function fail(msg: string): never {
  return failWith('bench', msg);
}

interface Side {
  /** Per round, per deal, ms. */
  rounds: number[][];
  verdicts: string[];
}

function runOurs(deals: Deal[], tt: TranspositionTable, verdicts: string[] | null): number[] {
  return deals.map((d, i) => {
    const t0 = performance.now();
    const r = solve(d, { timeoutMs: TIMEOUT_MS, maxNodes: 1e12, tt });
    if (r.moveInts.length < 0) throw new Error('unreachable'); // the solution's moves are read, as fc-solve's harness reads its
    const ms = performance.now() - t0;
    if (verdicts) verdicts[i] = r.result;
    return ms;
  });
}

function main(): void {
  checkOptions('bench', USAGE, ['block', 'games', 'rounds', 'out', 'per-deal'], []);
  const block = BLOCKS[arg('block', 'check')] ?? fail(`--block must be one of ${Object.keys(BLOCKS).join(', ')}`);
  const games = arg('games', GAMES.join(',')).split(',');
  for (const g of games) if (!GAMES.includes(g)) fail(`--games: ${JSON.stringify(g)} is not one of ${GAMES.join(', ')}`);
  const rounds = Number(arg('rounds', String(ROUNDS)));
  if (!Number.isInteger(rounds) || rounds < 1) fail('--rounds must be a positive whole number');
  const out = arg('out', 'results/bench-heldout.csv');
  const h = buildHarness({ install: true, log: (l) => console.log(l) });
  if ('why' in h) fail(h.why);
  console.log(
    `bench: ${block.label}, seeds ${block.from}-${block.to}; ${rounds} alternating rounds; fc-solve ${fcVersion() ?? '?'} -l lg; node ${process.version}, load ${os.loadavg()[0].toFixed(2)}`,
  );
  const perDealOut = arg('per-deal', '');
  const rows: Record<string, string | number>[] = [];
  const dealRows: (string | number)[][] = [];
  for (const game of games) rows.push(benchGame(game, block, rounds, h.bin, dealRows));
  fs.mkdirSync(path.dirname(out) || '.', { recursive: true });
  const cols = Object.keys(rows[0]);
  fs.writeFileSync(out, stringify([cols, ...rows.map((r) => cols.map((c) => r[c]))]));
  console.log(`wrote ${out}`);
  if (perDealOut) {
    fs.mkdirSync(path.dirname(perDealOut) || '.', { recursive: true });
    fs.writeFileSync(perDealOut, stringify([['game', 'seed', 'ours_ms', 'fc_ms', 'ours_verdict', 'fc_verdict'], ...dealRows]));
    console.log(`wrote ${perDealOut}`);
  }
}

function benchGame(
  game: string,
  block: { from: number; to: number; label: string },
  rounds: number,
  bin: string,
  dealRows: (string | number)[][],
): Record<string, string | number> {
  const rules = tableRules(game);
  const deals: Deal[] = [];
  for (let s = block.from; s <= block.to; s++) deals.push(dealFromSeed(rules, s));
  const warm: Deal[] = [];
  for (let k = 0; k < WARMUP; k++) warm.push(dealFromSeed(rules, WARMUP_SEED + k));
  const tt = new TranspositionTable(64);
  runOurs(warm, tt, null);
  const ours: Side = { rounds: [], verdicts: [] };
  const fc: Side = { rounds: [], verdicts: [] };
  const ratios: number[] = [];
  for (let k = 0; k < rounds; k++) {
    const a = runOurs(deals, tt, k === 0 ? ours.verdicts : null);
    const lib = runLib(bin, [...warm, ...deals], 'lg', { maxIters: ITERS, timeoutMs: TIMEOUT_MS }).slice(warm.length);
    if (k === 0) fc.verdicts = lib.map((r) => r.result);
    const b = lib.map((r) => r.ms);
    ours.rounds.push(a);
    fc.rounds.push(b);
    ratios.push(sum(b) / sum(a));
    console.log(`  ${game} round ${k + 1}: ours ${sum(a).toFixed(0)} ms, fc-solve ${sum(b).toFixed(0)} ms, fc-solve/ours ${(sum(b) / sum(a)).toFixed(3)}`);
  }
  const perDeal = (s: Side) => deals.map((_, i) => median(s.rounds.map((r) => r[i])));
  const o = perDeal(ours);
  const f = perDeal(fc);
  deals.forEach((_, i) => dealRows.push([game, block.from + i, Number(o[i].toFixed(4)), Number(f[i].toFixed(4)), ours.verdicts[i], fc.verdicts[i]]));
  const slow = (x: number) => deals.map((_, i) => i).filter((i) => f[i] >= 0.05 && o[i] > x * f[i]);
  const over10 = slow(10);
  const over20 = slow(20);
  const { both, agree, disagree, unknown } = agreement(
    deals.map((_, i) => block.from + i),
    ours.verdicts,
    fc.verdicts,
  );
  const sorted = sortNum(ratios);
  const ratio = median(ratios);
  const q = (xs: number[], p: number) => quantile(sortNum(xs), p);
  const worst = over10
    .sort((i, j) => o[j] / f[j] - o[i] / f[i])
    .slice(0, 5)
    .map((i) => `${block.from + i} (${o[i].toFixed(2)} ms against ${f[i].toFixed(2)})`);
  console.log(
    `${game}: fc-solve/ours ${ratio.toFixed(3)} (median of ${rounds} rounds; range ${sorted[0].toFixed(3)}-${sorted[sorted.length - 1].toFixed(3)}); above 1: ours is faster`,
  );
  console.log(`  per deal, ms      ${pad('median', 8)} ${pad('p90', 8)} ${pad('p99', 8)} ${pad('max', 9)}`);
  for (const [name, xs] of [
    ['ours', o],
    ['fc-solve lg', f],
  ] as const)
    console.log(
      `  ${pad(name, 16, true)} ${pad(q(xs, 0.5).toFixed(3), 8)} ${pad(q(xs, 0.9).toFixed(3), 8)} ${pad(q(xs, 0.99).toFixed(3), 8)} ${pad(q(xs, 1).toFixed(2), 9)}`,
    );
  console.log(
    `  deals where ours took over 10x fc-solve's time: ${over10.length}; over 20x: ${over20.length}${worst.length ? '; worst: ' + worst.join(', ') : ''}`,
  );
  console.log(
    `  verdicts: ${agree} of ${both} decided by both agree${disagree.length ? '; DISAGREE: ' + disagree.join(', ') : ''}; unknown to either: ${unknown.length ? unknown.join(', ') : 'none'}`,
  );
  return {
    game,
    block: block.label,
    seeds: `${block.from}-${block.to}`,
    rounds,
    fc_over_ours_median: Number(ratio.toFixed(3)),
    fc_over_ours_min: Number(sorted[0].toFixed(3)),
    fc_over_ours_max: Number(sorted[sorted.length - 1].toFixed(3)),
    ours_median_ms: Number(q(o, 0.5).toFixed(3)),
    fc_median_ms: Number(q(f, 0.5).toFixed(3)),
    ours_p90_ms: Number(q(o, 0.9).toFixed(3)),
    fc_p90_ms: Number(q(f, 0.9).toFixed(3)),
    ours_p99_ms: Number(q(o, 0.99).toFixed(3)),
    fc_p99_ms: Number(q(f, 0.99).toFixed(3)),
    ours_max_ms: Number(q(o, 1).toFixed(2)),
    fc_max_ms: Number(q(f, 1).toFixed(2)),
    over_10x: over10.length,
    over_20x: over20.length,
    agree,
    both_decided: both,
    disagree: disagree.join('; '),
    unknown: unknown.join('; '),
  };
}

main();

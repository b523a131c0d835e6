// Node budgets are exact (src/solver/solve.ts, search.ts's `limit`): a solve never uses more nodes
// than its maxNodes, in every game, under every policy and registry search, with the base free,
// fixed or every one in turn (--base all), and however its searches share the budget (the prelude,
// the tight step, the opening, the groups' slices); a solve that runs out stops at exactly
// maxNodes. The searches that work in units past their slice (nmcs.ts's playouts, astar.ts's
// expansions) stop inside one at run()'s limit; a limit never reached changes nothing.
import { MessageChannel, receiveMessageOnPort } from 'worker_threads';
import { describe, expect, it } from 'vitest';
import runBatch, { type WorkerMessage } from '../src/analysis/worker';
import { type Deal, dealFromSeed } from '../src/engine/deal';
import { moveError } from '../src/engine/legality';
import { moveCount, moveFrom, moveTo } from '../src/engine/move';
import { GameState } from '../src/engine/state';
import { getRules } from '../src/rules/variants';
import { AStarSearch } from '../src/search/astar';
import { NestedRollouts } from '../src/search/nmcs';
import type { Search } from '../src/search/search';
import { presetOf } from '../src/solver/presets';
import { SEARCH_KINDS, SEARCHES } from '../src/solver/registry';
import { type SolveOptions, type SolveResult, solve, solveAllBases } from '../src/solver/solve';
import { TranspositionTable } from '../src/search/core/tt';
import { replaysToWin } from './helpers';

/** Every game, FreeCell with each number of cells. */
const GAMES: { variant: string; cells?: number }[] = [
  { variant: 'signora' },
  { variant: 'double-signora' },
  { variant: 'empress-of-italy' },
  { variant: 'red-and-black' },
  { variant: 'winery' },
  ...[0, 1, 2, 3, 4].map((cells) => ({ variant: 'freecell', cells })),
];
const name = (g: { variant: string; cells?: number }) => g.variant + (g.cells !== undefined ? `/${g.cells}` : '');
const dealOf = (g: { variant: string; cells?: number }, seed: number): Deal =>
  dealFromSeed(getRules(g.variant, g.cells !== undefined ? { cells: g.cells } : {}), seed);

/** Every policy and every registry search on its own. */
const KINDS = [...SEARCH_KINDS, ...Object.keys(SEARCHES)];

/** One table for every solve here (solve() clears a lent table): a new 32 MB table per solve would cost more than the searches. */
const tt = new TranspositionTable(8);

/** Checks one result against its budget; true if the budget ran out (it then stopped at exactly the budget). */
function within(res: SolveResult, maxNodes: number, what: string): boolean {
  expect(res.stats.nodes, what).toBeLessThanOrEqual(maxNodes);
  if (res.stats.stopReason !== 'nodes') return false;
  expect(res.stats.nodes, what).toBe(maxNodes);
  expect(res.result, what).toBe('unknown');
  return true;
}

describe('node budgets', () => {
  it('every game, every policy and search: a solve never passes maxNodes, and one that runs out stops at it', () => {
    const hitsOf = new Map<string, number>();
    let hits = 0;
    let solves = 0;
    for (const g of GAMES)
      for (const search of KINDS)
        for (const [seed, maxNodes] of [
          [1, 300],
          [2, 1100],
          [3, 2500],
        ]) {
          const res = solve(dealOf(g, seed), { search, maxNodes, tt });
          solves++;
          if (within(res, maxNodes, `${name(g)} ${search} seed ${seed} at ${maxNodes}`)) {
            hits++;
            hitsOf.set(search, (hitsOf.get(search) ?? 0) + 1);
          }
        }
    // The budget ran out in most solves, and under every search (else the test would prove little).
    expect(hits).toBeGreaterThan(solves / 2);
    for (const search of KINDS) expect(hitsOf.get(search) ?? 0, search).toBeGreaterThan(3);
  });

  it('the Terrace family with each base fixed and with every base in turn (--base all)', () => {
    for (const variant of ['signora', 'double-signora', 'empress-of-italy'])
      for (const search of ['auto', 'nmcs', 'astar', 'portfolio'])
        for (const seed of [4, 5]) {
          const maxNodes = 700 + 300 * seed;
          const rows = solveAllBases(dealOf({ variant }, seed), { search, maxNodes, tt });
          expect(rows.length).toBeGreaterThan(1);
          const hit = rows.filter(({ base, res }) => within(res, maxNodes, `${variant} ${search} seed ${seed} base ${base}`));
          expect(hit.length, `${variant} ${search} seed ${seed}`).toBeGreaterThan(0);
        }
  });

  it('Winery and FreeCell under auto with a short prelude and opening: the prelude, tight step, opening and groups share the budget', () => {
    let hits = 0;
    for (const g of GAMES.filter((x) => getRules(x.variant).foundationBuild === 'suit'))
      for (const seed of [1, 2, 3, 4, 5, 6])
        for (const maxNodes of [450, 1300, 3000]) {
          const opts: SolveOptions = { maxNodes, softNodes: 150, openingNodes: 400, tt };
          if (within(solve(dealOf(g, seed), opts), maxNodes, `${name(g)} seed ${seed} at ${maxNodes}`)) hits++;
        }
    expect(hits).toBeGreaterThan(20);
  });

  it('the analysis worker (one row per deal and base) keeps every row within the budget', () => {
    const { port1, port2 } = new MessageChannel();
    const maxNodes = 1500;
    for (const variant of ['empress-of-italy', 'double-signora', 'signora']) {
      const cells = getRules(variant).cells;
      runBatch({ variant, items: [1, 2].map((seed) => ({ seed, bases: ['any', 0, 5, 11] })), maxNodes, ttMb: 8, search: 'auto', cells, port: port1 });
    }
    let rows = 0;
    let hits = 0;
    for (let m = receiveMessageOnPort(port2); m !== undefined; m = receiveMessageOnPort(port2)) {
      const msg = m.message as WorkerMessage;
      if (msg.kind !== 'row') continue;
      rows++;
      expect(msg.row.nodes, `${msg.row.variant} ${msg.row.seed} ${msg.row.base}`).toBeLessThanOrEqual(maxNodes);
      if (msg.row.result === 'unknown') hits++;
    }
    port1.close();
    expect(rows).toBe(24);
    expect(hits).toBeGreaterThan(10);
  });
});

/** A search on the deal, under base constraint `base` (-1: none). */
type Make = (deal: Deal, base: number) => Search;

const nmcs: Make = (deal, base) => {
  const s = new GameState(deal);
  if (base >= 0) s.setConstraint(base);
  return new NestedRollouts(s, { salt: 0x5eed + base, playouts: presetOf(deal.rules).playouts });
};

const astar: Make = (deal, base) => {
  const s = new GameState(deal);
  if (base >= 0) s.setConstraint(base);
  return new AStarSearch(s, new TranspositionTable(8));
};

/** Runs `x` in slices of `slice` nodes, each limited to what `max` leaves (limited) or not, until it stops or reaches `max`. */
function runTo(x: Search, slice: number, max: number, limited: boolean): string {
  for (;;) {
    const left = max - x.stats.nodes;
    if (left <= 0) return 'paused';
    const st = x.run(Math.min(slice, left), Infinity, limited ? left : undefined);
    if (st !== 'paused') return st;
  }
}

describe('searches that work in units stop inside one at their limit', () => {
  const cases: [string, number][] = [
    ['empress-of-italy', 3],
    ['double-signora', 7],
    ['signora', 5],
    ['red-and-black', -1],
    ['winery', -1],
  ];

  for (const [label, make] of [
    ['nmcs', nmcs],
    ['astar', astar],
  ] as const)
    it(`${label}: never past the limit; a limit it never reaches changes nothing`, () => {
      let cut = 0;
      for (const [variant, base] of cases)
        for (const seed of [1, 2, 3]) {
          const deal = dealOf({ variant }, seed);
          for (const max of [97, 1000, 4321]) {
            // One run limited to `max`: at most `max` nodes, exactly `max` if it paused.
            const x = make(deal, base);
            const st = x.run(1_000_000, Infinity, max);
            expect(x.stats.nodes, `${variant} ${seed} ${max}`).toBeLessThanOrEqual(max);
            if (st === 'paused') {
              expect(x.stats.nodes).toBe(max);
              cut++;
            }
            if (st === 'won') expect(replaysToWin(deal, x.solutionMoves(), base)).toBe(true);
          }
          // Sliced as solve() slices it, limited to what is left of 10,000 nodes: the same as
          // unlimited slices where those end under it, and never past it.
          const a = make(deal, base);
          const sa = runTo(a, 500, 10_000, false);
          const b = make(deal, base);
          const sb = runTo(b, 500, 10_000, true);
          expect(b.stats.nodes).toBeLessThanOrEqual(10_000);
          if (a.stats.nodes <= 10_000) {
            expect(sb, `${variant} ${seed}`).toBe(sa);
            expect(b.stats.nodes, `${variant} ${seed}`).toBe(a.stats.nodes);
            expect(b.solutionMoves(), `${variant} ${seed}`).toEqual(a.solutionMoves());
          }
        }
      expect(cut).toBeGreaterThan(10);
    });

  it('nmcs stopped inside playouts and forced steps goes on from a consistent line, and its wins replay', () => {
    let won = 0;
    let forced = 0;
    // Deals whose lines go on long enough for many forced steps: the last four are stopped inside a
    // line of forced steps within 60,000 nodes, where going on with the step's old moves would play
    // moves of another position.
    for (const [variant, base, seed] of [
      ['empress-of-italy', 8, 6],
      ['empress-of-italy', 8, 8],
      ['double-signora', 2, 6],
      ['double-signora', 2, 8],
      ['empress-of-italy', 8, 9],
      ['signora', 5, 5],
      ['signora', 5, 6],
      ['signora', 5, 7],
    ] as const) {
      const deal = dealOf({ variant }, seed);
      const x = nmcs(deal, base) as NestedRollouts;
      // Runs of one playout each (a slice of 1 node), every fourth without a limit; the others'
      // limits of 1-3 nodes stop them inside the step that follows a step's last playout (the
      // best line's move, the listing, the forced steps) or inside their playout.
      // Between runs the state is at the end of the line played, every move of it legal: checked on
      // a copy that follows the line (taken back to where it parts from it, then every new move checked).
      const line = new GameState(deal);
      if (base >= 0) line.setConstraint(base);
      let st = 'paused';
      for (let k = 0; st === 'paused' && x.stats.nodes < 60_000; k++) {
        const before = x.stats.nodes;
        const limit = k % 4 === 0 ? Infinity : 1 + (((k >> 2) + k) % 3);
        st = x.run(1, Infinity, limit);
        if (x.stats.nodes - before > limit) expect.fail(`${variant} ${seed} run ${k}: ${x.stats.nodes - before} nodes, limit ${limit}`);
        const now = x.state.history();
        const was = line.history();
        let same = 0;
        while (same < now.length && same < was.length && now[same] === was[same]) same++;
        for (let i = was.length; i > same; i--) line.undo();
        for (let i = same; i < now.length; i++) {
          const m = now[i];
          const err = moveError(line, moveFrom(m), moveTo(m), moveCount(m));
          if (err) expect.fail(`${variant} ${seed} run ${k}, move ${i} of the line: ${err}`);
          line.apply(m);
        }
        if (x.state.h1 !== line.h1 || x.state.h2 !== line.h2) expect.fail(`${variant} ${seed} run ${k}: not at the end of its line`);
      }
      forced += x.forcedSteps;
      if (st !== 'won') continue;
      won++;
      expect(replaysToWin(deal, x.solutionMoves(), base), `${variant} ${seed}`).toBe(true);
    }
    expect(won).toBeGreaterThan(3);
    expect(forced).toBeGreaterThan(50);
  });

  it('astar stopped inside expansions goes on exactly where it stopped: the same nodes and verdict as one run', () => {
    for (const [variant, base] of cases)
      for (const seed of [1, 2]) {
        const deal = dealOf({ variant }, seed);
        const a = astar(deal, base);
        const sa = a.run(20_000, Infinity);
        const b = astar(deal, base);
        let sb = 'paused';
        for (let k = 0; sb === 'paused' && b.stats.nodes < a.stats.nodes; k++)
          sb = b.run(1_000_000, Infinity, Math.min(1 + (k % 7) * 5, a.stats.nodes - b.stats.nodes));
        // Positions without moves cost no nodes: at a's count, b may have some left to expand before its open list runs empty.
        if (sb === 'paused' && sa !== 'paused') sb = b.run(1_000_000, Infinity, 1);
        if (sa !== 'paused') {
          expect(sb, `${variant} ${seed}`).toBe(sa);
          expect(b.solutionMoves()).toEqual(a.solutionMoves());
        }
        expect(b.stats).toEqual(a.stats);
      }
  });
});

// The searches of the portfolio, one by one: each registered search's wins replay, complete
// searches prove the hand-made lost positions and incomplete ones never claim them, the random
// group order is a permutation that keeps its groups, and on
// hundreds of late-game positions no search calls lost what an exhaustive plain DFS can win.
import { describe, expect, it } from 'vitest';
import { type Deal, dealFromSeed } from '../src/engine/deal';
import { playChecked } from '../src/engine/legality';
import { MAX_MOVES, moveFrom, moveTo } from '../src/engine/move';
import { generateFoundationMoves, generateMoves, generateOtherMoves } from '../src/engine/movegen';
import { GameState } from '../src/engine/state';
import { getRules } from '../src/rules/variants';
import { DfsSearch } from '../src/search/dfs';
import type { Search } from '../src/search/search';
import { estimate } from '../src/search/order/heuristic';
import { moveGroup, NOISE, NOISY_SCALE, orderMoves, pickBest, orderOrScore } from '../src/search/order/order';
import { safeFoundationMove } from '../src/proof/safe-moves';
import { geometric, luby, lubyTerm, RestartingDfs } from '../src/search/restart';
import { addSupermoves } from '../src/search/freecell/supermove';
import { MetaDfs } from '../src/search/freecell/metadfs';
import { isSearchKind, SEARCHES } from '../src/solver/registry';
import { MAX_STREAM, STREAM_SPAN } from '../src/search/core/streams';
import { presetOf } from '../src/solver/presets';
import { solve, type SolveResult } from '../src/solver/solve';
import { policy } from '../src/solver/policy';
import { SoftThreads } from '../src/search/freecell/soft';
import { rulesWithCells } from '../src/analysis/results';
import { TranspositionTable } from '../src/search/core/tt';
import { ALL_VARIANTS, ALT_COLOUR, endgame, positionDeal, SUIT_CELLS, unplayedPosition } from './helpers';

/** The searches that never prove a loss: the meta-move ones leave moves out, nmcs only plays lines out. */
const INCOMPLETE = ['dfs-meta', 'soft-threads', 'nmcs'];
/** FreeCell's `auto` (Winery's too): its prelude, its tight step and its opening, from the preset. */
const FC_AUTO = presetOf(getRules('freecell')).auto;
const META_AFTER = FC_AUTO.opening!.partner!.alone;
const SOFT_NODES = FC_AUTO.prelude!.nodes;
const TIGHT = FC_AUTO.prelude!.tight!;

function replays(deal: Deal, res: SolveResult): boolean {
  const s = new GameState(deal);
  for (const m of res.moves) if (playChecked(s, m)) return false;
  return s.isWon();
}

describe('search registry and policies', () => {
  it('accepts policy names and +-lists of registered searches, nothing else', () => {
    for (const k of ['auto', 'dfs', 'astar', 'portfolio', 'dfs-restart', 'dfs-scored+dfs-restart']) expect(isSearchKind(k)).toBe(true);
    for (const k of ['', 'dfs+', 'bfs', 'auto+dfs-plain', 'dfs-restart+nope']) expect(isSearchKind(k)).toBe(false);
    expect(() => solve(dealFromSeed(getRules('winery'), 1), { search: 'nope' })).toThrow(/unknown search/);
  });

  it('every search alone: its wins replay, and the hand-made lost positions are proved lost (the incomplete ones never say lost)', () => {
    const signoraLost = positionDeal('signora', { tableau: ['5D 6C'], foundations: { 0: '7C 8H 9S TD JC QH KS AD 2C 3H 4S' }, base: '7', rest: 'none' });
    const kings = ['KC', 'KD', 'KH', 'KS', 'KC', 'KD', 'KH', 'KS'];
    const aces = { 0: 'AC', 1: 'AD', 2: 'AH', 3: 'AS', 4: 'AC', 5: 'AD', 6: 'AH', 7: 'AS' };
    const rbLost = positionDeal('red-and-black', { tableau: kings, foundations: aces, waste: '2H JH', fill: false, rest: 'waste' });
    for (const name of Object.keys(SEARCHES)) {
      // What the search says it can do (search.ts's `complete`) is what it does.
      const complete = SEARCHES[name]({ state: new GameState(signoraLost), tt: new TranspositionTable(1), salt: 1 }).complete;
      expect(complete, name).toBe(!INCOMPLETE.includes(name));
      for (const lost of [signoraLost, rbLost]) {
        const r = solve(lost, { search: name, maxNodes: 50_000 });
        expect(r.result, name).toBe(complete ? 'lost' : 'unknown');
        // The waste test may cut Red and Black's position (its proof then names it).
        if (r.result === 'lost') expect(r.proof, name).toMatch(/^exhaustive(\+deadlock:waste)?$/);
        else expect(r.proof, name).toBeUndefined();
      }
      let won = 0;
      for (const v of ['signora', 'empress-of-italy', 'red-and-black', 'winery'])
        for (let seed = 1; seed <= 3; seed++) {
          const deal = dealFromSeed(getRules(v), seed);
          const r = solve(deal, { search: name, maxNodes: 100_000 });
          expect(r.result, `${name} ${v} ${seed}`).not.toBe('lost'); // these deals are won (by some search)
          if (r.result === 'won') {
            won++;
            expect(replays(deal, r), `${name} ${v} ${seed}`).toBe(true);
          }
        }
      expect(won, name).toBeGreaterThan(0);
    }
  });

  it('the auto policy is deterministic (restarts and their noise are seeded too)', () => {
    for (const [v, seed] of [
      ['empress-of-italy', 7],
      ['winery', 3],
      ['freecell', 5],
    ] as const) {
      const deal = dealFromSeed(getRules(v), seed);
      const a = solve(deal, { maxNodes: 300_000 });
      const b = solve(deal, { maxNodes: 300_000, tt: new TranspositionTable(4) });
      expect(b.result, v).toBe(a.result);
      expect(b.moveInts, v).toEqual(a.moveInts);
      expect(b.stats.nodes, v).toBe(a.stats.nodes);
    }
  });

  it('another stream (SolveOptions.stream) makes other random choices, with the same verdicts; 0 is the default', () => {
    const empress = dealFromSeed(getRules('empress-of-italy'), 7);
    const runs = [0, 1, 2].map((stream) => solve(empress, { maxNodes: 300_000, stream }));
    for (const r of runs) {
      expect(r.result).toBe('won');
      expect(replays(empress, r)).toBe(true);
    }
    expect(new Set(runs.map((r) => r.stats.nodes)).size).toBe(3);
    expect(solve(empress, { maxNodes: 300_000 }).stats.nodes).toBe(runs[0].stats.nodes);
    // Signora 10002 with base 5 is lost at the deal (solver.md, How a loss is proved): on every stream.
    const signora = dealFromSeed(getRules('signora'), 10002);
    for (const stream of [0, 3]) expect(solve(signora, { maxNodes: 100_000, base: 4, stream }).result).toBe('lost');
  });

  it('refuses a stream that is not a whole number from 0, and leaves the table free', () => {
    const tt = new TranspositionTable(4);
    const deal = dealFromSeed(getRules('winery'), 3);
    for (const stream of [-1, 1.5, NaN, MAX_STREAM + 1])
      expect(() => solve(deal, { stream, tt, maxNodes: 1000 })).toThrow(/stream must be a whole number from 0 to/);
    expect(MAX_STREAM * STREAM_SPAN).toBeLessThan(2 ** 32); // the salts come round only after it
    expect(solve(deal, { tt, maxNodes: 100_000 }).result).toBe('won');
  });

  it('the suit games open with the restarting heuristic DFS alone, then in turns with the meta-move DFS', () => {
    let opened = 0;
    let turns = 0;
    for (const v of ['winery', 'freecell'])
      for (let seed = 1; seed <= 10; seed++) {
        const deal = dealFromSeed(getRules(v), seed);
        const order: Search[] = [];
        const used: number[] = [];
        const r = solve(deal, {
          maxNodes: 1_000_000,
          softNodes: 0, // the opening alone (the soft threads before it: below)
          onProgress: (n, s) => {
            order.push(s);
            used.push(n);
          },
        });
        expect(r.result, `${v} ${seed}`).toBe('won');
        const alone = solve(deal, { search: 'dfs-restart-scored', maxNodes: META_AFTER });
        if (alone.result === 'won') {
          // Won alone: the same line, found with the same nodes, as the search alone.
          opened++;
          expect(r.moveInts, `${v} ${seed}`).toEqual(alone.moveInts);
          expect(r.stats.nodes, `${v} ${seed}`).toBe(alone.stats.nodes);
          continue;
        }
        // Then the two take turns: the heuristic DFS, the meta-move DFS, the heuristic DFS, ...
        expect(used[0], `${v} ${seed}`).toBe(META_AFTER); // its first turn, alone
        const [heuristic, meta] = order;
        if (meta) expect(meta, `${v} ${seed}`).not.toBe(heuristic);
        for (let i = 1; i < Math.min(order.length, 6); i++) expect(order[i], `${v} ${seed} turn ${i}`).toBe(i % 2 === 1 ? meta : heuristic);
        turns++;
      }
    expect(opened).toBeGreaterThan(5);
    expect(turns).toBeGreaterThan(0);
  });
});

describe('the opening goes on', () => {
  // With a 10,000-node opening (openingNodes), so that deals that outlast it are cheap to find.
  it('after its nodes, the opening keeps its progress: its two searches are two of three sharing the budget', () => {
    let checked = 0;
    let wonByOpening = 0;
    for (const v of ['winery', 'freecell'])
      for (let seed = 1; seed <= 300 && checked < 4; seed++) {
        const deal = dealFromSeed(getRules(v), seed);
        const alone = solve(deal, { search: 'dfs-restart-scored', maxNodes: 100_000 });
        if (alone.result !== 'won' || alone.stats.nodes <= 10_000) continue;
        checked++;
        const searches: Search[] = [];
        const r = solve(deal, { maxNodes: 2_000_000, openingNodes: 10_000, softNodes: 0, onProgress: (_n, search) => searches.push(search) });
        expect(r.result, `${v} ${seed}`).toBe('won');
        // Three searches at most: the opening's two are two of the three, not beside fresh copies.
        expect(new Set(searches).size, `${v} ${seed}`).toBeLessThanOrEqual(3);
        const opening = searches[0];
        const partner = searches[1]; // the meta-move DFS, in turns with it during the opening
        const winner = searches[searches.length - 1];
        if (winner === opening) {
          // Won by the opening, resumed: the line the same search finds alone, after as many of its own nodes.
          expect(r.moveInts, `${v} ${seed}`).toEqual(alone.moveInts);
          expect(opening.stats.nodes, `${v} ${seed}`).toBe(alone.stats.nodes);
        }
        if (winner === opening || winner === partner) wonByOpening++;
        // The partner goes on after the opening too, as itself: no second meta-move DFS starts over.
        expect(partner, `${v} ${seed}`).toBeInstanceOf(MetaDfs);
        expect(new Set(searches.filter((x) => x instanceof MetaDfs)).size, `${v} ${seed}`).toBe(1);
        // The opening's first search is first in every round, so the other two never ran more than
        // its nodes each.
        expect(r.stats.nodes, `${v} ${seed}`).toBeLessThanOrEqual(10_000 + 3 * alone.stats.nodes);
        // Its nodes are counted once: cut short, the solve stops at the budget.
        const cut = solve(deal, { maxNodes: 10_500, openingNodes: 10_000, softNodes: 0 });
        if (cut.result === 'unknown') expect(cut.stats.nodes, `${v} ${seed}`).toBeLessThan(10_500 + 300);
      }
    expect(checked).toBe(4);
    expect(wonByOpening).toBeGreaterThan(0);
  });
});

describe('restart schedules', () => {
  it("Luby's sequence and geometric growth", () => {
    expect(Array.from({ length: 15 }, (_, i) => lubyTerm(i + 1))).toEqual([1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    expect([0, 1, 2, 3].map(luby(500))).toEqual([500, 500, 1000, 500]);
    expect([0, 1, 2, 3].map(geometric(1000, 1.3))).toEqual([1000, 1300, 1690, 2197]);
    expect([0, 1, 2].map(geometric(8192, 1.5))).toEqual([8192, 12288, 18432]);
  });
});

describe("move order 'grouped': random within groups", () => {
  it('is a permutation of the generated moves with foundation, waste/reserve, tableau, cell and stock moves in that order', () => {
    const rng = new Int32Array([12345]);
    const buf = new Int32Array(MAX_MOVES);
    for (const v of ALT_COLOUR)
      for (let seed = 1; seed <= 20; seed++) {
        const s = unplayedPosition(v, seed);
        const n = generateMoves(s, buf, 0);
        const before = Array.from(buf.subarray(0, n)).sort((a, b) => a - b);
        orderMoves(s, buf, 0, n, 'grouped', rng, new Int32Array(MAX_MOVES));
        expect(Array.from(buf.subarray(0, n)).sort((a, b) => a - b)).toEqual(before);
        const moves = Array.from(buf.subarray(0, n));
        const groups = moves.map((m) => moveGroup(s, m));
        expect(groups).toEqual([...groups].sort((a, b) => a - b));
        // The groups themselves, from the piles: foundation, from the waste or reserve, between
        // piles (cells included), into a cell, the stock deal.
        for (const m of moves) {
          const from = moveFrom(m);
          const to = moveTo(m);
          const g = to >= s.FOUND0 && to < s.CELL0 ? 0 : from === s.STOCK ? 4 : from === s.WASTE || from === s.RESERVE ? 1 : to < s.T ? 2 : 3;
          expect(moveGroup(s, m)).toBe(g);
        }
      }
  });
});

describe("move order 'noisy': heuristic with noise (suit games)", () => {
  it('is a permutation of the generated moves in which no move comes before one more than the noise allows better', () => {
    const slack = Math.floor((NOISE - 1) / NOISY_SCALE);
    const rng = new Int32Array([777]);
    const buf = new Int32Array(MAX_MOVES);
    let swapped = 0;
    for (const v of ['winery', 'freecell'])
      for (let seed = 1; seed <= 20; seed++) {
        const s = unplayedPosition(v, seed);
        const n = generateMoves(s, buf, 0);
        const before = Array.from(buf.subarray(0, n)).sort((a, b) => a - b);
        orderMoves(s, buf, 0, n, 'noisy', rng, new Int32Array(MAX_MOVES));
        const after = Array.from(buf.subarray(0, n));
        expect([...after].sort((a, b) => a - b)).toEqual(before);
        const est = after.map((m) => {
          s.apply(m);
          const e = estimate(s);
          s.undo();
          return e;
        });
        for (let i = 0; i < n; i++)
          for (let j = i + 1; j < n; j++) {
            expect(est[i], `${v} ${seed}`).toBeLessThanOrEqual(est[j] + slack);
            if (est[i] > est[j]) swapped++;
          }
      }
    expect(swapped).toBeGreaterThan(0); // the noise does reorder moves that are nearly as good
  });
});

describe('soundness of lost against an exhaustive plain DFS', () => {
  // Endgames small enough to exhaust: whenever the default policy (or any complete
  // search) says lost, a plain DFS with an ample table must exhaust the position too; and whenever
  // the plain DFS is exhausted, no search may have won (that would be a bug in the engine or DFS).
  it('on 260 random endgames (80 of FreeCell without cells, which are often lost), every lost is confirmed and no verdicts conflict', () => {
    let lost = 0;
    let won = 0;
    // FreeCell without cells gives many lost endgames; the other games few.
    for (const [v, cells] of [...ALL_VARIANTS.map((x) => [x, undefined] as const), ['freecell', 0] as const])
      for (let seed = 1; seed <= (cells === 0 ? 80 : 30); seed++) {
        const deal = endgame(v, seed, cells);
        const plain = new DfsSearch(new GameState(deal), new TranspositionTable(16), { salt: 7, order: 'generated', prune: false }); // no pruning: an independent truth
        const truth = plain.run(2_000_000);
        for (const search of ['auto', 'dfs-restart', 'dfs-restart-scored', 'dfs', 'dfs-meta']) {
          const r = solve(deal, { search, maxNodes: 200_000 });
          if (r.result === 'lost') {
            expect(truth, `${v} ${seed} ${search}`).toBe('lost');
            lost++;
          }
          if (r.result === 'won') {
            expect(truth, `${v} ${seed} ${search}`).not.toBe('lost');
            expect(replays(deal, r)).toBe(true);
            won++;
          }
        }
      }
    // The check is only worth something if both kinds of verdict occur.
    expect(lost).toBeGreaterThan(20);
    expect(won).toBeGreaterThan(20);
  });
});

describe('where the sound dead marks run (policy.ts)', () => {
  it('Winery and FreeCell, wherever searches can share them; never the alternate-colour games', () => {
    const fc = presetOf(getRules('freecell'));
    expect(policy(fc, 'auto', true).marks).toBe(true);
    expect(policy(fc, 'dfs', true).marks).toBe(true); // two DFS
    expect(policy(fc, 'dfs-restart-scored', true).marks).toBe(true); // its runs share them
    expect(policy(fc, 'dfs-scored', true).marks).toBe(false); // alone: nothing to share
    expect(policy(presetOf(getRules('winery')), 'auto', true).marks).toBe(true);
    for (const v of ALT_COLOUR) expect(policy(presetOf(getRules(v)), 'auto', false).marks, v).toBe(false);
  });
});

describe('sound dead marks shared by the runs of a restarting DFS (restart.ts, dfs.ts)', () => {
  // Runs of 20 nodes and up, with supermoves, so that later runs stand on many marks of earlier
  // ones. Truth: a plain exhaustive DFS without marks (test/marks.test.ts checks the marks alone).
  it('never turn a won endgame lost; lost ones are proved by runs standing on the marks', () => {
    let lost = 0;
    let won = 0;
    let lostOnMarks = 0;
    for (const [v, cells] of SUIT_CELLS)
      for (let seed = 1; seed <= 20; seed++) {
        const deal = endgame(v, seed, cells);
        const truth = new DfsSearch(new GameState(deal), new TranspositionTable(16), { salt: 7, order: 'generated', prune: false }).run(2_000_000);
        for (const order of ['grouped', 'noisy'] as const) {
          const search = new RestartingDfs(new GameState(deal), new TranspositionTable(16), {
            salt: seed,
            order,
            schedule: geometric(20, 1.1),
            extraMoves: addSupermoves,
            marks: () => 0x1234567,
          });
          const st = search.run(300_000);
          if (st === 'lost') {
            expect(truth, `${v} ${cells} ${seed} order ${order}`).toBe('lost');
            lost++;
            if (search.markSkips > 0) lostOnMarks++;
          }
          if (st === 'won') {
            expect(truth, `${v} ${cells} ${seed} order ${order}`).not.toBe('lost');
            const check = new GameState(deal);
            for (const m of search.solutionMoves()) expect(check.apply(m)).toBeUndefined();
            won++;
          }
        }
      }
    expect(lost).toBeGreaterThan(10);
    expect(won).toBeGreaterThan(10);
    expect(lostOnMarks).toBeGreaterThan(5); // proofs that needed the marks
  });
});

describe('picking the best move as it is tried (the DFS) against sorting first', () => {
  it("tries the moves of orders 'scored' and 'noisy' in the order of the stable sort, ties included", () => {
    const buf = new Int32Array(MAX_MOVES);
    const scores = new Int32Array(MAX_MOVES);
    let ties = 0;
    for (const v of ['winery', 'freecell', 'signora', 'red-and-black'])
      for (let seed = 1; seed <= 10; seed++)
        for (const mode of ['scored', 'noisy'] as const) {
          const s = unplayedPosition(v, seed);
          const n = generateMoves(s, buf, 0);
          const moves = buf.slice(0, n);
          orderMoves(s, buf, 0, n, mode, new Int32Array([seed]), scores);
          const sorted = Array.from(buf.subarray(0, n));
          buf.set(moves);
          expect(orderOrScore(s, buf, 0, n, mode, new Int32Array([seed]), scores)).toBe(true);
          const sc = scores.slice(0, n);
          ties += n - new Set(sc).size;
          for (let i = 0; i < n; i++) pickBest(buf, sc, i, n);
          expect(Array.from(buf.subarray(0, n)), `${v} ${seed} mode ${mode}`).toEqual(sorted);
        }
    expect(ties).toBeGreaterThan(50); // equal scores occur, so the tie order is tested
  });

  it('a DFS that picks searches exactly as one that sorts each list (same nodes, same line), as deep as its buffers grow', () => {
    let grew = 0;
    for (const [v, mode, supermoves, seed] of [
      ['winery', 'noisy', true, 1],
      ['winery', 'scored', false, 2],
      ['freecell', 'noisy', true, 3],
      ['freecell', 'scored', true, 4],
      ['signora', 'scored', false, 2],
      ['red-and-black', 'scored', false, 1],
    ] as const) {
      const deal = dealFromSeed(getRules(v), seed);
      const dfs = new DfsSearch(new GameState(deal), new TranspositionTable(8), {
        salt: 99,
        order: mode,
        prune: true,
        extraMoves: supermoves ? addSupermoves : null,
      });
      const status = dfs.run(20_000);
      const ref = sortingDfs(new GameState(deal), 99, mode, supermoves, 20_000);
      expect({ status, nodes: dfs.stats.nodes }, `${v} mode ${mode}`).toEqual({ status: ref.status, nodes: ref.nodes });
      expect(dfs.solutionMoves(), `${v} mode ${mode}`).toEqual(ref.line);
      if (ref.maxStart + MAX_MOVES > 1 << 13) grew++; // the DFS's move buffer (8,192 moves at first) grew
    }
    expect(grew).toBeGreaterThan(0);
  });

  it("leaves orders 'generated', 'random' and 'grouped' to their own order", () => {
    const buf = new Int32Array(MAX_MOVES);
    const s = unplayedPosition('winery', 3);
    const n = generateMoves(s, buf, 0);
    for (const mode of ['generated', 'random', 'grouped'] as const)
      expect(orderOrScore(s, buf, 0, n, mode, new Int32Array([5]), new Int32Array(MAX_MOVES))).toBe(false);
  });
});

/**
 * The DFS of dfs.ts written plainly, recursively, with each move list sorted by orderMoves: the
 * reference for the DFS's lazy picking. Budget checks, table use and safe moves as in DfsSearch.run.
 */
function sortingDfs(s: GameState, salt: number, mode: 'scored' | 'noisy', supermoves: boolean, budget: number) {
  const tt = new TranspositionTable(8);
  const rng = new Int32Array([salt | 1]);
  const scores = new Int32Array(MAX_MOVES);
  let nodes = 0;
  let maxStart = 0; // where DfsSearch's shared move buffer would hold the deepest list
  const go = (at: number): 'won' | 'lost' | 'paused' => {
    maxStart = Math.max(maxStart, at);
    const buf = new Int32Array(MAX_MOVES);
    let end = generateFoundationMoves(s, buf, 0);
    const safe = safeFoundationMove(s, buf, 0, end);
    if (safe >= 0) {
      buf[0] = buf[safe];
      end = 1;
    } else {
      end = generateOtherMoves(s, buf, end);
      if (supermoves) end = addSupermoves(s, buf, end);
      orderMoves(s, buf, 0, end, mode, rng, scores);
    }
    if (nodes >= budget) return 'paused';
    for (let i = 0; i < end; i++) {
      s.apply(buf[i]);
      nodes++;
      if (s.isWon()) return 'won';
      if (tt.seenOrAdd(s.h1 ^ salt, s.h2 ^ salt)) {
        s.undo();
        if (nodes >= budget) return 'paused';
        continue;
      }
      const r = go(at + end);
      if (r !== 'lost') return r;
      s.undo();
    }
    return 'lost';
  };
  tt.seenOrAdd(s.h1 ^ salt, s.h2 ^ salt);
  const status = go(0);
  return { status, nodes, line: s.history(), maxStart };
}

describe('a tight prelude (policy.ts TIGHT)', () => {
  // Two-cell FreeCell: the soft threads run dry on deals with few positions, mostly lost ones.
  const rules = rulesWithCells('freecell', 2);
  const trace = (seed: number) => {
    const searches: Search[] = [];
    let dead = -1; // the soft threads' dead threads after the prelude (release() at the end changes them)
    const r = solve(dealFromSeed(rules, seed), {
      maxNodes: 2_000_000,
      onProgress: (_n, x) => {
        searches.push(x);
        if (x instanceof SoftThreads) dead = x.dryThreads;
      },
    });
    return { r, order: [...new Set(searches)], dead };
  };

  it('after soft threads that ran dry, the complete DFS alone proves the loss, before any opening', () => {
    for (const seed of [3025, 3027]) {
      const { r, order, dead } = trace(seed);
      expect(r.result, `${seed}`).toBe('lost');
      expect(r.proof, `${seed}`).toBe('exhaustive');
      expect(order[0], `${seed}`).toBeInstanceOf(SoftThreads);
      expect(dead, `${seed}`).toBeGreaterThanOrEqual(TIGHT.dryThreads);
      expect(order.length, `${seed}`).toBe(2);
      expect(order[1], `${seed}`).toBeInstanceOf(DfsSearch);
      expect(r.stats.nodes, `${seed}`).toBeLessThan(SOFT_NODES + TIGHT.nodes);
      // The same verdict as one plain exhaustive DFS.
      expect(solve(dealFromSeed(rules, seed), { search: 'dfs-plain', marks: false }).result, `${seed}`).toBe('lost');
    }
  });

  it('once 3 threads have run dry, the complete DFS starts beside the prelude: 16 of its nodes for each of theirs', () => {
    for (const seed of [3006, 3043]) {
      const turns: [Search, number][] = [];
      let last = 0;
      const r = solve(dealFromSeed(rules, seed), {
        maxNodes: 2_000_000,
        onProgress: (n, x) => {
          turns.push([x, n - last]);
          last = n;
        },
      });
      expect(r.result, `${seed}`).toBe('lost');
      expect(r.proof, `${seed}`).toBe('exhaustive');
      const first = turns.findIndex(([x]) => x instanceof DfsSearch);
      expect(first, `${seed}`).toBeGreaterThan(0);
      for (const [x, n] of turns.slice(0, first)) expect([x instanceof SoftThreads, n]).toEqual([true, TIGHT.turn]);
      // From then on, turns alternate (the last DFS turn cut short by the proof) ...
      turns.slice(first).forEach(([x, n], i) => {
        expect(x instanceof DfsSearch, `${seed} turn ${first + i}`).toBe(i % 2 === 0);
        if (i < turns.length - first - 1) expect(n).toBe(i % 2 === 0 ? TIGHT.turn * TIGHT.ratio : TIGHT.turn);
      });
      // ... and the loss is proved before the prelude's nodes are spent.
      const soft = turns.filter(([x]) => x instanceof SoftThreads).reduce((a, [, n]) => a + n, 0);
      expect(soft, `${seed}`).toBeLessThan(SOFT_NODES);
      expect(solve(dealFromSeed(rules, seed), { search: 'dfs-plain', marks: false }).result, `${seed}`).toBe('lost');
    }
  });

  it('keeps to the budget: cut short after the prelude, the tight step stops at maxNodes', () => {
    const r = solve(dealFromSeed(rules, 3027), { maxNodes: 700 }); // proved lost in 1,013
    expect(r.result).toBe('unknown');
    expect(r.stats.nodes).toBeLessThanOrEqual(700);
  });

  it('with sound dead marks the searches of a group add up to one proof: fewer nodes, the same verdict', () => {
    // Seed 3015: lost, and not tight, so the opening's restarting search and the group's complete
    // DFS both work on it.
    const deal = dealFromSeed(rules, 3015);
    const withMarks = solve(deal, { maxNodes: 2_000_000 });
    const without = solve(deal, { maxNodes: 2_000_000, marks: false });
    expect(withMarks.result).toBe('lost');
    expect(withMarks.proof).toBe('exhaustive');
    expect(without.result).toBe('lost');
    expect(withMarks.stats.nodes).toBeLessThan(without.stats.nodes);
    expect(solve(deal, { search: 'dfs-plain', marks: false }).result).toBe('lost');
  });

  it('after soft threads still going, the opening comes next', () => {
    const { r, order, dead } = trace(3022);
    expect(r.result).toBe('won');
    expect(order[0]).toBeInstanceOf(SoftThreads);
    expect(dead).toBeGreaterThanOrEqual(0);
    expect(dead).toBeLessThan(TIGHT.dryThreads);
    expect(order[1]).toBeInstanceOf(RestartingDfs);
    expect(replays(dealFromSeed(rules, 3022), r)).toBe(true);
  });
});

describe('a restarting search alone on the table clears it at each restart (restart.ts clearsTable)', () => {
  const deal = dealFromSeed(getRules('empress-of-italy'), 10001);
  const probe = (clears: boolean) => {
    const tt = new TranspositionTable(32);
    const s = new GameState(deal);
    s.setConstraint(1);
    const x = new RestartingDfs(s, tt, { salt: 12345, order: 'random', schedule: luby(500) });
    if (clears) x.aloneOnTable();
    const st = x.run(60_000);
    return { st, nodes: x.stats.nodes, unique: x.stats.unique, moves: st === 'won' ? x.solutionMoves() : [], stored: tt.size };
  };

  it('searches the same nodes and finds the same line, with fewer entries kept', () => {
    const kept = probe(false);
    const cleared = probe(true);
    expect(cleared.st).toBe(kept.st);
    expect(cleared.nodes).toBe(kept.nodes);
    expect(cleared.unique).toBe(kept.unique);
    expect(cleared.moves).toEqual(kept.moves);
    expect(cleared.stored).toBeLessThan(kept.stored / 4);
  });

  it('solve() sets it only where the search is alone: one base rank, not base any', () => {
    const seen = (base?: number) => {
      const xs = new Set<Search>();
      // Double Signora 280020 (with base 6, and with the base free): not won within this budget, so
      // every group's searches get turns. (Empress of Italy with the base fixed runs no DFS.)
      solve(dealFromSeed(getRules('double-signora'), 280020), { base, maxNodes: 500_000, onProgress: (_n, x) => xs.add(x) });
      return [...xs].map((x) => (x instanceof RestartingDfs ? x.clearsTable : null));
    };
    // One base rank: the probing DFS and the nested Monte Carlo search, which uses no table.
    expect(seen(5).sort()).toEqual([null, true].sort());
    const any = seen(undefined).filter((c) => c !== null);
    expect(any.length).toBeGreaterThan(1);
    expect(any.every((c) => c === false)).toBe(true);
  });
});

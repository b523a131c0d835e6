// The meta-moves and their DFS (src/solver/freecell/meta.ts, metadfs.ts): every meta-move is legal
// single-card moves, undo takes it back, its wins replay, and it never says lost.
import { describe, expect, it } from 'vitest';
import { dealFromSeed } from '../src/engine/deal';
import { moveError, playChecked } from '../src/engine/legality';
import { MAX_MOVES, moveCount, moveFrom, moveTo } from '../src/engine/move';
import { generateFoundationMoves } from '../src/engine/movegen';
import { GameState } from '../src/engine/state';
import { getRules } from '../src/rules/variants';
import { DfsSearch } from '../src/search/dfs';
import { generateMetaMoves, metaMovesApply, playMeta } from '../src/search/freecell/meta';
import { MetaDfs } from '../src/search/freecell/metadfs';
import { solve } from '../src/solver/solve';
import { expandSupermoves } from '../src/search/freecell/supermove';
import { TranspositionTable } from '../src/search/core/tt';
import { endgame, suitPositions } from './helpers';

/** The cards of every pile, for comparing positions exactly. */
function piles(s: GameState): string {
  const out: number[][] = [];
  for (let p = 0; p < s.nPiles; p++) out.push(Array.from(s.cards.subarray(s.off[p], s.off[p] + s.len[p])));
  return JSON.stringify(out);
}

describe('meta-moves', () => {
  it('each plays as legal single-card moves (supermoves expanded and checked), changes the position, and undo takes it back', () => {
    const buf = new Int32Array(MAX_MOVES * 4);
    const rng = new Int32Array([12345]);
    let checked = 0;
    const kinds = new Set<number>();
    for (const s of suitPositions()) {
      if (!metaMovesApply(s.rules)) continue;
      const start = generateFoundationMoves(s, buf, 0);
      const end = generateMetaMoves(s, buf, start, rng);
      const before = piles(s);
      const check = new GameState(s.toDeal());
      for (let i = start; i < end; i++) {
        const m = buf[i];
        kinds.add((m >> 24) & 7);
        const top = s.undoTop;
        const played = playMeta(s, m);
        expect(played).toBe(s.undoTop - top);
        const moves = s.history().slice(top);
        expect(moves.length).toBe(played);
        // The same moves on a copy of the position, every card checked by the rules.
        expandSupermoves(check, moves, (c, x) => {
          const err = moveError(c, moveFrom(x), moveTo(x), moveCount(x));
          if (err) throw new Error(`meta-move ${m.toString(16)}: ${err}`);
        });
        expect(piles(check)).toBe(piles(s));
        expect(piles(s)).not.toBe(before);
        for (let k = 0; k < played; k++) s.undo();
        expect(piles(s)).toBe(before);
        check.load(s.toDeal());
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(2000);
    expect([...kinds].sort()).toEqual([0, 1, 2, 3, 4]); // every kind of meta-move occurred
  });

  it('apply to FreeCell-like games only', () => {
    expect(metaMovesApply(getRules('winery'))).toBe(true);
    expect(metaMovesApply(getRules('freecell', { cells: 1 }))).toBe(true);
    expect(metaMovesApply(getRules('freecell', { cells: 0 }))).toBe(false);
    for (const v of ['signora', 'double-signora', 'empress-of-italy', 'red-and-black']) expect(metaMovesApply(getRules(v)), v).toBe(false);
    // Elsewhere the search stops at once, without a verdict.
    const r = solve(dealFromSeed(getRules('signora'), 1), { search: 'dfs-meta', maxNodes: 10_000 });
    expect(r.result).toBe('unknown');
    expect(r.stats.nodes).toBe(0);
    expect(r.stats.stopReason).toBe('exhausted');
  });
});

describe('the meta-move DFS', () => {
  it('a stack that starts tiny grows as the search goes deep, and the win still replays', () => {
    let won = 0;
    for (const v of ['winery', 'freecell'])
      for (let seed = 1; seed <= 5; seed++) {
        const deal = dealFromSeed(getRules(v), seed);
        const s = new GameState(deal);
        const meta = new MetaDfs(s, new TranspositionTable(4), 5, undefined, 2);
        if (meta.run(50_000) !== 'won') continue;
        won++;
        expect(meta.stats.maxDepth, `${v} ${seed}`).toBeGreaterThan(8); // the stack doubled at least twice
        const r = new GameState(deal);
        expandSupermoves(r, meta.solutionMoves(), (c, x) => {
          const err = moveError(c, moveFrom(x), moveTo(x), moveCount(x));
          if (err) throw new Error(`${v} ${seed}: ${err}`);
        });
        expect(r.isWon(), `${v} ${seed}`).toBe(true);
      }
    expect(won).toBeGreaterThan(5);
  });

  it('never makes the opening say lost: endgames it exhausts that the heuristic DFS wins are won', () => {
    // Found by a review: each of these exhausts the meta-move DFS in a few hundred nodes or fewer,
    // and the heuristic DFS then wins in the opening's turns.
    for (const [seed, cells] of [
      [194, 1],
      [353, 2],
    ]) {
      const deal = endgame('freecell', seed, cells);
      expect(new MetaDfs(new GameState(deal), new TranspositionTable(4), 3).run(100_000), `${seed}`).toBe('exhausted');
      expect(solve(deal, { maxNodes: 1_000_000 }).result, `${seed}`).toBe('won');
    }
  });

  it('wins most Winery and FreeCell deals alone, and its solutions replay', () => {
    let won = 0;
    for (const v of ['winery', 'freecell'])
      for (let seed = 1; seed <= 10; seed++) {
        const deal = dealFromSeed(getRules(v), seed);
        const r = solve(deal, { search: 'dfs-meta', maxNodes: 50_000 });
        expect(r.result, `${v} ${seed}`).not.toBe('lost');
        if (r.result !== 'won') continue;
        won++;
        const s = new GameState(deal);
        for (const m of r.moves) expect(playChecked(s, m), `${v} ${seed}`).toBeNull();
        expect(s.isWon()).toBe(true);
      }
    expect(won).toBeGreaterThan(15);
  });

  it('never says lost: where an exhaustive plain DFS proves a one-cell endgame lost, it reports exhausted, and it wins only won ones', () => {
    let lost = 0;
    let exhausted = 0;
    let won = 0;
    for (let seed = 1; seed <= 60; seed++) {
      const deal = endgame('freecell', seed, 1);
      const truth = new DfsSearch(new GameState(deal), new TranspositionTable(16), { salt: 7, order: 'generated', prune: false }).run(2_000_000);
      const meta = new MetaDfs(new GameState(deal), new TranspositionTable(4), 3);
      const st = meta.run(200_000);
      expect(st, `seed ${seed}`).not.toBe('lost');
      if (truth === 'lost') {
        lost++;
        expect(st, `seed ${seed}`).toBe('exhausted'); // its tree is small: tried to the end
      }
      if (st === 'exhausted') exhausted++;
      if (st === 'won') {
        won++;
        expect(truth, `seed ${seed}`).toBe('won');
      }
    }
    expect(lost).toBeGreaterThan(3);
    expect(exhausted).toBeGreaterThanOrEqual(lost);
    expect(won).toBeGreaterThan(10);
  });

  it('restarts from the root on its schedule, with a new order each run, and stays on the deal', () => {
    const deal = dealFromSeed(getRules('freecell'), 3);
    const s = new GameState(deal);
    const runs: number[] = [];
    const meta = new MetaDfs(s, new TranspositionTable(4), 9, (i) => {
      runs.push(i);
      expect(s.undoTop, `run ${i}`).toBe(0); // each run starts at the deal: the last one was unwound
      return 50;
    });
    meta.run(1000);
    expect(runs.length).toBeGreaterThan(10); // restarted every 50 nodes
    // Whatever the search did, undoing its moves brings back the deal.
    while (s.undoTop > 0) s.undo();
    expect(piles(s)).toBe(piles(new GameState(deal)));
  });
});

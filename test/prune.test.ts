// The safe foundation moves of prune.ts never change a verdict: exhaustive searches with and without
// them agree on small positions of every game, lost ones included, and the pruning does fire.
import { describe, expect, it } from 'vitest';
import type { Deal } from '../src/engine/deal';
import { GameState } from '../src/engine/state';
import { dealFromFcs } from '../src/engine/msdeal';
import { moveFrom } from '../src/engine/move';
import { generateFoundationMoves } from '../src/engine/movegen';
import { DfsSearch } from '../src/search/dfs';
import { safeFoundationMove } from '../src/proof/safe-moves';
import { TranspositionTable } from '../src/search/core/tt';
import { ALT_COLOUR, deadlockEndgame, endgame } from './helpers';

/** Exhaustive plain DFS with and without pruning; both verdicts, and the positions each expanded. */
function both(deal: Deal) {
  const a = new DfsSearch(new GameState(deal), new TranspositionTable(16), { salt: 7, order: 'generated', prune: true });
  const b = new DfsSearch(new GameState(deal), new TranspositionTable(16), { salt: 7, order: 'generated', prune: false });
  return { pruned: a.run(1_000_000), full: b.run(1_000_000), prunedUnique: a.stats.unique, fullUnique: b.stats.unique };
}

describe('safe foundation moves (prune.ts) keep verdicts exact', () => {
  for (const v of ALT_COLOUR)
    it(`${v}: 40 deadlock endgames, the same verdict with and without them`, () => {
      const tally = { won: 0, lost: 0, smaller: 0 };
      for (let seed = 1; seed <= 40; seed++) {
        const r = both(deadlockEndgame(v, seed));
        expect(r.pruned, `seed ${seed}`).not.toBe('paused');
        expect(r.pruned, `seed ${seed}`).toBe(r.full);
        tally[r.pruned === 'won' ? 'won' : 'lost']++;
        if (r.prunedUnique < r.fullUnique) tally.smaller++;
      }
      // Worth something only if both verdicts occur and the pruning cut some searches.
      expect(tally.won).toBeGreaterThan(5);
      expect(tally.lost).toBeGreaterThan(10);
      expect(tally.smaller).toBeGreaterThan(0);
    });

  for (const [v, cells, n] of [
    ['winery', undefined, 12],
    ['freecell', 0, 30],
    ['freecell', 1, 30],
    ['freecell', 2, 30],
  ] as const)
    it(`${v}${cells === undefined ? '' : ` with ${cells} cell${cells === 1 ? '' : 's'}`}: ${n} endgames, the same verdict with and without them`, () => {
      const tally = { won: 0, lost: 0, smaller: 0 };
      for (let seed = 1; seed <= n; seed++) {
        const r = both(endgame(v, seed, cells));
        if (r.pruned === 'paused' || r.full === 'paused') continue;
        expect(r.pruned, `seed ${seed}`).toBe(r.full);
        tally[r.pruned === 'won' ? 'won' : 'lost']++;
        if (r.prunedUnique < r.fullUnique) tally.smaller++;
      }
      expect(tally.won + tally.lost).toBeGreaterThan(n / 2);
      expect(tally.smaller).toBeGreaterThan(0);
      if (v === 'freecell') expect(tally.lost).toBeGreaterThan(2); // lost endgames too, where a wrong cut would show
    });
});

/** A FreeCell position: foundation heights by suit, the card `top` on pile 0, every other card on the piles. */
function fcPosition(heights: Record<'H' | 'C' | 'D' | 'S', number>, top: string): GameState {
  const R = 'A23456789TJQK';
  const rest: string[] = [];
  for (const [suit, h] of Object.entries(heights)) for (let r = h; r < 13; r++) rest.push(R[r] + suit);
  const piles: string[][] = Array.from({ length: 8 }, () => []);
  rest.filter((c) => c !== top).forEach((c, i) => piles[i % 8].push(c));
  piles[0].push(top);
  const found = (['H', 'C', 'D', 'S'] as const).map((u) => `${u}-${heights[u] === 0 ? '0' : R[heights[u] - 1]}`).join(' ');
  return new GameState(dealFromFcs(`Foundations: ${found}\nFreecells: - - - -\n${piles.map((p) => p.join(' ')).join('\n')}\n`));
}

/** Whether safeFoundationMove plays pile 0's top (the position's foundation moves, generated). */
function safeTop(s: GameState): boolean {
  const buf = new Int32Array(64);
  const end = generateFoundationMoves(s, buf, 0);
  const i = safeFoundationMove(s, buf, 0, end);
  return i >= 0 && moveFrom(buf[i]) === 0;
}

describe("the suit-built games' safe foundation moves: both clauses, and where they stop", () => {
  it('(1): both foundations of the other colour at R-1, whatever the other suit of its colour holds', () => {
    expect(safeTop(fcPosition({ H: 0, C: 5, D: 5, S: 5 }, '6D'))).toBe(true);
    expect(safeTop(fcPosition({ H: 6, C: 3, D: 6, S: 6 }, '7S'))).toBe(true);
  });
  it("(2), Horne's rule: the other colour at R-2 and the other suit of its colour at R-3", () => {
    expect(safeTop(fcPosition({ H: 3, C: 4, D: 5, S: 4 }, '6D'))).toBe(true);
    expect(safeTop(fcPosition({ H: 5, C: 4, D: 5, S: 6 }, '7S'))).toBe(true);
  });
  it('neither: the other colour below R-2, or the other suit of its colour below R-3 and the other colour below R-1', () => {
    expect(safeTop(fcPosition({ H: 3, C: 3, D: 5, S: 4 }, '6D'))).toBe(false);
    expect(safeTop(fcPosition({ H: 2, C: 4, D: 5, S: 4 }, '6D'))).toBe(false);
    expect(safeTop(fcPosition({ H: 5, C: 3, D: 5, S: 6 }, '7S'))).toBe(false);
    expect(safeTop(fcPosition({ H: 4, C: 4, D: 5, S: 6 }, '7S'))).toBe(false);
  });
  it('a Two always, once its Ace is home', () => {
    expect(safeTop(fcPosition({ H: 0, C: 0, D: 1, S: 0 }, '2D'))).toBe(true);
  });
});

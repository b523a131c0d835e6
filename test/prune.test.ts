// The safe foundation moves of prune.ts never change a verdict: exhaustive searches with and without
// them agree on small positions of every game, lost ones included, and the pruning does fire.
import { describe, expect, it } from 'vitest';
import type { Deal } from '../src/engine/deal';
import { GameState } from '../src/engine/state';
import { DfsSearch } from '../src/solver/dfs';
import { TranspositionTable } from '../src/solver/tt';
import { ALT_COLOUR, deadlockEndgame, endgame } from './helpers';

/** Exhaustive plain DFS with and without pruning; both verdicts, and the positions each expanded. */
function both(deal: Deal) {
  const a = new DfsSearch(new GameState(deal), new TranspositionTable(16), 7, 0, true);
  const b = new DfsSearch(new GameState(deal), new TranspositionTable(16), 7, 0, false);
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
  ] as const)
    it(`${v}${cells === 0 ? ' without cells' : ''}: ${n} endgames, the same verdict with and without them`, () => {
      let decided = 0;
      for (let seed = 1; seed <= n; seed++) {
        const r = both(endgame(v, seed, cells));
        if (r.pruned === 'paused' || r.full === 'paused') continue;
        expect(r.pruned, `seed ${seed}`).toBe(r.full);
        decided++;
      }
      expect(decided).toBeGreaterThan(n / 2);
    });
});

// Perft, as chess engines pin their move generators: the number of move sequences of each length
// from fixed deals, counted by plain generate/apply/undo with no table and no pruning. A change to
// move generation or apply/undo that alters the tree changes these counts. The counts were taken
// from the generator as of this file's commit (and checked equal before and after the refactor
// that moved its scratch storage into GameState); a deliberate rule change must update them.
import { describe, expect, it } from 'vitest';
import { dealFromSeed } from '../src/engine/deal';
import { MAX_MOVES } from '../src/engine/move';
import { generateMoves } from '../src/engine/movegen';
import { GameState } from '../src/engine/state';
import { getRules } from '../src/rules/variants';

function perft(s: GameState, depth: number, buf: Int32Array, at = 0): number {
  if (depth === 0) return 1;
  const end = generateMoves(s, buf, at);
  if (depth === 1) return end - at;
  let n = 0;
  for (let i = at; i < end; i++) {
    s.apply(buf[i]);
    n += perft(s, depth - 1, buf, end);
    s.undo();
  }
  return n;
}

const PERFT: Record<string, number[]> = {
  signora: [10, 65, 414, 2204, 9861, 39500, 147460],
  'double-signora': [18, 215, 2305, 23755, 228893],
  'empress-of-italy': [17, 184, 1793, 15179, 123265],
  'red-and-black': [3, 9, 31, 101, 351, 1201, 4154, 14625, 51600],
  winery: [15, 224, 2344, 20778, 169718],
  freecell: [11, 119, 1296, 14303, 127464],
  'freecell-2': [11, 119, 784, 4062, 18908],
};

describe('perft: move-tree sizes from seed 1 of every variant', () => {
  for (const [v, counts] of Object.entries(PERFT))
    it(`${v}: depths 1-${counts.length}`, () => {
      const s = new GameState(dealFromSeed(v === 'freecell-2' ? getRules('freecell', { cells: 2 }) : getRules(v), 1));
      const buf = new Int32Array(MAX_MOVES * (counts.length + 1));
      const got = counts.map((_, d) => perft(s, d + 1, buf));
      expect(got).toEqual(counts);
      expect(s.undoTop).toBe(0);
    });
});

// The heuristic's incremental child scores (childEstimates) against playing each move and scoring
// the result: they must agree exactly, or the move order would silently differ from its definition.
import { describe, expect, it } from 'vitest';
import { dealFromSeed } from '../src/engine/deal';
import { MAX_MOVES } from '../src/engine/move';
import { generateMoves } from '../src/engine/movegen';
import { GameState } from '../src/engine/state';
import { getRules } from '../src/rules/variants';
import { childEstimates, estimate } from '../src/solver/heuristic';
import { addSupermoves } from '../src/solver/supermove';
import { suitPositions, unplayedPosition } from './helpers';

function played(s: GameState, buf: Int32Array, n: number): number[] {
  return Array.from(buf.subarray(0, n), (m) => {
    s.apply(m);
    const e = estimate(s);
    s.undo();
    return e;
  });
}

describe('childEstimates', () => {
  it('equals estimate() after playing the move, for every move and supermove of 1,500 suit-game positions', () => {
    const buf = new Int32Array(MAX_MOVES);
    const out = new Int32Array(MAX_MOVES);
    let moves = 0;
    for (const s of suitPositions()) {
      const n = addSupermoves(s, buf, generateMoves(s, buf, 0));
      childEstimates(s, buf, 0, n, out);
      expect(Array.from(out.subarray(0, n))).toEqual(played(s, buf, n));
      moves += n;
    }
    expect(moves).toBeGreaterThan(10_000);
  });

  it('plays every move where the shortcut does not apply (several decks, alternate-colour games)', () => {
    const buf = new Int32Array(MAX_MOVES);
    const out = new Int32Array(MAX_MOVES);
    const cases = [new GameState(dealFromSeed(getRules('winery'), 4)), unplayedPosition('red-and-black', 3), unplayedPosition('signora', 2)];
    for (const s of cases) {
      const n = generateMoves(s, buf, 0);
      childEstimates(s, buf, 0, n, out);
      expect(Array.from(out.subarray(0, n))).toEqual(played(s, buf, n));
    }
  });
});

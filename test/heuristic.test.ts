// The heuristic's incremental child scores (childEstimates) against playing each move and scoring
// the result: they must agree exactly, or the move order would silently differ from its definition.
import { describe, expect, it } from 'vitest';
import { dealFromSeed } from '../src/engine/deal';
import { MAX_MOVES, moveCount, moveFrom, moveTo } from '../src/engine/move';
import { generateMoves } from '../src/engine/movegen';
import { GameState } from '../src/engine/state';
import { getRules } from '../src/rules/variants';
import { CELL_WEIGHT, childEstimates, COVER_WEIGHT, DISORDER_WEIGHT, EMPTY_WEIGHT, estimate } from '../src/search/order/heuristic';
import { rankOf, suitOf } from '../src/cards/card';
import { tableauBuildError } from '../src/rules/building';
import type { Deal } from '../src/engine/deal';
import { addSupermoves } from '../src/search/freecell/supermove';
import { suitPositions, unplayedPosition } from './helpers';

function played(s: GameState, buf: Int32Array, n: number): number[] {
  return Array.from(buf.subarray(0, n), (m) => {
    s.apply(m);
    const e = estimate(s);
    s.undo();
    return e;
  });
}

/** estimate()'s definition for the suit-built games, written out plainly from the deal's piles. */
function definition(d: Deal): number {
  const home = d.foundations.reduce((a, f) => a + f.length, 0);
  const next = [0, 1, 2, 3].map((suit) => d.foundations.find((f) => f.length > 0 && suitOf(f[0]) === suit)?.length ?? 0);
  let h = 52 - home;
  for (const pile of d.tableau) {
    pile.forEach((c, i) => {
      if (rankOf(c) === next[suitOf(c)]) h += COVER_WEIGHT * (pile.length - 1 - i);
      if (i > 0 && tableauBuildError(d.rules, pile[i - 1], c) !== null) h += DISORDER_WEIGHT;
    });
    if (pile.length === 0) h -= EMPTY_WEIGHT;
  }
  return h + CELL_WEIGHT * d.cells.filter((c) => c >= 0).length;
}

describe('estimate', () => {
  it('is its definition (covering cards, cards out of sequence, cells used, empty piles) on 1,500 suit-game positions', () => {
    let n = 0;
    const seen = new Set<number>();
    for (const s of suitPositions()) {
      const e = estimate(s);
      expect(e).toBe(definition(s.toDeal()));
      seen.add(e);
      n++;
    }
    expect(n).toBeGreaterThan(1000);
    expect(seen.size).toBeGreaterThan(50);
  });
});

describe('childEstimates', () => {
  it('equals estimate() after playing the move, for every move and supermove of 1,500 suit-game positions', () => {
    const buf = new Int32Array(MAX_MOVES);
    const out = new Int32Array(MAX_MOVES);
    let moves = 0;
    // Each kind of move the shortcut treats apart, counted so that the positions keep covering it.
    const kinds = { foundation: 0, fromCell: 0, intoCell: 0, intoEmpty: 0, emptiesSource: 0, supermove: 0 };
    for (const s of suitPositions()) {
      const n = addSupermoves(s, buf, generateMoves(s, buf, 0));
      childEstimates(s, buf, 0, n, out);
      expect(Array.from(out.subarray(0, n))).toEqual(played(s, buf, n));
      moves += n;
      for (const m of buf.subarray(0, n)) {
        const from = moveFrom(m);
        const to = moveTo(m);
        if (to >= s.FOUND0 && to < s.CELL0) kinds.foundation++;
        else if (to >= s.CELL0) kinds.intoCell++;
        if (from >= s.CELL0) kinds.fromCell++;
        if (to < s.T && s.len[to] === 0) kinds.intoEmpty++;
        if (from < s.T && s.len[from] === moveCount(m)) kinds.emptiesSource++;
        if (moveCount(m) > 1) kinds.supermove++;
      }
    }
    expect(moves).toBeGreaterThan(10_000);
    for (const [kind, count] of Object.entries(kinds)) expect(count, kind).toBeGreaterThan(100);
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

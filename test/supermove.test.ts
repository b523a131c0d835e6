// Supermoves (src/solver/supermove.ts): every run the generator offers as one step is made of legal
// single-card moves that reach the same position, no run longer than the free cells and empty
// piles can carry is offered, and solutions found with them replay card by card.
import { describe, expect, it } from 'vitest';
import { dealFromSeed } from '../src/engine/deal';
import { moveError } from '../src/engine/legality';
import { MAX_MOVES, moveCount, moveFrom, moveTo } from '../src/engine/move';
import { GameState } from '../src/engine/state';
import { getRules } from '../src/rules/variants';
import { solve } from '../src/solver/solve';
import { addSupermoves, expandSupermoves, supermovesApply } from '../src/solver/supermove';
import { suitPositions } from './helpers';

describe('supermoves', () => {
  it('apply to the single-card suit games only', () => {
    for (const v of ['winery', 'freecell']) expect(supermovesApply(new GameState(dealFromSeed(getRules(v), 1)))).toBe(true);
    for (const v of ['signora', 'double-signora', 'empress-of-italy', 'red-and-black'])
      expect(supermovesApply(new GameState(dealFromSeed(getRules(v), 1)))).toBe(false);
  });

  it('each is legal single-card moves that reach the position the run move reaches, and no run exceeds (free cells + 1) x 2^(empty piles)', () => {
    const buf = new Int32Array(MAX_MOVES);
    let checked = 0;
    let viaEmpty = 0;
    for (const s of suitPositions()) {
      const n = addSupermoves(s, buf, 0);
      const deal = s.toDeal();
      let cells = 0;
      for (let c = s.CELL0; c < s.RESERVE; c++) if (s.len[c] === 0) cells++;
      let empties = 0;
      for (let p = 0; p < s.T; p++) if (s.len[p] === 0) empties++;
      for (let i = 0; i < n; i++) {
        const m = buf[i];
        const k = moveCount(m);
        const to = moveTo(m);
        const intoEmpty = s.len[to] === 0;
        expect(k).toBeGreaterThanOrEqual(2);
        expect(k).toBeLessThanOrEqual((cells + 1) * 2 ** (intoEmpty ? empties - 1 : empties));
        if (intoEmpty && k > cells + 1) viaEmpty++;
        const target = new GameState(deal);
        target.apply(m);
        const replay = new GameState(deal);
        const singles = expandSupermoves(new GameState(deal), [m]);
        for (const x of singles) {
          expect(moveError(replay, moveFrom(x), moveTo(x), moveCount(x))).toBeNull();
          replay.apply(x);
        }
        expect(singles.length).toBeGreaterThanOrEqual(k);
        expect([replay.h1, replay.h2]).toEqual([target.h1, target.h2]);
        for (let p = 0; p < s.nPiles; p++) if (p < s.CELL0 || p >= s.RESERVE) expect(replay.pile(p)).toEqual(target.pile(p));
        checked++;
      }
    }
    // The check means something only if it saw many runs, some needing an empty pile's help.
    expect(checked).toBeGreaterThan(1000);
    expect(viaEmpty).toBeGreaterThan(0);
  });

  it('solutions found with supermoves replay as single-card moves', () => {
    for (const v of ['winery', 'freecell'])
      for (let seed = 1; seed <= 8; seed++) {
        const deal = dealFromSeed(getRules(v), seed);
        const r = solve(deal, { search: 'dfs-restart-scored', maxNodes: 300_000 });
        expect(r.result, `${v} ${seed}`).toBe('won');
        const s = new GameState(deal);
        for (const m of r.moveInts) {
          expect(moveCount(m)).toBe(1);
          expect(moveError(s, moveFrom(m), moveTo(m), 1)).toBeNull();
          s.apply(m);
        }
        expect(s.isWon()).toBe(true);
      }
  });
});

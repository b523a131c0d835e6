// Supermoves (src/solver/freecell/supermove.ts): every run the generator offers as one step is made
// of legal single-card moves that reach the same position, no run longer than the free cells and empty
// piles can carry is offered, and solutions found with them replay card by card.
import { describe, expect, it } from 'vitest';
import { dealFromSeed } from '../src/engine/deal';
import { moveError } from '../src/engine/legality';
import { encodeMove, MAX_MOVES, moveCount, moveFrom, moveTo } from '../src/engine/move';
import { GameState } from '../src/engine/state';
import { tableauBuildError } from '../src/rules/building';
import { getRules } from '../src/rules/variants';
import { MemoryBudget } from '../src/search/core/memory';
import { SEARCHES } from '../src/solver/registry';
import { solve } from '../src/solver/solve';
import { TranspositionTable } from '../src/search/core/tt';
import { addSupermoves, expandSupermoves, supermovesApply } from '../src/search/freecell/supermove';
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

  it('are exactly the runs of 2+ cards that fit a top or go to the first empty pile, within the capacity (written out plainly)', () => {
    const buf = new Int32Array(MAX_MOVES);
    let offered = 0;
    for (const s of suitPositions()) {
      const n = addSupermoves(s, buf, 0);
      offered += n;
      expect(Array.from(buf.subarray(0, n)).sort((a, b) => a - b)).toEqual(plainSupermoves(s).sort((a, b) => a - b));
    }
    expect(offered).toBeGreaterThan(1000);
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
  it('pass every single-card move of the expansion to the check first, on the position it is played from', () => {
    const deal = dealFromSeed(getRules('freecell'), 11);
    const search = SEARCHES['dfs-restart-scored']({ state: new GameState(deal), tt: new TranspositionTable(8), salt: 1, memory: new MemoryBudget(0) });
    expect(search.run(1_000_000, Infinity)).toBe('won');
    const line = search.solutionMoves();
    expect(line.some((m) => moveCount(m) > 1)).toBe(true);
    const s = new GameState(deal);
    const seen: number[] = [];
    const out = expandSupermoves(s, line, (at, m) => {
      expect(at).toBe(s);
      expect(moveError(at, moveFrom(m), moveTo(m), moveCount(m))).toBeNull();
      seen.push(m);
    });
    expect(seen).toEqual(out);
    expect(out.every((m) => moveCount(m) === 1)).toBe(true);
    expect(s.isWon()).toBe(true);
    const refuse = () => {
      throw new Error('refused');
    };
    expect(() => expandSupermoves(new GameState(deal), line, refuse)).toThrow('refused');
  });
});

/** addSupermoves' moves enumerated from the definitions: runs checked card by card with the rules. */
function plainSupermoves(s: GameState): number[] {
  const d = s.toDeal();
  const cells = d.cells.filter((c) => c < 0).length;
  const empties = d.tableau.filter((p) => p.length === 0).length;
  const firstEmpty = d.tableau.findIndex((p) => p.length === 0);
  const fits = (below: number, card: number) => tableauBuildError(s.rules, below, card) === null;
  const out: number[] = [];
  d.tableau.forEach((pile, p) => {
    // The cards of the top run, top first.
    const run = [pile[pile.length - 1]];
    while (run.length < pile.length && fits(pile[pile.length - 1 - run.length], run[run.length - 1])) run.push(pile[pile.length - 1 - run.length]);
    d.tableau.forEach((target, q) => {
      if (q === p || target.length === 0) return;
      const k = run.findIndex((c) => fits(target[target.length - 1], c)) + 1; // at most one card fits
      if (k >= 2 && k <= (cells + 1) * 2 ** empties) out.push(encodeMove(p, q, k));
    });
    if (firstEmpty >= 0)
      for (let k = 2; k <= run.length && k < pile.length && k <= (cells + 1) * 2 ** (empties - 1); k++) out.push(encodeMove(p, firstEmpty, k));
  });
  return out;
}

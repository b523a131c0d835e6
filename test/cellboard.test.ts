// The replay board of the one-deck suit games (src/engine/cellboard.ts): the same pile numbering as
// GameState, the same verdict as legality.ts's moveError on every move of many positions (cells
// full, piles empty, foundations part built), the same piles after the same moves, and a won line
// ends won on it.
import { describe, expect, it } from 'vitest';
import { CellBoard, cellBoardApplies } from '../src/engine/cellboard';
import { dealFromSeed } from '../src/engine/deal';
import { moveError } from '../src/engine/legality';
import { encodeMove, moveFrom, moveTo } from '../src/engine/move';
import { smallDeal, smallRules } from '../src/engine/small';
import { GameState } from '../src/engine/state';
import { getRules } from '../src/rules/variants';
import type { RuleTable } from '../src/rules/vocabulary';
import { replayChecked } from '../src/solver/replay';
import { solve } from '../src/solver/solve';
import { prng, suitPositions } from './helpers';

const piles = (b: CellBoard, p: number) => Array.from(b.cards.subarray(p * 52, p * 52 + b.len[p]));

describe('CellBoard', () => {
  it('plays Winery and FreeCell with 0-4 cells, numbered as GameState numbers piles, and no other game', () => {
    for (const cells of [0, 1, 2, 3, 4, undefined]) {
      const r = cells === undefined ? getRules('winery') : getRules('freecell', { cells });
      const s = new GameState(dealFromSeed(r, 1));
      const b = new CellBoard(r);
      expect([b.T, b.FOUND0, b.CELL0, b.RESERVE, b.nPiles]).toEqual([s.T, s.FOUND0, s.CELL0, s.RESERVE, s.nPiles]);
    }
    for (const v of ['signora', 'double-signora', 'empress-of-italy', 'red-and-black']) {
      expect(cellBoardApplies(getRules(v))).toBe(false);
      expect(() => new CellBoard(getRules(v))).toThrow(/does not play/);
    }
  });

  it('says a move is legal exactly when moveError does, and plays it to the same piles', () => {
    const rnd = prng(7);
    let legal = 0;
    let illegal = 0;
    let positions = 0;
    const differ: string[] = [];
    // The same positions again under an empty-pile rule no real game of these has (any card or run:
    // tableau cards only, here), so both of the board's empty-pile rules meet moveError.
    const runRules = new Map<RuleTable, RuleTable>();
    const asRunRule = (r: RuleTable) => runRules.get(r) ?? runRules.set(r, { ...r, emptyPile: 'any-card-or-run' }).get(r)!;
    const all = [...suitPositions()];
    const rerules = all.filter((_, i) => i % 4 === 0).map((x) => new GameState({ ...x.toDeal(), rules: asRunRule(x.rules) }));
    for (const s of [...all, ...rerules]) {
      const b = new CellBoard(s.rules);
      b.load(s.toDeal());
      for (let p = 0; p < s.nPiles; p++) expect(piles(b, p)).toEqual(s.pile(p));
      // A few legal moves played on both, every move of each position compared first.
      for (let step = 0; step < 3; step++) {
        const ok: number[] = [];
        // Past the last pile, and counts other than 1 and 2, on the first positions only (they cost time).
        const last = positions < 100 ? s.nPiles : s.nPiles - 1;
        const counts = positions < 100 ? [0, 1, 2, 3] : [1, 2];
        for (let from = 0; from <= last; from++)
          for (let to = 0; to <= last; to++)
            for (const k of counts) {
              const m = encodeMove(from, to, k);
              const want = moveError(s, from, to, k) === null;
              if ((b.error(m) === null) !== want) differ.push(`${s.rules.name} ${s.pileName(from)} -> ${s.pileName(to)} x${k}: ${want ? 'legal' : 'illegal'}`);
              if (want && k === 1) ok.push(m);
              else illegal++;
            }
        legal += ok.length;
        positions++;
        if (ok.length === 0) break;
        const m = ok[Math.floor(rnd() * ok.length)];
        s.apply(m);
        b.apply(m);
        for (let p = 0; p < s.nPiles; p++) expect(piles(b, p)).toEqual(s.pile(p));
        expect(b.isWon()).toBe(s.isWon());
      }
    }
    expect(differ.slice(0, 5)).toEqual([]);
    expect(positions).toBeGreaterThan(500);
    expect(legal).toBeGreaterThan(2000);
    expect(illegal).toBeGreaterThan(10 * legal);
  });

  it('ends a won line won, and not one move before; a small game counts its own pack', () => {
    const shape = { ranks: 6, piles: 4, reserve: 0 };
    const small = smallDeal(smallRules(getRules('winery'), shape), shape, 2).deal;
    const deals = [dealFromSeed(getRules('freecell', { cells: 2 }), 3), dealFromSeed(getRules('winery'), 5), small];
    for (const deal of deals) {
      const res = solve(deal, { maxNodes: 200_000 });
      expect(res.result).toBe('won');
      const b = new CellBoard(deal.rules);
      b.load(deal);
      res.moveInts.forEach((m, i) => {
        expect(b.isWon()).toBe(false);
        expect(b.error(m), `move ${i + 1}`).toBeNull();
        b.apply(m);
      });
      expect(b.isWon()).toBe(true);
    }
  });

  it("solve()'s replay refuses a line with an illegal move, and one that stops short of the win, on the board and on a GameState", () => {
    const cases = [
      { deal: dealFromSeed(getRules('freecell', { cells: 4 }), 3), onBoard: true },
      { deal: dealFromSeed(getRules('winery'), 5), onBoard: true },
      { deal: dealFromSeed(getRules('signora'), 1), onBoard: false },
      { deal: dealFromSeed(getRules('red-and-black'), 2), onBoard: false },
    ];
    for (const { deal, onBoard } of cases) {
      const res = solve(deal, { maxNodes: 500_000 });
      expect(res.result, deal.rules.name).toBe('won');
      const line = res.moveInts;
      const stateAt = () => new GameState(deal);
      const ok = replayChecked(deal, line, stateAt);
      expect(ok.moves).toEqual(line);
      expect(ok.state === null).toBe(onBoard);
      expect(() => replayChecked(deal, line.slice(0, -1), stateAt), deal.rules.name).toThrow(/does not end in a win/);
      // The same first move twice: the second finds its card gone, or elsewhere.
      const doubled = [line[0], ...line];
      expect(() => replayChecked(deal, doubled, stateAt), deal.rules.name).toThrow(/solution move \d+ does not replay/);
      // A foundation's card moved off it: never legal.
      const s = new GameState(deal);
      const home = line.findIndex((m) => moveTo(m) >= s.FOUND0 && moveTo(m) < s.CELL0);
      const back = encodeMove(moveTo(line[home]), moveFrom(line[home]), 1);
      expect(() => replayChecked(deal, [...line.slice(0, home + 1), back, ...line.slice(home + 1)], stateAt)).toThrow(
        new RegExp(`solution move ${home + 2} does not replay`),
      );
    }
  });
});

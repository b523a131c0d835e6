// The waste test's table of answers (src/proof/waste.ts, WasteAnswers): kept by exact key, found
// again, grown and cleared; and a WasteTest that keeps its answers answers as one asked afresh,
// along lines that go back and forth as a search does (so the same stock, reserve and waste come
// back under other tableaux).
import { describe, expect, it } from 'vitest';
import seedrandom from 'seedrandom';
import { dealFromSeed } from '../src/engine/deal';
import { MAX_MOVES } from '../src/engine/move';
import { generateFoundationMoves, generateOtherMoves } from '../src/engine/movegen';
import { GameState } from '../src/engine/state';
import { WasteAnswers, WasteTest } from '../src/proof/waste';
import { getRules } from '../src/rules/variants';

const IDENTITY = Uint8Array.from({ length: 52 }, (_, c) => c);

describe("the waste test's table of answers", () => {
  it('finds an answer only under its exact key: stock, reserve, base and every class of the waste', () => {
    const t = new WasteAnswers();
    const waste = Uint8Array.from([3, 7, 11, 20]);
    expect(t.find(40, 5, 2, IDENTITY, waste, 0, 4)).toBe(0);
    t.keep(true);
    expect(t.find(40, 5, 2, IDENTITY, waste, 0, 4)).toBe(2); // DEAD
    for (const [sl, rl, base, w] of [
      [41, 5, 2, waste],
      [40, 4, 2, waste],
      [40, 5, 3, waste],
      [40, 5, 2, Uint8Array.from([3, 7, 11, 21])],
      [40, 5, 2, Uint8Array.from([4, 7, 11, 20])],
      [40, 5, 2, Uint8Array.from([7, 3, 11, 20])],
    ] as const) {
      expect(t.find(sl, rl, base, IDENTITY, w, 0, w.length)).toBe(0);
    }
    expect(t.find(40, 5, 2, IDENTITY, waste, 0, 3)).toBe(0); // the bottom three cards alone: another key
    t.keep(false);
    expect(t.find(40, 5, 2, IDENTITY, waste, 0, 3)).toBe(1); // ALIVE
    expect(t.find(40, 5, 2, IDENTITY, waste, 0, 4)).toBe(2);
    // Cards of one class are one key (the classes map: here cards 0 and 1 alike).
    const pairs = Uint8Array.from({ length: 52 }, (_, c) => c >> 1);
    t.find(9, 0, 0, pairs, Uint8Array.from([0, 2]), 0, 2);
    t.keep(true);
    expect(t.find(9, 0, 0, pairs, Uint8Array.from([1, 3]), 0, 2)).toBe(2);
  });

  it('keeps every answer as it grows, and starts again empty when full at its most', () => {
    const t = new WasteAnswers(1 << 11, 1 << 16);
    const rng = seedrandom('grow');
    const keys: { sl: number; w: Uint8Array; dead: boolean }[] = [];
    for (let i = 0; i < 1400; i++) {
      const w = Uint8Array.from({ length: 1 + Math.floor(rng() * 40) }, () => Math.floor(rng() * 52));
      const sl = Math.floor(rng() * 200);
      if (t.find(sl, 0, 0, IDENTITY, w, 0, w.length) !== 0) continue;
      const dead = rng() < 0.5;
      t.keep(dead);
      keys.push({ sl, w, dead });
    }
    expect(t.clears).toBe(0);
    for (const k of keys) expect(t.find(k.sl, 0, 0, IDENTITY, k.w, 0, k.w.length)).toBe(k.dead ? 2 : 1);
    for (let i = 0; i < 3000; i++) {
      const w = Uint8Array.from({ length: 60 }, () => Math.floor(rng() * 52));
      if (t.find(7, 1, 1, IDENTITY, w, 0, w.length) === 0) t.keep(true);
    }
    expect(t.clears).toBeGreaterThan(0);
    expect(t.size).toBeLessThan(1 << 11);
  });

  it.each([
    ['signora', 3, 4],
    ['empress-of-italy', 5, 7],
    ['red-and-black', 8, 0],
  ] as const)('answers as a test asked afresh, along lines that go back and forth (%s %i)', (v, seed, base) => {
    const s = new GameState(dealFromSeed(getRules(v), seed));
    if (s.base < 0) s.setConstraint(base);
    const kept = new WasteTest(new WasteAnswers(1 << 10, 1 << 15));
    const buf = new Int32Array(MAX_MOVES);
    const rng = seedrandom(`${v} ${seed}`);
    let asked = 0;
    let dead = 0;
    for (let i = 0; i < 5000; i++) {
      const n = generateOtherMoves(s, buf, generateFoundationMoves(s, buf, 0));
      // Back up a few moves now and then, as a search backtracks; else a random move, home more often.
      if (n === 0 || (s.undoTop > 0 && rng() < 0.2)) {
        for (let k = 1 + Math.floor(rng() * 4); k > 0 && s.undoTop > 0; k--) s.undo();
        continue;
      }
      // The deal, when the stock has cards, is the last move listed: dealt often, so the waste grows.
      const homes = generateFoundationMoves(s, buf, 0);
      const r = rng();
      s.apply(buf[homes > 0 && r < 0.5 ? Math.floor(rng() * homes) : s.len[s.STOCK] > 0 && r < 0.8 ? n - 1 : Math.floor(rng() * n)]);
      if (s.len[s.WASTE] === 0) continue;
      asked++;
      const answer = kept.provesLost(s);
      expect(answer, `question ${asked}`).toBe(new WasteTest().provesLost(s));
      if (!answer) continue;
      // A search cuts a lost position and backs up: so the line stays near where positions die.
      dead++;
      for (let k = 1 + Math.floor(rng() * 6); k > 0 && s.undoTop > 0; k--) s.undo();
    }
    const t = (kept as unknown as { answers: WasteAnswers }).answers;
    expect(asked).toBeGreaterThan(1000);
    expect(t.hits).toBeGreaterThan(100); // answers found in the table, where the memo had moved on
    expect(t.clears).toBeGreaterThan(0); // and found again after it started empty
    expect(dead).toBeGreaterThan(50);
  });
});

// Sound dead marks (dfs.ts's `marks`, scc.ts): searches that share them reach exactly the verdicts
// of a plain exhaustive search, on positions small enough for it, lost ones above all; and the
// marks are what let them prove losses with runs far shorter than the tree.
import { describe, expect, it } from 'vitest';
import type { Deal } from '../src/engine/deal';
import { GameState } from '../src/engine/state';
import { smallDeal } from '../src/engine/small';
import { getRules } from '../src/rules/variants';
import { DfsSearch } from '../src/search/dfs';
import { luby, RestartingDfs } from '../src/search/restart';
import { SccStack } from '../src/search/core/scc';
import { solve } from '../src/solver/solve';
import { seededDeal } from '../src/cli/io';
import { TranspositionTable } from '../src/search/core/tt';
import { MAX_MOVES } from '../src/engine/move';
import { generateMoves } from '../src/engine/movegen';
import { ALT_COLOUR, deadlockEndgame, endgame, prng, SUIT_CELLS } from './helpers';

const tt = new TranspositionTable(16);
const truthTable = new TranspositionTable(16);
const MARKS = 0x3c6ef373;

/** The truth: one plain exhaustive DFS, no marks, from `deal` after `moves`. */
function truth(deal: Deal, base: number, moves: number[] = []): string {
  truthTable.clear();
  const s = new GameState(deal);
  s.setConstraint(base);
  for (const m of moves) s.apply(m);
  if (s.isWon()) return 'won';
  return new DfsSearch(s, truthTable, { salt: 11, order: 'generated' }).run(2_000_000);
}

/**
 * After marked() (tt holds its marks), positions of random play from the deal: each one marked
 * must be lost. Returns how many marked positions were checked.
 */
function marksHold(deal: Deal, base: number, label: string, rnd: () => number): number {
  const buf = new Int32Array(MAX_MOVES);
  let checked = 0;
  for (let walk = 0; walk < 6; walk++) {
    const s = new GameState(deal);
    s.setConstraint(base);
    const moves: number[] = [];
    for (let step = 0; step < 40 && !s.isWon(); step++) {
      if (tt.has(s.h1 ^ MARKS, s.h2 ^ MARKS)) {
        expect(truth(deal, base, moves), `${label}: marked after ${moves.join(',')}`).toBe('lost');
        checked++;
      }
      const n = generateMoves(s, buf, 0);
      if (n === 0) break;
      const m = buf[Math.floor(rnd() * n)];
      s.apply(m);
      moves.push(m);
    }
  }
  return checked;
}

/**
 * Two randomly ordered DFS restarting on Luby's schedule of 8-node runs, in turns, sharing marks:
 * a run this short exhausts a tree of any size only by standing on the marks of those before.
 */
function marked(deal: Deal, base: number): { verdict: string; skips: number } {
  tt.clear();
  const searches = [21, 22].map((salt) => {
    const s = new GameState(deal);
    s.setConstraint(base);
    return new RestartingDfs(s, tt, { salt, order: 'random', schedule: luby(8), marks: () => MARKS });
  });
  for (let used = 0; used < 4_000_000; used += 2000)
    for (const x of searches) {
      const st = x.run(1000);
      if (st !== 'paused') return { verdict: st, skips: searches[0].markSkips + searches[1].markSkips };
    }
  return { verdict: 'paused', skips: 0 };
}

/** Verdicts with marks against the truth, and marked positions of random play checked lost. */
function agree(cases: { deal: Deal; base: number; label: string }[]): { won: number; lost: number; lostOnMarks: number; checked: number } {
  const tally = { won: 0, lost: 0, lostOnMarks: 0, checked: 0 };
  const rnd = prng(cases.length);
  for (const { deal, base, label } of cases) {
    const t = truth(deal, base);
    if (t === 'paused') continue;
    const m = marked(deal, base);
    expect(m.verdict, label).toBe(t);
    tally[t === 'won' ? 'won' : 'lost']++;
    if (t === 'lost' && m.skips > 0) tally.lostOnMarks++;
    if (t === 'won') tally.checked += marksHold(deal, base, label, rnd);
  }
  return tally;
}

describe('sound dead marks', () => {
  it('SccStack: the places of the open positions, found exactly, popped in order', () => {
    const st = new SccStack();
    const ref: [number, number][] = [];
    const on = new Set<number>();
    const rnd = prng(5);
    const out = new Int32Array(2);
    for (let it = 0; it < 60_000; it++) {
      if (rnd() < 0.7 || ref.length === 0) {
        const h1 = Math.floor(rnd() * 4096) | 0;
        const h2 = Math.floor(rnd() * 4);
        if (on.has(h1 * 4 + h2)) continue;
        expect(st.push(h1, h2)).toBe(ref.length);
        ref.push([h1, h2]);
        on.add(h1 * 4 + h2);
      } else {
        st.pop(out);
        const [a, b] = ref.pop()!;
        expect([out[0], out[1]]).toEqual([a, b]);
        on.delete(a * 4 + b);
      }
      if (it % 500 === 0) {
        ref.forEach(([a, b], p) => expect(st.find(a, b)).toBe(p));
        expect(st.find(5000, 0)).toBe(-1);
      }
    }
    expect(ref.length).toBeGreaterThan(1000); // the index grew and rehashed
  });

  for (const v of ALT_COLOUR)
    it(`${v}: deadlock endgames and small games, the verdicts of exhaustive search`, () => {
      const cases = [];
      for (let seed = 1; seed <= 25; seed++) {
        const deal = deadlockEndgame(v, seed);
        cases.push({ deal, base: new GameState(deal).base, label: `endgame ${seed}` });
      }
      const rules = getRules(v);
      for (let seed = 1; seed <= 25; seed++) {
        const { deal, base } = smallDeal(rules, { ranks: 3, piles: 3, reserve: 4 }, seed);
        cases.push({ deal, base: rules.terraceFamily ? base : -1, label: `small ${seed}` });
      }
      const tally = agree(cases);
      expect(tally.won).toBeGreaterThan(3);
      expect(tally.lost).toBeGreaterThan(5);
      expect(tally.lostOnMarks).toBeGreaterThan(3);
    });

  for (const [v, cells] of SUIT_CELLS)
    it(`${v}${cells === undefined ? '' : ` with ${cells} cells`}: endgames, the verdicts of exhaustive search`, () => {
      const cases = [];
      for (let seed = 1; seed <= 30; seed++) cases.push({ deal: endgame(v, seed, cells), base: -1, label: `endgame ${seed}` });
      const tally = agree(cases);
      expect(tally.won + tally.lost).toBeGreaterThan(15);
      if (v === 'freecell') expect(tally.lostOnMarks).toBeGreaterThan(2);
      expect(tally.checked).toBeGreaterThan(10);
    });

  it('the table hands out distinct salts: a search asking for one in use gets another and searches as if alone', () => {
    const t = new TranspositionTable(8);
    expect(t.claim(5)).toBe(5);
    const other = t.claim(5);
    expect(other).not.toBe(5);
    expect(t.claim(other)).not.toBe(other);
    t.clear();
    expect(t.claim(5)).toBe(5);
    // Two complete searches asking for the same salt on one table, the first stopped early: the
    // second must not take the first's entries for its own (it would skip them, and could call a
    // won endgame lost).
    let compared = 0;
    for (let seed = 1; seed <= 12; seed++) {
      const deal = endgame('freecell', seed, 2);
      const alone = new DfsSearch(new GameState(deal), new TranspositionTable(8), { salt: 9, order: 'scored' });
      const verdict = alone.run(2_000_000);
      if (verdict !== 'won' || alone.stats.nodes < 50) continue;
      t.clear();
      new DfsSearch(new GameState(deal), t, { salt: 9, order: 'scored' }).run(alone.stats.nodes - 10);
      const second = new DfsSearch(new GameState(deal), t, { salt: 9, order: 'scored' });
      expect(second.run(2_000_000), `seed ${seed}`).toBe('won');
      expect(second.stats.nodes, `seed ${seed}`).toBe(alone.stats.nodes); // order 1 draws nothing from the salt
      compared++;
    }
    expect(compared).toBeGreaterThan(3);
  });

  it('a search after a deep one (pooled storage grown past 256 levels) marks soundly: two-cell 40 then 53', () => {
    // A solve whose lowlinks outgrew their arrays once proved this won deal lost (fixed: they are
    // pooled with the stack they index).
    const t = new TranspositionTable(32);
    expect(solve(seededDeal('freecell', '40', '2'), { tt: t }).result).toBe('lost');
    const r = solve(seededDeal('freecell', '53', '2'), { tt: t });
    expect(r.result).toBe('won');
  });
});

// How the nested Monte Carlo search's lines race (src/search/lines.ts): where they are compared,
// which end, which openings are kept and replayed; and in Empress of Italy's search, that the race
// leaves wins that replay and the same search however the budget is sliced.
import { describe, expect, it } from 'vitest';
import { dealFromSeed } from '../src/engine/deal';
import { GameState } from '../src/engine/state';
import { getRules } from '../src/rules/variants';
import { type LineRace, LineRecords } from '../src/search/lines';
import { NestedRollouts } from '../src/search/nmcs';
import { presetOf } from '../src/solver/presets';
import { replaysToWin } from './helpers';

const RACE: LineRace = { from: 2, to: 8, worse: 0.5, after: 2 };
const line = (n: number) => Int32Array.from({ length: n }, (_, i) => 100 + i);

/** A record where `scores` lines reached step 2 with those scores, one after another. */
function withEarlier(race: LineRace, scores: number[]): LineRecords {
  const r = new LineRecords(race, 50);
  const rng = Int32Array.of(7);
  for (const sc of scores) {
    r.startLine(rng);
    r.atStep(line(3), 3, sc, rng);
  }
  r.startLine(rng);
  return r;
}

describe('racing lines', () => {
  it('let every line go on until `after` earlier lines reached the checkpoint', () => {
    const r = withEarlier(RACE, [40]);
    expect(r.atStep(line(2), 2, 1, Int32Array.of(7))).toBe(false);
    expect(r.ended).toBe(0);
  });

  it('end a line where more than `worse` of the earlier lines scored higher, and only there', () => {
    const rng = Int32Array.of(7);
    expect(withEarlier(RACE, [30, 40]).atStep(line(2), 2, 35, rng)).toBe(false); // one of two higher: not more than half
    const r = withEarlier(RACE, [30, 40, 45]);
    expect(r.atStep(line(2), 2, 35, rng)).toBe(true); // two of three
    expect(r.ended).toBe(1);
    expect(withEarlier(RACE, [30, 40, 45]).atStep(line(2), 2, 40, rng)).toBe(false); // a tie is not higher
  });

  it('compare lines at from, 2 from, 4 from ... up to `to`, once each, also where a line jumps past one', () => {
    const r = withEarlier(RACE, [30, 30]);
    const rng = Int32Array.of(7);
    expect(r.atStep(line(1), 1, 0, rng)).toBe(false); // before the first checkpoint
    expect(r.atStep(line(5), 5, 40, rng)).toBe(false); // step 2's checkpoint, met at step 5; 4's is passed too
    expect(r.atStep(line(7), 7, 0, rng)).toBe(false); // no checkpoint between 5 and 8
    expect(r.atStep(line(8), 8, 0, rng)).toBe(false); // step 8: no earlier line reached it
    expect(r.atStep(line(16), 16, 0, rng)).toBe(false); // past `to`
    // With `after` 1, a line below the one earlier line ends at step 2.
    const r2 = withEarlier({ ...RACE, after: 1 }, [40]);
    expect(r2.atStep(line(2), 2, 10, rng)).toBe(true);
  });

  it('keep the opening of a line among the best at its first checkpoint, and start new lines with it in `share` of them', () => {
    const race: LineRace = { ...RACE, openings: { top: 0.2, pool: 2, share: 1 } };
    const rng = Int32Array.of(7);
    const r = withEarlier(race, [10, 10]);
    expect(r.startLine(rng)).toBeNull(); // nothing kept yet
    expect(r.atStep(line(3), 3, 30, rng)).toBe(false); // the best so far: its first 2 moves are kept
    const opening = r.startLine(rng);
    expect(opening && Array.from(opening)).toEqual([100, 101]);
    expect(r.openingsPlayed).toBe(1);
    // A line started with an opening is next compared at step 4.
    expect(r.atStep(line(3), 3, 50, rng)).toBe(false);
    expect(r.atStep(line(4), 4, 50, rng)).toBe(false);
    const never = withEarlier({ ...RACE, openings: { top: 0.2, pool: 2, share: 0 } }, [10, 10]);
    never.atStep(line(3), 3, 30, rng);
    expect(never.startLine(rng)).toBeNull();
    // Lines ended or not among the best: nothing kept.
    const low = withEarlier(race, [40, 30, 20, 10]);
    low.atStep(line(3), 3, 25, rng);
    expect(low.startLine(rng)).toBeNull();
  });

  it("in Empress of Italy's and Double Signora's searches end lines and replay openings; their wins replay, the same however the budget is sliced", () => {
    for (const v of ['empress-of-italy', 'double-signora']) expect(presetOf(getRules(v)).playouts.race, v).toBeDefined();
    for (const v of ['signora', 'red-and-black']) expect(presetOf(getRules(v)).playouts.race, v).toBeUndefined();
    const ended: Record<string, number> = {};
    const opened: Record<string, number> = {};
    for (const [v, seed, base] of [
      ['empress-of-italy', 10007, 0],
      ['empress-of-italy', 10008, 3],
      ['double-signora', 10007, 0],
      ['double-signora', 10008, 3],
    ] as const) {
      const rules = getRules(v);
      const deal = dealFromSeed(rules, seed);
      const make = () => {
        const s = new GameState(deal);
        s.setConstraint(base);
        return new NestedRollouts(s, { salt: 99, playouts: presetOf(rules).playouts });
      };
      const a = make();
      const sa = a.run(1_000_000, Infinity, 1_000_000);
      const b = make();
      let sb = 'paused';
      while (b.stats.nodes < 1_000_000 && sb === 'paused') sb = b.run(9_999, Infinity, 1_000_000 - b.stats.nodes);
      expect(sb, `${seed}/${base}`).toBe(sa);
      expect(b.stats.nodes, `${seed}/${base}`).toBe(a.stats.nodes);
      expect(a.stats.nodes).toBeLessThanOrEqual(1_000_000);
      ended[v] = (ended[v] ?? 0) + a.race!.ended;
      opened[v] = (opened[v] ?? 0) + a.race!.openingsPlayed;
      if (sa !== 'won') continue;
      expect(replaysToWin(deal, a.solutionMoves(), base), `${seed}/${base}`).toBe(true);
    }
    for (const v of ['empress-of-italy', 'double-signora']) {
      expect(ended[v], v).toBeGreaterThan(5);
      expect(opened[v], v).toBeGreaterThan(5);
    }
  });
});

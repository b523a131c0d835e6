// Solver claims, checked: every `won` replays through the checked engine, `lost` only where a
// complete search must say so, and the different searches never contradict each other.
import { describe, expect, it } from 'vitest';
import { baseCandidates, type Deal, dealFromSeed } from '../src/engine/deal';
import { moveError, playChecked } from '../src/engine/legality';
import { moveCount, moveFrom, moveTo } from '../src/engine/move';
import { DfsSearch } from '../src/search/dfs';
import { GameState } from '../src/engine/state';
import { getRules } from '../src/rules/variants';
import { solve, type SolveResult, solveAllBases } from '../src/solver/solve';
import { TranspositionTable } from '../src/search/core/tt';
import { ALL_VARIANTS, positionDeal } from './helpers';

/** Replays a solution with the checked engine: null if it wins, else what went wrong. */
function replay(deal: Deal, res: SolveResult): string | null {
  const s = new GameState(deal);
  for (let i = 0; i < res.moves.length; i++) {
    const err = playChecked(s, res.moves[i]);
    if (err) return `move ${i + 1} ${JSON.stringify(res.moves[i])}: ${err}`;
  }
  return s.isWon() ? null : `not won after ${res.moves.length} moves`;
}

function expectReplays(deal: Deal, res: SolveResult): void {
  expect(res.result).toBe('won');
  expect(replay(deal, res)).toBeNull();
}

describe('hand-made positions with known answers', () => {
  it('Winery: four kings left, won in exactly 4 moves by A* (shortest) and by DFS', () => {
    const deal = positionDeal('winery', { tableau: ['KC', 'KD', 'KH', 'KS'] });
    for (const search of ['dfs', 'astar'] as const) {
      const res = solve(deal, { search, maxNodes: 10_000 });
      expectReplays(deal, res);
      expect(res.moves.length).toBe(4);
    }
  });

  it('Winery: clubs to dig out through cells and empty piles, won in at most 24 moves', () => {
    // Only the clubs are left: AC under 2C under KC, and 3C..QC stacked the wrong way up (QC on
    // top). A shortest win: KC and 2C aside (2), AC 2C home (2), QC..4C aside into 8 empty piles and
    // one cell (9), then 3C..KC home (11): 24 moves.
    const deal = positionDeal('winery', {
      tableau: ['AC 2C KC', '3C 4C 5C 6C 7C 8C 9C TC JC QC'],
      foundations: { 1: 'AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD', 2: 'AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH', 3: 'AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS' },
      rest: 'none',
    });
    const res = solve(deal, { search: 'astar', weight: 1, maxNodes: 200_000 });
    expectReplays(deal, res);
    expect(res.moves.length).toBeLessThanOrEqual(24);
    expectReplays(deal, solve(deal, { search: 'dfs', maxNodes: 200_000 }));
  });

  it('Winery: the ace of clubs under two clubs with one cell free is proved lost', () => {
    // Both cells but one are full of black cards; every pile is covered by a black top; the only
    // freedom is shuffling one card through the free cell, which never reaches AC.
    const deal = positionDeal('winery', {
      tableau: ['AC QC KC', 'JC', 'TC', '9C', '8C', '7C', '6C', '5C', '4C', '3C'],
      cells: ['2C', null],
      foundations: { 1: 'AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD', 2: 'AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH', 3: 'AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS' },
      rest: 'none',
    });
    for (const search of ['dfs', 'astar', 'portfolio'] as const) expect(solve(deal, { search, maxNodes: 100_000 }).result).toBe('lost');
  });

  it('Signora: one card to go, won in one move; a 6 sitting on its own 5 is lost', () => {
    const f0 = '7C 8H 9S TD JC QH KS AD 2C 3H 4S 5D';
    const won = positionDeal('signora', { tableau: ['6C'], foundations: { 0: f0 }, base: '7', rest: 'none' });
    const r = solve(won, { maxNodes: 1000 });
    expectReplays(won, r);
    expect(r.moves.length).toBe(1);
    expect(r.base).toBe(6); // rank index of 7

    // 5D is needed before 6C, but 6C covers it and has nowhere to go: empty piles stay empty
    // once stock and waste are spent (ruling 4).
    const lost = positionDeal('signora', { tableau: ['5D 6C'], foundations: { 0: '7C 8H 9S TD JC QH KS AD 2C 3H 4S' }, base: '7', rest: 'none' });
    expect(solve(lost, { maxNodes: 1000 }).result).toBe('lost');
    expect(solve(lost, { search: 'astar', maxNodes: 1000 }).result).toBe('lost');
  });

  it('Red and Black: a two buried under a jack that cannot move is lost', () => {
    const kings = ['KC', 'KD', 'KH', 'KS', 'KC', 'KD', 'KH', 'KS'];
    const aces = { 0: 'AC', 1: 'AD', 2: 'AH', 3: 'AS', 4: 'AC', 5: 'AD', 6: 'AH', 7: 'AS' };
    // Everything else in the waste, jack of hearts on top: a jack fits on no king and no ace, and no
    // pile is empty. The stock is spent.
    const lost = positionDeal('red-and-black', { tableau: kings, foundations: aces, waste: '2H JH', fill: false, rest: 'waste' });
    expect(solve(lost, { maxNodes: 200_000 }).result).toBe('lost');
    expect(solve(lost, { search: 'astar', maxNodes: 200_000 }).result).toBe('lost');
    // With a queen on top instead, it goes on a king of the other colour: not provably lost at once.
    const open = positionDeal('red-and-black', { tableau: kings, foundations: aces, waste: '2H JH QC', fill: false, rest: 'waste' });
    const r = solve(open, { search: 'dfs', maxNodes: 200_000 });
    expect(r.stats.nodes).toBeGreaterThan(1);
    if (r.result === 'won') expect(replay(open, r)).toBeNull();
  });
});

describe('seeds 1-30 of every variant at a modest budget', () => {
  const SEEDS = Array.from({ length: 30 }, (_, i) => i + 1);
  const tt = new TranspositionTable(16);

  for (const v of ALL_VARIANTS) {
    it(`${v}: every won solution replays, DFS and A* agree, any = OR of all`, () => {
      const rules = getRules(v);
      let won = 0;
      for (const seed of SEEDS) {
        const deal = dealFromSeed(rules, seed);
        const dfs = solve(deal, { search: 'dfs', maxNodes: 20_000, tt });
        const astar = solve(deal, { search: 'astar', maxNodes: 20_000, tt });
        for (const r of [dfs, astar]) if (r.result === 'won') expectReplays(deal, r);
        if (dfs.result !== 'unknown' && astar.result !== 'unknown') expect(dfs.result).toBe(astar.result);
        if (dfs.result === 'won') won++;
        if (rules.terraceFamily && seed <= 10) {
          const all = solveAllBases(deal, { maxNodes: 5_000, tt });
          expect(all.map((a) => a.base)).toEqual(baseCandidates(deal));
          for (const a of all) {
            if (a.res.result === 'won') {
              expectReplays(deal, a.res);
              expect(a.res.base).toBe(a.base);
            }
          }
          const anyWon = dfs.result === 'won';
          const someWon = all.some((a) => a.res.result === 'won');
          const allLost = all.every((a) => a.res.result === 'lost');
          if (someWon) expect(dfs.result).not.toBe('lost');
          if (allLost) expect(anyWon).toBe(false);
          if (dfs.result === 'lost') expect(someWon).toBe(false);
        }
      }
      // Not a win-rate claim: a sanity check that the budget resolves some deals at all.
      expect(won).toBeGreaterThan(0);
    });
  }
});

describe('FreeCell cells are monotone', () => {
  it('won with k cells => not lost with k+1; lost with k+1 => not won with k', () => {
    const tt = new TranspositionTable(16);
    for (let seed = 1; seed <= 8; seed++) {
      const verdicts = [0, 1, 2, 3, 4].map((k) => {
        const deal = dealFromSeed(getRules('freecell', { cells: k }), seed);
        const r = solve(deal, { search: 'portfolio', maxNodes: 30_000, tt });
        if (r.result === 'won') expect(replay(deal, r)).toBeNull();
        return r.result;
      });
      for (let k = 0; k < 4; k++) {
        if (verdicts[k] === 'won') expect(verdicts[k + 1]).not.toBe('lost');
        if (verdicts[k + 1] === 'lost') expect(verdicts[k]).not.toBe('won');
      }
    }
  });

  it('the same deal with fewer cells has the same tableau (cells are a rule option only)', () => {
    const a = dealFromSeed(getRules('freecell', { cells: 4 }), 5);
    const b = dealFromSeed(getRules('freecell', { cells: 1 }), 5);
    expect(b.tableau).toEqual(a.tableau);
    expect(b.cells.length).toBe(1);
  });
});

describe('transposition table', () => {
  it('has a fixed capacity that a long search never exceeds', () => {
    const tt = new TranspositionTable(1);
    const cap = tt.capacity;
    // One complete DFS without the cuts: a search long enough to fill it.
    solve(dealFromSeed(getRules('signora'), 3), { maxNodes: 300_000, tt, deadlocks: false, search: 'dfs-scored' });
    expect(tt.capacity).toBe(cap);
    expect(tt.size).toBeLessThanOrEqual(cap);
    expect(tt.evictions).toBeGreaterThan(0);
  });

  it('a tiny, evicting table still proves a lost position and finds wins that replay', () => {
    const tt = new TranspositionTable(1);
    const lost = positionDeal('winery', {
      tableau: ['AC QC KC', 'JC', 'TC', '9C', '8C', '7C', '6C', '5C', '4C', '3C'],
      cells: ['2C', null],
      foundations: { 1: 'AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD', 2: 'AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH', 3: 'AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS' },
      rest: 'none',
    });
    expect(solve(lost, { tt }).result).toBe('lost');
    const deal = dealFromSeed(getRules('winery'), 2);
    const r = solve(deal, { search: 'portfolio', maxNodes: 200_000, tt });
    if (r.result === 'won') expect(replay(deal, r)).toBeNull();
  });

  it('starts small and grows: no entry is lost before the whole table is in use, and clear() starts small again', () => {
    const tt = new TranspositionTable(4);
    const start = tt.inUseEntries;
    expect(start).toBeLessThan(tt.capacity);
    let i = 0;
    const mix = (h: number) => {
      h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
      h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
      return (h ^ (h >>> 16)) | 0;
    };
    const next = (): [number, number] => [mix(++i), mix(i + 0x40000000)];
    // Until the whole table is in use, a key whose run of buckets is full makes it grow: nothing is evicted.
    const keys: [number, number][] = [];
    while (tt.inUseEntries < tt.capacity) {
      const key = next();
      keys.push(key);
      expect(tt.seenOrAdd(key[0], key[1])).toBe(false);
    }
    expect(keys.length).toBeGreaterThan(1000);
    expect(tt.evictions).toBe(0);
    expect(tt.size).toBe(keys.length);
    expect(keys.every(([a, b]) => tt.has(a, b) && tt.seenOrAdd(a, b))).toBe(true);
    tt.clear();
    expect(tt.inUseEntries).toBe(start);
    expect(keys.some(([a, b]) => tt.has(a, b))).toBe(false);
    // Filled past its capacity, it evicts and never grows beyond it.
    for (let k = 0; k < tt.capacity * 2; k++) tt.seenOrAdd(...next());
    expect(tt.inUseEntries).toBe(tt.capacity);
    expect(tt.evictions).toBeGreaterThan(0);
    // A new epoch grows again over the slots the earlier ones left: their keys are not seen.
    tt.clear();
    const fresh: [number, number][] = [];
    while (tt.inUseEntries < tt.capacity) {
      const key = next();
      fresh.push(key);
      tt.seenOrAdd(key[0], key[1]);
    }
    expect(tt.evictions).toBe(0);
    expect(fresh.every(([a, b]) => tt.has(a, b))).toBe(true);
    expect(keys.some(([a, b]) => tt.has(a, b))).toBe(false);
  });

  it('keeps keys that overflow their bucket onto the next ones, through growth', () => {
    const tt = new TranspositionTable(4);
    const start = tt.inUseEntries / 4; // buckets in use: keys differing by this share a bucket
    // 40 keys for bucket 0 (more than its run of buckets holds: the table grows, and each key
    // either stays in bucket 0's run or moves to its new own bucket), between keys whose own
    // buckets are the next ones, where bucket 0's overflow goes too.
    const keys: [number, number][] = [];
    for (let i = 0; i < 40; i++) {
      keys.push([i * start, 7 * i + 1]);
      if (i % 5 === 0) keys.push([1 + (i % 7), 1000 + i]);
    }
    for (const [a, b] of keys) expect(tt.seenOrAdd(a, b)).toBe(false);
    expect(tt.inUseEntries / 4).toBeGreaterThan(start);
    expect(tt.evictions).toBe(0);
    expect(tt.size).toBe(keys.length);
    expect(keys.every(([a, b]) => tt.has(a, b) && tt.seenOrAdd(a, b))).toBe(true);
    expect(tt.has(0, 2)).toBe(false);
    expect(tt.has(40 * start, 7 * 40 + 1)).toBe(false);
  });

  it('keeps keys whose run of buckets wraps past the end of the part in use, through growth', () => {
    const tt = new TranspositionTable(4);
    const n = tt.inUseEntries / 4; // buckets in use at the start
    // One key for each of the first 8 buckets, which growth moves to the new upper half.
    const keys: [number, number][] = [];
    for (let j = 0; j < 8; j++) keys.push([n + j, 5000 + j]);
    // Eight keys for each of the last 20 buckets: more than their runs hold before they wrap to
    // bucket 0, so the table grows, and the doubling sends half of them to the new last buckets.
    for (let k = 0; k < 4; k++) {
      for (let r = 0; r < 20; r++) for (let c = 0; c < 2; c++) keys.push([-1 - r - k * n, 1000 * c + 100 * k + r + 1]);
    }
    for (const [a, b] of keys) expect(tt.seenOrAdd(a, b)).toBe(false);
    expect(tt.inUseEntries / 4).toBeGreaterThan(n);
    expect(tt.evictions).toBe(0);
    expect(tt.size).toBe(keys.length);
    expect(keys.every(([a, b]) => tt.has(a, b) && tt.seenOrAdd(a, b))).toBe(true);
  });

  it('has() looks an entry up without storing it', () => {
    const tt = new TranspositionTable(1);
    expect(tt.has(123, 456)).toBe(false);
    expect(tt.seenOrAdd(123, 456)).toBe(false); // has() stored nothing
    expect(tt.has(123, 456)).toBe(true);
    expect(tt.has(123, 457)).toBe(false);
    tt.clear();
    expect(tt.has(123, 456)).toBe(false);
  });

  it('the epoch wrap wipes every entry written since the last wrap, however far the table grew', () => {
    const tt = new TranspositionTable(1);
    let i = 0;
    for (let cycle = 0; cycle < 3; cycle++) {
      // Fill the whole table in one epoch (it grows to its capacity), then clear 255 times: the
      // epoch counter comes back to the same number, and only the wipe keeps those entries from
      // counting again.
      const keys: [number, number][] = [];
      while (tt.inUseEntries < tt.capacity || keys.length < tt.capacity) {
        const key: [number, number] = [Math.imul(++i, 0x9e3779b1), Math.imul(i, 0x85ebca6b) ^ 0x5bd1e995];
        keys.push(key);
        tt.seenOrAdd(key[0], key[1]);
      }
      expect(keys.filter(([a, b]) => tt.has(a, b)).length).toBeGreaterThan(tt.capacity / 2);
      for (let k = 0; k < 255; k++) tt.clear();
      expect(keys.some(([a, b]) => tt.has(a, b))).toBe(false);
      // Grown again over the same slots in the same-numbered epoch, the table must not see them.
      while (tt.inUseEntries < tt.capacity) tt.seenOrAdd(Math.imul(++i, 0x27d4eb2f), i);
      expect(keys.some(([a, b]) => tt.has(a, b))).toBe(false);
      // Entries in the start part only, for some epochs before the next cycle.
      for (let k = 0; k < 100; k++) {
        tt.clear();
        tt.seenOrAdd(++i, i);
      }
    }
  });

  it('clear() forgets every entry', () => {
    const tt = new TranspositionTable(1);
    expect(tt.seenOrAdd(123, 456)).toBe(false);
    expect(tt.seenOrAdd(123, 456)).toBe(true);
    expect(tt.seenOrAdd(123, 457)).toBe(false); // 64-bit key: h2 differs
    tt.clear();
    expect(tt.seenOrAdd(123, 456)).toBe(false);
    for (let i = 0; i < 300; i++) tt.clear(); // through the epoch wrap
    expect(tt.seenOrAdd(123, 456)).toBe(false);
  });
});

describe('DFS keeps its stack and the position in step', () => {
  // Regression: when the move buffer grew during the first run() call, the search re-entered its
  // set-up, pushed a stray stack level, and later applied moves to the wrong position.
  it('after long searches that grow every buffer, the path to the current position replays legally', () => {
    for (const v of ['red-and-black', 'signora', 'winery']) {
      const deal = dealFromSeed(getRules(v), 1);
      const s = new GameState(deal);
      const dfs = new DfsSearch(s, new TranspositionTable(8), { salt: 12345, order: v === 'red-and-black' ? 'random' : 'generated' });
      for (let slice = 0; slice < 3; slice++) {
        const st = dfs.run(100_000);
        const check = new GameState(deal);
        for (const m of dfs.solutionMoves()) {
          expect(moveError(check, moveFrom(m), moveTo(m), moveCount(m))).toBeNull();
          check.apply(m);
        }
        expect([check.h1, check.h2]).toEqual([s.h1, s.h2]);
        if (st !== 'paused') break;
      }
    }
  });
});

describe('the result', () => {
  it("spells a won's moves out on first read, the same in JSON, in a copy and for a state's pile names", () => {
    const deal = dealFromSeed(getRules('winery'), 2);
    const res = solve(deal);
    expect(res.result).toBe('won');
    const s = new GameState(deal);
    const want = res.moveInts.map((m) => ({
      from: s.pileName(moveFrom(m)),
      to: s.pileName(moveTo(m)),
      ...(moveCount(m) === 1 ? {} : { count: moveCount(m) }),
    }));
    expect(res.moves).toEqual(want);
    expect(res.moves).toBe(res.moves); // made once
    expect(JSON.parse(JSON.stringify(res)).moves).toEqual(want);
    expect({ ...res }.moves).toEqual(want);
    // The state that checked the replay goes back to the pool: later solves must not change the moves.
    solve(dealFromSeed(getRules('winery'), 3));
    expect(res.moves).toEqual(want);
    expectReplays(deal, res);
  });
});

describe('determinism', () => {
  // The analysis relies on it: a pool run must equal single-threaded solves, and a resumed run a
  // straight one, whatever each worker solved before. The random move orders are seeded per search.
  it('the same deal gives the same verdict, moves and node count, whatever was solved before', () => {
    const tt = new TranspositionTable(8);
    for (const v of ['signora', 'red-and-black', 'winery']) {
      const deal = dealFromSeed(getRules(v), 4);
      const first = solve(deal, { maxNodes: 50_000, tt });
      solve(dealFromSeed(getRules(v), 5), { maxNodes: 50_000, tt });
      const again = solve(deal, { maxNodes: 50_000, tt });
      const fresh = solve(deal, { maxNodes: 50_000 });
      for (const r of [again, fresh]) {
        expect(r.result).toBe(first.result);
        expect(r.moveInts).toEqual(first.moveInts);
        expect(r.stats.nodes).toBe(first.stats.nodes);
      }
    }
  });

  // solve() hands its states and the DFS buffers on to the next solves (pools in solve.ts and
  // dfs.ts): reused storage must behave as new, whatever the earlier search left in it (deeper
  // stacks, grown buffers, another variant's scores, a base constraint).
  it('reused states and search storage give the same results as a first solve', () => {
    const cases = [
      { v: 'winery', seed: 3, opts: {} },
      { v: 'double-signora', seed: 2, opts: { maxNodes: 30_000 } },
      { v: 'red-and-black', seed: 1, opts: { maxNodes: 60_000 } },
      { v: 'signora', seed: 6, opts: { maxNodes: 30_000, base: 4 } },
      { v: 'freecell', seed: 7, opts: { search: 'dfs-scored+astar' } },
    ];
    const key = (r: ReturnType<typeof solve>) => [r.result, r.stats.nodes, r.moveInts.join(',')].join(' ');
    const first = cases.map((c) => key(solve(dealFromSeed(getRules(c.v), c.seed), c.opts)));
    for (const order of [
      [4, 3, 2, 1, 0],
      [2, 0, 4, 1, 3],
    ])
      for (const i of order) expect(key(solve(dealFromSeed(getRules(cases[i].v), cases[i].seed), cases[i].opts))).toBe(first[i]);
  });

  it("a solve started from another solve's progress callback may not share its table", () => {
    const tt = new TranspositionTable(4);
    const deal = dealFromSeed(getRules('winery'), 3069);
    let inner: unknown;
    solve(deal, {
      tt,
      maxNodes: 30_000,
      onProgress: () => {
        try {
          solve(dealFromSeed(getRules('winery'), 1), { tt });
        } catch (e) {
          inner = e;
        }
      },
    });
    expect(String(inner)).toMatch(/in use/);
    expect(solve(dealFromSeed(getRules('winery'), 1), { tt }).result).toBe('won'); // free again afterwards
  });

  it('a released search refuses to run: its storage may be lent to another search', () => {
    const dfs = new DfsSearch(new GameState(dealFromSeed(getRules('winery'), 1)), new TranspositionTable(1), { salt: 1, order: 'scored' });
    dfs.run(10);
    dfs.release();
    expect(() => dfs.run(10)).toThrow(/released/);
  });
});

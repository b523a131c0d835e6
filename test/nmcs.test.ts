// The nested Monte Carlo search (src/search/nmcs.ts): its wins replay, it never claims a loss, it
// is the same search however its budget is sliced, and on small games it wins where exhaustive
// search says a win exists.
import { describe, expect, it } from 'vitest';
import { baseCandidates, type Deal, dealFromSeed } from '../src/engine/deal';
import { moveError } from '../src/engine/legality';
import { MAX_MOVES, moveCount, moveFrom, moveTo } from '../src/engine/move';
import { smallDeal } from '../src/engine/small';
import { GameState } from '../src/engine/state';
import { getRules } from '../src/rules/variants';
import { safeFoundationMove } from '../src/proof/safe-moves';
import { NestedRollouts, type NmcsOptions } from '../src/search/nmcs';
import { drawWeighted, forcedStep, lineWeighsHome, type Playouts, playoutWeight, stepMoves } from '../src/search/playouts';
import { generateFoundationMoves, generateOtherMoves } from '../src/engine/movegen';
import { solve } from '../src/solver/solve';
import type { Search } from '../src/search/search';
import { firstSlice, type Leaders, leading, policy } from '../src/solver/policy';
import { presetOf } from '../src/solver/presets';
import { TranspositionTable } from '../src/search/core/tt';
import { DfsSearch } from '../src/search/dfs';
import { Endgame } from '../src/search/endgame';
import { plainAudit } from '../src/proof/plain';
import { replaysToWin } from './helpers';

/** The game's playouts (its preset's). */
const playoutsOf = (s: GameState) => presetOf(s.rules).playouts;

/** A nested Monte Carlo search on s with the game's playouts, and any other options. */
const nmcsOn = (s: GameState, salt: number, more: Partial<NmcsOptions> = {}) => new NestedRollouts(s, { salt, playouts: playoutsOf(s), ...more });

function runToEnd(x: NestedRollouts, slice: number, max: number): string {
  while (x.stats.nodes < max) {
    const st = x.run(Math.min(slice, max - x.stats.nodes), Infinity);
    if (st !== 'paused') return st;
  }
  return 'paused';
}

describe('nested Monte Carlo search', () => {
  it('finds wins that replay, and the same win with the same nodes however the budget is sliced', () => {
    let won = 0;
    for (const v of ['empress-of-italy', 'double-signora', 'red-and-black'])
      for (let seed = 1; seed <= 3; seed++) {
        const deal = dealFromSeed(getRules(v), seed);
        const base = v === 'red-and-black' ? -1 : 4;
        const make = () => {
          const s = new GameState(deal);
          if (base >= 0) s.setConstraint(base);
          return nmcsOn(s, 12345 + seed);
        };
        const a = make();
        const sa = runToEnd(a, 1_000_000, 3_000_000);
        const b = make();
        const sb = runToEnd(b, 777, 3_000_000);
        expect(sb, `${v} ${seed}`).toBe(sa);
        expect(b.stats.nodes, `${v} ${seed}`).toBe(a.stats.nodes);
        if (sa !== 'won') continue;
        won++;
        expect(b.solutionMoves(), `${v} ${seed}`).toEqual(a.solutionMoves());
        expect(replaysToWin(deal, a.solutionMoves()), `${v} ${seed}`).toBe(true);
      }
    expect(won).toBeGreaterThan(4);
  });

  it('knows playout positions by their runs as by the hash: the same lines, nodes and wins, and the hash kept', () => {
    let won = 0;
    for (const v of ['empress-of-italy', 'double-signora', 'red-and-black', 'signora'])
      for (let seed = 1; seed <= 3; seed++) {
        const deal = dealFromSeed(getRules(v), seed);
        const make = (byRuns: boolean) => {
          const s = new GameState(deal);
          if (v !== 'red-and-black') s.setConstraint(v === 'signora' ? s.cards[s.off[0]] >> 2 : 4);
          return nmcsOn(s, 777 + seed, { byRuns });
        };
        const a = make(true);
        const b = make(false);
        for (let turn = 0; turn < 40; turn++) {
          const sa = a.run(25_000);
          const sb = b.run(25_000);
          expect(sa, `${v} ${seed}`).toBe(sb);
          expect(a.stats.nodes, `${v} ${seed}`).toBe(b.stats.nodes);
          expect([a.state.h1, a.state.h2], `${v} ${seed}`).toEqual(a.state.scratchHash());
          if (sa === 'paused') continue;
          if (sa === 'won') won++;
          expect(a.solutionMoves(), `${v} ${seed}`).toEqual(b.solutionMoves());
          break;
        }
      }
    expect(won).toBeGreaterThan(3);
  });

  it('never claims a loss: on small games exhaustive search proves lost it only pauses', () => {
    const rules = getRules('red-and-black');
    const tt = new TranspositionTable(8);
    let lost = 0;
    let won = 0;
    let wonBoth = 0;
    for (let seed = 1; seed <= 30; seed++) {
      const { deal } = smallDeal(rules, { ranks: 6, piles: 1, reserve: 0 }, seed);
      const exact = solve(deal, { tt, search: 'dfs-plain', maxNodes: 300_000 });
      const x = nmcsOn(new GameState(deal), seed);
      const st = runToEnd(x, 50_000, 150_000);
      expect(st, `seed ${seed}`).not.toBe('lost');
      if (exact.result === 'lost') {
        lost++;
        expect(st, `seed ${seed}`).toBe('paused');
      }
      if (exact.result === 'won') {
        won++;
        if (st === 'won') wonBoth++;
      }
    }
    expect(lost).toBeGreaterThan(5);
    expect(won).toBeGreaterThan(5);
    expect(wonBoth).toBeGreaterThan(won / 2); // a search that plays badly would win few
  });

  it('as a registered search, its wins come back from solve() and replay', () => {
    const deal = dealFromSeed(getRules('empress-of-italy'), 10007); // won by nmcs, not by dfs-probe at 5 s
    const r = solve(deal, { search: 'nmcs', maxNodes: 20_000_000 });
    expect(r.result).toBe('won');
    expect(replaysToWin(deal, r.moveInts)).toBe(true);
  });
});

describe('playouts stopped where the waste test proves the position lost', () => {
  it("ask the test every so many moves where it applies (the preset's), less often with a reserve to walk, and never in the suit-built games", () => {
    const at = (v: string, cells?: number) => nmcsOn(new GameState(dealFromSeed(getRules(v, cells === undefined ? {} : { cells }), 1)), 1).checkEvery;
    for (const v of ['empress-of-italy', 'red-and-black', 'double-signora', 'signora']) expect(at(v), v).toBe(presetOf(getRules(v)).playouts.checkEvery);
    expect(at('empress-of-italy')).toBeGreaterThan(0);
    expect(at('signora')).toBeGreaterThan(at('empress-of-italy'));
    expect(at('double-signora')).toBeGreaterThan(at('red-and-black'));
    expect(at('winery')).toBe(0);
    expect(at('freecell', 2)).toBe(0);
    // Asked for a check where the waste test does not apply, playouts never ask it.
    const s = new GameState(dealFromSeed(getRules('winery'), 2));
    expect(nmcsOn(s, 1, { playouts: { ...playoutsOf(s), checkEvery: 16 } }).checkEvery).toBe(0);
  });

  it.each([
    ['empress-of-italy', 10008, 5],
    ['double-signora', 10007, 5],
  ] as const)('stop only in positions the plain waste test calls lost too (%s %i, base rank %i), and often', (v, seed, base) => {
    // The audit (src/proof/plain.ts's version, which reads the base itself) is asked wherever
    // the fast test says lost, and throws if it disagrees; the pair is one the search does not win
    // at this budget.
    const s = new GameState(dealFromSeed(getRules(v), seed));
    s.setConstraint(base);
    const x = nmcsOn(s, 5, { audit: plainAudit() });
    expect(x.checkEvery).toBe(playoutsOf(s).checkEvery);
    // Count the test's answers "lost": every stopped playout must be one of them.
    const inner = x as unknown as { wasteTest: { provesLost: (st: GameState) => boolean } };
    const test = inner.wasteTest;
    let lost = 0;
    inner.wasteTest = { provesLost: (st) => test.provesLost(st) && ++lost > 0 };
    expect(runToEnd(x, 50_000, 400_000)).toBe('paused');
    expect(x.lostPlayouts).toBeGreaterThan(20);
    expect(x.lostPlayouts).toBe(lost);
  });

  it('stop nothing when asked never (checkEvery 0), and stopping leaves more playouts in the same budget', () => {
    const deal = dealFromSeed(getRules('empress-of-italy'), 10008);
    const playouts = (every: number) => {
      const s = new GameState(deal);
      s.setConstraint(0);
      const x = nmcsOn(s, 5, { playouts: { ...playoutsOf(s), checkEvery: every } });
      let n = 0;
      const inner = x as unknown as { playout: () => number };
      const playout = inner.playout.bind(x);
      inner.playout = () => (n++, playout());
      runToEnd(x, 50_000, 400_000);
      return { n, lost: x.lostPlayouts };
    };
    const never = playouts(0);
    const often = playouts(16);
    expect(never.lost).toBe(0);
    expect(often.lost).toBeGreaterThan(20);
    expect(often.n).toBeGreaterThan(never.n);
  });
});

describe("the playouts' move weights", () => {
  it.each([
    ['empress-of-italy', 3],
    ['double-signora', 4],
  ] as const)(
    'in %s weigh a waste or reserve card onto the tableau, a deal and a move between piles by the game, and are drawn in proportion',
    (name, kindsMet) => {
      // Positions of random play, until several have a waste or reserve move beside others.
      const s = new GameState(dealFromSeed(getRules(name), 3));
      s.setConstraint(0);
      const w = playoutsOf(s).weights;
      expect(nmcsOn(s, 1).weights).toBe(w);
      const buf = new Int32Array(MAX_MOVES);
      const rng = new Int32Array([7]);
      let checked = 0;
      const kinds = new Set<number>();
      for (let step = 0; step < 2000 && checked < 10; step++) {
        const end = generateOtherMoves(s, buf, 0);
        if (end === 0) break;
        const wts = new Int32Array(end);
        let total = 0;
        let digs = false;
        for (let i = 0; i < end; i++) {
          wts[i] = playoutWeight(s, buf[i], w);
          const from = moveFrom(buf[i]);
          const kind = from === s.WASTE ? 0 : from === s.RESERVE ? 1 : from === s.STOCK ? 2 : 3;
          kinds.add(kind);
          digs ||= kind < 2;
          expect(wts[i]).toBe([w.waste, w.waste, w.deal, 1][kind]);
          total += wts[i];
        }
        if (digs && end > 1) {
          checked++;
          const hits = new Int32Array(end);
          const n = 20_000;
          for (let k = 0; k < n; k++) hits[drawWeighted(wts, end, total, rng)]++;
          for (let i = 0; i < end; i++) expect(Math.abs(hits[i] / n - wts[i] / total), `step ${step}`).toBeLessThan(0.02);
        }
        s.apply(buf[(step * 7919) % end]);
      }
      expect(checked).toBe(10);
      expect(kinds.size).toBe(kindsMet); // Empress of Italy has no reserve
    },
  );

  it('are given a home weight in Empress of Italy and Double Signora only', () => {
    const home = (v: string) => (presetOf(getRules(v)).playouts.weights as { home?: number }).home;
    for (const v of ['empress-of-italy', 'double-signora']) expect(home(v), v).toBeGreaterThan(1);
    for (const v of ['signora', 'red-and-black']) expect(home(v), v).toBeUndefined();
  });

  it.each([
    ['empress-of-italy', 10003, 4],
    ['double-signora', 10003, 4],
  ] as const)(
    "with a home weight, in %s (seed %i, base %i), draw a tableau or reserve card home among the others, the waste's card still at once",
    (v, seed, base) => {
      // Every playout's moves, replayed from where it started: at each position with a move home,
      // what the playout did.
      const counts = (weights: Playouts['weights']) => {
        const s = new GameState(dealFromSeed(getRules(v), seed));
        s.setConstraint(base);
        const x = nmcsOn(s, 3, { playouts: { ...playoutsOf(s), weights } });
        const inner = x as unknown as { playout: (hard: number) => number; seq: Int32Array; seqLen: number };
        const playout = inner.playout.bind(x);
        const c = { wasteHome: 0, wasteHomeAtOnce: 0, tableauHome: 0, tableauHomeLater: 0 };
        const buf = new Int32Array(MAX_MOVES);
        inner.playout = (hard) => {
          const score = playout(hard);
          for (let i = 0; i < inner.seqLen; i++) {
            const m = inner.seq[i];
            const end = generateFoundationMoves(s, buf, 0);
            if (end > 0 && moveFrom(buf[0]) === s.WASTE) {
              c.wasteHome++;
              if (m === buf[0]) c.wasteHomeAtOnce++;
            } else if (end > 0) {
              c.tableauHome++;
              if (moveTo(m) < s.FOUND0 || moveTo(m) >= s.CELL0) c.tableauHomeLater++;
            }
            s.apply(m);
          }
          for (let i = 0; i < inner.seqLen; i++) s.undo();
          return score;
        };
        runToEnd(x, 20_000, 200_000);
        return c;
      };
      const preset = presetOf(getRules(v)).playouts.weights;
      const weighed = counts(preset);
      expect(weighed.wasteHome).toBeGreaterThan(100);
      expect(weighed.wasteHomeAtOnce).toBe(weighed.wasteHome);
      expect(weighed.tableauHome).toBeGreaterThan(100);
      expect(weighed.tableauHomeLater).toBeGreaterThan(0);
      expect(weighed.tableauHomeLater).toBeLessThan(weighed.tableauHome / 2);
      // Without it, every move home is played at once.
      const atOnce = counts({ waste: preset.waste, deal: preset.deal });
      expect(atOnce.tableauHome).toBeGreaterThan(100);
      expect(atOnce.tableauHomeLater).toBe(0);
      expect(atOnce.wasteHomeAtOnce).toBe(atOnce.wasteHome);
    },
  );

  it('in every game draw a card that digs (out of the waste or reserve onto the tableau) more often than a move between piles', () => {
    for (const v of ['signora', 'double-signora', 'empress-of-italy', 'red-and-black', 'winery', 'freecell']) {
      const w = presetOf(getRules(v)).playouts.weights;
      expect(w.waste, v).toBeGreaterThan(1);
      expect(w.deal, v).toBeGreaterThanOrEqual(1);
    }
  });
});

describe("a step's moves", () => {
  it('weigh foundation moves against the others in every second line, without a reserve only', () => {
    const e = presetOf(getRules('empress-of-italy')).playouts;
    const d = presetOf(getRules('double-signora')).playouts;
    expect([0, 1, 2, 3, 4].map((line) => lineWeighsHome(e, line))).toEqual([false, true, false, true, false]);
    expect([0, 1, 2, 3].map((line) => lineWeighsHome(d, line))).toEqual([false, false, false, false]);
  });

  it('are asked of lineWeighsHome for each line in turn, counted from the deal', () => {
    const deal = dealFromSeed(getRules('empress-of-italy'), 10008);
    const s = new GameState(deal);
    s.setConstraint(3);
    const asked: number[] = [];
    const x = nmcsOn(s, 99, {
      weighs: (st, line) => {
        asked.push(line);
        return lineWeighsHome(playoutsOf(st), line);
      },
    });
    expect(runToEnd(x, 100_000, 1_500_000)).toBe('paused');
    expect(asked[0]).toBe(0);
    for (let i = 1; i < asked.length; i++) expect(asked[i] - asked[i - 1]).toBeGreaterThanOrEqual(0);
    for (let i = 1; i < asked.length; i++) expect(asked[i] - asked[i - 1]).toBeLessThanOrEqual(1);
    expect(asked[asked.length - 1]).toBeGreaterThan(1); // lines 0, 1, 2, ... each asked at every step
  });

  it('in such a line are every move unless a foundation move is safe; in the others (and with a reserve) the foundation moves alone if any', () => {
    const seen = { safe: 0, weighed: 0, reserve: 0 };
    const buf = new Int32Array(MAX_MOVES);
    const firstLine = new Int32Array(MAX_MOVES);
    walkPositions((v, where, s, home, f, other, o) => {
      const n = stepMoves(s, buf, lineWeighsHome(playoutsOf(s), 1));
      const all = [...home.subarray(0, f), ...other.subarray(0, o)];
      const nFirst = stepMoves(s, firstLine, lineWeighsHome(playoutsOf(s), 0));
      expect(Array.from(firstLine.subarray(0, nFirst)), where).toEqual(f > 0 ? all.slice(0, f) : all);
      const safe = f > 0 && safeFoundationMove(s, home, 0, f) >= 0;
      if (f > 0 && v === 'double-signora') seen.reserve++;
      else if (safe) seen.safe++;
      else if (f > 0) seen.weighed++;
      expect(Array.from(buf.subarray(0, n)), where).toEqual(f > 0 && (safe || v === 'double-signora') ? all.slice(0, f) : all);
    });
    expect(seen.safe).toBeGreaterThan(2);
    expect(seen.weighed).toBeGreaterThan(100);
    expect(seen.reserve).toBeGreaterThan(100);
  });

  it("leave out, in Empress of Italy and Double Signora, a card onto another tableau card that keeps its pile; each such move leaves the tops' card types as they were", () => {
    for (const v of ['empress-of-italy', 'double-signora']) expect(playoutsOf(new GameState(dealFromSeed(getRules(v), 1))).emptyingShufflesOnly, v).toBe(true);
    for (const v of ['signora', 'red-and-black']) expect(presetOf(getRules(v)).playouts.emptyingShufflesOnly, v).toBeFalsy();
    const buf = new Int32Array(MAX_MOVES);
    const tops = (s: GameState) => {
      const t: number[] = [];
      for (let p = 0; p < s.T; p++) if (s.len[p] > 0) t.push(s.cls[s.cards[s.off[p] + s.len[p] - 1]]);
      return t.sort((a, b) => a - b);
    };
    let left = 0;
    let kept = 0;
    const seenIn = new Set<string>();
    walkPositions((v, where, s, home, f, other, o) => {
      if (v !== 'empress-of-italy' && v !== 'double-signora') return;
      seenIn.add(v);
      for (const weigh of [false, true]) {
        const n = stepMoves(s, buf, weigh, true);
        const all = stepMoves(s, new Int32Array(MAX_MOVES), weigh, false);
        const shift = (m: number) => moveFrom(m) < s.T && moveTo(m) < s.T && s.len[moveFrom(m)] > 1 && s.len[moveTo(m)] > 0;
        const want = [...home.subarray(0, f), ...other.subarray(0, o)].slice(0, all).filter((m) => !shift(m));
        expect(Array.from(buf.subarray(0, n)), where).toEqual(want.length > 0 ? want : [...home.subarray(0, f), ...other.subarray(0, o)].slice(0, all));
      }
      for (const m of other.subarray(0, o)) {
        if (!(moveFrom(m) < s.T && moveTo(m) < s.T)) continue;
        if (s.len[moveFrom(m)] === 1 || s.len[moveTo(m)] === 0) {
          kept++;
          continue;
        }
        const before = tops(s);
        s.apply(m);
        expect(tops(s), where).toEqual(before);
        s.undo();
        left++;
      }
    });
    expect(left).toBeGreaterThan(100);
    expect(kept).toBeGreaterThan(0);
    expect([...seenIn].sort()).toEqual(['double-signora', 'empress-of-italy']);
  });

  it('are forced when the best line goes on with the only move or the first safe foundation move; a search meets many', () => {
    const seen = { only: 0, safe: 0, open: 0 };
    const buf = new Int32Array(MAX_MOVES);
    let step = 0;
    walkPositions((_v, where, s, home, f) => {
      const n = stepMoves(s, buf, lineWeighsHome(playoutsOf(s), step++ % 2));
      expect(forcedStep(s, buf, n, -1)).toBe(false); // the best line goes on with none of them
      const safe = f > 0 ? safeFoundationMove(s, home, 0, f) : -1;
      for (const m of buf.subarray(0, n)) {
        const want = n === 1 || (safe >= 0 && m === home[safe]);
        expect(forcedStep(s, buf, n, m), where).toBe(want);
        if (n === 1) seen.only++;
        else if (want) seen.safe++;
        else seen.open++;
      }
    });
    expect(seen.only).toBeGreaterThan(100);
    expect(seen.safe).toBeGreaterThan(2);
    expect(seen.open).toBeGreaterThan(1000);
    // In a search forced steps are common (the budget-slicing test above checks that the search is
    // the same however it is sliced, forced steps and all).
    const s = new GameState(dealFromSeed(getRules('empress-of-italy'), 10008));
    s.setConstraint(3);
    const x = nmcsOn(s, 99);
    expect(runToEnd(x, 100_000, 1_000_000)).toBe('paused');
    expect(x.forcedSteps).toBeGreaterThan(100);
  });
});

type Visit = (v: string, where: string, s: GameState, home: Int32Array, f: number, other: Int32Array, o: number) => void;

/**
 * Visits the positions of a walk far into the deal (walkOn) in Empress of Italy and Double Signora,
 * seeds 1-8 with the base the seed, each with its foundation moves home[0, f), its others other[0, o)
 * and where it is (game, seed, step) for messages.
 */
function walkPositions(visit: Visit): void {
  const home = new Int32Array(MAX_MOVES);
  const other = new Int32Array(MAX_MOVES);
  for (const v of ['empress-of-italy', 'double-signora'])
    for (let seed = 1; seed <= 8; seed++) {
      const s = new GameState(dealFromSeed(getRules(v), seed));
      s.setConstraint(seed);
      for (let step = 0; step < 3000; step++) {
        const f = generateFoundationMoves(s, home, 0);
        const o = generateOtherMoves(s, other, 0);
        visit(v, `${v} ${seed} step ${step}`, s, home, f, other, o);
        if (f + o === 0) break;
        walkOn(s, step, home, f, other, o);
      }
    }
}

/** Far into the deal, as a playout goes: home first, then a waste card onto the tableau (else another move). */
function walkOn(s: GameState, step: number, home: Int32Array, f: number, other: Int32Array, o: number): void {
  let pick = f > 0 ? -1 : (step * 7919) % o;
  for (let i = o - 1; i >= 0 && f === 0; i--) if (moveFrom(other[i]) === s.WASTE) pick = i;
  s.apply(pick < 0 ? home[0] : other[pick]);
}

describe('nmcs in the auto policy', () => {
  it("runs beside the probing DFS in the Terrace games (not in Red and Black, and alone in Empress of Italy with the base fixed), with the preset's share of slices for each of its", () => {
    expect(policy(presetOf(getRules('red-and-black')), 'auto', false).members).toEqual(['dfs-probe']);
    for (const v of ['signora', 'double-signora', 'empress-of-italy']) {
      const p = policy(presetOf(getRules(v)), 'auto', false);
      expect(p.members, v).toEqual(['dfs-probe', 'nmcs']);
      expect(p.shares?.nmcs, v).toBeGreaterThan(1);
    }
    const share = presetOf(getRules('double-signora')).auto.shares!.nmcs;
    const nodesBySearch = (deal: Deal, base: number, maxNodes: number) => {
      const used = new Map<string, number>();
      let last = 0;
      const r = solve(deal, {
        base,
        maxNodes,
        onProgress: (n, x) => {
          const name = x instanceof NestedRollouts ? 'nmcs' : 'probe';
          used.set(name, (used.get(name) ?? 0) + n - last);
          last = n;
        },
      });
      return { result: r.result, nmcs: used.get('nmcs') ?? 0, probe: used.get('probe') ?? 0 };
    };
    // Double Signora 150003 with base 6 is not won within this budget: the turns go on to its end.
    const ds = nodesBySearch(dealFromSeed(getRules('double-signora'), 150003), 5, 1_000_000);
    expect(ds.result).toBe('unknown');
    expect(ds.nmcs / ds.probe).toBeGreaterThan(share * 0.8);
    expect(ds.nmcs / ds.probe).toBeLessThan(share * 1.25);
    // Empress of Italy with the base fixed: the nested search alone (presets.ts's NESTED_ALONE).
    expect(policy(presetOf(getRules('empress-of-italy')), 'auto', false, undefined, true).members).toEqual(['nmcs']);
    expect(policy(presetOf(getRules('double-signora')), 'auto', false, undefined, true).members).toEqual(['dfs-probe', 'nmcs']);
    const emp = nodesBySearch(dealFromSeed(getRules('empress-of-italy'), 10008), 3, 300_000);
    expect(emp).toEqual({ result: 'unknown', nmcs: 300_000, probe: 0 });
    // The small games (fewer ranks) keep the probing DFS beside it, which proves their losses.
    let lost = 0;
    for (let seed = 1; seed <= 4; seed++) {
      const { deal } = smallDeal(getRules('empress-of-italy'), { ranks: 3, piles: 1, reserve: 0 }, seed);
      for (const base of baseCandidates(deal)) {
        const small = nodesBySearch(deal, base, 5_000);
        expect(small.probe, `seed ${seed} base ${base}`).toBeGreaterThan(0);
        if (small.result === 'lost') lost++;
      }
    }
    expect(lost).toBeGreaterThan(0);
  });
});

describe('budget that follows progress (Policy.leaders)', () => {
  const fake = (progress?: number) => ({ progress }) as unknown as Search;
  it('gives the most advanced groups the extra turns, by their best member, from the round set', () => {
    const lead: Leaders = { count: 2, share: 4, from: 1 };
    const a = [fake(), fake(120)];
    const b = [fake(), fake(150)];
    const c = [fake(), fake(90)];
    const d = [fake(), fake(140)];
    const none = [fake()];
    expect(leading([a, b, c, d, none], 1, lead)).toEqual([b, d]);
    expect(leading([a, b, c, d, none], 0, lead)).toEqual([]); // before `from`
    expect(leading([a, b], 3, undefined)).toEqual([]);
    expect(leading([b], 3, lead)).toEqual([]); // one group: nothing to choose
    expect(leading([none, [fake()]], 3, lead)).toEqual([]); // no progress known: equal turns
  });

  it('is on in the four-deck games under auto, and there the leaders take more of the budget', () => {
    for (const v of ['signora', 'red-and-black', 'winery']) expect(policy(presetOf(getRules(v)), 'auto', false).leaders, v).toBeUndefined();
    const leaders = presetOf(getRules('empress-of-italy')).auto.leaders!;
    expect(policy(presetOf(getRules('empress-of-italy')), 'auto', false).leaders).toBe(leaders);
    // Empress of Italy 10008 is not won with any base within this budget; count each nmcs's nodes.
    const deal = dealFromSeed(getRules('empress-of-italy'), 10008);
    const nodes = new Map<NestedRollouts, number>();
    let last = 0;
    const r = solve(deal, {
      base: 'any',
      maxNodes: 6_000_000,
      onProgress: (n, x) => {
        if (x instanceof NestedRollouts) nodes.set(x, (nodes.get(x) ?? 0) + n - last);
        last = n;
      },
    });
    expect(r.result).toBe('unknown');
    const runs = [...nodes].map(([x, n]) => ({ n, progress: x.progress }));
    expect(runs.length).toBe(13);
    for (const x of runs) expect(x.progress).toBeGreaterThan(0);
    const counts = runs.map((x) => x.n).sort((p, q) => p - q);
    expect(counts[12]).toBeGreaterThan(2 * counts[0]); // equal turns would give every group the same
    // The three groups that went furthest took more than twice what the three that went least did.
    const byProgress = runs.sort((p, q) => q.progress - p.progress).map((x) => x.n);
    const sum = (xs: number[]) => xs.reduce((p, q) => p + q, 0);
    expect(sum(byProgress.slice(0, 3))).toBeGreaterThan(2 * sum(byProgress.slice(-3)));
  });
});

describe("the first round's slice (policy.ts's firstSlice)", () => {
  it('fits the first round into half the budget, between 256 and 4,096 nodes', () => {
    expect(firstSlice(200_000, 13 * 8)).toBe(961);
    expect(firstSlice(2_000_000, 13 * 8)).toBe(4096);
    expect(firstSlice(1_000, 13 * 8)).toBe(256);
  });

  it("gives every base rank a turn within analyze's 200,000 nodes for a deal with the base free", () => {
    // Empress of Italy 10008 is not won within this budget, so the turns run to its end.
    const deal = dealFromSeed(getRules('empress-of-italy'), 10008);
    const turns = new Set<Search>();
    const r = solve(deal, { base: 'any', maxNodes: 200_000, onProgress: (_, x) => turns.add(x) });
    expect(r.result).toBe('unknown');
    expect([...turns].filter((x) => x instanceof NestedRollouts).length).toBe(13);
  });
});

describe("solve()'s progress statistic", () => {
  it('is the most cards home of the nested Monte Carlo search, and absent where no search counts them', () => {
    const deal = dealFromSeed(getRules('empress-of-italy'), 10008);
    const r = solve(deal, { base: 0, maxNodes: 30_000 });
    expect(r.result).toBe('unknown');
    expect(r.stats.progress).toBeGreaterThan(0);
    expect(r.stats.progress).toBeLessThan(208);
    const probe = solve(deal, { base: 0, maxNodes: 30_000, search: 'dfs-probe' });
    expect(probe.stats.progress).toBeUndefined();
  });
});

describe('the endgame search (Playouts.endgame, src/search/endgame.ts)', () => {
  it('is asked once a line, where its stock first holds at most the preset says; a proof of loss ends the line there, and a win replays', () => {
    const rules = getRules('signora');
    const e = playoutsOf(new GameState(dealFromSeed(rules, 1))).endgame!;
    expect(e.stock).toBeGreaterThan(0);
    let lost = 0;
    let won = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const deal = dealFromSeed(rules, seed);
      const s = new GameState(deal);
      s.setConstraint(s.cards[s.off[0]] >> 2);
      // The lines that list a step with the stock that short: every line that asked, except those it ended.
      const short = new Set<number>();
      const x = nmcsOn(s, 777 + seed, { weighs: (st, line) => (st.len[st.STOCK] <= e.stock && short.add(line), lineWeighsHome(playoutsOf(st), line)) });
      // Asked before any step of its line is listed with the stock that short, and only there.
      const eg = x.endgame!;
      const ask = eg.run.bind(eg);
      eg.run = (p, limit) => {
        expect(short.has((x as unknown as { lines: number }).lines), `seed ${seed}`).toBe(false);
        expect(p.len[p.STOCK], `seed ${seed}`).toBeLessThanOrEqual(e.stock);
        return ask(p, limit);
      };
      const st = runToEnd(x, 100_000, 300_000);
      const c = x.endgame!.counts;
      expect(short.size, `seed ${seed}`).toBe(c.asked - c.lost - c.won);
      expect(c.won, `seed ${seed}`).toBeLessThanOrEqual(1);
      if (c.won > 0) expect(st, `seed ${seed}`).toBe('won');
      if (st === 'won') expect(replaysToWin(deal, x.solutionMoves()), `seed ${seed}`).toBe(true);
      lost += c.lost;
      won += c.won;
    }
    expect(lost).toBeGreaterThan(20);
    expect(won).toBeGreaterThan(0);
  });

  it('gives the same search however the budget is sliced, and never passes the limit', () => {
    const deal = dealFromSeed(getRules('signora'), 27); // won by the endgame search within 100,000 nodes
    const make = () => {
      const s = new GameState(deal);
      s.setConstraint(s.cards[s.off[0]] >> 2);
      return nmcsOn(s, 797);
    };
    const a = make();
    expect(runToEnd(a, 1_000_000, 300_000)).toBe('won');
    expect(a.endgame!.counts.won).toBe(1);
    const b = make();
    expect(runToEnd(b, 777, 300_000)).toBe('won');
    expect(b.stats.nodes).toBe(a.stats.nodes);
    expect(b.solutionMoves()).toEqual(a.solutionMoves());
    // A limit that falls inside the winning endgame search stops the search exactly there; run
    // again, it asks the endgame search again and wins with the same line, the cut search's nodes spent.
    const egNodes = a.endgame!.nodes;
    expect(egNodes).toBeGreaterThan(2);
    for (const inside of [1, Math.floor(egNodes / 2), egNodes - 1]) {
      const c = make();
      const limit = a.stats.nodes - egNodes + inside;
      expect(c.run(Infinity, Infinity, limit)).toBe('paused');
      expect(c.stats.nodes).toBe(limit);
      expect(c.endgame!.counts.won).toBe(0);
      expect(c.run(Infinity)).toBe('won');
      expect(c.stats.nodes).toBe(a.stats.nodes + inside);
      expect(c.solutionMoves()).toEqual(a.solutionMoves());
    }
  });

  it('answers at once about the position it last left open with its whole budget, and searches any other', () => {
    const deal = dealFromSeed(getRules('signora'), 3);
    const s = new GameState(deal);
    const buf = new Int32Array(MAX_MOVES);
    s.apply(buf[generateFoundationMoves(s, buf, 0) - 1]);
    const e = new Endgame(100, 10); // far too few nodes to decide the deal
    expect(e.run(s, Infinity)).toBe('paused');
    expect(e.nodes).toBe(10);
    expect(e.run(s, Infinity)).toBe('paused');
    expect(e.nodes).toBe(0);
    expect(e.counts).toEqual({ asked: 2, searched: 1, won: 0, lost: 0 });
    // Cut short by the limit, it searches again when asked.
    s.apply(buf[generateOtherMoves(s, buf, 0) - 1]);
    expect(e.run(s, 4)).toBe('paused');
    expect(e.nodes).toBe(4);
    expect(e.run(s, Infinity)).toBe('paused');
    expect(e.nodes).toBe(10);
    expect(e.counts.searched).toBe(3);
  });

  it('decides positions as a plain exhaustive search does, its wins replay, and it leaves the position as it was', () => {
    const rules = getRules('signora');
    const buf = new Int32Array(MAX_MOVES);
    let decided = 0;
    let wonN = 0;
    for (let seed = 1; seed <= 30; seed++) {
      const deal = dealFromSeed(rules, seed);
      const s = new GameState(deal);
      // Random play to a short stock, a move home whenever there is one (so some positions are won).
      let r = seed * 7919;
      for (let step = 0; step < 400 && s.len[s.STOCK] > 4; step++) {
        const f = generateFoundationMoves(s, buf, 0);
        const end = f > 0 ? f : generateOtherMoves(s, buf, f);
        if (end === 0) break;
        r = (Math.imul(r, 1103515245) + 12345) >>> 0;
        s.apply(buf[r % end]);
      }
      if (s.len[s.STOCK] > 4 || s.isWon()) continue;
      const before = [s.h1, s.h2, s.undoTop];
      const x = new Endgame(4, 200_000);
      const st = x.run(s, Infinity);
      expect([s.h1, s.h2, s.undoTop], `seed ${seed}`).toEqual(before);
      const plain = new DfsSearch(s, new TranspositionTable(64), { order: 'generated', prune: false });
      const p = plain.run(1_000_000);
      while (s.undoTop > before[2]) s.undo();
      if (p === 'paused' || st === 'paused') continue;
      decided++;
      expect(st, `seed ${seed}`).toBe(p);
      if (st === 'won') {
        wonN++;
        const t = new GameState(deal);
        for (const m of s.history()) t.apply(m);
        for (const m of x.moves) {
          expect(moveError(t, moveFrom(m), moveTo(m), moveCount(m)), `seed ${seed}`).toBeFalsy();
          t.apply(m);
        }
        expect(t.isWon(), `seed ${seed}`).toBe(true);
      }
    }
    expect(decided).toBeGreaterThan(20);
    expect(wonN).toBeGreaterThan(0);
    expect(wonN).toBeLessThan(decided);
  });
});

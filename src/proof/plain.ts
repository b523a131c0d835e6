// Second, plain implementations of reserve.ts's reserve test, waste.ts's waste test and
// waste-order.ts's order test, to check the fast ones: the tests compare them on random walks, and `verify`
// (SolveOptions.deadlockAudit) checks every position a fast test cuts in a proof it repeats, so no
// cut in a repeated proof rests on the fast code alone (the search around it is shared). Slow (J
// recounted at every step; the waste test's about 0.2 ms a position in Empress of Italy), so they
// run only where the fast test has fired.
import type { GameState } from '../engine/state';
import type { DeadlockAudit } from './cuts';

/** The plain versions of the three tests, as one search's audit (the order check keeps a memo). */
export function plainAudit(): DeadlockAudit {
  const order = new OrderCheck();
  return { reserve: reserveStuckPlain, waste: wasteStuckPlain, order: (s) => order.provesLost(s) };
}

/** The base rank the plain checks use: the fixed one, else the constraint, else the ace where the rules start there (-1: none). */
function plainBase(s: GameState): number {
  return s.base >= 0 ? s.base : s.baseConstraint >= 0 ? s.baseConstraint : s.rules.baseRule === 'ace' ? 0 : -1;
}

/** A card's class, chain * 13 + level, under base rank `base`. */
function plainClass(c: number, base: number): number {
  const level = ((c >> 2) - base + 13) % 13;
  return (plainColour(c) ^ (level & 1)) * 13 + level;
}

/** 1 for red (suits C D H S: D and H), 0 for black. */
function plainColour(c: number): number {
  return (c & 3) === 1 || (c & 3) === 2 ? 1 : 0;
}

/**
 * True when the reserve cannot be played out even with every other card free: the reserve test
 * written again from reserve.ts's comment, with no cache and no shared code. Free copies counted
 * pile by pile (every pile but the foundations and the reserve); a chain's foundations are its
 * started ones at their heights and one at height 0 for each copy of its level 0 not yet on one;
 * then the reserve's cards top first, each onto the tableau where the rules allow it and a copy
 * of its tableau parent is free (it is then free itself), else onto the highest foundation of its
 * chain at or below its level, raised there with free copies.
 */
export function reserveStuckPlain(s: GameState): boolean {
  const base = plainBase(s);
  const pile = (p: number) => Array.from(s.cards.subarray(s.off[p], s.off[p] + s.len[p]));
  const reserve = pile(s.RESERVE).reverse(); // top first
  if (base < 0 || reserve.length === 0) return false;
  const classOf = (c: number) => plainClass(c, base);
  const parentOf = (c: number) => {
    const level = (classOf(c) % 13) + 1;
    return ((1 - plainColour(c)) ^ ((level % 13) & 1)) * 13 + (level % 13);
  };
  const free = new Array<number>(26).fill(0);
  for (let p = 0; p < s.nPiles; p++) if (p !== s.RESERVE && !(p >= s.FOUND0 && p < s.CELL0)) for (const c of pile(p)) free[classOf(c)]++;
  const heights: number[][] = [[], []];
  for (let f = s.FOUND0; f < s.CELL0; f++) if (s.len[f] > 0) heights[plainColour(s.cards[s.off[f]])].push(s.len[f]);
  for (let T = 0; T < 2; T++) {
    const unstarted = free[T * 13] + reserve.filter((c) => classOf(c) === T * 13).length;
    for (let i = 0; i < unstarted; i++) heights[T].push(0);
  }
  for (const c of reserve) {
    if (s.rules.reserveToTableau && free[parentOf(c)] > 0) {
      free[classOf(c)]++;
      continue;
    }
    const T = Math.floor(classOf(c) / 13);
    const k = classOf(c) % 13;
    const fits = heights[T].filter((h) => h <= k);
    if (fits.length === 0) return true;
    const h = Math.max(...fits);
    for (let lv = h; lv < k; lv++) if (free[T * 13 + lv]-- === 0) return true;
    heights[T][heights[T].indexOf(h)] = k + 1;
  }
  return false;
}

/**
 * True when no line takes every waste card off with the tableau's piles enough each time: the
 * waste test written again the slow, plain way, from waste.ts's comment, step by step. Its own
 * base rank (the fixed one, else the constraint, else the ace where the rules start there) and its
 * own check that every tableau pile is a run (else the test does not apply: false). For each waste
 * card, top first, and each number e of reserve cards gone, the least d (stock cards dealt) at or
 * above the staircase of the last card's points with J at most the piles, J recounted from scratch:
 * no memo, no incremental J, no shared code.
 */
export function wasteStuckPlain(s: GameState): boolean {
  const base = plainBase(s);
  if (base < 0 || s.C > 0) return false;
  const classOf = (c: number) => plainClass(c, base);
  // A run: each card one rank below the card under it (A below 2; K below A only where the tableau
  // wraps), in the other colour.
  const onto = (under: number, c: number) =>
    plainColour(under) !== plainColour(c) && ((c >> 2) + 1 === under >> 2 || (s.rules.tableauWrap && c >> 2 === 12 && under >> 2 === 0));
  for (let p = 0; p < s.T; p++) for (let i = s.off[p] + 1; i < s.off[p] + s.len[p]; i++) if (!onto(s.cards[i - 1], s.cards[i])) return false;
  const pile = (p: number) => Array.from(s.cards.subarray(s.off[p], s.off[p] + s.len[p]));
  const waste = pile(s.WASTE);
  const stock = pile(s.STOCK).reverse(); // top first
  const reserve = pile(s.RESERVE).reverse(); // top first
  const out: number[] = [];
  for (let p = 0; p < s.CELL0; p++) out.push(...pile(p)); // tableau and foundations (no cells: above)
  // counts(cards)[k]: the class counts of the first k cards.
  const counts = (cards: number[]) => {
    const all = [new Array<number>(26).fill(0)];
    for (const c of cards) all.push(all[all.length - 1].map((n, k) => n + (k === classOf(c) ? 1 : 0)));
    return all;
  };
  const dealt = counts(stock);
  const gone = counts(reserve);
  const J = (n: number[]) => n.reduce((j, x, c) => (c % 13 > 0 ? j + Math.max(0, x - n[c - 1]) : j), 0);
  // Empress of Italy (emptied piles filled from the stock first, no reserve): while the stock holds a
  // card, the piles' bottoms are today's or cards dealt since, and each class's tableau cards beyond
  // its parent's are bottoms (bottomsFitPlain).
  const bottomsAsked = s.fill0 === s.STOCK && reserve.length === 0;
  const bottoms = new Array<number>(26).fill(0);
  for (let p = 0; p < s.T; p++) if (s.len[p] > 0) bottoms[classOf(s.cards[s.off[p]])]++;
  const fits = (n: number[], d: number) =>
    J(n) <= s.T &&
    (!bottomsAsked ||
      d === stock.length ||
      bottomsFitPlain(
        n,
        bottoms.map((b, k) => b + dealt[d][k]),
        s.F / 2,
      ));
  let low = new Array<number>(reserve.length + 1).fill(0);
  const mine = counts(out)[out.length];
  for (let i = waste.length - 1; i >= 0; i--) {
    mine[classOf(waste[i])]++;
    const next = low.map((from, e) => {
      for (let d = from; d <= stock.length; d++)
        if (
          fits(
            mine.map((n, k) => n + dealt[d][k] + gone[e][k]),
            d,
          )
        )
          return d;
      return Infinity;
    });
    for (let e = 1; e < next.length; e++) next[e] = Math.min(next[e], next[e - 1]);
    if (next[next.length - 1] === Infinity) return true;
    low = next;
  }
  return false;
}

/**
 * waste.ts's bottomsFit written again as a search: for each chain, every non-increasing run of
 * foundation counts f (level 12 up to level 0, each at most the cards out and `copies`) is followed
 * level by level, keeping the pairs (f at level 12, f at the level reached) that satisfy every class
 * of the chain below level 12; then every pair of the two chains' ends is tried against the two
 * classes at level 12, whose tableau parents are level 0 of the other chain.
 */
function bottomsFitPlain(out: number[], bottoms: number[], copies: number): boolean {
  const t = (T: number, k: number, f: number) => out[T * 13 + k] - f;
  const ends: boolean[][][] = [];
  for (let T = 0; T < 2; T++) {
    // at[x][u]: f = x at level 12 and u at the current level, every class between them satisfied.
    let at = Array.from({ length: copies + 1 }, (_, x) => Array.from({ length: copies + 1 }, (_, u) => x === u && x <= out[T * 13 + 12]));
    for (let k = 11; k >= 0; k--) {
      const next = Array.from({ length: copies + 1 }, () => new Array<boolean>(copies + 1).fill(false));
      for (let x = 0; x <= copies; x++)
        for (let u = 0; u <= copies; u++) {
          if (!at[x][u]) continue;
          for (let v = u; v <= Math.min(copies, out[T * 13 + k]); v++) if (t(T, k, v) - t(T, k + 1, u) <= bottoms[T * 13 + k]) next[x][v] = true;
        }
      at = next;
    }
    ends.push(at);
  }
  for (let x0 = 0; x0 <= copies; x0++)
    for (let a0 = 0; a0 <= copies; a0++) {
      if (!ends[0][x0][a0]) continue;
      for (let x1 = 0; x1 <= copies; x1++)
        for (let a1 = 0; a1 <= copies; a1++) {
          if (!ends[1][x1][a1]) continue;
          if (t(0, 12, x0) - t(1, 0, a1) <= bottoms[12] && t(1, 12, x1) - t(0, 0, a0) <= bottoms[25]) return true;
        }
    }
  return false;
}

/**
 * A second, plain version of waste-order.ts's order test, for verify: the same relaxed game (a
 * position is the stock left and the waste's classes; moves deal and pop, a pop only while J, counted
 * afresh from the classes out, stays at most the piles) decided by its own DFS, with exact keys (a
 * string per relaxed position), its own waste test at each position, and only the plainest
 * dominance: a card of level 0, or of level k when at least as many cards of level k - 1 are out as
 * there are of level k in all (so level k's count can never pass k - 1's: no J term at k, ever), is
 * popped and nothing else tried if popping loses. Lost bottoms are learned as the fast one learns
 * them (waste-order.ts, Bottoms: a waste whose position is lost at stock length n is lost at every
 * valid length below it down to the first invalid one, and a waste with a bottom lost at every valid
 * length up to its own stock length is lost), here kept as sets of lengths under the bottom's classes
 * as a string, with each length's validity counted afresh. Decided positions and bottoms are kept for
 * the later questions of a run, as the fast one keeps them, and a question may search `cap` relaxed
 * positions (else: not dead).
 */
export class OrderCheck {
  private readonly memo = new Map<string, 'dead' | 'alive'>();
  /** Per lost bottom (its classes, bottom first, joined): the stock lengths it is known lost at, and thr. */
  private readonly bottoms = new Map<string, { lost: Set<number>; thr: number }>();
  private base = -1;

  constructor(
    private readonly cap = 100_000,
    private readonly keepAtMost = 1 << 22,
  ) {}

  /** True when the relaxed game from s is lost (false where the test does not apply). */
  provesLost(s: GameState): boolean {
    const base = plainBase(s);
    if (base < 0 || s.C > 0 || s.len[s.RESERVE] > 0) return false;
    if (base !== this.base || this.memo.size > this.keepAtMost) {
      this.memo.clear();
      this.bottoms.clear();
    }
    this.base = base;
    const pile = (p: number) => Array.from(s.cards.subarray(s.off[p], s.off[p] + s.len[p]), (c) => plainClass(c, base));
    const stock = pile(s.STOCK); // bottom first: with n cards left, stock[n - 1] is dealt next
    const total = new Array<number>(26).fill(0);
    const out = new Array<number>(26).fill(0);
    for (let p = 0; p <= s.WASTE; p++) for (const c of pile(p)) total[c]++;
    for (let p = 0; p < s.CELL0; p++) for (const c of pile(p)) out[c]++;
    const J = (n: number[]) => n.reduce((j, x, c) => (c % 13 > 0 ? j + Math.max(0, x - n[c - 1]) : j), 0);
    const stuck = (sl: number, waste: number[], o: number[]) => {
      const t = o.slice();
      let d = sl;
      for (let i = waste.length - 1; i >= 0; i--) {
        t[waste[i]]++;
        while (J(t) > s.T && d > 0) t[stock[--d]]++;
        if (J(t) > s.T) return true;
      }
      return false;
    };
    const top = stock.length;
    // (n, waste) lost: learned for the waste with every length's validity (J of the cards out then:
    // every card but the waste's and the stock's n; total counts every card, the reserve being empty).
    const learn = (sl: number, waste: number[]) => {
      const valid: boolean[] = [];
      const t = total.slice();
      for (const c of waste) t[c]--;
      for (let n = 0; n <= top; n++) {
        if (n > 0) t[stock[n - 1]]--;
        valid.push(J(t) <= s.T);
      }
      const key = waste.join(',');
      const b = this.bottoms.get(key) ?? { lost: new Set<number>(), thr: -1 };
      this.bottoms.set(key, b);
      for (let n = sl; n >= 0 && valid[n] && !b.lost.has(n); n--) b.lost.add(n);
      let thr = -1;
      while (thr < top && (!valid[thr + 1] || b.lost.has(thr + 1))) thr++;
      b.thr = Math.max(b.thr, thr);
    };
    const bottomLost = (sl: number, waste: number[]) => {
      for (let h = 1; h <= waste.length; h++) if ((this.bottoms.get(waste.slice(0, h).join(','))?.thr ?? -1) >= sl) return true;
      return false;
    };
    const lost = (key: string, sl: number, waste: number[]): 'dead' => {
      learn(sl, waste);
      return this.keep(key, 'dead') as 'dead';
    };
    let nodes = 0;
    const go = (sl: number, waste: number[], o: number[]): 'dead' | 'alive' | 'open' => {
      if (sl === 0 && waste.length === 0) return 'alive';
      const key = `${sl}:${waste.join(',')}`;
      const known = this.memo.get(key);
      if (known !== undefined) return known;
      if (++nodes > this.cap) return 'open';
      if (bottomLost(sl, waste)) return this.keep(key, 'dead');
      let result: 'dead' | 'open' = 'dead';
      if (!stuck(sl, waste, o)) {
        const c = waste[waste.length - 1];
        const popped = waste.length > 0 ? o.map((n, k) => (k === c ? n + 1 : n)) : o;
        if (waste.length > 0 && J(popped) <= s.T) {
          const r = go(sl, waste.slice(0, -1), popped);
          if (r === 'open') result = 'open';
          if (r === 'alive') return this.keep(key, r);
          if (r === 'dead' && (c % 13 === 0 || o[c - 1] >= total[c])) return lost(key, sl, waste);
        }
        if (sl > 0) {
          const r = go(sl - 1, [...waste, stock[sl - 1]], o);
          if (r === 'alive') return this.keep(key, r);
          if (r === 'open') result = 'open';
        }
      }
      return result === 'open' ? result : lost(key, sl, waste);
    };
    return go(stock.length, pile(s.WASTE), out) === 'dead';
  }

  private keep(key: string, r: 'dead' | 'alive'): 'dead' | 'alive' {
    this.memo.set(key, r);
    return r;
  }
}

// Test "waste" (proof name `waste`): the four alternate-colour games, with a stock and no cells.
import { colourOf } from '../cards/card';
import type { GameState } from '../engine/state';
import { addCount, chainBase, classOf, LEVELS } from './chains';

/** No point reached (stuck's staircase). */
const NONE = 1 << 30;

/**
 * Test "waste": some waste card can never leave the waste, because at the moment it would, the
 * cards that must be on the foundations or the tableau cannot be laid out in as few piles as the
 * tableau has.
 *
 * Piles as chains: in these games a tableau pile is a run down in alternate colour, and a card of
 * level k >= 1 (chains.ts) has its tableau parent at level k + 1 and its foundation
 * predecessor at level k - 1 of the same chain. So cut every foundation and tableau pile into
 * segments of consecutive levels of one chain (a tableau run leaves its chain only where it
 * wraps, below a level-0 card). A foundation's segment starts at level 0; a segment whose lowest
 * level is k >= 1 has nothing above its lowest card in its pile (the card above would have level
 * k - 1 and extend it), so it is the top of a tableau pile: at most one per pile. If out[c] cards
 * of class c are on the foundations and the tableau, each level-k card with level k - 1 below it
 * in its segment can be matched to that card, so at least out[T, k] - out[T, k-1] segments start
 * at (T, k). Hence the tableau has at least J = sum over chains T and levels k >= 1 of
 * max(0, out[T, k] - out[T, k-1]) piles, in every real position. No count of the cards out does
 * better at one moment: with every card the foundations can take put on them, the tableau's own
 * count of the runs it needs, the sum over classes of max(0, t[c] - t[parent c]), is exactly J
 * (solver.md, *The order test*; test/deadlock.test.ts).
 *
 * The moments: a won line takes every waste card off the waste, top card first. Right after a
 * waste card x leaves, the waste holds exactly the cards below x now; the stock holds all but its
 * top d cards for some d (it is dealt from the top; the cards dealt went above x, or straight to
 * the tableau, and have left); the reserve all but its top e cards; every other card is on a
 * foundation or the tableau, so J of them is at most the tableau's piles. And d and e never
 * shrink from one waste card's moment to the next. So a won line gives a path of points (d, e),
 * one per waste card, non-decreasing in both, each where J fits; WasteTest.stuck decides exactly
 * whether such a path exists, and where none does the position is lost. Cells would be a place
 * outside all of these, so the test is not used with cells.
 */
export class WasteTest {
  /** The base rank the test last answered for (an audit's error names it). */
  base = -1;

  /** True when the test proves s lost (false with no base known yet, or an empty waste). */
  provesLost(s: GameState): boolean {
    const base = chainBase(s);
    const W = s.WASTE;
    const wl = s.len[W];
    if (base < 0 || wl === 0) return false;
    this.base = base;
    // The stock and the reserve are fixed by their lengths (both only ever lose their top card).
    // If a waste passed, so does its bottom part under the same stock, reserve and base: its cards
    // have the same cards out for each d, and the greedy line below starts lower. In a search that
    // is every move but a deal, a fill from the stock or a reserve move.
    const key = s.len[s.STOCK] * 4096 + s.len[s.RESERVE];
    let memo = this.memo.get(key);
    if (memo !== undefined && memo.base === base && wl <= memo.len) {
      let same = true;
      for (let i = 0, o = s.off[W]; i < wl && same; i++) same = s.cards[o + i] === memo.waste[i];
      if (same && (!memo.dead || wl === memo.len)) return memo.dead;
    }
    if (memo === undefined) this.memo.set(key, (memo = { base, len: 0, dead: false, waste: new Uint8Array(s.capacity) }));
    memo.base = base;
    memo.len = wl;
    for (let i = 0, o = s.off[W]; i < wl; i++) memo.waste[i] = s.cards[o + i]; // no view allocated per miss
    memo.dead = this.stuck(s, base);
    return memo.dead;
  }

  /** Per stock and reserve length: the waste last studied and its answer. */
  private readonly memo = new Map<number, { base: number; len: number; dead: boolean; waste: Uint8Array }>();

  /** True when no line takes every waste card off in turn with the tableau's piles enough each time (provesLost). */
  private stuck(s: GameState, base: number): boolean {
    const { cards, off, len } = s;
    const cls = this.classes(base);
    const rl = len[s.RESERVE];
    const sl = len[s.STOCK];
    const N = 2 * LEVELS;
    if (this.outs.length < (rl + 1) * N) this.grow(rl + 1);
    const { outs, js, ds, low } = this;
    // outs[e]: the cards out with the reserve's top e cards gone and the stock's top ds[e] dealt;
    // js[e] its J. Foundations of chain T with h cards hold levels 0..h-1: counted as differences.
    outs.fill(0, 0, N);
    for (let f = s.FOUND0; f < s.CELL0; f++) {
      if (len[f] === 0) continue;
      const o = colourOf(cards[off[f]]) * LEVELS;
      outs[o]++;
      if (len[f] < LEVELS) outs[o + len[f]]--;
    }
    for (let c = 1; c < N; c++) if (c % LEVELS > 0) outs[c] += outs[c - 1];
    for (let p = 0; p < s.T; p++) for (let i = off[p], e = off[p] + len[p]; i < e; i++) outs[cls[cards[i]]]++;
    js[0] = 0;
    for (let c = 1; c < N; c++) if (c % LEVELS > 0) js[0] += Math.max(0, outs[c] - outs[c - 1]);
    const rtop = off[s.RESERVE] + rl - 1;
    for (let e = 1; e <= rl; e++) {
      outs.copyWithin(e * N, (e - 1) * N, e * N);
      js[e] = js[e - 1] + this.add(e * N, cls[cards[rtop - e + 1]], 1);
    }
    ds.fill(0, 0, rl + 1);
    low.fill(0, 0, rl + 1);
    // The waste's cards leave top first, and neither the stock dealt nor the reserve gone by then
    // ever shrinks: a line is a path of points (d, e), non-decreasing in both, with J at most the
    // piles at each card's point. low[e] keeps the least d any path so far reaches with at most e
    // reserve cards gone (the staircase of the points reached); each card moves every e's point to
    // the least d at or above low[e] that fits, and the staircase is rebuilt from those. A path
    // exists exactly when the staircase never empties.
    const piles = s.T;
    const stop = off[s.STOCK] + sl - 1;
    for (let i = off[s.WASTE] + len[s.WASTE] - 1; i >= off[s.WASTE]; i--) {
      const c = cls[cards[i]];
      let env = NONE;
      for (let e = 0; e <= rl; e++) {
        const o = e * N;
        js[e] += this.add(o, c, 1);
        if (low[e] === NONE) continue;
        while (ds[e] > low[e]) js[e] += this.add(o, cls[cards[stop - --ds[e]]], -1);
        while (ds[e] < low[e] || (js[e] > piles && ds[e] < sl)) js[e] += this.add(o, cls[cards[stop - ds[e]++]], 1);
        if (js[e] <= piles && ds[e] < env) env = ds[e];
        low[e] = env;
      }
      if (env === NONE) return true;
    }
    return false;
  }

  /** Room for the reserve's lengths up to n - 1 (stuck). */
  private grow(n: number): void {
    this.outs = new Int32Array(n * 2 * LEVELS);
    this.js = new Int32Array(n);
    this.ds = new Int32Array(n);
    this.low = new Int32Array(n);
  }
  private outs = new Int32Array(0);
  private js = new Int32Array(0);
  private ds = new Int32Array(0);
  private low = new Int32Array(0);

  /** Each card's class under base rank `base` (classOf), kept for the last base asked. */
  private classes(base: number): Uint8Array {
    if (this.clsBase !== base) {
      for (let c = 0; c < 52; c++) this.cls[c] = classOf(c, base);
      this.clsBase = base;
    }
    return this.cls;
  }
  private readonly cls = new Uint8Array(52);
  private clsBase = -1;

  /**
   * outs[o + c] += by (1 or -1), and the change in J it makes (stuck): J's term at c grows by one
   * with a card added if c's count was not below c - 1's, and the term at c + 1 shrinks if c + 1's
   * count was above c's (the other way round for a card taken away). Level 0 has no term; level 12
   * no term above it.
   */
  private add(o: number, c: number, by: number): number {
    return addCount(this.outs, o, c, by);
  }
}

// Test "waste" (proof name `waste`): the four alternate-colour games, with a stock and no cells.
import { colourOf } from '../cards/card';
import type { RunBoard } from '../engine/runboard';
import type { GameState } from '../engine/state';
import { addCount, chainBase, classOf, LEVELS } from './chains';

/** No point reached (stuck's staircase). */
const NONE = 1 << 30;
/** WasteAnswers.find's answers. */
const UNKNOWN = 0;
const ALIVE = 1;
const DEAD = 2;

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
 *
 * The piles' bottoms (pileBottoms; Empress of Italy, whose emptied piles fill from the stock first,
 * and which has no reserve). While the stock holds a card no pile is empty, so no card from the waste
 * or the tableau ever goes into an empty one: from now on, a pile's bottom is one of today's bottoms
 * or a card that came off the stock since. So at a waste card's moment with d cards dealt and the
 * stock not empty, the classes' bottoms are at most today's plus the d cards', and bottomsFit must
 * hold for the cards out then. The greedy line stays exact with this condition at each point (the
 * least d that fits leaves every later choice open), and once the stock is out J alone is asked.
 */
export class WasteTest {
  /** The base rank the test last answered for (an audit's error names it). */
  base = -1;

  /**
   * `answers`: the table of answers (a test gives a small one, to exercise its growth and clearing).
   * `pileBottoms`: where the game fills an emptied pile from the stock first and has no reserve
   * (Empress of Italy), also ask the bottoms' condition (bottomsFit, below); the complete searches'
   * test does (cuts.ts), the playouts' does not.
   */
  constructor(
    private readonly answers = new WasteAnswers(),
    private readonly pileBottoms = false,
  ) {}

  /** True when the test proves s lost (false with no base known yet, or an empty waste). */
  provesLost(s: GameState): boolean {
    const base = chainBase(s);
    const wl = s.len[s.WASTE];
    if (base < 0 || wl === 0) return false;
    const sl = s.len[s.STOCK];
    const rl = s.len[s.RESERVE];
    if (this.pileBottoms && sl > 0 && rl === 0 && s.fill0 === s.STOCK) {
      // The answer depends on the piles' bottoms too, which the memo's and the table's keys leave out.
      this.base = base;
      this.bottomsOf(s, base);
      return this.stuck(s, base, true);
    }
    const memo = this.recall(sl, rl, base, s.cards, s.off[s.WASTE], wl, s.capacity);
    if (memo === null) return this.known;
    const kept = this.answers.find(sl, rl, base, this.classes(base), s.cards, s.off[s.WASTE], wl);
    memo.dead = kept !== UNKNOWN ? kept === DEAD : this.stuck(s, base);
    if (kept === UNKNOWN) this.answers.keep(memo.dead);
    return memo.dead;
  }

  /** provesLost for a RunBoard's position: the same answer as for the GameState it holds. */
  provesLostBoard(b: RunBoard): boolean {
    const base = b.base >= 0 ? b.base : b.constraint; // chainBase: boards hold Terrace games, with no ace base
    if (base < 0 || b.wl === 0) return false;
    const memo = this.recall(b.sl, b.rl, base, b.waste, 0, b.wl, b.waste.length);
    if (memo === null) return this.known;
    memo.dead = this.stuckBoard(b, base);
    return memo.dead;
  }

  /**
   * The memo's answer for a waste of wl cards at waste[o...] under that stock, reserve and base, if
   * it has one (null, the answer in `known`); else the memo entry, its answer to be set, with room
   * for `capacity` cards (the game's pack: no waste holds more). The stock and the reserve are
   * fixed by their lengths (both only ever lose their top card). If a waste passed, so does its
   * bottom part under the same stock, reserve and base: its cards have the same cards out for each
   * d, and the greedy line below starts lower. In a search that is every move but a deal, a fill
   * from the stock or a reserve move.
   */
  private recall(sl: number, rl: number, base: number, waste: Uint8Array, o: number, wl: number, capacity: number): Memo | null {
    this.base = base;
    const key = sl * 4096 + rl;
    let memo = this.memo.get(key);
    if (memo !== undefined && memo.base === base && wl <= memo.len) {
      let same = true;
      for (let i = 0; i < wl && same; i++) same = waste[o + i] === memo.waste[i];
      if (same && (!memo.dead || wl === memo.len)) {
        this.known = memo.dead;
        return null;
      }
    }
    if (memo === undefined) this.memo.set(key, (memo = { base, len: 0, dead: false, waste: new Uint8Array(capacity) }));
    memo.base = base;
    memo.len = wl;
    for (let i = 0; i < wl; i++) memo.waste[i] = waste[o + i]; // no view allocated per miss
    return memo;
  }

  /** recall's answer when it has one. */
  private known = false;

  /** Per stock and reserve length: the waste last studied and its answer. */
  private readonly memo = new Map<number, Memo>();

  /** True when no line takes every waste card off in turn with the tableau's piles enough each time (provesLost). */
  private stuck(s: GameState, base: number, bottoms = false): boolean {
    const { cards, off, len } = s;
    const cls = this.classes(base);
    const rl = len[s.RESERVE];
    const outs = this.prepare(rl);
    // Foundations of chain T with h cards hold levels 0..h-1: counted as differences.
    for (let f = s.FOUND0; f < s.CELL0; f++) if (len[f] > 0) countFoundation(outs, colourOf(cards[off[f]]), len[f]);
    sumLevels(outs);
    for (let p = 0; p < s.T; p++) for (let i = off[p], e = off[p] + len[p]; i < e; i++) outs[cls[cards[i]]]++;
    if (bottoms) return this.walkNoReserve(cls, s.T, cards, off[s.STOCK] + len[s.STOCK] - 1, len[s.STOCK], cards, off[s.WASTE], len[s.WASTE], this.bottoms);
    return this.walk(cls, s.T, cards, off[s.RESERVE] + rl - 1, rl, off[s.STOCK] + len[s.STOCK] - 1, len[s.STOCK], cards, off[s.WASTE], len[s.WASTE]);
  }

  /** this.bottoms: the classes of s's piles' bottom cards, counted; and the copies of each class. */
  private bottomsOf(s: GameState, base: number): void {
    const cls = this.classes(base);
    this.bottoms.fill(0);
    for (let p = 0; p < s.T; p++) if (s.len[p] > 0) this.bottoms[cls[s.cards[s.off[p]]]]++;
    this.copies = s.F >> 1;
  }
  private readonly bottoms = new Int32Array(2 * LEVELS);
  private copies = 0;

  /** stuck for a RunBoard: its piles are runs, walked down from the top by the board's `up`. */
  private stuckBoard(b: RunBoard, base: number): boolean {
    const cls = this.classes(base);
    const outs = this.prepare(b.rl);
    const out = b.cardsOut();
    for (let c = 0; c < 52; c += 4) {
      outs[cls[c]] += out[c]; // black (the clubs stand in)
      outs[cls[c + 1]] += out[c + 1]; // red (the diamonds)
    }
    return this.walk(cls, b.T, b.src, b.reserveOff + b.rl - 1, b.rl, b.stockOff + b.sl - 1, b.sl, b.waste, 0, b.wl);
  }

  /** Room for a reserve of rl cards, and outs[0, N) cleared for the cards out with none gone. */
  private prepare(rl: number): Int32Array {
    if (this.outs.length < (rl + 1) * 2 * LEVELS) this.grow(rl + 1);
    this.outs.fill(0, 0, 2 * LEVELS);
    return this.outs;
  }

  /**
   * stuck's walk, outs[0, N) holding the cards out on the foundations and the tableau: the reserve
   * and the stock are src's cards, their tops at rtop and stop; the waste is waste[w0, w0 + wl).
   */
  private walk(
    cls: Uint8Array,
    piles: number,
    src: Uint8Array,
    rtop: number,
    rl: number,
    stop: number,
    sl: number,
    waste: Uint8Array,
    w0: number,
    wl: number,
  ): boolean {
    if (rl === 0) return this.walkNoReserve(cls, piles, src, stop, sl, waste, w0, wl);
    const N = 2 * LEVELS;
    const { outs, js, ds, low } = this;
    // outs[e]: the cards out with the reserve's top e cards gone and the stock's top ds[e] dealt;
    // js[e] its J.
    js[0] = 0;
    for (let c = 1; c < N; c++) if (c % LEVELS > 0) js[0] += Math.max(0, outs[c] - outs[c - 1]);
    for (let e = 1; e <= rl; e++) {
      outs.copyWithin(e * N, (e - 1) * N, e * N);
      js[e] = js[e - 1] + this.add(e * N, cls[src[rtop - e + 1]], 1);
    }
    ds.fill(0, 0, rl + 1);
    low.fill(0, 0, rl + 1);
    // The waste's cards leave top first, and neither the stock dealt nor the reserve gone by then
    // ever shrinks: a line is a path of points (d, e), non-decreasing in both, with J at most the
    // piles at each card's point. low[e] keeps the least d any path so far reaches with at most e
    // reserve cards gone (the staircase of the points reached); each card moves every e's point to
    // the least d at or above low[e] that fits, and the staircase is rebuilt from those. A path
    // exists exactly when the staircase never empties.
    for (let i = w0 + wl - 1; i >= w0; i--) {
      const c = cls[waste[i]];
      let env = NONE;
      for (let e = 0; e <= rl; e++) {
        const o = e * N;
        js[e] += this.add(o, c, 1);
        if (low[e] === NONE) continue;
        while (ds[e] > low[e]) js[e] += this.add(o, cls[src[stop - --ds[e]]], -1);
        while (ds[e] < low[e] || (js[e] > piles && ds[e] < sl)) js[e] += this.add(o, cls[src[stop - ds[e]++]], 1);
        if (js[e] <= piles && ds[e] < env) env = ds[e];
        low[e] = env;
      }
      if (env === NONE) return true;
    }
    return false;
  }

  /**
   * walk with no reserve (Empress of Italy, and every game once its reserve is gone): one point d
   * per waste card, the least that fits at or above the last; none fits, and the position is lost.
   */
  private walkNoReserve(
    cls: Uint8Array,
    piles: number,
    src: Uint8Array,
    stop: number,
    sl: number,
    waste: Uint8Array,
    w0: number,
    wl: number,
    bottoms: Int32Array | null = null,
  ): boolean {
    const outs = this.outs;
    let j = 0;
    for (let c = 1; c < 2 * LEVELS; c++) if (c % LEVELS > 0 && outs[c] > outs[c - 1]) j += outs[c] - outs[c - 1];
    let d = 0;
    for (let i = w0 + wl - 1; i >= w0; i--) {
      j += addCount(outs, 0, cls[waste[i]], 1);
      // With `bottoms` (bottomsFit): the point must also leave each class within its bottoms, the
      // cards dealt since now counting as bottoms they may have become; once the stock is out, J alone.
      while (!(j <= piles && (bottoms === null || d >= sl || bottomsFit(outs, bottoms, this.copies)))) {
        if (d >= sl) return true;
        const c = cls[src[stop - d++]];
        j += addCount(outs, 0, c, 1);
        if (bottoms !== null) bottoms[c]++;
      }
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

/** One memo entry of WasteTest: the waste last studied under one stock and reserve length, and its answer. */
interface Memo {
  base: number;
  len: number;
  dead: boolean;
  waste: Uint8Array;
}

/**
 * The bottoms' condition (WasteTest's pileBottoms): whether some legal foundations f (each chain's
 * counts f[T,k] of foundations holding level k, non-increasing in k, at most the cards out and the
 * `copies` foundations of the chain) leave a tableau t = out - f in which no class c has more than
 * bottoms[c] cards beyond its tableau parent's count: t[c] - t[parent c] <= bottoms[c], the parent of
 * (T, k) being (T, k + 1), and of (T, 12) level 0 of the other chain (the tableau wraps). Why it is
 * asked: every tableau card lies on a card of its parent class or is its pile's bottom, and each card
 * holds one card, so t[c] <= t[parent c] + (bottoms of class c) in every position.
 *
 * Decided in one pass: with g[T,k] = f[T,k] - f[T,k+1] the foundations topped at level k (k < 12),
 * the condition at (T, k) is g[T,k] >= out[T,k] - out[T,k+1] - bottoms[T,k]; taking each g at that
 * least value only lowers every f, so the one choice left per chain is x_T = f[T,12], its full
 * foundations: at most out[T,k] - (the g's from k up) for every k and copies - (all of them), and the
 * two wraps tie x_0 and x_1 by x_1 - x_0 <= R_0 and x_0 - x_1 <= R_1. test/deadlock.test.ts checks
 * this against every legal f on small counts.
 */
export function bottomsFit(out: Int32Array, bottoms: Int32Array, copies: number): boolean {
  const L = LEVELS;
  let x0 = 0;
  let x1 = 0;
  let s0 = 0;
  let s1 = 0;
  for (let T = 0; T < 2; T++) {
    const o = T * L;
    let x = out[o + L - 1];
    let sum = 0;
    for (let k = L - 2; k >= 0; k--) {
      const need = out[o + k] - out[o + k + 1] - bottoms[o + k];
      if (need > 0) sum += need;
      if (out[o + k] - sum < x) x = out[o + k] - sum;
    }
    if (copies - sum < x) x = copies - sum;
    if (x < 0) return false;
    if (T === 0) {
      x0 = x;
      s0 = sum;
    } else {
      x1 = x;
      s1 = sum;
    }
  }
  // Level 12 of chain 0 lies on level 0 of chain 1 (R0), and the other way round (R1).
  const r0 = bottoms[L - 1] - out[L - 1] + out[L] - s1;
  const r1 = bottoms[2 * L - 1] - out[2 * L - 1] + out[0] - s0;
  return Math.max(-r0, -x1) <= Math.min(r1, x0);
}

/** A foundation of `colour`'s chain with h cards: levels 0..h-1 out, as differences (sumLevels adds them up). */
function countFoundation(outs: Int32Array, colour: number, h: number): void {
  const o = colour * LEVELS;
  outs[o]++;
  if (h < LEVELS) outs[o + h]--;
}

/** Turns countFoundation's differences into counts, chain by chain. */
function sumLevels(outs: Int32Array): void {
  for (let c = 1; c < 2 * LEVELS; c++) if (c % LEVELS > 0) outs[c] += outs[c - 1];
}

/**
 * The waste test's answers, kept by exact key: the stock's and the reserve's lengths, the base and
 * the waste's cards as classes (chains.ts), bottom first. The answer is a function of these for one
 * deal: the stock and the reserve only lose their tops, so their lengths fix their cards; the cards
 * out are every card not in the stock, the reserve or the waste; and the test reads only classes.
 * A WasteTest serves one search's state (one deal), as its memo does. A search meets the same
 * stock, reserve and waste under many tableaux and comes back to them from other branches, where
 * the memo (one waste per stock and reserve length) has moved on. Open addressing on a hash of the
 * key, each entry's classes kept in a pool and compared in full, so a collision never answers; no
 * allocation per question. It grows to at most 65,536 entries and 2 MB of classes (under 3 MB in
 * all) by default, then starts again empty. Asked only for positions of a GameState (searches):
 * a playout's positions seldom come back, and keeping theirs cost more time than it saved.
 */
export class WasteAnswers {
  /** `mostSlots` entries and `mostPool` bytes of classes at the most (powers of two, at least 1,024 and 32,768). */
  constructor(
    private readonly mostSlots = 1 << 16,
    private readonly mostPool = 1 << 21,
  ) {}

  /** Answers kept; answers found (find's hits); how many times the table has started again empty when full. */
  size = 0;
  hits = 0;
  clears = 0;

  /** Per slot: the key's hash, where its classes start in the pool, and (stock, reserve, base, length) packed. */
  private hash = new Int32Array(0);
  private at = new Int32Array(0);
  private meta = new Int32Array(0);
  private answer = new Uint8Array(0);
  private mask = -1;
  private pool = new Uint8Array(0);
  private used = 0;
  /** The key of the last find that missed, for keep(). */
  private readonly key = new Uint8Array(256);
  private keyLen = 0;
  private keyHash = 0;
  private keyMeta = 0;

  /** The answer kept for this key, or UNKNOWN (then keep() stores the answer for it). */
  find(sl: number, rl: number, base: number, cls: Uint8Array, waste: Uint8Array, o: number, wl: number): number {
    if (this.mask < 0) this.grow(1 << 10, 1 << 15);
    if (wl >= this.key.length) {
      this.keyLen = -1; // longer than any waste of the five games: not kept
      return UNKNOWN;
    }
    const meta = ((sl * 256 + rl) * 16 + base) * 256 + wl;
    let h = Math.imul(meta, 0x9e3779b1);
    const key = this.key;
    for (let i = 0; i < wl; i++) {
      const c = cls[waste[o + i]];
      key[i] = c;
      h = Math.imul(h ^ c, 0x85ebca6b) ^ (h >>> 13);
    }
    this.keyLen = wl;
    this.keyHash = h;
    this.keyMeta = meta;
    for (let i = h & this.mask; this.answer[i] !== UNKNOWN; i = (i + 1) & this.mask) {
      if (this.hash[i] !== h || this.meta[i] !== meta) continue;
      const a = this.at[i];
      let same = true;
      for (let j = 0; j < wl && same; j++) same = this.pool[a + j] === key[j];
      if (same) {
        this.hits++;
        return this.answer[i];
      }
    }
    return UNKNOWN;
  }

  /** Keeps `dead` as the answer for the key of the last find, which missed. */
  keep(dead: boolean): void {
    const wl = this.keyLen;
    if (wl < 0) return;
    if (this.size >= ((this.mask + 1) * 3) / 4 || this.used + wl > this.pool.length) {
      const slots = this.mask + 1;
      if (slots < this.mostSlots && this.pool.length < this.mostPool) this.grow(slots * 2, this.pool.length * 2);
      else this.clear(); // full at the most: start again empty
    }
    let i = this.keyHash & this.mask;
    while (this.answer[i] !== UNKNOWN) i = (i + 1) & this.mask;
    this.hash[i] = this.keyHash;
    this.meta[i] = this.keyMeta;
    this.at[i] = this.used;
    this.answer[i] = dead ? DEAD : ALIVE;
    for (let j = 0; j < wl; j++) this.pool[this.used + j] = this.key[j]; // no view allocated per miss
    this.used += wl;
    this.size++;
  }

  /** Every answer dropped, the room kept. */
  private clear(): void {
    this.answer.fill(UNKNOWN);
    this.used = 0;
    this.size = 0;
    this.clears++;
  }

  /** Room for `slots` entries and `bytes` of classes, the entries kept so far moved in. */
  private grow(slots: number, bytes: number): void {
    const old = { hash: this.hash, at: this.at, meta: this.meta, answer: this.answer, pool: this.pool };
    this.hash = new Int32Array(slots);
    this.at = new Int32Array(slots);
    this.meta = new Int32Array(slots);
    this.answer = new Uint8Array(slots);
    this.mask = slots - 1;
    this.pool = new Uint8Array(bytes);
    this.size = 0;
    this.pool.set(old.pool.subarray(0, this.used)); // the classes keep their places
    for (let j = 0; j < old.answer.length; j++) {
      if (old.answer[j] === UNKNOWN) continue;
      let i = old.hash[j] & this.mask;
      while (this.answer[i] !== UNKNOWN) i = (i + 1) & this.mask;
      this.hash[i] = old.hash[j];
      this.at[i] = old.at[j];
      this.meta[i] = old.meta[j];
      this.answer[i] = old.answer[j];
      this.size++;
    }
  }
}

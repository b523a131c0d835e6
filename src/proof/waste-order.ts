// Test "order" (proof name `order`): the waste-order relaxation. The waste test asks whether the cards now
// in the waste can leave it in turn when every card dealt later is free; this test also makes the
// cards dealt later obey the rules: they pass through the same one waste, top first, and at every
// moment the cards out fit the tableau's piles.
//
// The relaxed game. A position is only (stock left, the classes of the waste's cards bottom to top):
// every other card is "out" (on a foundation or the tableau). Its moves: deal (the stock's top onto
// the waste) and pop (the waste's top goes out), the second only if afterwards the cards out still
// need at most as many tableau piles as there are (J, waste.ts: at least J piles
// in every real position). Won: stock and waste empty. Every real line is a line of it: a deal is a
// deal, a card leaving the waste is a pop, a pile filled from the stock is a deal and a pop, and the
// other real moves (tableau to foundation, between piles) change nothing it sees; every real
// position meets J <= piles. So a position whose relaxed game is lost is lost.
//
// Deciding it: a DFS over its positions, which form no cycle (each move deals a card or takes one
// off the waste), with the waste test (exact when every later card is free, so a relaxation of this
// game too) at each position, one dominance (search's comment) and learned lost waste bottoms
// (Bottoms). Relaxed positions proved lost or won, questions left open, and the bottoms, are kept
// for every later question of the same base, so the test learns across the real search; a question
// that would take more than `cap` relaxed positions is answered "not dead". plain.ts's OrderCheck
// is a second, plain version that `verify` asks wherever this one cuts.
import type { GameState } from '../engine/state';
import { splitmix32 } from '../engine/zobrist';
import { addCount, CLASSES, classOf, LEVELS } from './chains';

const DEAD = 1;
const ALIVE = 2;
const OPEN = 3;

/**
 * Relaxed positions by a 64-bit key (two 32-bit halves), in typed arrays with linear probing, at most
 * two thirds full: they start small and double as they fill, up to room for `room` entries, so a
 * short search does not pay for a large table and a question allocates nothing but the doublings.
 * Two positions sharing a key would share an answer; verify's plain version (exact keys) checks
 * every cut of a proof it repeats.
 */
class Memo {
  private k1 = new Int32Array(1024);
  private k2 = new Int32Array(1024);
  private v = new Uint8Array(1024);
  private mask = 1023;
  private readonly most: number;
  size = 0;

  constructor(room: number) {
    let n = 1024;
    while (n < room + room / 2) n *= 2;
    this.most = n;
  }

  get(a: number, b: number): number {
    for (let i = a & this.mask; ; i = (i + 1) & this.mask) {
      const v = this.v[i];
      if (v === 0 || (this.k1[i] === a && this.k2[i] === b)) return v;
    }
  }

  set(a: number, b: number, value: number): void {
    if (3 * (this.size + 1) > 2 * (this.mask + 1) && this.mask + 1 < this.most) this.grow();
    let i = a & this.mask;
    while (this.v[i] !== 0 && !(this.k1[i] === a && this.k2[i] === b)) i = (i + 1) & this.mask;
    if (this.v[i] === 0) this.size++;
    this.k1[i] = a;
    this.k2[i] = b;
    this.v[i] = value;
  }

  clear(): void {
    this.v.fill(0);
    this.size = 0;
  }

  private grow(): void {
    const { k1, k2, v } = this;
    const n = 2 * (this.mask + 1);
    this.k1 = new Int32Array(n);
    this.k2 = new Int32Array(n);
    this.v = new Uint8Array(n);
    this.mask = n - 1;
    this.size = 0;
    for (let i = 0; i < v.length; i++) if (v[i] !== 0) this.set(k1[i], k2[i], v[i]);
  }
}

/**
 * Learned lost waste bottoms. Call a relaxed position valid when its cards out fit the piles (J at
 * most the piles): every position a line reaches is, and a deal keeps it so. Two facts make a lost
 * position teach more than itself:
 * - If (n, W) is lost and (n - 1, W) is valid (n - 1 stock cards, the same waste), then (n - 1, W) is
 *   lost: from (n, W) a deal and a pop of the card dealt reach it.
 * - If every valid (n', B) with n' <= n is lost, so is (n, B + T) for every T on top of B: a line
 *   that empties the waste first takes T off, and right after T's last card leaves, the waste is B
 *   (its cards untouched until then) with n' <= n stock cards left, a valid position.
 * So for each bottom B (by a 64-bit key of its classes, bottom first) the table keeps the stock
 * lengths at which (n, B) is known lost, spreads each down through the valid lengths below it, and
 * keeps `thr`, the largest n such that every valid (n', B) with n' <= n is known lost: a position
 * whose waste has a bottom with thr at least its stock length is lost. Typed arrays with linear
 * probing; cleared when three quarters full.
 */
class Bottoms {
  private readonly k1: Int32Array;
  private readonly k2: Int32Array;
  private readonly thr: Int16Array;
  /** Per entry, `words` words of bits: bit n set when (n, B) is known lost. */
  private readonly lost: Int32Array;
  private readonly used: Uint8Array;
  private readonly mask: number;
  private size = 0;

  constructor(
    n: number,
    private readonly words: number,
  ) {
    this.k1 = new Int32Array(n);
    this.k2 = new Int32Array(n);
    this.thr = new Int16Array(n);
    this.lost = new Int32Array(n * words);
    this.used = new Uint8Array(n);
    this.mask = n - 1;
  }

  private slot(a: number, b: number): number {
    let i = (a ^ Math.imul(b, 0x9e3779b1)) & this.mask;
    while (this.used[i] !== 0 && !(this.k1[i] === a && this.k2[i] === b)) i = (i + 1) & this.mask;
    return i;
  }

  /** The bottom's thr, or -1 when nothing is known. */
  threshold(a: number, b: number): number {
    if (this.size === 0) return -1;
    const i = this.slot(a, b);
    return this.used[i] === 0 ? -1 : this.thr[i];
  }

  /**
   * (n, B) is lost; valid[n'] tells, for n' <= top, whether (n', B) is valid (top is at least n; the
   * lengths above top are not known here, so thr stays at most top).
   */
  learn(a: number, b: number, n: number, valid: Uint8Array, top: number): void {
    if (this.size >= ((this.mask + 1) * 3) / 4) this.clear();
    const i = this.slot(a, b);
    const o = i * this.words;
    if (this.used[i] === 0) {
      this.used[i] = 1;
      this.k1[i] = a;
      this.k2[i] = b;
      this.thr[i] = -1;
      this.lost.fill(0, o, o + this.words);
      this.size++;
    }
    const lost = this.lost;
    for (let x = n; x >= 0 && valid[x] !== 0 && (lost[o + (x >> 5)] & (1 << (x & 31))) === 0; x--) lost[o + (x >> 5)] |= 1 << (x & 31);
    let t = -1;
    while (t < top && (valid[t + 1] === 0 || (lost[o + ((t + 1) >> 5)] & (1 << ((t + 1) & 31))) !== 0)) t++;
    // An earlier question may have known more lengths (a longer stock): its thr stands.
    if (t > this.thr[i]) this.thr[i] = t;
  }

  clear(): void {
    this.used.fill(0);
    this.size = 0;
  }
}

export class WasteOrder {
  private memo: Memo | null = null;
  private base = -1;
  private readonly cls = new Uint8Array(52);
  /** The stock's classes, bottom first: with i + 1 cards left, stock[i] is the next dealt. */
  private stock = new Uint8Array(0);
  private waste = new Uint8Array(0);
  private wl = 0;
  private readonly out = new Int32Array(CLASSES);
  /** Copies of each class still in the stock (the dominance's bound). */
  private readonly inStock = new Int32Array(CLASSES);
  private j = 0;
  private piles = 0;
  private nodes = 0;
  /** Zobrist keys: z1/z2[i * 26 + class] for a waste card at height i, s1/s2[n] for n stock cards left. */
  private z1: Int32Array = new Int32Array(0);
  private z2: Int32Array = new Int32Array(0);
  private s1: Int32Array = new Int32Array(0);
  private s2: Int32Array = new Int32Array(0);
  private h1 = 0;
  private h2 = 0;
  private readonly tmp = new Int32Array(CLASSES);
  /** Learned lost bottoms, and the keys of the waste's bottoms: p1/p2[h] for its h bottom cards. */
  private bottoms: Bottoms | null = null;
  private p1 = new Int32Array(0);
  private p2 = new Int32Array(0);
  /** The question's stock length, and learn's scratch: valid[n] for n stock cards left, cards out. */
  private top = 0;
  private valid = new Uint8Array(0);
  private readonly outs = new Int32Array(CLASSES);
  /** Relaxed positions searched over all questions, and the last question's answer (for measurements and tests). */
  searched = 0;
  answer: 'dead' | 'alive' | 'open' = 'open';

  constructor(
    /** Relaxed positions one question may search. */
    private readonly cap = 2000,
    /** Decided positions kept before the memo starts afresh. */
    private readonly keep = 1 << 20,
    /** Room for learned bottoms (a power of two; 0: none learned). */
    private readonly bottomsRoom = 1 << 16,
  ) {}

  /** True when the relaxed game from s (base `base`, no reserve card left) is lost. */
  provesLost(s: GameState, base: number): boolean {
    const { cards, off, len } = s;
    if (this.stock.length < s.capacity) this.grow(s.capacity);
    const memo = (this.memo ??= new Memo(this.keep + this.cap + 1));
    if (this.bottomsRoom > 0) this.bottoms ??= new Bottoms(this.bottomsRoom, (s.capacity + 32) >> 5);
    if (base !== this.base || memo.size > this.keep) {
      memo.clear();
      this.bottoms?.clear();
      this.base = base;
      for (let c = 0; c < 52; c++) this.cls[c] = classOf(c, base);
    }
    const sl = len[s.STOCK];
    this.inStock.fill(0);
    for (let i = 0; i < sl; i++) this.inStock[(this.stock[i] = this.cls[cards[off[s.STOCK] + i]])]++;
    this.wl = len[s.WASTE];
    this.h1 = this.h2 = 0;
    for (let i = 0; i < this.wl; i++) {
      const c = (this.waste[i] = this.cls[cards[off[s.WASTE] + i]]);
      this.h1 ^= this.z1[i * CLASSES + c];
      this.h2 ^= this.z2[i * CLASSES + c];
      this.p1[i + 1] = this.h1;
      this.p2[i + 1] = this.h2;
    }
    this.out.fill(0);
    for (let f = s.FOUND0; f < s.CELL0; f++) for (let i = off[f], e = off[f] + len[f]; i < e; i++) this.out[this.cls[cards[i]]]++;
    for (let p = 0; p < s.T; p++) for (let i = off[p], e = off[p] + len[p]; i < e; i++) this.out[this.cls[cards[i]]]++;
    this.j = 0;
    for (let c = 1; c < CLASSES; c++) if (c % LEVELS > 0) this.j += Math.max(0, this.out[c] - this.out[c - 1]);
    this.piles = s.T;
    this.top = sl;
    this.nodes = 0;
    const r = this.search(sl);
    this.searched += this.nodes;
    this.answer = r === DEAD ? 'dead' : r === ALIVE ? 'alive' : 'open';
    // An open question is not asked again: most real moves leave the relaxed position as it was.
    if (r === OPEN) memo.set(this.h1 ^ this.s1[sl], this.h2 ^ this.s2[sl], OPEN);
    return r === DEAD;
  }

  /** Room and Zobrist keys for `capacity` cards (the same keys in every run). */
  private grow(capacity: number): void {
    this.stock = new Uint8Array(capacity);
    this.waste = new Uint8Array(capacity);
    this.p1 = new Int32Array(capacity + 1);
    this.p2 = new Int32Array(capacity + 1);
    this.valid = new Uint8Array(capacity + 1);
    this.bottoms = null; // made again, sized for the capacity
    [this.z1, this.z2] = zobrist(capacity * CLASSES);
    [this.s1, this.s2] = zobrist(capacity + 1);
    this.memo?.clear(); // its keys were made with the old ones
    this.base = -1;
  }

  /**
   * DEAD, ALIVE, or OPEN (the cap was reached below). The dominance: popping the top card x, of
   * class (T, k), when the copies of (T, k - 1) out outnumber those of (T, k) out and in the stock
   * together (or k = 0), is never worse than keeping it. A line that keeps x pops it later, and
   * until then only cards dealt after now go out, so (T, k)'s count stays below (T, k - 1)'s and
   * x out would add no J term at k (J's term at k + 1 can only shrink): popping x now and then
   * playing the same line meets every J check it met. So if popping x loses, the position loses.
   */
  private search(sl: number): number {
    if (sl === 0 && this.wl === 0) return ALIVE;
    const a = this.h1 ^ this.s1[sl];
    const b = this.h2 ^ this.s2[sl];
    const memo = this.memo!;
    const known = memo.get(a, b);
    if (known !== 0) return known;
    if (++this.nodes > this.cap) return OPEN;
    if (this.bottomLost(sl)) return this.settle(a, b, DEAD);
    if (this.stuck(sl)) return this.lost(a, b, sl);
    let result = DEAD;
    if (this.wl > 0) {
      const c = this.waste[this.wl - 1];
      const safe = c % LEVELS === 0 || this.out[c - 1] > this.out[c] + this.inStock[c];
      this.j += addCount(this.out, 0, c, 1);
      if (this.j <= this.piles) {
        const z = --this.wl * CLASSES + c;
        this.h1 ^= this.z1[z];
        this.h2 ^= this.z2[z];
        const r = this.search(sl);
        this.h1 ^= this.z1[z];
        this.h2 ^= this.z2[z];
        this.waste[this.wl++] = c;
        this.p1[this.wl] = this.h1; // a deal below may have put another card at this height
        this.p2[this.wl] = this.h2;
        this.j += addCount(this.out, 0, c, -1);
        if (r === ALIVE) return this.settle(a, b, ALIVE);
        if (r === OPEN) result = OPEN;
        else if (safe) return this.lost(a, b, sl);
      } else this.j += addCount(this.out, 0, c, -1);
    }
    if (sl > 0) {
      const c = this.stock[sl - 1];
      const z = this.wl * CLASSES + c;
      this.h1 ^= this.z1[z];
      this.h2 ^= this.z2[z];
      this.waste[this.wl++] = c;
      this.p1[this.wl] = this.h1;
      this.p2[this.wl] = this.h2;
      this.inStock[c]--;
      const r = this.search(sl - 1);
      this.inStock[c]++;
      this.wl--;
      this.h1 ^= this.z1[z];
      this.h2 ^= this.z2[z];
      if (r === ALIVE) return this.settle(a, b, ALIVE);
      if (r === OPEN) result = OPEN;
    }
    return result === OPEN ? OPEN : this.lost(a, b, sl);
  }

  /** Whether some bottom of the waste is known lost at this stock length or more (Bottoms). */
  private bottomLost(sl: number): boolean {
    const bottoms = this.bottoms;
    if (bottoms === null) return false;
    for (let h = 1; h <= this.wl; h++) if (bottoms.threshold(this.p1[h], this.p2[h]) >= sl) return true;
    return false;
  }

  /**
   * The position (sl, waste) is proved lost: kept in the memo, and its waste learned as a bottom
   * lost at sl, with the valid stock lengths 0..top for that waste (its cards out counted from
   * this position's: a stock card more dealt is a card more out).
   */
  private lost(a: number, b: number, sl: number): number {
    if (this.bottoms === null) return this.settle(a, b, DEAD);
    const { valid, outs, stock, piles } = this;
    outs.set(this.out);
    let j = this.j;
    valid[sl] = j <= piles ? 1 : 0;
    for (let n = sl; n > 0; n--) valid[n - 1] = (j += addCount(outs, 0, stock[n - 1], 1)) <= piles ? 1 : 0;
    outs.set(this.out);
    j = this.j;
    for (let n = sl + 1; n <= this.top; n++) valid[n] = (j += addCount(outs, 0, stock[n - 1], -1)) <= piles ? 1 : 0;
    this.bottoms.learn(this.h1, this.h2, sl, valid, this.top);
    return this.settle(a, b, DEAD);
  }

  private settle(a: number, b: number, r: number): number {
    this.memo!.set(a, b, r);
    return r;
  }

  /** The waste test on a relaxed position: its waste cannot leave in turn even with every later card free. */
  private stuck(sl: number): boolean {
    const t = this.tmp;
    t.set(this.out);
    let j = this.j;
    let d = sl;
    for (let i = this.wl - 1; i >= 0; i--) {
      j += addCount(t, 0, this.waste[i], 1);
      while (j > this.piles && d > 0) j += addCount(t, 0, this.stock[--d], 1);
      if (j > this.piles) return true;
    }
    return false;
  }
}

/**
 * Two independent arrays of n random 32-bit keys from a fixed seed: one key half each, from one run
 * of splitmix32 (a multiply-mix, not linear over the bits), so the second half is not a function of
 * the first, as it would be with two runs of one xorshift, and the key really has 64 bits.
 */
export function zobrist(n: number): [Int32Array, Int32Array] {
  const next = splitmix32(0x9e3779b9);
  return [Int32Array.from({ length: n }, next), Int32Array.from({ length: n }, next)];
}

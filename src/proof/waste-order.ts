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
// game too) at each position, and one dominance (search's comment). Relaxed positions proved lost or
// won, and questions left open, are kept for every later question of the same base, so the test
// learns across the real search; a question that would take more than `cap` relaxed positions is
// answered "not dead". plain.ts's OrderCheck is a second, plain version that `verify`
// asks wherever this one cuts.
import type { GameState } from '../engine/state';
import { splitmix32 } from '../engine/zobrist';
import { addCount, CLASSES, classOf, LEVELS } from './chains';

const DEAD = 1;
const ALIVE = 2;
const OPEN = 3;

/**
 * Relaxed positions by a 64-bit key (two 32-bit halves), in typed arrays with linear probing, so a
 * question allocates nothing. Two positions sharing a key would share an answer; verify's plain
 * version (exact keys) checks every cut of a proof it repeats.
 */
class Memo {
  private readonly k1: Int32Array;
  private readonly k2: Int32Array;
  private readonly v: Uint8Array;
  private readonly mask: number;
  size = 0;

  constructor(room: number) {
    let n = 1024;
    while (n < room + room / 2) n *= 2; // at most two thirds full
    this.k1 = new Int32Array(n);
    this.k2 = new Int32Array(n);
    this.v = new Uint8Array(n);
    this.mask = n - 1;
  }

  get(a: number, b: number): number {
    for (let i = a & this.mask; ; i = (i + 1) & this.mask) {
      const v = this.v[i];
      if (v === 0 || (this.k1[i] === a && this.k2[i] === b)) return v;
    }
  }

  set(a: number, b: number, value: number): void {
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
  /** Relaxed positions searched over all questions (for measurements). */
  searched = 0;

  constructor(
    /** Relaxed positions one question may search. */
    private readonly cap = 2000,
    /** Decided positions kept before the memo starts afresh. */
    private readonly keep = 1 << 20,
  ) {}

  /** True when the relaxed game from s (base `base`, no reserve card left) is lost. */
  provesLost(s: GameState, base: number): boolean {
    const { cards, off, len } = s;
    if (this.stock.length < s.capacity) this.grow(s.capacity);
    const memo = (this.memo ??= new Memo(this.keep + this.cap + 1));
    if (base !== this.base || memo.size > this.keep) {
      memo.clear();
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
    }
    this.out.fill(0);
    for (let f = s.FOUND0; f < s.CELL0; f++) for (let i = off[f], e = off[f] + len[f]; i < e; i++) this.out[this.cls[cards[i]]]++;
    for (let p = 0; p < s.T; p++) for (let i = off[p], e = off[p] + len[p]; i < e; i++) this.out[this.cls[cards[i]]]++;
    this.j = 0;
    for (let c = 1; c < CLASSES; c++) if (c % LEVELS > 0) this.j += Math.max(0, this.out[c] - this.out[c - 1]);
    this.piles = s.T;
    this.nodes = 0;
    const r = this.search(sl);
    this.searched += this.nodes;
    // An open question is not asked again: most real moves leave the relaxed position as it was.
    if (r === OPEN) memo.set(this.h1 ^ this.s1[sl], this.h2 ^ this.s2[sl], OPEN);
    return r === DEAD;
  }

  /** Room and Zobrist keys for `capacity` cards (the same keys in every run). */
  private grow(capacity: number): void {
    this.stock = new Uint8Array(capacity);
    this.waste = new Uint8Array(capacity);
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
    if (this.stuck(sl)) return this.settle(a, b, DEAD);
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
        this.j += addCount(this.out, 0, c, -1);
        if (r === ALIVE) return this.settle(a, b, ALIVE);
        if (r === OPEN) result = OPEN;
        else if (safe) return this.settle(a, b, DEAD);
      } else this.j += addCount(this.out, 0, c, -1);
    }
    if (sl > 0) {
      const c = this.stock[sl - 1];
      const z = this.wl * CLASSES + c;
      this.h1 ^= this.z1[z];
      this.h2 ^= this.z2[z];
      this.waste[this.wl++] = c;
      this.inStock[c]--;
      const r = this.search(sl - 1);
      this.inStock[c]++;
      this.wl--;
      this.h1 ^= this.z1[z];
      this.h2 ^= this.z2[z];
      if (r === ALIVE) return this.settle(a, b, ALIVE);
      if (r === OPEN) result = OPEN;
    }
    return result === OPEN ? OPEN : this.settle(a, b, DEAD);
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

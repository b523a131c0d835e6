// Test "order" (deadlock.ts): the waste-order relaxation. The waste test asks whether the cards now
// in the waste can leave it in turn when every card dealt later is free; this test also makes the
// cards dealt later obey the rules: they pass through the same one waste, top first, and at every
// moment the cards out fit the tableau's piles.
//
// The relaxed game. A position is only (stock left, the classes of the waste's cards bottom to top):
// every other card is "out" (on a foundation or the tableau). Its moves: deal (the stock's top onto
// the waste) and pop (the waste's top goes out), the second only if afterwards the cards out still
// need at most as many tableau piles as there are (J, deadlock.ts's waste test: at least J piles
// in every real position). Won: stock and waste empty. Every real line is a line of it: a deal is a
// deal, a card leaving the waste is a pop, a pile filled from the stock is a deal and a pop, and the
// other real moves (tableau to foundation, between piles) change nothing it sees; every real
// position meets J <= piles. So a position whose relaxed game is lost is lost.
//
// Deciding it: a DFS over its positions, which form no cycle (each move deals a card or takes one
// off the waste), with the waste test (exact when every later card is free, so a relaxation of this
// game too) at each position, and one dominance: a pop of a card of level k whose level k - 1 is all
// out, or of level 0, never raises J in any later position (its count stays at most k - 1's), so
// popping it is never worse than keeping it, and if popping loses so does the position. Relaxed
// positions proved lost or won, and questions left open, are kept (by position: the cards out follow from it) for every later
// question of the same base, so the test learns across the real search; a question that would
// take more than `cap` relaxed positions is answered "not dead".
import type { GameState } from '../engine/state';
import { addCount } from './deadlock';

const LEVELS = 13;
const DEAD = 1;
const ALIVE = 2;
const OPEN = 3;

export class WasteOrder {
  /**
   * Relaxed positions decided, DEAD or ALIVE, and questions left OPEN (not asked again), for the
   * current base. Keys are strings, made per relaxed position: this test allocates, and no default
   * policy asks it (policy.ts's deadlockTests).
   */
  private readonly memo = new Map<string, number>();
  private base = -1;
  private readonly cls = new Uint8Array(52);
  /** The stock's classes, bottom first: with i + 1 cards left, stock[i] is the next dealt. */
  private stock = new Uint8Array(0);
  private waste = new Uint8Array(0);
  private wl = 0;
  private readonly out = new Int32Array(2 * LEVELS);
  private j = 0;
  private piles = 0;
  private copies = 0;
  private nodes = 0;
  private limit = 0;
  private readonly tmp = new Int32Array(2 * LEVELS);
  /** Relaxed positions searched over all questions (for measurements). */
  searched = 0;

  constructor(
    /** Relaxed positions one question may search. */
    private readonly cap = 2000,
    /** Decided positions kept before the memo starts afresh. */
    private readonly keep = 1 << 20,
  ) {}

  /** True when the relaxed game from s (base `base`, no reserve card left) is lost. */
  dead(s: GameState, base: number, classOf: (c: number, b: number) => number): boolean {
    const { cards, off, len } = s;
    if (base !== this.base) {
      this.memo.clear();
      this.base = base;
      for (let c = 0; c < 52; c++) this.cls[c] = classOf(c, base);
    }
    const sl = len[s.STOCK];
    if (this.stock.length < s.capacity) {
      this.stock = new Uint8Array(s.capacity);
      this.waste = new Uint8Array(s.capacity);
    }
    // stock[i]: the class of the card dealt when i + 1 cards are left (so stock[sl - 1] is the top).
    for (let i = 0; i < sl; i++) this.stock[i] = this.cls[cards[off[s.STOCK] + i]];
    this.wl = len[s.WASTE];
    for (let i = 0; i < this.wl; i++) this.waste[i] = this.cls[cards[off[s.WASTE] + i]];
    this.out.fill(0);
    for (let f = s.FOUND0; f < s.CELL0; f++) for (let i = off[f], e = off[f] + len[f]; i < e; i++) this.out[this.cls[cards[i]]]++;
    for (let p = 0; p < s.T; p++) for (let i = off[p], e = off[p] + len[p]; i < e; i++) this.out[this.cls[cards[i]]]++;
    this.j = 0;
    for (let c = 1; c < 2 * LEVELS; c++) if (c % LEVELS > 0) this.j += Math.max(0, this.out[c] - this.out[c - 1]);
    this.piles = s.T;
    this.copies = 2 * s.rules.decks;
    this.nodes = 0;
    this.limit = this.cap;
    if (this.memo.size > this.keep) this.memo.clear();
    const r = this.search(sl);
    this.searched += this.nodes;
    // An open question is not asked again: most real moves leave the relaxed position as it was.
    if (r === OPEN) this.memo.set(this.key(sl), OPEN);
    return r === DEAD;
  }

  private key(sl: number): string {
    let k = String.fromCharCode(sl + 64);
    for (let i = 0; i < this.wl; i++) k += String.fromCharCode(this.waste[i] + 64);
    return k;
  }

  /** DEAD, ALIVE, or OPEN (the cap was reached below). */
  private search(sl: number): number {
    if (sl === 0 && this.wl === 0) return ALIVE;
    const key = this.key(sl);
    const known = this.memo.get(key);
    if (known !== undefined) return known;
    if (++this.nodes > this.limit) return OPEN;
    let result = DEAD;
    if (this.stuck(sl)) {
      this.memo.set(key, DEAD);
      return DEAD;
    }
    if (this.wl > 0) {
      const c = this.waste[this.wl - 1];
      const k = c % LEVELS;
      const safe = k === 0 || this.out[c - 1] >= this.copies;
      this.j += this.add(this.out, c, 1);
      if (this.j <= this.piles) {
        this.wl--;
        const r = this.search(sl);
        this.wl++;
        this.waste[this.wl - 1] = c;
        this.j += this.add(this.out, c, -1);
        if (r === ALIVE) return this.settle(key, ALIVE);
        if (r === OPEN) result = OPEN;
        else if (safe) return this.settle(key, DEAD);
      } else this.j += this.add(this.out, c, -1);
    }
    if (sl > 0) {
      this.waste[this.wl++] = this.stock[sl - 1];
      const r = this.search(sl - 1);
      this.wl--;
      if (r === ALIVE) return this.settle(key, ALIVE);
      if (r === OPEN) result = OPEN;
    }
    return result === OPEN ? OPEN : this.settle(key, DEAD);
  }

  private settle(key: string, r: number): number {
    this.memo.set(key, r);
    return r;
  }

  /** The waste test on a relaxed position: its waste cannot leave in turn even with every later card free. */
  private stuck(sl: number): boolean {
    const t = this.tmp;
    t.set(this.out);
    let j = this.j;
    let d = sl;
    for (let i = this.wl - 1; i >= 0; i--) {
      j += this.add(t, this.waste[i], 1);
      while (j > this.piles && d > 0) j += this.add(t, this.stock[--d], 1);
      if (j > this.piles) return true;
    }
    return false;
  }

  private add(m: Int32Array, c: number, by: number): number {
    return addCount(m, 0, c, by);
  }
}

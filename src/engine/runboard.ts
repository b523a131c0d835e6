// A Terrace-family position (Signora, Double Signora, Empress of Italy) held as its runs, for the
// nested Monte Carlo search's playouts (src/search/nmcs.ts): a playout loads one, plays its moves
// on it and throws it away, so it never undoes a move and keeps no Zobrist hash, card places or
// undo history. Its moves are GameState's, generated in movegen.ts's order (test/runboard.test.ts
// plays both side by side), so a playout on a board plays exactly the moves, and counts exactly the
// nodes, it would on the GameState. One position is left out: Signora's deal before its first
// move (ruling 1: foundation moves only), which the playouts play on the state.
//
// Why runs are enough: every tableau pile is a run built down in alternate colour with wrapping
// (RULES.md, *Consequences*), and suits never matter in these games, so a pile is its bottom card,
// its top card and its length; the card under the top is one rank up, of the other colour. A card
// is held as the card of its (rank, colour) class that stands for them all (clubs for black,
// diamonds for red): every table the moves read (colourClass, belowClass, cls, the waste
// test's classes) gives it the same answer as any card of its class.
import { colourOf } from '../cards/card';
import { encodeMove, moveFrom, moveTo } from './move';
import { Empty, type GameState } from './state';
import { CLASS_COUNT, mix } from './zobrist';

/** Random keys of a run in a playout's set of positions, by (bottom card's class) * 256 + length. */
export const RUN_KEYS1 = new Int32Array(CLASS_COUNT * 256).map((_, i) => mix(i * 2 + 1));
export const RUN_KEYS2 = new Int32Array(CLASS_COUNT * 256).map((_, i) => mix(~(i * 2 + 1)));

/** The card standing for c's (rank, colour) class: clubs for black, diamonds for red. */
export function standIn(c: number): number {
  return (c & ~3) | colourOf(c);
}

/** Whether a state's playouts can run on a RunBoard (above): a Terrace game whose piles are runs. */
export function boardFits(s: GameState): boolean {
  const r = s.rules;
  return (
    r.terraceFamily &&
    r.suitsIrrelevant &&
    r.tableauWrap &&
    s.wrapFound &&
    !r.runMoves &&
    s.C === 0 &&
    !s.suitFound &&
    s.emptyRule !== Empty.AnyCardOrRun &&
    s.disorder === 0 &&
    (s.fill0 < 0 || s.fill0 === s.STOCK || s.fill0 === s.WASTE) &&
    (s.fill1 < 0 || s.fill1 === s.STOCK || s.fill1 === s.WASTE)
  );
}

export class RunBoard {
  readonly T: number;
  readonly F: number;
  readonly FOUND0: number;
  readonly RESERVE: number;
  readonly STOCK: number;
  readonly WASTE: number;
  /** Each tableau pile's bottom and top card (stand-ins) and length. */
  readonly bottom: Uint8Array;
  readonly top: Uint8Array;
  readonly len: Int32Array;
  /** Per (rank, colour) class, the piles whose top is of it, one bit each. */
  private readonly byTop = new Int32Array(26);
  /** Each foundation's length, top and bottom card (stand-ins). */
  readonly fLen: Int32Array;
  readonly fTop: Uint8Array;
  readonly fBottom: Uint8Array;
  /** accept[c]: the foundation pile that takes card c (a stand-in) now, or -1 (movegen.ts's fillAccept). */
  private readonly accept = new Int32Array(52);
  /** The waste, bottom first (stand-ins), and its length. */
  readonly waste: Uint8Array;
  wl = 0;
  /** The stock and the reserve are the loaded state's own cards (they only lose their tops): their lengths. */
  sl = 0;
  rl = 0;
  /** The state whose cards the stock and reserve are, and where they start in it. */
  readonly src: Uint8Array;
  readonly stockOff: number;
  readonly reserveOff: number;
  base = -1;
  constraint = -1;
  onFoundation = 0;
  total = 0;
  /** The tableau's key in a playout's set (nmcs.ts): RUN_KEYS summed over the piles. */
  key1 = 0;
  key2 = 0;
  /** The key the tableau would have after the move peek() was asked about. */
  peek1 = 0;
  peek2 = 0;
  /** Per stand-in card, how many of its class are on the foundations and the tableau (cardsOut); valid while outKnown. */
  private readonly out = new Int32Array(52);
  private outKnown = false;
  /** The stand-in of the card under c in a run: one rank up (wrapping), the other colour. */
  readonly up = new Uint8Array(52);
  private readonly emptyRule: Empty;
  private readonly fill0: number;
  private readonly fill1: number;
  private readonly reserveToTableau: boolean;
  private readonly cls: Uint8Array;
  private readonly colourClass: Int8Array;
  private readonly belowClass: Int8Array;

  constructor(s: GameState) {
    this.T = s.T;
    this.F = s.F;
    this.FOUND0 = s.FOUND0;
    this.RESERVE = s.RESERVE;
    this.STOCK = s.STOCK;
    this.WASTE = s.WASTE;
    this.bottom = new Uint8Array(s.T);
    this.top = new Uint8Array(s.T);
    this.len = new Int32Array(s.T);
    this.fLen = new Int32Array(s.F);
    this.fTop = new Uint8Array(s.F);
    this.fBottom = new Uint8Array(s.F);
    this.waste = new Uint8Array(s.capacity);
    this.src = s.cards;
    this.stockOff = s.off[s.STOCK];
    this.reserveOff = s.off[s.RESERVE];
    this.emptyRule = s.emptyRule;
    this.fill0 = s.fill0;
    this.fill1 = s.fill1;
    this.reserveToTableau = s.rules.reserveToTableau;
    this.cls = s.cls;
    this.colourClass = s.colourClass;
    this.belowClass = s.belowClass;
    for (let c = 0; c < 52; c++) this.up[c] = standIn((((c >> 2) + 1) % 13) * 4 + (colourOf(c) === 1 ? 0 : 1));
  }

  /** Copies position s (of the state the board was made for). */
  load(s: GameState): void {
    const { cards, off } = s;
    this.byTop.fill(0);
    let k1 = 0;
    let k2 = 0;
    for (let p = 0; p < this.T; p++) {
      const l = s.len[p];
      this.len[p] = l;
      if (l === 0) continue;
      const b = standIn(cards[off[p]]);
      const t = standIn(cards[off[p] + l - 1]);
      this.bottom[p] = b;
      this.top[p] = t;
      this.byTop[this.colourClass[t]] |= 1 << p;
      const x = (this.cls[b] << 8) | l;
      k1 = (k1 + RUN_KEYS1[x]) | 0;
      k2 = (k2 + RUN_KEYS2[x]) | 0;
    }
    this.key1 = k1;
    this.key2 = k2;
    for (let f = 0; f < this.F; f++) {
      const p = this.FOUND0 + f;
      const l = s.len[p];
      this.fLen[f] = l;
      if (l === 0) continue;
      this.fBottom[f] = standIn(cards[off[p]]);
      this.fTop[f] = standIn(cards[off[p] + l - 1]);
    }
    const wl = s.len[this.WASTE];
    for (let i = 0, o = off[this.WASTE]; i < wl; i++) this.waste[i] = standIn(cards[o + i]);
    this.wl = wl;
    this.sl = s.len[this.STOCK];
    this.rl = s.len[this.RESERVE];
    this.base = s.base;
    this.constraint = s.baseConstraint;
    this.onFoundation = s.onFoundation;
    this.total = s.total;
    this.outKnown = false;
    this.fillAccept();
  }

  /**
   * Per stand-in card, the cards of its class on the foundations and the tableau (the waste test's
   * cards out). Counted on the first call after load(), then kept by apply(): only a card out of
   * the waste, the stock or the reserve changes it.
   */
  cardsOut(): Int32Array {
    if (this.outKnown) return this.out;
    const { out, up } = this;
    out.fill(0);
    // A foundation runs up from its bottom card, a tableau pile down from its top: each card's next is `up`.
    for (let f = 0; f < this.F; f++) for (let k = 0, c = this.fBottom[f]; k < this.fLen[f]; k++, c = up[c]) out[c]++;
    for (let p = 0; p < this.T; p++) for (let k = 0, c = this.top[p]; k < this.len[p]; k++, c = up[c]) out[c]++;
    this.outKnown = true;
    return out;
  }

  /** The card atop the stock or the reserve (a stand-in). */
  private stockTop(): number {
    return standIn(this.src[this.stockOff + this.sl - 1]);
  }
  private reserveTop(): number {
    return standIn(this.src[this.reserveOff + this.rl - 1]);
  }

  /** accept (above), as movegen.ts's fillAccept fills it for the same foundations. */
  private fillAccept(): void {
    const accept = this.accept;
    accept.fill(-1);
    if (this.base < 0) {
      for (let c = 0; c < 52; c++) if (this.constraint < 0 || c >> 2 === this.constraint) accept[c] = this.FOUND0;
      return;
    }
    let firstEmpty = -1;
    for (let f = 0; f < this.F; f++) {
      const l = this.fLen[f];
      if (l === 0) {
        if (firstEmpty < 0) firstEmpty = f;
        continue;
      }
      if (l === 13) continue;
      const c = this.up[this.fTop[f]]; // the next card home: one rank up, the other colour
      if (accept[c] < 0) accept[c] = this.FOUND0 + f;
    }
    if (firstEmpty >= 0) accept[this.base * 4] = accept[this.base * 4 + 1] = this.FOUND0 + firstEmpty;
  }

  /** generateFoundationMoves' moves of this position, into buf from `at`; returns the new end. */
  foundationMoves(buf: Int32Array, at: number): number {
    const accept = this.accept;
    let n = at;
    if (this.wl > 0) {
      const f = accept[this.waste[this.wl - 1]];
      if (f >= 0) buf[n++] = encodeMove(this.WASTE, f, 1);
    }
    if (this.rl > 0) {
      const f = accept[this.reserveTop()];
      if (f >= 0) buf[n++] = encodeMove(this.RESERVE, f, 1);
    }
    for (let p = 0; p < this.T; p++) {
      if (this.len[p] === 0) continue;
      const f = accept[this.top[p]];
      if (f >= 0) buf[n++] = encodeMove(p, f, 1);
    }
    return n;
  }

  /** generateOtherMoves' moves of this position, into buf from `at`; returns the new end. */
  otherMoves(buf: Int32Array, at: number): number {
    let n = at;
    const { T, len, top, byTop, belowClass, colourClass, up } = this;
    // The piles the waste's and the reserve's top may go on: those topped by the class one rank up, of the other colour.
    const wasteOn = this.wl > 0 ? byTop[colourClass[up[this.waste[this.wl - 1]]]] : 0;
    const reserveOn = this.reserveToTableau && this.rl > 0 ? byTop[colourClass[up[this.reserveTop()]]] : 0;
    let empty = -1;
    for (let q = 0; q < T; q++) {
      if (len[q] === 0) {
        if (empty < 0) empty = q;
        continue;
      }
      // The piles whose top goes on q's (never q itself: the two are of other colours), ascending.
      for (let b = byTop[belowClass[top[q]]]; b !== 0; b &= b - 1) buf[n++] = encodeMove(31 - Math.clz32(b & -b), q, 1);
      if ((wasteOn >> q) & 1) buf[n++] = encodeMove(this.WASTE, q, 1);
      if ((reserveOn >> q) & 1) buf[n++] = encodeMove(this.RESERVE, q, 1);
    }
    if (empty >= 0 && this.emptyRule !== Empty.StaysEmpty) for (let p = 0; p < T; p++) if (len[p] >= 2) buf[n++] = encodeMove(p, empty, 1);
    if (this.sl > 0) buf[n++] = encodeMove(this.STOCK, this.WASTE, 1);
    return n;
  }

  /**
   * Whether move m changes the stock's, waste's or reserve's length (a deal, a card out of the
   * waste or reserve, or a pile emptied and filled): nmcs.ts's playouts then start their set again.
   */
  changesLengths(m: number): boolean {
    const from = moveFrom(m);
    if (from >= this.T) return true;
    return this.len[from] === 1 && this.fillSource() >= 0;
  }

  /** The pile an emptied tableau pile is filled from now, or -1. */
  private fillSource(): number {
    const f0 = this.fill0;
    if (f0 >= 0 && this.lengthOf(f0) > 0) return f0;
    const f1 = this.fill1;
    return f1 >= 0 && this.lengthOf(f1) > 0 ? f1 : -1;
  }

  /** The length of the stock or the waste (the only piles that fill: boardFits). */
  private lengthOf(p: number): number {
    return p === this.STOCK ? this.sl : this.wl;
  }

  /**
   * Sets peek1, peek2 to the tableau's key after move m, one that changesLengths says leaves the
   * lengths alone: a tableau top onto a pile or home, its pile not filled.
   */
  peek(m: number): void {
    const from = moveFrom(m);
    const to = moveTo(m);
    let a = this.key1;
    let b = this.key2;
    const lf = this.len[from];
    let x = (this.cls[this.bottom[from]] << 8) | lf;
    a -= RUN_KEYS1[x];
    b -= RUN_KEYS2[x];
    if (lf > 1) {
      a += RUN_KEYS1[x - 1];
      b += RUN_KEYS2[x - 1];
    }
    if (to < this.T) {
      const lt = this.len[to];
      if (lt > 0) {
        x = (this.cls[this.bottom[to]] << 8) | lt;
        a = a - RUN_KEYS1[x] + RUN_KEYS1[x + 1];
        b = b - RUN_KEYS2[x] + RUN_KEYS2[x + 1];
      } else {
        x = (this.cls[this.top[from]] << 8) | 1;
        a += RUN_KEYS1[x];
        b += RUN_KEYS2[x];
      }
    }
    this.peek1 = a | 0;
    this.peek2 = b | 0;
  }

  /** Plays legal move m (GameState.apply's move, its automatic fill included). */
  apply(m: number): void {
    const from = moveFrom(m);
    const to = moveTo(m);
    let card: number;
    if (from < this.T) card = this.takeTop(from);
    else if (from === this.WASTE) card = this.waste[--this.wl];
    else if (from === this.RESERVE) {
      card = this.reserveTop();
      this.rl--;
    } else {
      card = this.stockTop();
      this.sl--;
    }
    if (to < this.T) this.putOn(to, card);
    else if (to === this.WASTE) {
      this.waste[this.wl++] = card;
      return; // a deal: nothing out, no pile emptied
    } else this.home(to - this.FOUND0, card);
    if (from >= this.T) this.out[card]++; // out of the waste or the reserve (counted even while unknown: load() clears the flag, cardsOut() recounts)
    if (from < this.T && this.len[from] === 0) {
      const fs = this.fillSource();
      if (fs < 0) return;
      let c: number;
      if (fs === this.WASTE) c = this.waste[--this.wl];
      else {
        c = this.stockTop();
        this.sl--;
      }
      this.putOn(from, c);
      this.out[c]++;
    }
  }

  /**
   * Card c onto foundation f, and accept kept: only c's own entry and the entry of the card that
   * now goes on f can change, where the move went where accept sent it (the first foundation that
   * takes c). Before the base is fixed, accept is filled again.
   */
  private home(f: number, c: number): void {
    const l = this.fLen[f];
    if (l === 0) this.fBottom[f] = c;
    this.fTop[f] = c;
    this.fLen[f] = l + 1;
    this.onFoundation++;
    if (this.base < 0) {
      this.base = c >> 2;
      this.fillAccept();
      return;
    }
    const accept = this.accept;
    const F0 = this.FOUND0;
    if (l === 0) {
      // f was the first empty foundation: the base's cards go to the next one, if any.
      let g = f + 1;
      while (g < this.F && this.fLen[g] !== 0) g++;
      accept[this.base * 4] = accept[this.base * 4 + 1] = g < this.F ? F0 + g : -1;
    } else {
      // c goes to the first foundation after f that takes it, if any.
      let g = f + 1;
      while (g < this.F && !(this.fLen[g] > 0 && this.fLen[g] < 13 && this.up[this.fTop[g]] === c)) g++;
      accept[c] = g < this.F ? F0 + g : -1;
    }
    if (l + 1 < 13) {
      const next = this.up[c];
      if (accept[next] < 0 || accept[next] > F0 + f) accept[next] = F0 + f;
    }
  }

  /** Takes tableau pile p's top card off (its run's next card up becomes the top); returns it. */
  private takeTop(p: number): number {
    const t = this.top[p];
    const l = this.len[p];
    const bit = 1 << p;
    let x = (this.cls[this.bottom[p]] << 8) | l;
    this.key1 = (this.key1 - RUN_KEYS1[x]) | 0;
    this.key2 = (this.key2 - RUN_KEYS2[x]) | 0;
    this.byTop[this.colourClass[t]] &= ~bit;
    this.len[p] = l - 1;
    if (l > 1) {
      const u = this.up[t];
      this.top[p] = u;
      this.byTop[this.colourClass[u]] |= bit;
      x--;
      this.key1 = (this.key1 + RUN_KEYS1[x]) | 0;
      this.key2 = (this.key2 + RUN_KEYS2[x]) | 0;
    }
    return t;
  }

  /** Puts card c on tableau pile q (or into it, empty). */
  private putOn(q: number, c: number): void {
    const l = this.len[q];
    const bit = 1 << q;
    if (l === 0) this.bottom[q] = c;
    else {
      const x = (this.cls[this.bottom[q]] << 8) | l;
      this.key1 = (this.key1 - RUN_KEYS1[x]) | 0;
      this.key2 = (this.key2 - RUN_KEYS2[x]) | 0;
      this.byTop[this.colourClass[this.top[q]]] &= ~bit;
    }
    this.top[q] = c;
    this.len[q] = l + 1;
    this.byTop[this.colourClass[c]] |= bit;
    const x = (this.cls[this.bottom[q]] << 8) | (l + 1);
    this.key1 = (this.key1 + RUN_KEYS1[x]) | 0;
    this.key2 = (this.key2 + RUN_KEYS2[x]) | 0;
  }
}

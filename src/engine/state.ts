// Room src/engine: playing a game, fast and exactly. deal.ts (with msdeal.ts and small.ts) deals,
// this file holds a position with apply/undo and its Zobrist hash (zobrist.ts), move.ts and
// notation.ts encode and spell moves, movegen.ts generates the legal ones into caller-owned arrays
// (scratch.ts, typed.ts), legality.ts checks one move as the rules say (cellboard.ts too, for Winery
// and FreeCell, where solve() replays their wins). It may import src/rules and
// src/cards; it knows nothing of proofs, searching (src/proof, src/search, src/solver) or analyses.
//
// Game state in typed arrays, apply/undo in place, automatic filling, incremental Zobrist hash.
//
// Piles share one index space: tableau 0..T-1, foundations, cells, then reserve, stock, waste
// (always present, empty where the variant has none). Every pile is a stack stored bottom to top
// in one Uint8Array. A move is one integer (its format: move.ts).
import { moveCount, moveFrom, moveTo } from './move';
import { colourOf, rankOf } from '../cards/card';
import { type RuleTable, totalCards } from '../rules/vocabulary';
import type { Deal } from './deal';
import { Scratch } from './scratch';
import { doubled } from './typed';
import { tableauBuildError } from '../rules/building';
import { CLASS_COUNT, KEYS, KEYS1, KEYS2, MAX_DEPTH, MISC1, MISC2, mix, PileKind } from './zobrist';

/** undo-info bit: this move fixed the base rank. */
const INFO_BASE_SET = 1;
/** Empty-pile rules as small integers for the move generator. */
export enum Empty {
  StaysEmpty = 0,
  SingleTableauCard = 1,
  AnyCardOrRun = 2,
  AnySingleCard = 3,
}

interface CardTables {
  cls: Uint8Array;
  stackOK: Uint8Array;
  colourClass: Int8Array;
  belowClass: Int8Array;
}
const tableCache = new WeakMap<RuleTable, CardTables>();

/** Per-variant card tables, computed once per rule table (states are created per search). */
function cardTables(r: RuleTable): CardTables {
  const hit = tableCache.get(r);
  if (hit) return hit;
  const t: CardTables = {
    cls: new Uint8Array(52),
    stackOK: new Uint8Array(52 * 52),
    colourClass: new Int8Array(52),
    belowClass: new Int8Array(52),
  };
  for (let c = 0; c < 52; c++) {
    const rk = rankOf(c);
    t.cls[c] = r.suitsIrrelevant ? rk * 2 + colourOf(c) : c;
    t.colourClass[c] = rk * 2 + colourOf(c);
    const br = rk === 0 ? (r.tableauWrap ? 12 : -1) : rk - 1;
    t.belowClass[c] = br < 0 ? -1 : br * 2 + (1 - colourOf(c));
    for (let u = 0; u < 52; u++) t.stackOK[u * 52 + c] = tableauBuildError(r, u, c) === null ? 1 : 0;
  }
  tableCache.set(r, t);
  return t;
}

/** FORMATS.md's pile names by pile index (t0.., f0.., c0.., reserve, stock, waste). */
function pileNames(s: GameState): string[] {
  const names: string[] = [];
  for (let p = 0; p < s.nPiles; p++)
    names.push(
      p < s.FOUND0
        ? `t${p}`
        : p < s.CELL0
          ? `f${p - s.FOUND0}`
          : p < s.RESERVE
            ? `c${p - s.CELL0}`
            : p === s.RESERVE
              ? 'reserve'
              : p === s.STOCK
                ? 'stock'
                : 'waste',
    );
  return names;
}

/** cardPile's pile for a card the pack lacks: past every pile, so `cardPile[c] >= T` reads "not on the tableau". */
export const NO_PILE = 255;

export class GameState {
  readonly rules: RuleTable;
  readonly T: number;
  readonly F: number;
  readonly C: number;
  readonly FOUND0: number;
  readonly CELL0: number;
  readonly RESERVE: number;
  readonly STOCK: number;
  readonly WASTE: number;
  readonly nPiles: number;
  /** Room for this many cards per stack-like pile: the variant's full pack. */
  readonly capacity: number;
  /**
   * Cards in the position (load()): the full pack for every deal of the five games, fewer in the
   * scaled-down games of small.ts. Won is every one of them on a foundation.
   */
  total = 0;

  readonly off: Int32Array;
  readonly len: Int32Array;
  readonly cards: Uint8Array;
  /** keyBase[p] + depth * 52 + class indexes KEYS1/KEYS2. */
  readonly keyBase: Int32Array;
  /** Hash class of each card: rank*2+colour where suits are irrelevant, else the card itself. */
  readonly cls: Uint8Array;
  /** stackOK[target * 52 + card] = 1 when card may be built on target in the tableau. */
  readonly stackOK: Uint8Array;
  /** (rank, colour) class of a card: rank * 2 + colour. */
  readonly colourClass: Int8Array;
  /** belowClass[t] = the (rank, colour) class of the cards that may be built on t (-1: none). */
  readonly belowClass: Int8Array;

  readonly ph1: Int32Array;
  readonly ph2: Int32Array;
  /** mix(ph1[p]), mix(ph2[p]): each pile's current share of the sum part of the hash. */
  private readonly pm1: Int32Array;
  private readonly pm2: Int32Array;
  /** 1 for piles of a kind the rules treat alike (tableau, foundations, cells): hashed by mix-sum. */
  readonly sym: Uint8Array;
  // The position hash is (sum part) XOR (xor part), kept apart because + and ^ do not commute:
  // hs = sum of mix(pileHash) over symmetric piles plus the base keys; hx = XOR of unique-pile keys.
  private hs1 = 0;
  private hs2 = 0;
  private hx1 = 0;
  private hx2 = 0;
  get h1(): number {
    return this.hs1 ^ this.hx1;
  }
  get h2(): number {
    return this.hs2 ^ this.hx2;
  }
  /**
   * Where each card lies (one-deck games; with two decks, the copy moved or dealt last): its pile
   * and its depth in it (0 = bottom). Kept by every move, for heuristic.ts. A card the pack lacks
   * (a small game's, engine/small.ts) lies in pile NO_PILE, past every pile.
   */
  readonly cardPile = new Uint8Array(52);
  readonly cardIdx = new Uint8Array(52);
  /**
   * Tableau cards resting on a card they may not be built on (stackOK 0), kept by every move: the
   * suit heuristic's out-of-sequence count without a scan of every pile.
   */
  disorder = 0;
  /**
   * False while moves leave the pile hashes alone (hashOff(): a solution's checked replay, which
   * never reads them, and the nested Monte Carlo search's playouts); hashOn() turns hashing back on,
   * and load() too, recomputing the hash from scratch.
   */
  private hashing = true;
  /**
   * Changes whenever the foundations, the base or the base constraint may have changed (a move to a
   * foundation, its undo, load, setConstraint): movegen.ts keeps what the foundations accept until then.
   */
  foundationVersion = 0;
  /** Deals loaded so far (load()): what a cache learned of one deal's cards is void after the next. */
  loads = 0;
  /** Base rank 0..12, or -1 while not yet fixed. */
  base = -1;
  /** Solver constraint: the first foundation card must have this rank (-1: free). */
  baseConstraint = -1;
  onFoundation = 0;

  // Compiled rule flags (read in the hot loop).
  readonly suitFound: boolean;
  /** Foundations wrap K -> A (the Terrace family). */
  readonly wrapFound: boolean;
  readonly firstMoveRule: boolean;
  readonly emptyRule: Empty;
  readonly fill0: number;
  readonly fill1: number;

  private undoMove: Int32Array;
  private undoInfo: Int32Array;
  undoTop = 0;
  /** Working storage of move generation and evaluation for this state (scratch.ts). */
  readonly scratch = new Scratch();

  constructor(deal: Deal) {
    const r = deal.rules;
    this.rules = r;
    this.T = r.tableauDeal.length;
    this.F = r.foundations;
    this.C = r.cells;
    this.FOUND0 = this.T;
    this.CELL0 = this.T + this.F;
    this.RESERVE = this.CELL0 + this.C;
    this.STOCK = this.RESERVE + 1;
    this.WASTE = this.RESERVE + 2;
    this.nPiles = this.WASTE + 1;
    this.capacity = totalCards(r);
    const n = this.nPiles;
    this.off = new Int32Array(n);
    this.len = new Int32Array(n);
    this.keyBase = new Int32Array(n);
    this.ph1 = new Int32Array(n);
    this.ph2 = new Int32Array(n);
    this.pm1 = new Int32Array(n);
    this.pm2 = new Int32Array(n);
    this.sym = new Uint8Array(n);
    let at = 0;
    for (let p = 0; p < n; p++) {
      const k =
        p < this.FOUND0
          ? PileKind.Tableau
          : p < this.CELL0
            ? PileKind.Foundation
            : p < this.RESERVE
              ? PileKind.Cell
              : p === this.RESERVE
                ? PileKind.Reserve
                : p === this.STOCK
                  ? PileKind.Stock
                  : PileKind.Waste;
      this.sym[p] = k === PileKind.Tableau || k === PileKind.Foundation || k === PileKind.Cell ? 1 : 0;
      this.keyBase[p] = k * MAX_DEPTH * CLASS_COUNT;
      this.off[p] = at;
      at += k === PileKind.Cell ? 1 : k === PileKind.Foundation ? 13 : this.capacity;
    }
    this.cards = new Uint8Array(at);

    const tables = cardTables(r);
    this.cls = tables.cls;
    this.stackOK = tables.stackOK;
    this.colourClass = tables.colourClass;
    this.belowClass = tables.belowClass;
    this.suitFound = r.foundationBuild === 'suit';
    this.wrapFound = r.foundationBuild === 'alt-colour-wrap';
    this.firstMoveRule = r.baseRule === 'first-move';
    this.emptyRule =
      r.emptyPile === 'stays-empty'
        ? Empty.StaysEmpty
        : r.emptyPile === 'single-tableau-card'
          ? Empty.SingleTableauCard
          : r.emptyPile === 'any-card-or-run'
            ? Empty.AnyCardOrRun
            : Empty.AnySingleCard;
    const src = (s: string | undefined) => (s === 'waste' ? this.WASTE : s === 'stock' ? this.STOCK : -1);
    this.fill0 = src(r.autoFill[0]);
    this.fill1 = src(r.autoFill[1]);

    this.undoMove = new Int32Array(1024);
    this.undoInfo = new Int32Array(1024);
    this.load(deal);
  }

  /** Sets the position from a deal (or position); resets the undo history. */
  load(deal: Deal): void {
    const cons = this.baseConstraint;
    this.len.fill(0);
    this.cardPile.fill(NO_PILE);
    // Hashed by hashAll() under "base -1, constraint -1", then setBase and setConstraint.
    this.base = -1;
    this.baseConstraint = -1;
    this.onFoundation = 0;
    this.disorder = 0;
    this.foundationVersion++;
    this.loads++;
    this.undoTop = 0;
    this.hashing = false; // each pile is hashed once below (hashAll), not once per card
    // Plain loops: a short deal's solve pays for this load once or twice.
    for (let i = 0; i < deal.tableau.length; i++) this.pushAll(i, deal.tableau[i]);
    for (let i = 0; i < deal.foundations.length; i++) {
      this.pushAll(this.FOUND0 + i, deal.foundations[i]);
      this.onFoundation += deal.foundations[i].length;
    }
    for (let i = 0; i < deal.cells.length; i++) if (deal.cells[i] >= 0) this.push(this.CELL0 + i, deal.cells[i]);
    this.pushAll(this.RESERVE, deal.reserve);
    this.pushAll(this.STOCK, deal.stock);
    this.pushAll(this.WASTE, deal.waste);
    this.total = 0;
    for (let p = 0; p < this.nPiles; p++) this.total += this.len[p];
    this.hashing = true;
    this.hashAll();
    const b = this.rules.baseRule === 'ace' ? 0 : (deal.foundations.find((f) => f.length > 0)?.[0] ?? -4) >> 2;
    this.setBase(b < 0 ? -1 : b);
    this.setConstraint(cons);
  }

  // ---- primitive stack operations, hash kept up to date ----

  top(p: number): number {
    const l = this.len[p];
    return l === 0 ? -1 : this.cards[this.off[p] + l - 1];
  }

  /** push() of each card of `pile`, bottom first. */
  private pushAll(p: number, pile: readonly number[]): void {
    for (let i = 0; i < pile.length; i++) this.push(p, pile[i]);
  }

  // Reserve, stock and waste are one of a kind: their keys go straight into the hash (XOR), which
  // is cheaper than re-mixing. Piles with symmetric twins contribute mix(pileHash) to a sum.
  private push(p: number, c: number): void {
    const d = this.len[p];
    this.cards[this.off[p] + d] = c;
    this.len[p] = d + 1;
    this.cardPile[c] = p;
    this.cardIdx[c] = d;
    if (p < this.T && d > 0) this.disorder += 1 - this.stackOK[this.cards[this.off[p] + d - 1] * 52 + c];
    if (this.hashing) this.toggle(p, this.keyBase[p] + d * CLASS_COUNT + this.cls[c]);
  }

  /** Sets the hash from the piles as they are (load): each pile's words, then their mix-sum and XOR. */
  private hashAll(): void {
    let s1 = (MISC1[this.base + 1] + MISC1[32 + this.baseConstraint + 1]) | 0;
    let s2 = (MISC2[this.base + 1] + MISC2[32 + this.baseConstraint + 1]) | 0;
    let x1 = 0;
    let x2 = 0;
    for (let p = 0; p < this.nPiles; p++) {
      const a = this.pileHash(p, KEYS1);
      const b = this.pileHash(p, KEYS2);
      this.ph1[p] = a;
      this.ph2[p] = b;
      this.pm1[p] = this.pm2[p] = 0;
      if (this.sym[p]) {
        this.pm1[p] = mix(a);
        this.pm2[p] = mix(b);
        s1 = (s1 + this.pm1[p]) | 0;
        s2 = (s2 + this.pm2[p]) | 0;
      } else {
        x1 ^= a;
        x2 ^= b;
      }
    }
    this.hs1 = s1;
    this.hs2 = s2;
    this.hx1 = x1;
    this.hx2 = x2;
  }

  /** Pile p's own hash word under one key set (KEYS1 or KEYS2): the XOR of its cards' keys. */
  private pileHash(p: number, keys: Int32Array): number {
    let h = 0;
    for (let d = 0; d < this.len[p]; d++) h ^= keys[this.keyBase[p] + d * CLASS_COUNT + this.cls[this.cards[this.off[p] + d]]];
    return h;
  }

  /** XORs key k into pile p's hash and updates the position hash. */
  private toggle(p: number, k: number): void {
    this.rehash(p, KEYS[k << 1], KEYS[(k << 1) + 1]);
  }

  /** XORs (x1, x2) into pile p's hash words and updates the position hash. */
  private rehash(p: number, x1: number, x2: number): void {
    if (this.sym[p] === 0) {
      this.hx1 ^= x1;
      this.hx2 ^= x2;
      return;
    }
    // pm holds mix(ph): one mix per word per change instead of two.
    const n1 = mix(this.ph1[p] ^ x1);
    const n2 = mix(this.ph2[p] ^ x2);
    this.ph1[p] ^= x1;
    this.ph2[p] ^= x2;
    this.hs1 = (this.hs1 - this.pm1[p] + n1) | 0;
    this.hs2 = (this.hs2 - this.pm2[p] + n2) | 0;
    this.pm1[p] = n1;
    this.pm2[p] = n2;
  }

  /** Moves the top n cards of `from` onto `to`, keeping their order, and updates the hash (unless hashOff()). */
  private transfer(from: number, to: number, n: number): void {
    this.moveCards(from, to, n);
    if (this.hashing) this.hashMoved(from, to, n);
  }

  /** The cards, their places and the out-of-sequence count of a transfer. */
  private moveCards(from: number, to: number, n: number): void {
    const cards = this.cards;
    const lf = this.len[from] - n;
    const lt = this.len[to];
    const src = this.off[from] + lf;
    const dst = this.off[to] + lt;
    // Out-of-sequence pairs: the moved cards leave the card under them and land on `to`'s top.
    const T = this.T;
    const bottom = cards[src];
    if (from < T && lf > 0) this.disorder -= 1 - this.stackOK[cards[src - 1] * 52 + bottom];
    if (to < T && lt > 0) this.disorder += 1 - this.stackOK[cards[dst - 1] * 52 + bottom];
    const cardPile = this.cardPile;
    const cardIdx = this.cardIdx;
    for (let i = 0; i < n; i++) {
      const c = cards[src + i];
      cards[dst + i] = c;
      cardPile[c] = to;
      cardIdx[c] = lt + i;
    }
    this.len[from] = lf;
    this.len[to] = lt + n;
  }

  /**
   * The hash of a transfer, after moveCards put n cards from `from` on `to`'s top. The keys of the
   * n cards are XORed together first, so each pile's hash is updated once per move, not once per card.
   */
  private hashMoved(from: number, to: number, n: number): void {
    const cards = this.cards;
    const cls = this.cls;
    const lt = this.len[to] - n;
    const dst = this.off[to] + lt;
    const kf = this.keyBase[from] + this.len[from] * CLASS_COUNT;
    const kt = this.keyBase[to] + lt * CLASS_COUNT;
    let f1 = 0;
    let f2 = 0;
    let t1 = 0;
    let t2 = 0;
    for (let i = 0; i < n; i++) {
      const k = i * CLASS_COUNT + cls[cards[dst + i]];
      const a = (kf + k) << 1;
      const b = (kt + k) << 1;
      f1 ^= KEYS[a];
      f2 ^= KEYS[a + 1];
      t1 ^= KEYS[b];
      t2 ^= KEYS[b + 1];
    }
    this.rehash(from, f1, f2);
    this.rehash(to, t1, t2);
  }

  /**
   * Stops keeping the hash (h1, h2 go stale) until the next load() or hashOn(): for replays that
   * only play and check moves, where hashing is most of the cost of a move, and for playouts.
   */
  hashOff(): void {
    this.hashing = false;
  }

  /**
   * Keeps the hash again. Right only once every move applied since hashOff() is undone: apply and
   * undo then change the pile hashes alike (not at all) and the base's part by amounts that cancel,
   * so it is again the hash of the position it was computed for.
   */
  hashOn(): void {
    this.hashing = true;
  }

  private setBase(b: number): void {
    this.hs1 = (this.hs1 - MISC1[this.base + 1] + MISC1[b + 1]) | 0;
    this.hs2 = (this.hs2 - MISC2[this.base + 1] + MISC2[b + 1]) | 0;
    this.base = b;
  }

  /**
   * Constrains the base rank (-1: free). It is part of the hash so that searches under different
   * constraints can share one transposition table. Only meaningful before the base is fixed.
   */
  setConstraint(rank: number): void {
    this.hs1 = (this.hs1 - MISC1[32 + this.baseConstraint + 1] + MISC1[32 + rank + 1]) | 0;
    this.hs2 = (this.hs2 - MISC2[32 + this.baseConstraint + 1] + MISC2[32 + rank + 1]) | 0;
    this.baseConstraint = rank;
    this.foundationVersion++;
  }

  // ---- moves ----

  /**
   * Plays a legal move (the caller guarantees legality: see legality.ts for checked play).
   * An emptied tableau pile is filled automatically as part of the same move (ruling 4).
   */
  apply(m: number): void {
    const from = moveFrom(m);
    const to = moveTo(m);
    const n = moveCount(m);
    let info = 0;
    if (to >= this.FOUND0 && to < this.CELL0) {
      if (this.base < 0) {
        this.setBase(this.top(from) >> 2);
        info = INFO_BASE_SET;
      }
      this.onFoundation += n;
      this.foundationVersion++;
    }
    this.transfer(from, to, n);
    if (from < this.T && this.len[from] === 0 && this.fill0 >= 0) {
      const src = this.len[this.fill0] > 0 ? this.fill0 : this.fill1 >= 0 && this.len[this.fill1] > 0 ? this.fill1 : -1;
      if (src >= 0) {
        this.transfer(src, from, 1);
        info |= (src + 1) << 1;
      }
    }
    const u = this.undoTop;
    if (u === this.undoMove.length) this.growUndo();
    this.undoMove[u] = m;
    this.undoInfo[u] = info;
    this.undoTop = u + 1;
  }

  /** Takes back the last applied move, its automatic fill and base choice included. */
  undo(): void {
    const u = --this.undoTop;
    const m = this.undoMove[u];
    const info = this.undoInfo[u];
    const from = moveFrom(m);
    const to = moveTo(m);
    const n = moveCount(m);
    const src = (info >> 1) - 1;
    if (src >= 0) this.transfer(from, src, 1);
    this.transfer(to, from, n);
    if (to >= this.FOUND0 && to < this.CELL0) {
      this.onFoundation -= n;
      this.foundationVersion++;
    }
    if (info & INFO_BASE_SET) this.setBase(-1);
  }

  /** The moves applied since load(), oldest first. */
  history(): number[] {
    const out = new Array<number>(this.undoTop);
    for (let i = 0; i < this.undoTop; i++) out[i] = this.undoMove[i];
    return out;
  }

  private growUndo(): void {
    this.undoMove = doubled(this.undoMove);
    this.undoInfo = doubled(this.undoInfo);
  }

  isWon(): boolean {
    return this.onFoundation === this.total;
  }

  // ---- inspection (not for the hot loop) ----

  pile(p: number): number[] {
    return Array.from(this.cards.subarray(this.off[p], this.off[p] + this.len[p]));
  }

  pileName(p: number): string {
    return this.allPileNames()[p] ?? `pile ${p}`;
  }

  /** Every pile's name by index; made once per state (solution checks name two piles a move), not to be changed. */
  allPileNames(): readonly string[] {
    return (this.names ??= pileNames(this));
  }
  private names?: string[];

  /** Pile index for a FORMATS.md pile name, or -1. */
  pileIndex(name: string): number {
    const m = /^([tfc])(0|[1-9]\d*)$/.exec(name);
    if (m) {
      const i = Number(m[2]);
      const [base, count] = m[1] === 't' ? [0, this.T] : m[1] === 'f' ? [this.FOUND0, this.F] : [this.CELL0, this.C];
      return i < count ? base + i : -1;
    }
    if (name === 'reserve' && this.rules.reserveSize > 0) return this.RESERVE;
    if (name === 'stock' && this.rules.hasStock) return this.STOCK;
    if (name === 'waste' && this.rules.hasStock) return this.WASTE;
    return -1;
  }

  /** The current position as a (non-strict) deal. */
  toDeal(): Deal {
    const range = (a: number, b: number) => Array.from({ length: b - a }, (_, i) => this.pile(a + i));
    return {
      rules: this.rules,
      tableau: range(0, this.T),
      foundations: range(this.FOUND0, this.CELL0),
      cells: range(this.CELL0, this.RESERVE).map((p) => (p.length ? p[0] : -1)),
      reserve: this.pile(this.RESERVE),
      stock: this.pile(this.STOCK),
      waste: this.pile(this.WASTE),
    };
  }

  /**
   * Hash computed from nothing but the current piles, without the words kept per pile: tests
   * compare it with the incremental one.
   */
  scratchHash(): [number, number] {
    let h1 = 0;
    let h2 = 0;
    let x1 = 0;
    let x2 = 0;
    for (let p = 0; p < this.nPiles; p++) {
      const a = this.pileHash(p, KEYS1);
      const b = this.pileHash(p, KEYS2);
      if (this.sym[p]) {
        h1 = (h1 + mix(a)) | 0;
        h2 = (h2 + mix(b)) | 0;
      } else {
        x1 ^= a;
        x2 ^= b;
      }
    }
    h1 = (h1 + MISC1[this.base + 1] + MISC1[32 + this.baseConstraint + 1]) | 0;
    h2 = (h2 + MISC2[this.base + 1] + MISC2[32 + this.baseConstraint + 1]) | 0;
    return [h1 ^ x1, h2 ^ x2];
  }
}

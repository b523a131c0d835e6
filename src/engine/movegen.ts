// Legal move generation into a caller-owned Int32Array: no allocation.
//
// Moves that lead to the same position up to the symmetries of the hash are generated once:
// a card goes to the first empty foundation / cell / tableau pile only (they are interchangeable),
// and every non-empty foundation that accepts a card has the same top class and count, so there is
// only ever one foundation target. Moving a whole pile into an empty pile is not generated: the
// result is the same position with two piles swapped.
//
// Generation order: to foundations; onto non-empty tableau piles; into empty piles; into cells;
// deal from the stock. Foundation moves come first (src/proof/safe-moves.ts relies on it); the searches reorder
// the rest (order.ts), and the plain DFS (order mode 0) tries them in this order.
import { encodeMove } from './move';
import { type GameState, Empty, NO_PILE } from './state';

/**
 * Fills `accept` in one pass over the foundations instead of one pass per source card, and only
 * when the foundations may have changed since the last fill (most moves leave them alone).
 */
export function fillAccept(s: GameState): void {
  const sc = s.scratch;
  if (sc.acceptVersion === s.foundationVersion) return;
  sc.acceptVersion = s.foundationVersion;
  const accept = sc.accept;
  const acceptSet = sc.acceptSet;
  for (let i = 0; i < sc.acceptSetCount; i++) accept[acceptSet[i]] = -1;
  let acceptSetCount = 0;
  const F0 = s.FOUND0;
  const F1 = s.CELL0;
  const len = s.len;
  if (s.base < 0) {
    // Base not fixed: all foundations are empty; any card may start one, unless constrained.
    for (let c = 0; c < 52; c++)
      if (s.baseConstraint < 0 || c >> 2 === s.baseConstraint) {
        accept[c] = F0;
        acceptSet[acceptSetCount++] = c;
      }
    sc.acceptSetCount = acceptSetCount;
    return;
  }
  const cards = s.cards;
  const off = s.off;
  const wrap = s.wrapFound;
  let firstEmpty = -1;
  for (let f = F0; f < F1; f++) {
    const l = len[f];
    if (l === 0) {
      if (firstEmpty < 0) firstEmpty = f;
      continue;
    }
    if (l === 13) continue; // complete (a base-rank card never goes on a non-empty foundation)
    const t = cards[off[f] + l - 1];
    const tr = t >> 2;
    if (s.suitFound) {
      if (tr < 12 && accept[t + 4] < 0) {
        accept[t + 4] = f;
        acceptSet[acceptSetCount++] = t + 4;
      }
      continue;
    }
    const nr = wrap ? (tr + 1) % 13 : tr + 1;
    if (nr > 12) continue;
    const red = (t & 3) === 1 || (t & 3) === 2;
    const a = nr * 4 + (red ? 0 : 1); // suits of the other colour: C S are black, D H red
    const b = nr * 4 + (red ? 3 : 2);
    if (accept[a] < 0) {
      accept[a] = f;
      acceptSet[acceptSetCount++] = a;
    }
    if (accept[b] < 0) {
      accept[b] = f;
      acceptSet[acceptSetCount++] = b;
    }
  }
  if (firstEmpty >= 0) {
    const r = s.suitFound ? 0 : s.base;
    for (let suit = 0; suit < 4; suit++) {
      accept[r * 4 + suit] = firstEmpty;
      acceptSet[acceptSetCount++] = r * 4 + suit;
    }
  }
  sc.acceptSetCount = acceptSetCount;
}

/** Writes the legal moves of `s` into buf from index `at`; returns the index after the last. */
export function generateMoves(s: GameState, buf: Int32Array, at: number): number {
  return generateOtherMoves(s, buf, generateFoundationMoves(s, buf, at));
}

/**
 * The first part of generateMoves: the moves to a foundation, in its order. The searches look for
 * a safe one (src/proof/safe-moves.ts) before generating the rest with generateOtherMoves.
 */
export function generateFoundationMoves(s: GameState, buf: Int32Array, at: number): number {
  fillAccept(s);
  let n = at;
  if (s.base < 0 && s.firstMoveRule) {
    // Signora, ruling 1: the first move puts an exposed card (tableau or reserve top) on a foundation.
    for (let p = 0; p < s.T; p++) n = topToFoundation(s, p, buf, n);
    return topToFoundation(s, s.RESERVE, buf, n);
  }
  // 1. To the foundations: waste, reserve, cells, tableau tops.
  n = topToFoundation(s, s.WASTE, buf, n);
  n = topToFoundation(s, s.RESERVE, buf, n);
  n = topsToFoundation(s, s.CELL0, s.CELL0 + s.C, buf, n);
  return topsToFoundation(s, 0, s.T, buf, n);
}

/**
 * generateFoundationMoves' moves, in another order: by the cards the foundations accept (fillAccept's
 * list), each looked up where it lies (cardPile, cardIdx) instead of every pile's top being looked
 * at. Those are exact with one deck only; with two decks, or before Signora's first move, this is
 * generateFoundationMoves. The soft threads use it: they sort what they keep by their own keys.
 */
export function foundationMovesByCard(s: GameState, buf: Int32Array, at: number): number {
  if (s.rules.decks !== 1 || (s.base < 0 && s.firstMoveRule)) return generateFoundationMoves(s, buf, at);
  fillAccept(s);
  const { acceptSet, accept } = s.scratch;
  const { cardPile, cardIdx, len } = s;
  let n = at;
  for (let i = 0; i < s.scratch.acceptSetCount; i++) {
    const c = acceptSet[i];
    const p = cardPile[c];
    if (p === NO_PILE) continue; // a card a small pack lacks
    if ((p < s.FOUND0 || p >= s.CELL0) && p !== s.STOCK && cardIdx[c] === len[p] - 1) buf[n++] = encodeMove(p, accept[c], 1);
  }
  return n;
}

/** topToFoundation for piles p0..p1-1, in order (the hot loop's form of it). */
function topsToFoundation(s: GameState, p0: number, p1: number, buf: Int32Array, at: number): number {
  const len = s.len;
  const cards = s.cards;
  const off = s.off;
  const accept = s.scratch.accept;
  let n = at;
  for (let p = p0; p < p1; p++) {
    const l = len[p];
    if (l === 0) continue;
    const f = accept[cards[off[p] + l - 1]];
    if (f >= 0) buf[n++] = encodeMove(p, f, 1);
  }
  return n;
}

/** Writes the move of pile p's top card to its foundation at buf[n], if it has one; returns the new end. */
function topToFoundation(s: GameState, p: number, buf: Int32Array, n: number): number {
  const l = s.len[p];
  if (l === 0) return n;
  const f = s.scratch.accept[s.cards[s.off[p] + l - 1]];
  if (f >= 0) buf[n++] = encodeMove(p, f, 1);
  return n;
}

/**
 * The rest of generateMoves, written from `at`: the moves that do not go to a foundation, in
 * generateMoves' order. It fills its own scratch tables (tops, head, next, cellPile, cellCard).
 */
export function generateOtherMoves(s: GameState, buf: Int32Array, at: number): number {
  if (s.base < 0 && s.firstMoveRule) return at; // Signora's first move: foundation moves only
  const cellsHeld = listCells(s);
  let n = ontoPiles(s, buf, at, cellsHeld);
  n = intoEmptyPile(s, buf, n, cellsHeld);
  n = intoEmptyCell(s, buf, n);
  // 5. Deal from the stock (ruling 10: legal at any time).
  if (s.len[s.STOCK] > 0) buf[n++] = encodeMove(s.STOCK, s.WASTE, 1);
  return n;
}

/**
 * The occupied cells and their cards, listed once into scratch (cellPile, cellCard) rather than
 * looked up for every target. Returns how many.
 */
function listCells(s: GameState): number {
  const { cellPile, cellCard } = s.scratch;
  let held = 0;
  for (let i = 0; i < s.C; i++) {
    const p = s.CELL0 + i;
    if (s.len[p] > 0) {
      cellPile[held] = p;
      cellCard[held++] = s.cards[s.off[p]];
    }
  }
  return held;
}

/** 2. Moves onto non-empty tableau piles, written from `at`; the cells as listCells left them. */
function ontoPiles(s: GameState, buf: Int32Array, at: number, cellsHeld: number): number {
  let n = at;
  const T = s.T;
  const len = s.len;
  const cards = s.cards;
  const off = s.off;
  const stackOK = s.stackOK;
  const { tops, head, next, cellPile, cellCard } = s.scratch;
  const colourClass = s.colourClass;
  for (let k = 0; k < head.length; k++) head[k] = -1; // cheaper than fill() on a list this short
  for (let p = T - 1; p >= 0; p--) {
    const t = len[p] === 0 ? -1 : cards[off[p] + len[p] - 1];
    tops[p] = t;
    if (t >= 0) {
      const k = colourClass[t];
      next[p] = head[k];
      head[k] = p; // lists come out in ascending pile order
    }
  }
  const runMoves = s.rules.runMoves;
  const below = s.belowClass;
  const wasteTop = len[s.WASTE] > 0 ? cards[off[s.WASTE] + len[s.WASTE] - 1] : -1;
  const reserveTop = s.rules.reserveToTableau && len[s.RESERVE] > 0 ? cards[off[s.RESERVE] + len[s.RESERVE] - 1] : -1;
  for (let q = 0; q < T; q++) {
    const tq = tops[q];
    if (tq < 0) continue;
    const t52 = tq * 52;
    if (!runMoves) {
      // Only piles whose top is of the class that goes on tq.
      const k = below[tq];
      if (k >= 0) for (let p = head[k]; p >= 0; p = next[p]) if (p !== q) buf[n++] = encodeMove(p, q, 1);
    } else
      for (let p = 0; p < T; p++) {
        const lp = len[p];
        if (p === q || lp === 0) continue;
        const base = off[p] + lp - 1;
        // Red and Black: any run from the top; k cards when the k-th card from the top fits.
        for (let k = 1; k <= lp; k++) {
          if (k > 1 && !stackOK[cards[base - k + 1] * 52 + cards[base - k + 2]]) break;
          if (stackOK[t52 + cards[base - k + 1]]) buf[n++] = encodeMove(p, q, k);
        }
      }
    if (wasteTop >= 0 && stackOK[t52 + wasteTop] === 1) buf[n++] = encodeMove(s.WASTE, q, 1);
    if (reserveTop >= 0 && stackOK[t52 + reserveTop] === 1) buf[n++] = encodeMove(s.RESERVE, q, 1);
    for (let j = 0; j < cellsHeld; j++) if (stackOK[t52 + cellCard[j]] === 1) buf[n++] = encodeMove(cellPile[j], q, 1);
  }
  return n;
}

/** 3. Into the first empty tableau pile, as the variant allows; the cells as listCells left them. */
function intoEmptyPile(s: GameState, buf: Int32Array, at: number, cellsHeld: number): number {
  let n = at;
  const emptyRule = s.emptyRule;
  if (emptyRule === Empty.StaysEmpty) return n;
  const len = s.len;
  let q = 0;
  while (q < s.T && len[q] > 0) q++;
  if (q === s.T) return n;
  const cards = s.cards;
  const off = s.off;
  const stackOK = s.stackOK;
  for (let p = 0; p < s.T; p++) {
    const lp = len[p];
    if (lp < 2) continue; // moving a whole pile to an empty pile changes nothing
    if (emptyRule === Empty.AnyCardOrRun) {
      const base = off[p] + lp - 1;
      for (let k = 1; k < lp; k++) {
        if (k > 1 && !stackOK[cards[base - k + 1] * 52 + cards[base - k + 2]]) break;
        buf[n++] = encodeMove(p, q, k);
      }
    } else {
      buf[n++] = encodeMove(p, q, 1);
    }
  }
  if (emptyRule === Empty.AnyCardOrRun && len[s.WASTE] > 0) buf[n++] = encodeMove(s.WASTE, q, 1);
  if (emptyRule === Empty.AnySingleCard) {
    const cellPile = s.scratch.cellPile;
    for (let j = 0; j < cellsHeld; j++) buf[n++] = encodeMove(cellPile[j], q, 1);
  }
  return n;
}

/** 4. A tableau top into the first empty cell. */
function intoEmptyCell(s: GameState, buf: Int32Array, at: number): number {
  let n = at;
  const C = s.C;
  if (C === 0) return n;
  const len = s.len;
  let cell = -1;
  for (let i = 0; i < C; i++)
    if (len[s.CELL0 + i] === 0) {
      cell = s.CELL0 + i;
      break;
    }
  if (cell >= 0) for (let p = 0; p < s.T; p++) if (len[p] > 0) buf[n++] = encodeMove(p, cell, 1);
  return n;
}

// Freecell Solver's orders and prune, as the soft threads (soft.ts) copy them: the order in which
// it generates each test's moves on its canonical state (fcOrder), its =asw(1) weighting in a
// depth-first search (sortHomeLast), and its safe foundation move (horneSafe).
import { moveFrom, moveTo } from '../../engine/move';
import type { GameState } from '../../engine/state';
import { horneHolds, suitHeights } from '../../proof/safe-moves';

/** Room for one position's list: meta-moves are a few per pile and cell pair. */
export const LIST_MAX = 4096;

/**
 * Stable sort of buf[i..j) by the cards each move sends home, fewest first: Freecell Solver's
 * =asw(1) in a depth-first search, which sorts by its rating (cards home) ascending.
 */
export function sortHomeLast(s: GameState, buf: Int32Array, i: number, j: number): void {
  for (let a = i; a < j; a++) keys[a - i] = homeKey(s, buf[a]);
  sortByKeys(buf, i, j);
}

function homeKey(s: GameState, m: number): number {
  if (m & (1 << 30)) return ((m >> 24) & 7) === 0 ? 1 : 0; // a DIG sends its card home
  const to = moveTo(m);
  return to >= s.FOUND0 && to < s.CELL0 ? 1 : 0;
}

const suitCount = new Int32Array(4);

/**
 * Freecell Solver's safe foundation move (its calc_foundation.h, used by the -sp r:tf prune): a
 * card of rank r (Ace 1) goes home at once when the foundations of the other colour hold rank r-2
 * and the other suit of its colour r-3. Such a move is played at once, as the only move. It never
 * loses a win: it is clause (2) of safe-moves.ts's safe foundation moves, argued there, which the
 * complete searches play too (with clause (1), which this one leaves out to match Freecell Solver).
 */
export function horneSafe(s: GameState, buf: Int32Array, start: number, end: number): number {
  if (start === end) return -1;
  suitHeights(s, suitCount);
  for (let i = start; i < end; i++) {
    const from = moveFrom(buf[i]);
    if (horneHolds(suitCount, s.cards[s.off[from] + s.len[from] - 1])) return i;
  }
  return -1;
}

/** Freecell Solver's card values by our card: rank (Ace 1) * 4 + suit, in its suit order H, C, D, S. */
const FC_VAL = Int32Array.from({ length: 52 }, (_, c) => ((c >> 2) + 1) * 4 + [1, 2, 0, 3][c & 3]);
const keys = new Float64Array(LIST_MAX);

/**
 * Pile or cell p's place in Freecell Solver's canonical order (piles sorted by their cards from the
 * bottom, cells by their cards), as a number that sorts the same way: the value of its bottom card
 * (a cell's card). With one deck no two piles share a bottom card; the piles and cells the keys
 * name hold cards (sources, and targets holding a parent card), so an empty one never ties.
 */
function rank(s: GameState, p: number): number {
  return s.len[p] > 0 ? FC_VAL[s.cards[s.off[p]]] : 0;
}

/**
 * Puts buf[i..j), the moves of test t, in the order Freecell Solver 5.0 generates them on its
 * canonical state (a stable sort by its keys): 0, 1, 7, 9 by source; 2 by target pile, then
 * target card from the top, then cell; 3 by pile, then card from the top; 4 by source pile, run,
 * target pile, target card; 6 by pile, then run; j by cell, pairs of cells first, then pile and
 * run. Returns j.
 */
export function fcOrder(s: GameState, t: number, buf: Int32Array, i: number, j: number): number {
  if (j - i < 2) return j;
  for (let a = i; a < j; a++) {
    const m = buf[a];
    const A = m & 63;
    const B = (m >> 6) & 63;
    const C = (m >> 12) & 63;
    const D = (m >> 18) & 63;
    let key = 0;
    if (t === 48 || t === 49 || t === 55) key = rank(s, moveFrom(m));
    else if (t === 50) key = rank(s, C) * 65536 + (255 - D) * 256 + rank(s, A);
    else if (t === 51) key = rank(s, A) * 256 + (255 - B);
    else if (t === 52) key = rank(s, A) * 16777216 + B * 65536 + rank(s, C) * 256 + D;
    else if (t === 53) key = rank(s, A) * 65536 + B * 256 + D;
    else if (t === 56)
      key = rank(s, A) * 65536 + B * 256 + FC_VAL[s.cards[s.off[C] + D]]; // parents in its suit order
    else if (t === 54 || t === 57) key = rank(s, A) * 256 + B;
    else if (t === 106) key = rank(s, A) * 65536 + (((m >> 24) & 7) === 6 ? rank(s, B) : 256 + rank(s, C) * 256 + B);
    keys[a - i] = key;
  }
  sortByKeys(buf, i, j);
  return j;
}

/** Stable insertion sort of buf[i..j) by keys[0..j-i) (the key of buf[i + k] at keys[k]), lowest first. */
function sortByKeys(buf: Int32Array, i: number, j: number): void {
  for (let a = i + 1; a < j; a++) {
    const m = buf[a];
    const km = keys[a - i];
    let b = a;
    while (b > i && keys[b - 1 - i] > km) {
      buf[b] = buf[b - 1];
      keys[b - i] = keys[b - 1 - i];
      b--;
    }
    buf[b] = m;
    keys[b - i] = km;
  }
}

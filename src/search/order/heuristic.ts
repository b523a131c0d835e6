// Position evaluation used for move ordering and best-first search (never for pruning).
import { moveCount, moveFrom, moveTo } from '../../engine/move';
import type { GameState } from '../../engine/state';

/**
 * Suit-built games: weights of the cards lying on the next card a suit's foundation needs, of a
 * card resting on something other than its tableau successor, of a card in a cell, and of an empty
 * tableau pile (a bonus). Chosen on Winery and FreeCell tuning seeds, never on the benchmark's
 * (docs/journal.md, *From the code's comments*).
 */
export const COVER_WEIGHT = 2;
export const DISORDER_WEIGHT = 2;
export const CELL_WEIGHT = 3;
export const EMPTY_WEIGHT = 4;

/**
 * How far a position looks from a win (lower is better). Only move ordering and A*'s priority use
 * it, never pruning, so it need not be a bound, and in the suit-built games it is not a distance:
 * a won Winery position scores -40 (ten empty piles).
 *
 * All games: cards not yet on a foundation (each needs at least one move). Alternate-colour games:
 * that alone (admissible: a move puts at most one card on a foundation). Suit-built games (Winery,
 * FreeCell) add COVER_WEIGHT per card lying on top of the next card a suit's foundation needs (for
 * each suit); DISORDER_WEIGHT per card resting on something other than its tableau successor (each
 * must move at least once more before it can go home); CELL_WEIGHT per card in a cell; and they
 * subtract EMPTY_WEIGHT per empty tableau pile. Cells and empty piles are the room to move runs in,
 * so filling a cell is a cost and emptying a pile a gain.
 */
export function estimate(s: GameState): number {
  const h = s.total - s.onFoundation;
  if (!s.suitFound) return h;
  const len = s.len;
  const cards = s.cards;
  const off = s.off;
  const T = s.T;
  const { nextRank, needPile, needIdx } = s.scratch;
  for (let i = 0; i < 4; i++) nextRank[i] = 0;
  for (let f = s.FOUND0; f < s.CELL0; f++) {
    const l = len[f];
    if (l > 0) nextRank[cards[off[f]] & 3] = l;
  }
  // The card each suit's foundation needs (card = rank * 4 + suit), where the state keeps it
  // (cardPile, cardIdx): in the tableau, the cards on it cover it. With two decks a card's place
  // is ambiguous, and covering cards are not counted.
  let cover = 0;
  const oneDeck = s.rules.decks === 1;
  for (let suit = 0; suit < 4; suit++) {
    needPile[suit] = -1;
    if (nextRank[suit] === 13 || !oneDeck) continue;
    const c = nextRank[suit] * 4 + suit;
    const p = s.cardPile[c];
    if (p >= T) continue;
    needPile[suit] = p;
    needIdx[suit] = s.cardIdx[c];
    cover += len[p] - 1 - s.cardIdx[c];
  }
  let empty = 0;
  for (let p = 0; p < T; p++) if (len[p] === 0) empty++;
  let inCells = 0;
  for (let c = s.CELL0; c < s.RESERVE; c++) inCells += len[c];
  return h + COVER_WEIGHT * cover + DISORDER_WEIGHT * s.disorder + CELL_WEIGHT * inCells - EMPTY_WEIGHT * empty;
}

/**
 * Writes estimate() of each move's result into out[at..at+end-start) for the moves buf[start..end),
 * without playing them (suit-built games with one deck). A move's result differs from the position
 * only at its two piles: the pair under the moved cards leaves the source pile, a pair forms on
 * the target, and the cards lying on the next card a foundation needs change only if that card
 * sits in one of the two piles below the moved cards; a cell fills or empties, a pile empties or
 * stops being empty. A foundation move also brings one card home and makes its suit's next card
 * the needed one (homeDelta). test/heuristic.test.ts checks every move against playing it.
 */
export function childEstimates(s: GameState, buf: Int32Array, start: number, end: number, out: Int32Array, at = 0): void {
  if (!s.suitFound || s.rules.decks !== 1) {
    for (let i = start; i < end; i++) {
      s.apply(buf[i]);
      out[at + i - start] = estimate(s);
      s.undo();
    }
    return;
  }
  const base = estimate(s);
  const len = s.len;
  const cards = s.cards;
  const off = s.off;
  const stackOK = s.stackOK;
  const T = s.T;
  // Where estimate() found the card each suit needs (copied: scoring a move by playing it reruns estimate).
  const { needPile, needIdx } = s.scratch;
  const p0 = needPile[0],
    p1 = needPile[1],
    p2 = needPile[2],
    p3 = needPile[3];
  const i0 = needIdx[0],
    i1 = needIdx[1],
    i2 = needIdx[2],
    i3 = needIdx[3];
  for (let i = start; i < end; i++) {
    const m = buf[i];
    const to = moveTo(m);
    const from = moveFrom(m);
    if (from >= s.RESERVE) {
      // A source the shortcut does not know (a reserve, stock or waste): none in today's suit games.
      s.apply(m);
      out[at + i - start] = estimate(s);
      s.undo();
      continue;
    }
    const k = moveCount(m);
    let d = 0;
    let moved: number; // the bottom card of the moved cards
    if (from < T) {
      const lA = len[from];
      const oA = off[from];
      const under = lA - k - 1;
      moved = cards[oA + lA - k];
      if (under >= 0 && !stackOK[cards[oA + under] * 52 + moved]) d -= DISORDER_WEIGHT;
      const keep = lA - k; // cards that stay: a needed card among them has k fewer above it
      const uncovered =
        (p0 === from && i0 < keep ? 1 : 0) + (p1 === from && i1 < keep ? 1 : 0) + (p2 === from && i2 < keep ? 1 : 0) + (p3 === from && i3 < keep ? 1 : 0);
      d -= COVER_WEIGHT * k * uncovered;
      if (keep === 0) d -= EMPTY_WEIGHT;
    } else {
      moved = cards[off[from]]; // a cell
      d -= CELL_WEIGHT;
    }
    if (to >= s.FOUND0 && to < s.CELL0) d += homeDelta(s, moved, from);
    else if (to < T) {
      const lB = len[to];
      if (lB > 0 && !stackOK[cards[off[to] + lB - 1] * 52 + moved]) d += DISORDER_WEIGHT;
      if (lB === 0) d += EMPTY_WEIGHT;
      const covered = (p0 === to ? 1 : 0) + (p1 === to ? 1 : 0) + (p2 === to ? 1 : 0) + (p3 === to ? 1 : 0);
      d += COVER_WEIGHT * k * covered;
    } else d += CELL_WEIGHT; // into a cell
    out[at + i - start] = base + d;
  }
}

/**
 * The target side of a foundation move's change in estimate(): one card fewer to go home, and its
 * suit's next card, c + 4, now needed: the cards on it count (after c leaves pile `from`).
 */
function homeDelta(s: GameState, c: number, from: number): number {
  const next = c + 4;
  if (next >= 52) return -1; // a King: the suit is done
  const p = s.cardPile[next];
  if (p >= s.T) return -1; // in a cell: nothing covers it
  return -1 + COVER_WEIGHT * (s.len[p] - 1 - s.cardIdx[next] - (p === from ? 1 : 0));
}

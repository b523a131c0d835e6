// Safe foundation moves: a foundation move a search may play at once, as the only move it tries,
// without losing a win (pruning that keeps verdicts exact), each rule argued below.
import { colourOf } from '../cards/card';
import { chainOf, levelOf } from '../rules/building';
import { moveFrom, moveTo } from '../engine/move';
import type { GameState } from '../engine/state';

/**
 * A foundation move that may be played at once, as the only move tried, without losing a win; or
 * -1. Foundation moves come first in buf[start..end). Suit-built games: suitSafe; the
 * alternate-colour games: altColourSafe.
 */
export function safeFoundationMove(s: GameState, buf: Int32Array, start: number, end: number): number {
  return s.suitFound ? suitSafe(s, buf, start, end) : altColourSafe(s, buf, start, end);
}

/**
 * Safe automatic foundation moves, for suit-built foundations (Winery, FreeCell: one deck, the
 * tableau built down in alternate colour, one card at a time, cards never leave a foundation).
 *
 * A card c of rank R (Ace 1) may be played to its foundation at once, as the only move tried, when
 *  (1) both foundations of the other colour hold rank R-1 (for an Ace: always), or
 *  (2) both foundations of the other colour hold rank R-2 and the other suit of c's colour R-3
 *      (Horne's rule: Freecell Solver's and Solvitaire's auto-play; for a Two: always).
 * Why (1) never loses a win: the only cards that could ever be built on c in the tableau are the two
 * R-1 cards of the other colour, and they are on foundations for good, so c is and stays a top card
 * with nothing built on it. Take any winning line from the position: drop the moves of c itself and
 * play the rest. Each remaining move is still legal, because the position differs only by c's
 * absence from the top of a pile or a cell (which frees a cell or pile and exposes the card below,
 * never removing an option) and by c already being on its foundation (where the line would put it
 * anyway before the next card of its suit). So the line still wins.
 * Why (2) never loses a win: follow the line, keeping a set H of cards sent home early (first c).
 * Our position is always the line's with the cards of H taken out of piles and cells and put on
 * their foundations (each pile a subsequence of the line's). A move of a card in H is dropped. When
 * the line puts a card x on a card y of H, x goes home instead and joins H: y = c makes x an R-1 of
 * the other colour, whose foundation holds R-2 at least and not x, so exactly R-2; y such an R-1
 * makes x an R-2 of c's colour, not of c's suit (that one is home below c), so of the other suit,
 * whose foundation holds R-3 and not x; y such an R-2 would make x an R-3 of the other colour,
 * already home, so it cannot happen. Every other move finds the same top card (subsequences), at
 * least as many free cells and empty piles, and the same foundation height for its suit (the line
 * plays a suit's cards in order, so no card of H is above a card it plays). So the line still wins.
 */
function suitSafe(s: GameState, buf: Int32Array, start: number, end: number): number {
  const len = s.len;
  const cards = s.cards;
  const off = s.off;
  const F0 = s.FOUND0;
  const F1 = s.CELL0;
  suitHeights(s, heights);
  for (let i = start; i < end; i++) {
    const m = buf[i];
    const to = moveTo(m);
    if (to < F0 || to >= F1) break; // foundation moves come first
    const from = moveFrom(m);
    const c = cards[off[from] + len[from] - 1];
    if (otherColourLow(heights, c) >= c >> 2 || horneHolds(heights, c)) return i; // (1) or (2)
  }
  return -1;
}

const heights = new Int32Array(4);

/** Foundation height per suit into h[0..3] (an empty foundation: its suit's Ace is not home). */
export function suitHeights(s: GameState, h: Int32Array): void {
  h.fill(0);
  for (let f = s.FOUND0; f < s.CELL0; f++) if (s.len[f] > 0) h[s.cards[s.off[f]] & 3] = s.len[f];
}

/** The lower height of the two suits of the other colour than card c's (clubs 0 and spades 3 black). */
function otherColourLow(h: Int32Array, c: number): number {
  const suit = c & 3;
  return suit === 1 || suit === 2 ? Math.min(h[0], h[3]) : Math.min(h[1], h[2]);
}

/**
 * Clause (2) of suitSafe, Horne's rule, for card c (rank R = (c >> 2) + 1) and suit heights h: the
 * other colour at R-2 and the other suit of c's colour (suit 3 - suit: clubs and spades, diamonds
 * and hearts) at R-3. freecell/fcorder.ts's horneSafe plays it alone, as Freecell Solver does.
 */
export function horneHolds(h: Int32Array, c: number): boolean {
  const r = c >> 2; // R - 1
  return otherColourLow(h, c) >= r - 1 && h[3 - (c & 3)] >= r - 2;
}

/**
 * Safe foundation moves in the alternate-colour games (Signora, Double Signora, Empress, Red and
 * Black). A card c of class (rank r, colour k) at foundation level l may go up at once when
 *  (a) every copy of the class that builds on c in the tableau, (r-1, other colour) (none for an
 *      Ace without wrapping), is already on a foundation, and
 *  (b) taking c away triggers no automatic filling: c is a tableau top over at least one card, or
 *      the reserve top, or (only where nothing fills automatically: Red and Black) any tableau top
 *      or the waste top.
 * Why no win is lost. By (a) nothing can ever be built on c, so until some winning line moves c,
 * c's pile (or the reserve, or the waste under later deals) is frozen below c; the line may move c
 * elsewhere (onto a pile, or at the bottom of a moved run), where it is frozen again. Drop c's moves
 * from the line (a run moved with c moves one card fewer) and play the rest after c goes up: each
 * move sees the same cards, except that the card under c is exposed sooner (an option, never a
 * constraint) and, by (b), no automatic filling changes. The foundations: c's class goes on the
 * foundations whose colour pattern has colour k at level l: there are 2*decks of them and 2*decks
 * copies of (r-1, other colour), which by (a) are all up, so all those foundations stand at level
 * l or higher. While the line has not yet played c, our foundations differ from its by one of them
 * being one card higher; when the line plays another copy of c's class, at most 2*decks - 2 copies
 * are up (c and that copy are not), so it has at least two foundations waiting at level l and we
 * at least one; the other foundation moves find their levels as before. So the line still wins.
 */
function altColourSafe(s: GameState, buf: Int32Array, start: number, end: number): number {
  if (s.base < 0) return -1; // the base is not fixed yet (Signora's first move; DS/Empress)
  const len = s.len;
  const cards = s.cards;
  const off = s.off;
  const F0 = s.FOUND0;
  const F1 = s.CELL0;
  const noFill = s.fill0 < 0;
  for (let i = start; i < end; i++) {
    const m = buf[i];
    const to = moveTo(m);
    if (to < F0 || to >= F1) break; // foundation moves come first
    const from = moveFrom(m);
    const ok = from < s.T ? noFill || len[from] >= 2 : from === s.RESERVE || (from === s.WASTE && noFill);
    if (!ok) continue;
    const k = s.belowClass[cards[off[from] + len[from] - 1]];
    if (k < 0 || upCount(s, k >> 1, k & 1) === 2 * s.rules.decks) return i;
  }
  return -1;
}

/** Cards of class (rank, colour) on the foundations (the base is fixed). */
function upCount(s: GameState, rank: number, colour: number): number {
  const level = levelOf(rank, s.base);
  let n = 0;
  for (let f = s.FOUND0; f < s.CELL0; f++) {
    const l = s.len[f];
    if (l <= level) continue;
    if (chainOf(colourOf(s.cards[s.off[f]]), level) === colour) n++;
  }
  return n;
}

// Pruning that keeps verdicts exact.
import { colourOf } from '../cards/card';
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
 * Safe automatic foundation moves, for suit-built foundations (Winery, FreeCell).
 *
 * A card c of rank r may be played to its foundation at once, as the only move tried, when both
 * foundations of the other colour already hold rank r-1 (for an Ace: always). Why this never loses
 * a win: the only cards that could ever be built on c in the tableau are the two r-1 cards of the
 * other colour, and they are on foundations for good, so c is and stays a top card with nothing
 * built on it. Take any winning line from the position: drop the moves of c itself and play the rest.
 * Each remaining move is still legal, because the position differs only by c's absence from the
 * top of a pile or a cell (which frees a cell or pile and exposes the card below, never removing
 * an option) and by c already being on its foundation (where the line would put it anyway before
 * the next card of its suit). So the line still wins.
 *
 * The alternate-colour games need the stronger condition of altColourSafe.
 */
function suitSafe(s: GameState, buf: Int32Array, start: number, end: number): number {
  const len = s.len;
  const cards = s.cards;
  const off = s.off;
  const F0 = s.FOUND0;
  const F1 = s.CELL0;
  for (let i = start; i < end; i++) {
    const m = buf[i];
    const to = moveTo(m);
    if (to < F0 || to >= F1) break; // foundation moves come first
    const from = moveFrom(m);
    const c = cards[off[from] + len[from] - 1];
    const r = c >> 2;
    if (r === 0) return i;
    const red = (c & 3) === 1 || (c & 3) === 2;
    // Other colour's suits: clubs 0 and spades 3 are black; diamonds 1 and hearts 2 are red.
    const sa = red ? 0 : 1;
    const sb = red ? 3 : 2;
    let have = 0;
    for (let f = F0; f < F1; f++) {
      const l = len[f];
      if (l === 0) continue;
      const suit = cards[off[f]] & 3;
      if ((suit === sa || suit === sb) && l >= r) have++;
    }
    if (have === 2) return i;
  }
  return -1;
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
  const level = (rank - s.base + 13) % 13;
  let n = 0;
  for (let f = s.FOUND0; f < s.CELL0; f++) {
    const l = s.len[f];
    if (l <= level) continue;
    if ((colourOf(s.cards[s.off[f]]) ^ (level & 1)) === colour) n++;
  }
  return n;
}

// Pruning that keeps verdicts exact.
import { GameState } from '../engine/state';

/**
 * Safe automatic foundation moves, for suit-built foundations only (Winery, FreeCell).
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
 * The argument needs suit foundations: with several decks and alternate-colour foundations a card
 * of the same rank and colour may have to take that foundation spot while c's own pile is needed,
 * so no such rule is applied to the other four games (RULES.md: leave a rule out rather than guess).
 */
export function safeFoundationMove(s: GameState, buf: Int32Array, start: number, end: number): number {
  if (!s.suitFound) return -1;
  const len = s.len;
  const cards = s.cards;
  const off = s.off;
  const F0 = s.FOUND0;
  const F1 = s.CELL0;
  for (let i = start; i < end; i++) {
    const m = buf[i];
    const to = (m >>> 8) & 0xff;
    if (to < F0 || to >= F1) break; // foundation moves come first
    const from = m & 0xff;
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

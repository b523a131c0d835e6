// Position evaluation used for move ordering and best-first search (never for pruning).
import type { GameState } from '../engine/state';

/**
 * Estimated distance to a win (lower is better).
 *
 * All games: cards not yet on a foundation (each needs at least one move: the admissible part).
 * Suit-built games (Winery, FreeCell) add, per suit, the number of cards lying on top of the next
 * card that suit's foundation needs, and the number of cards resting on something other than
 * their tableau successor (each must move at least once more before it can go home).
 */
export function estimate(s: GameState): number {
  let h = s.total - s.onFoundation;
  if (!s.suitFound) return h;
  const len = s.len;
  const cards = s.cards;
  const off = s.off;
  const { nextRank, cardsAbove } = s.scratch;
  for (let i = 0; i < 4; i++) {
    nextRank[i] = 0;
    cardsAbove[i] = 0;
  }
  for (let f = s.FOUND0; f < s.CELL0; f++) {
    const l = len[f];
    if (l > 0) nextRank[cards[off[f]] & 3] = l;
  }
  const stackOK = s.stackOK;
  let disorder = 0;
  for (let p = 0; p < s.T; p++) {
    const l = len[p];
    const o = off[p];
    for (let i = 0; i < l; i++) {
      const c = cards[o + i];
      if (c >> 2 === nextRank[c & 3]) cardsAbove[c & 3] = l - 1 - i;
      if (i > 0 && !stackOK[cards[o + i - 1] * 52 + c]) disorder++;
    }
  }
  for (let i = 0; i < 4; i++) h += cardsAbove[i];
  h += disorder;
  return h;
}

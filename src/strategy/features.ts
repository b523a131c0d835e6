// What a player sees at the start, as numbers per candidate base rank (issue 13: the learned
// strategy and `solitaire advise`).
//
// Visible information only (docs/RULES.md: "every card is dealt face up except the stock"; the
// Signora and Double Signora seeds say the reserve is dealt face up): the top card of every tableau
// pile (each pile is one card at the start) and every card of the reserve, in order, where the
// variant has one (Signora 11 cards, Double Signora 21; Empress of Italy has none). The stock is
// face down and never used.
//
// The rules are symmetric in the ranks (foundations and tableau wrap, colours alternate), so the
// rank itself carries no information: every feature is written relative to the candidate base
// rank r through a card's *offset* (rank - r) mod 13, its place in the foundation order (0 = a
// base card, 1 = the next card up, ..., 12 = the last card of a foundation, the predecessor r-1).
import { rankOf } from '../cards/card';
import { levelOf } from '../rules/building';
import type { DealView } from './strategies';

/** Offset of a card in the foundation order from base rank r: 0..12. */
export function offsetFrom(card: number, r: number): number {
  return levelOf(rankOf(card), r);
}

/**
 * The feature names, in vector order. "exposed" = tableau tops plus the reserve top.
 * - exposed_base: exposed copies of r (cards that can start a foundation at once).
 * - exposed_next: exposed copies of r+1; exposed_next2: of r+2.
 * - exposed_pred: exposed copies of r-1 (they go up last, so they sit exposed for longest).
 * - exposed_pred2: exposed copies of r-2.
 * - reserve_release: reserve only (else 0): the mean, over the reserve's cards, of the largest
 *   offset among that card and the cards above it, divided by 12. A reserve card can leave only
 *   after every card above it has gone to a foundation, so this is how far (0..1) the foundations
 *   must be built, on average, before a reserve card is free. Low is good.
 * - reserve_base_depth: reserve only: cards above the topmost base-rank card of the reserve,
 *   divided by the reserve's size (1 when the reserve holds no base card).
 */
export const FEATURE_NAMES = [
  'exposed_base',
  'exposed_next',
  'exposed_next2',
  'exposed_pred',
  'exposed_pred2',
  'reserve_release',
  'reserve_base_depth',
] as const;
export type FeatureName = (typeof FEATURE_NAMES)[number];

/** Plain-word meaning of each feature, for reports and the README. */
export const FEATURE_WORDS: Record<FeatureName, string> = {
  exposed_base: 'exposed cards of the base rank',
  exposed_next: 'exposed cards of the rank just above the base',
  exposed_next2: 'exposed cards two ranks above the base',
  exposed_pred: 'exposed cards of the rank just below the base (they go up last)',
  exposed_pred2: 'exposed cards two ranks below the base',
  reserve_release: 'how far the foundations must be built, on average, before a reserve card is free (0-1)',
  reserve_base_depth: 'depth of the first base-rank card in the reserve, as a fraction of the reserve (1 if none)',
};

/** The feature vector of base rank r for a deal as the player sees it. */
export function rankFeatures(v: DealView, r: number): number[] {
  const exposed = v.reserveTop === null ? v.tableauTops : [...v.tableauTops, v.reserveTop];
  const at = new Array(13).fill(0);
  for (const c of exposed) at[offsetFrom(c, r)]++;
  const reserve = v.reserve ?? (v.reserveTop === null ? [] : [v.reserveTop]);
  let release = 0;
  let baseDepth = 1;
  let found = false;
  if (reserve.length > 0) {
    let maxAbove = 0;
    let sum = 0;
    // Top first: the reserve is listed bottom to top.
    for (let i = reserve.length - 1, depth = 0; i >= 0; i--, depth++) {
      const off = offsetFrom(reserve[i], r);
      maxAbove = Math.max(maxAbove, off);
      sum += maxAbove;
      if (off === 0 && !found) {
        found = true;
        baseDepth = depth / reserve.length;
      }
    }
    release = sum / reserve.length / 12;
  }
  return [at[0], at[1], at[2], at[12], at[11], release, baseDepth];
}

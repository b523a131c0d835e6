// How cards build, as rule functions: the one statement of foundation and tableau building, read
// by the checked engine (legality.ts), the deal checker (deal.ts) and the compiled card tables of
// state.ts. Move generation (movegen.ts) uses those compiled tables plus its own per-foundation fast
// path, and test/engine-props.test.ts checks it against legality on random positions.
import { cardName, colourOf, rankOf } from '../cards/card';
import type { RuleTable } from './vocabulary';

/** Why `card` may not go on foundation top `top` (rank and colour/suit only), or null when it may. */
export function foundationBuildError(r: RuleTable, top: number, card: number): string | null {
  const wrap = r.foundationBuild === 'alt-colour-wrap';
  if (!wrap && rankOf(top) === 12) return `${cardName(card)} does not go on ${cardName(top)}: the foundation is complete`;
  const nextRank = (rankOf(top) + 1) % 13;
  if (rankOf(card) !== nextRank) return `${cardName(card)} does not go on ${cardName(top)}: foundations build up by one`;
  if (r.foundationBuild === 'suit' ? (card & 3) !== (top & 3) : colourOf(card) === colourOf(top))
    return `${cardName(card)} does not go on ${cardName(top)}: foundations build ${r.foundationBuild === 'suit' ? 'by suit' : 'in alternate colour'}`;
  return null;
}

/** Why `card` may not be built on tableau top `top`, or null when it may. */
export function tableauBuildError(r: RuleTable, top: number, card: number): string | null {
  if (r.tableauBuild !== 'down-alt-colour') return `tableau build ${r.tableauBuild} is not supported`;
  const wrap = r.tableauWrap;
  const rankOk = rankOf(card) === rankOf(top) - 1 || (wrap && rankOf(top) === 0 && rankOf(card) === 12);
  if (!rankOk) return `${cardName(card)} does not go on ${cardName(top)}: the tableau builds down by one${wrap ? ' (K on A allowed)' : ''}`;
  if (colourOf(card) === colourOf(top)) return `${cardName(card)} does not go on ${cardName(top)}: the tableau builds in alternate colour`;
  return null;
}

/**
 * The level of a card of rank `rank` on an alternate-colour foundation built from base rank `base`:
 * its place in the foundation order, (rank - base) mod 13 (0: the base card, 12: the last).
 */
export function levelOf(rank: number, base: number): number {
  return (rank - base + 13) % 13;
}

/**
 * Colours alternate up an alternate-colour foundation, so the card at level `level` of colour
 * `colour` (0 black, 1 red) lies on a foundation whose base card has colour chainOf(colour, level):
 * its chain. The same formula gives the colour of level `level` of a foundation of chain `colour`.
 */
export function chainOf(colour: number, level: number): number {
  return colour ^ (level & 1);
}

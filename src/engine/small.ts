// Scaled-down members of the five games, small enough for exhaustive search to decide every deal:
// the referee for every way of proving a loss (issue 26).
//
// A small game keeps a variant's rules and changes only its pack and layout: each suit holds m
// consecutive ranks b, b+1, ..., b+m-1 (wrapping past the King), with the variant's number of
// decks, fewer tableau piles and a shorter reserve; the rest is the stock. Every rule is the
// engine's own, so a deal of a small game is a position the full engine plays: moves, automatic
// filling, base rules and hashing are unchanged, and won means every card of the pack on a
// foundation. Only base rank b can win a Terrace-family small game (a chain from any other rank
// runs into a rank the pack lacks), so that is the one base solved.
import seedrandom from 'seedrandom';
import { makeCard } from '../cards/card';
import type { RuleTable } from '../rules/vocabulary';
import { type Deal, layOut, shuffle } from './deal';

export interface SmallShape {
  /** Ranks per suit, 1..13. */
  ranks: number;
  /** Tableau piles (each dealt as in the variant: one card each in the Terrace family). */
  piles: number;
  /** Reserve cards (0 where the variant has none). */
  reserve: number;
}

export interface SmallDeal {
  deal: Deal;
  /** The pack's lowest rank, b: the only base that can win. */
  base: number;
}

/** The rule table of a small game: the variant's, with its layout shrunk. */
export function smallRules(r: RuleTable, shape: SmallShape): RuleTable {
  const perPile = Math.max(...r.tableauDeal);
  return {
    ...r,
    tableauDeal: new Array<number>(shape.piles).fill(perPile),
    reserveSize: r.reserveSize > 0 ? shape.reserve : 0,
  };
}

/**
 * Deals small game `seed` of a variant: base rank b and a shuffle from seedrandom('small:' + seed),
 * dealt as dealFromSeed deals (tableau row by row, then the reserve bottom first, then the stock).
 */
export function smallDeal(r: RuleTable, shape: SmallShape, seed: number): SmallDeal {
  if (!(shape.ranks >= 1 && shape.ranks <= 13)) throw new Error(`small game: ranks must be 1-13, not ${shape.ranks}`);
  const rules = smallRules(r, shape);
  const rng = seedrandom(`small:${seed}`);
  const base = r.baseRule === 'ace' ? 0 : Math.floor(rng() * 13);
  const pack: number[] = [];
  for (let d = 0; d < r.decks; d++)
    for (let s = 0; s < 4; s++)
      for (let i = 0; i < shape.ranks; i++) {
        const rank = (base + i) % 13;
        if (rank === 0 && r.acesStartOnFoundations) continue;
        pack.push(makeCard(rank, s));
      }
  shuffle(pack, rng);
  const need = rules.tableauDeal.reduce((a, b) => a + b, 0) + rules.reserveSize;
  if (need > pack.length) throw new Error(`small game: ${need} cards to lay out, the pack has ${pack.length}`);
  if (!r.hasStock && need < pack.length) throw new Error('small game: cards left over with no stock');
  const deal: Deal = { ...layOut(rules, pack), seed };
  return { deal, base };
}

// The alternate-colour foundations' vocabulary, shared by the deadlock tests (reserve.ts, waste.ts,
// waste-order.ts). Base rank b fixed (the Terrace family's, or the ace in Red and Black): a card of
// rank r has level (r - b) mod 13 in its chain, and its chain is the colour a foundation holding it
// started with: colour(card) XOR (level & 1). A foundation of chain T holds levels 0, 1, 2, ... of T
// in order, one card each; a class (T, level) has as many copies as chain T has foundations
// (2 * decks each, in the full games and the small ones alike), so every copy of it ends on a
// different foundation of T.
import { colourOf } from '../cards/card';
import { chainOf, levelOf } from '../rules/building';
import type { GameState } from '../engine/state';

/** Levels per chain. */
export const LEVELS = 13;
/** Classes: chain T * LEVELS + level. */
export const CLASSES = 2 * LEVELS;

/**
 * The base rank the tests read: the fixed one, else the constraint the search runs under, else the
 * ace where the rules start there; -1 where none is known yet (the tests then prove nothing).
 */
export function chainBase(s: GameState): number {
  return s.base >= 0 ? s.base : s.baseConstraint >= 0 ? s.baseConstraint : s.rules.baseRule === 'ace' ? 0 : -1;
}

/** Class T * 13 + level of a card under base rank `base`. */
export function classOf(c: number, base: number): number {
  const level = levelOf(c >> 2, base);
  return chainOf(colourOf(c), level) * LEVELS + level;
}

/** The class of the cards c may be built on in the tableau: one rank up, wrapping, other colour. */
export function parentClass(c: number, base: number): number {
  const rank = ((c >> 2) + 1) % LEVELS;
  return classOf(rank * 4 + (colourOf(c) === 1 ? 0 : 1), base);
}

/**
 * m[o + c] += by (1 or -1) for class c, and the change in J it makes (J: waste.ts; also waste-order.ts): J's term at c grows by one with a card added if c's count was not below
 * c - 1's, and the term at c + 1 shrinks if c + 1's count was above c's (the other way round for a
 * card taken away). Level 0 has no term; level 12 no term above it.
 */
export function addCount(m: Int32Array, o: number, c: number, by: number): number {
  const x = o + c;
  const k = c < LEVELS ? c : c - LEVELS;
  let d = 0;
  if (by > 0) {
    if (k > 0 && m[x] >= m[x - 1]) d++;
    if (k < LEVELS - 1 && m[x + 1] > m[x]) d--;
  } else {
    if (k > 0 && m[x] > m[x - 1]) d--;
    if (k < LEVELS - 1 && m[x + 1] >= m[x]) d++;
  }
  m[x] += by;
  return d;
}

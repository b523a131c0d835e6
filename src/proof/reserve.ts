// Test "reserve" (proof name `reserve`): the Terrace games with a reserve (Signora, Double Signora).
import { cardName, colourOf, RANKS, rankName } from '../cards/card';
import type { GameState } from '../engine/state';
import { chainBase, classOf, LEVELS, parentClass } from './chains';

/**
 * Test "reserve": the reserve cannot be emptied even if every card outside it could go to a
 * foundation at any time.
 *
 * The relaxed game: foundations and the reserve as they are; every card not in the reserve (the
 * tableau, waste, stock, cells) may be played to a foundation whenever the foundation takes it.
 * Every real line is a line of the relaxed game (its foundation moves are legal there, and its
 * other moves change nothing the relaxed game sees), so a position whose relaxed game is lost is
 * lost. The relaxed game is won iff the reserve can be played out in order: once it is empty every
 * remaining card is free, and each class has exactly one copy per foundation of its chain that
 * still lacks it, so the foundations fill level by level.
 *
 * Deciding it (exactly, greedily): take the reserve cards top first. A card of class (T, k) needs a
 * foundation of chain T at height exactly k. Raise the highest foundation of T at height h <= k
 * (an unstarted foundation of T counts as height 0) to k with free copies of (T, h) .. (T, k-1),
 * then place the card there. Raising a lower foundation instead would use a superset of those
 * copies and leave the higher one, which it could still reach later with the copies saved, so the
 * choice never loses; raising anything earlier than needed only spends copies. If no foundation of
 * T is at or below k, or a class in between has no free copy left, the relaxed game is lost.
 *
 * Where the reserve also plays onto the tableau (Double Signora, onto a non-empty pile), the
 * relaxed game lets a reserve card go there whenever a copy of its tableau parent's class is free
 * (off the foundations and out of the reserve), and the card is then free itself. Taking that way
 * when it is open never loses: it spends no copy, and the card can still go up later. A real move
 * of a reserve card onto the tableau needs such a parent, so the relaxation still holds every line.
 * Free copies are spent only when a reserve card forces it, so the greedy line has at every step at
 * least as many free copies of every class as any other line of the relaxed game.
 */
export class ReserveTest {
  /** Free copies per class T * 13 + level: cards outside the reserve and the foundations. */
  private readonly free = new Int32Array(2 * LEVELS);
  /** Copies of the base class per chain: the number of foundations chain T has. */
  private readonly slotsOf = new Int32Array(2);
  /** Foundation heights per chain: heights[T * 64 + i], count[T]. */
  private readonly heights = new Int32Array(128);
  private readonly count = new Int32Array(2);
  /** The position the last answer was for (foundations and reserve: all the test reads), and it. */
  private version = -1;
  private reserveLen = -1;
  private last = false;

  /**
   * True when the test proves s lost (false when the base is neither fixed nor constrained). The
   * answer depends only on the foundations and the reserve, so it is kept until either changes:
   * most moves change neither.
   */
  provesLost(s: GameState): boolean {
    if (s.foundationVersion !== this.version || s.len[s.RESERVE] !== this.reserveLen) {
      this.version = s.foundationVersion;
      this.reserveLen = s.len[s.RESERVE];
      this.last = this.stuck(s);
    }
    return this.last;
  }

  /** The test itself (the comment on the class), uncached. */
  private stuck(s: GameState): boolean {
    const base = chainBase(s);
    const R = s.RESERVE;
    const rl = s.len[R];
    if (base < 0 || rl === 0) return false;
    const free = this.free;
    const cards = s.cards;
    const off = s.off;
    const len = s.len;
    free.fill(0);
    this.slotsOf[0] = this.slotsOf[1] = 0;
    this.count[0] = this.count[1] = 0;
    // Free copies: every pile but the foundations and the reserve.
    for (let p = 0; p < s.nPiles; p++) {
      if ((p >= s.FOUND0 && p < s.CELL0) || p === R) continue;
      for (let i = off[p], e = off[p] + len[p]; i < e; i++) free[classOf(cards[i], base)]++;
    }
    for (let T = 0; T < 2; T++) this.slotsOf[T] = free[T * LEVELS];
    for (let i = off[R], e = off[R] + rl; i < e; i++) {
      const k = classOf(cards[i], base);
      if (k % LEVELS === 0) this.slotsOf[(k / LEVELS) | 0]++;
    }
    for (let f = s.FOUND0; f < s.CELL0; f++) {
      const l = len[f];
      if (l === 0) continue;
      const T = colourOf(cards[off[f]]);
      this.slotsOf[T]++;
      this.heights[T * 64 + this.count[T]++] = l;
    }
    // Unstarted foundations of each chain: height 0.
    for (let T = 0; T < 2; T++) {
      const started = this.count[T];
      for (let i = started; i < this.slotsOf[T]; i++) this.heights[T * 64 + this.count[T]++] = 0;
    }
    const toTableau = s.rules.reserveToTableau;
    for (let i = off[R] + rl - 1; i >= off[R]; i--) {
      const c = cards[i];
      const cls = classOf(c, base);
      if (toTableau && free[parentClass(c, base)] > 0) {
        free[cls]++; // onto a tableau parent: from then on a free card like the others
        continue;
      }
      const T = (cls / LEVELS) | 0;
      const k = cls - T * LEVELS;
      let best = -1;
      for (let j = 0; j < this.count[T]; j++) {
        const h = this.heights[T * 64 + j];
        if (h <= k && (best < 0 || h > this.heights[T * 64 + best])) best = j;
      }
      this.failCard = c;
      this.failDepth = off[R] + rl - 1 - i;
      this.failLevel = -1;
      if (best < 0) return true;
      for (let lv = this.heights[T * 64 + best]; lv < k; lv++)
        if (free[T * LEVELS + lv]-- === 0) {
          this.failLevel = lv;
          return true;
        }
      this.heights[T * 64 + best] = k + 1;
    }
    return false;
  }

  /** Why the last position proved lost is lost (after stuck() returned true), in words. */
  private failCard = -1;
  private failDepth = -1;
  private failLevel = -1;

  /**
   * The reserve test's reason, in words a player can check by hand, or null when it does not find
   * the position dead: the reserve card that can never leave, and the class with no copy left.
   */
  explain(s: GameState): string | null {
    this.version = -1; // the cache is left for the next provesLost(), which computes afresh
    if (!this.stuck(s)) return null;
    const base = chainBase(s);
    const c = this.failCard;
    const cls = classOf(c, base);
    const chain = `the ${(cls / LEVELS) | 0 ? 'red' : 'black'}-start chain (base ${rankName(base)})`;
    const at = this.failDepth === 0 ? 'the reserve top' : `card ${this.failDepth + 1} from the reserve top`;
    const only = s.rules.reserveToTableau ? 'no tableau parent of it is left free, so it must go up' : 'it can only go up';
    const where = `${cardName(c)}, ${at}, is level ${cls % LEVELS} of ${chain}; ${only}, onto a foundation of that chain at that level`;
    if (this.failLevel < 0) return `${where}, and every one is past that level once the reserve cards above it are up`;
    const need = ((base + this.failLevel) % LEVELS) * 4 + (((cls / LEVELS) | 0) ^ (this.failLevel & 1) ? 1 : 0);
    const card = `${colourOf(need) ? 'red' : 'black'} ${RANKS[need >> 2]}`;
    return `${where}, which needs a ${card} (level ${this.failLevel}), and none is left once the reserve cards above it are up: the others are on the foundations or under ${cardName(c)} in the reserve`;
  }
}

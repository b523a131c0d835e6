// Test "reserve" (proof name `reserve`): the Terrace games with a reserve (Signora, Double Signora).
import { cardName, colourOf, RANKS, rankName } from '../cards/card';
import type { GameState } from '../engine/state';
import { chainBase, classOf, LEVELS, parentClass } from './chains';

/** 9^h for foundation heights h = 0..13 (recall's key). */
const POW9 = Float64Array.from({ length: LEVELS + 1 }, (_, h) => 9 ** h);
const ALIVE = 1;
const DEAD = 2;

/**
 * Answers by exact key (a 32-bit word and two whole numbers below 2^53), in typed arrays with
 * linear probing: no allocation per question. It starts small (most searches ask about few
 * foundation layouts), doubles when three quarters full up to `most` entries, and is cleared when
 * full at that size.
 */
export class Answers {
  private w: Int32Array;
  private a: Float64Array;
  private b: Float64Array;
  private v: Uint8Array;
  private mask: number;
  size = 0;

  constructor(
    n = 256,
    private readonly most = 1 << 16,
  ) {
    this.w = new Int32Array(n);
    this.a = new Float64Array(n);
    this.b = new Float64Array(n);
    this.v = new Uint8Array(n);
    this.mask = n - 1;
  }

  private slot(w: number, a: number, b: number): number {
    let i = (Math.imul(w, 0x9e3779b1) ^ Math.imul((a % 0x7fffffff) | 0, 0x85ebca6b) ^ Math.imul((b % 0x7fffffff) | 0, 0xc2b2ae35)) & this.mask;
    while (this.v[i] !== 0 && !(this.w[i] === w && this.a[i] === a && this.b[i] === b)) i = (i + 1) & this.mask;
    return i;
  }

  /** The answer kept for the key (ALIVE or DEAD), or 0. */
  get(w: number, a: number, b: number): number {
    return this.v[this.slot(w, a, b)];
  }

  set(w: number, a: number, b: number, value: number): void {
    if (this.size >= ((this.mask + 1) * 3) / 4) {
      if (this.mask + 1 < this.most) this.grow();
      else this.clear();
    }
    const i = this.slot(w, a, b);
    if (this.v[i] === 0) this.size++;
    this.w[i] = w;
    this.a[i] = a;
    this.b[i] = b;
    this.v[i] = value;
  }

  clear(): void {
    this.v.fill(0);
    this.size = 0;
  }

  /** Twice the room, every answer kept. */
  private grow(): void {
    const { w, a, b, v } = this;
    const n = (this.mask + 1) * 2;
    this.w = new Int32Array(n);
    this.a = new Float64Array(n);
    this.b = new Float64Array(n);
    this.v = new Uint8Array(n);
    this.mask = n - 1;
    for (let i = 0; i < v.length; i++) {
      if (v[i] === 0) continue;
      const j = this.slot(w[i], a[i], b[i]);
      this.w[j] = w[i];
      this.a[j] = a[i];
      this.b[j] = b[i];
      this.v[j] = v[i];
    }
  }
}

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
  /** `kept`: the table of answers (a test gives a small one, to exercise its growth and clearing). */
  constructor(kept = new Answers()) {
    this.kept = kept;
  }

  /** Free copies per class T * 13 + level: cards outside the reserve and the foundations. */
  private readonly free = new Int32Array(2 * LEVELS);
  /** Every copy of each class in the position, wherever it lies (countClasses()). */
  private readonly total = new Int32Array(2 * LEVELS);
  /** stuck's foundations per chain and level, as differences. */
  private readonly below = new Int32Array(2 * LEVELS);
  /** Each card's class and its tableau parent's class under the base of `total` (countClasses()). */
  private readonly cls = new Uint8Array(52);
  private readonly parent = new Uint8Array(52);
  /** The base `total` and the classes were counted for, in the deal of `dealState` (-1: none yet). */
  private countedBase = -1;
  /** Foundation heights per chain: heights[T * 64 + i], count[T]. */
  private readonly heights = new Int32Array(128);
  private readonly count = new Int32Array(2);
  /** The state and its load (the deal) all that is kept is for: the counts, the answers. */
  private dealState: GameState | null = null;
  private dealLoad = -1;
  /** The position the last answer was for (foundations and reserve), and it. */
  private version = -1;
  private reserveLen = -1;
  private last = false;

  /**
   * True when the test proves s lost (false when the base is neither fixed nor constrained). The
   * answer depends only on the foundations and the reserve, so it is kept until either changes:
   * most moves change neither.
   */
  provesLost(s: GameState): boolean {
    this.sameDeal(s);
    if (s.foundationVersion !== this.version || s.len[s.RESERVE] !== this.reserveLen) {
      this.version = s.foundationVersion;
      this.reserveLen = s.len[s.RESERVE];
      this.last = this.recall(s);
    }
    return this.last;
  }

  /**
   * stuck(s), from the answers kept for earlier positions where it can: the answer is a function of
   * the base, the reserve's length and each chain's multiset of foundation heights (the counts stuck
   * reads follow from these, the deal's cards being fixed), which the key holds exactly: per chain,
   * the sum of 9^h over its started foundations (at most 8 per chain, so the base-9 digits are the
   * counts per height, and the sum stays below 2^53).
   */
  private recall(s: GameState): boolean {
    const base = chainBase(s);
    const rl = s.len[s.RESERVE];
    if (base < 0 || rl === 0) return false;
    let k0 = 0;
    let k1 = 0;
    for (let f = s.FOUND0; f < s.CELL0; f++) {
      const l = s.len[f];
      if (l === 0) continue;
      if (colourOf(s.cards[s.off[f]]) === 0) k0 += POW9[l];
      else k1 += POW9[l];
    }
    const w = (base << 8) | rl;
    const kept = this.kept.get(w, k0, k1);
    if (kept !== 0) return kept === DEAD;
    const dead = this.stuck(s);
    this.kept.set(w, k0, k1, dead ? DEAD : ALIVE);
    return dead;
  }

  /** recall's answers, for the deal of `dealState`. */
  private readonly kept: Answers;

  /** Forgets all that is kept when s is another state, or holds another deal, than last asked. */
  private sameDeal(s: GameState): void {
    if (s === this.dealState && s.loads === this.dealLoad) return;
    this.dealState = s;
    this.dealLoad = s.loads;
    this.kept.clear();
    this.countedBase = -1;
    this.version = -1;
  }

  /** The test itself (the comment on the class), uncached. */
  private stuck(s: GameState): boolean {
    const base = chainBase(s);
    const R = s.RESERVE;
    const rl = s.len[R];
    if (base < 0 || rl === 0) return false;
    this.countClasses(s, base);
    const { cls, parent } = this;
    const free = this.free;
    const cards = s.cards;
    const off = s.off;
    const len = s.len;
    // Free copies: every copy of a class but those in the reserve and on the foundations (cards
    // never leave the position). A foundation of chain T with l cards holds levels 0..l-1 of T, one
    // each: `below` counts the foundations holding each level as differences, summed level by level.
    free.set(this.total);
    for (let i = off[R], e = off[R] + rl; i < e; i++) free[cls[cards[i]]]--;
    const below = this.below;
    below.fill(0);
    this.count[0] = this.count[1] = 0;
    for (let f = s.FOUND0; f < s.CELL0; f++) {
      const l = len[f];
      if (l === 0) continue;
      const T = colourOf(cards[off[f]]);
      below[T * LEVELS]++;
      if (l < LEVELS) below[T * LEVELS + l]--;
      this.heights[T * 64 + this.count[T]++] = l;
    }
    for (let T = 0; T < 2; T++) {
      let on = 0;
      for (let k = 0; k < LEVELS; k++) free[T * LEVELS + k] -= on += below[T * LEVELS + k];
    }
    // Unstarted foundations of each chain, height 0: chain T has one foundation per copy of its
    // level 0 (every copy ends at the bottom of one).
    for (let T = 0; T < 2; T++) {
      const started = this.count[T];
      for (let i = started; i < this.total[T * LEVELS]; i++) this.heights[T * 64 + this.count[T]++] = 0;
    }
    const toTableau = s.rules.reserveToTableau;
    for (let i = off[R] + rl - 1; i >= off[R]; i--) {
      const c = cards[i];
      const cc = cls[c];
      if (toTableau && free[parent[c]] > 0) {
        free[cc]++; // onto a tableau parent: from then on a free card like the others
        continue;
      }
      const T = (cc / LEVELS) | 0;
      const k = cc - T * LEVELS;
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

  /**
   * The cards' classes under `base`, and every copy of each class in s counted once per deal and
   * base: each card is on a foundation, in the reserve, or free, and the test counts the first two.
   */
  private countClasses(s: GameState, base: number): void {
    if (this.countedBase !== base) {
      for (let c = 0; c < 52; c++) {
        this.cls[c] = classOf(c, base);
        this.parent[c] = parentClass(c, base);
      }
      this.total.fill(0);
      for (let p = 0; p < s.nPiles; p++) for (let i = s.off[p], e = s.off[p] + s.len[p]; i < e; i++) this.total[this.cls[s.cards[i]]]++;
      this.countedBase = base;
    }
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
    this.sameDeal(s);
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

// Deadlock tests: cheap, sound proofs that a position can never be won (issue 26), so that an
// exhaustive search cuts a dead subtree at its root instead of walking every way the stock can
// still be dealt under it. A search that uses them proves `lost` as exhaustive+deadlock:<tests>.
// Three tests: "reserve" (the Terrace games with a reserve), "waste" and "order" (waste-order.ts; the
// four alternate-colour games); each is argued where it is written, and deadlock-check.ts holds
// plain second versions of the waste and order tests that verify uses to check every cut.
//
// Vocabulary (the alternate-colour foundations, base rank b fixed: the Terrace family's, or the ace
// in Red and Black): a card of rank r has level (r - b) mod 13 in its chain, and its chain is the
// colour a foundation holding it started with: colour(card) XOR (level & 1). A foundation of chain
// T holds levels 0, 1, 2, ... of T in order, one card each; a class (T, level) has as many copies
// as chain T has foundations (2 * decks each, in the full games and the small ones alike), so every
// copy of it ends on a different foundation of T.
import { cardName, colourOf, RANKS, rankName } from '../cards/card';
import type { GameState } from '../engine/state';
import { WasteOrder } from './waste-order';

/** The names of the tests, as a proof names them. */
export type DeadlockTest = 'reserve' | 'waste' | 'order';
/** Every test, in the order a proof lists them. */
export const DEADLOCK_TESTS: readonly DeadlockTest[] = ['reserve', 'waste', 'order'];
/** How a `lost` was proved: by exhaustive search alone, or with cuts by the tests named. */
export const PROOFS = [
  'exhaustive',
  'exhaustive+deadlock:reserve',
  'exhaustive+deadlock:waste',
  'exhaustive+deadlock:reserve,waste',
  'exhaustive+deadlock:order',
  'exhaustive+deadlock:reserve,order',
  'exhaustive+deadlock:waste,order',
  'exhaustive+deadlock:reserve,waste,order',
] as const;
export type Proof = (typeof PROOFS)[number];

/** The proof of an exhaustive search that cut positions with `tests` (none: plain exhaustive). */
export function proofOf(tests: readonly DeadlockTest[]): Proof {
  const named = DEADLOCK_TESTS.filter((t) => tests.includes(t));
  return (named.length === 0 ? 'exhaustive' : `exhaustive+deadlock:${named.join(',')}`) as Proof;
}

/** The tests a proof names (none for plain exhaustive search). */
export function testsOf(proof: Proof): DeadlockTest[] {
  const at = proof.indexOf(':');
  return at < 0 ? [] : (proof.slice(at + 1).split(',') as DeadlockTest[]);
}

const LEVELS = 13;
/** No point reached (wasteStuck's staircase). */
const NONE = 1 << 30;

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
export class Deadlocks {
  /** Free copies per class T * 13 + level: cards outside the reserve and the foundations. */
  private readonly free = new Int32Array(2 * LEVELS);
  /** Copies of the base class per chain: the number of foundations chain T has. */
  private readonly slotsOf = new Int32Array(2);
  /** Foundation heights per chain: heights[T * 64 + i], count[T]. */
  private readonly heights = new Int32Array(128);
  private readonly count = new Int32Array(2);
  /** Positions each test found dead (since the search's run began: see DfsSearch's reset). */
  readonly fired: Record<DeadlockTest, number> = { reserve: 0, waste: 0, order: 0 };
  /** The same, never cleared. */
  readonly firedEver: Record<DeadlockTest, number> = { reserve: 0, waste: 0, order: 0 };
  /** The tests asked, each only where it applies (testsFor). */
  private readonly reserveOn: boolean;
  private readonly wasteOn: boolean;
  /** Test "order" (waste-order.ts), where it is asked. */
  readonly order: WasteOrder | null;

  /**
   * The tests `tests` among those that apply to this variant (testsFor). `audit`, if given, is asked
   * again wherever the waste or the order test finds a position dead (deadlock-check.ts's plain
   * versions), and a disagreement throws: verify's second opinion.
   */
  constructor(
    s: GameState,
    tests: readonly DeadlockTest[] = DEADLOCK_TESTS,
    private readonly audit?: DeadlockAudit,
  ) {
    const apply = Deadlocks.testsFor(s);
    this.reserveOn = apply.includes('reserve') && tests.includes('reserve');
    // The waste test rests on every tableau pile being a run (no card on one it may not be built on:
    // the state's disorder count is 0); legal moves keep that, and every deal has it, but a position
    // made by hand (the library's non-strict deals) may not: no test there.
    this.wasteOn = apply.includes('waste') && tests.includes('waste') && s.disorder === 0;
    // The order test rests on the same J as the waste test, so on the same runs.
    this.order = apply.includes('order') && tests.includes('order') && s.disorder === 0 ? new WasteOrder() : null;
  }

  /** The position the last answer was for (foundations and reserve: all the test reads), and it. */
  private version = -1;
  private reserveLen = -1;
  private last = false;

  /**
   * The tests that apply to a variant: "reserve" in the Terrace family with a reserve (Signora,
   * Double Signora); "waste" in the alternate-colour games with a stock and no cells (all four).
   */
  static testsFor(s: GameState): DeadlockTest[] {
    const r = s.rules;
    const out: DeadlockTest[] = [];
    if (r.terraceFamily && r.reserveSize > 0) out.push('reserve');
    if (r.suitsIrrelevant && r.hasStock && s.C === 0) out.push('waste', 'order');
    return out;
  }

  /** The tests asked that apply here. */
  get tests(): DeadlockTest[] {
    return DEADLOCK_TESTS.filter((t) => (t === 'reserve' ? this.reserveOn : t === 'waste' ? this.wasteOn : this.order !== null));
  }

  /** The tests that found a position dead since the counts were last cleared. */
  used(): DeadlockTest[] {
    return DEADLOCK_TESTS.filter((t) => this.fired[t] > 0);
  }

  /** Clears the counts (a new run of the search that asks). */
  clearFired(): void {
    this.firedEver.reserve += this.fired.reserve;
    this.firedEver.waste += this.fired.waste;
    this.firedEver.order += this.fired.order;
    this.fired.reserve = this.fired.waste = this.fired.order = 0;
  }

  /** The tests that have ever found a position dead (the counts cleared or not). */
  usedEver(): DeadlockTest[] {
    return DEADLOCK_TESTS.filter((t) => this.fired[t] + this.firedEver[t] > 0);
  }

  /**
   * True when a test proves the position lost (false when the base is neither fixed nor
   * constrained). The reserve test's answer depends only on the foundations and the reserve, so it
   * is kept until either changes: most moves change neither.
   */
  dead(s: GameState): boolean {
    if (this.reserveOn) {
      if (s.foundationVersion !== this.version || s.len[s.RESERVE] !== this.reserveLen) {
        this.version = s.foundationVersion;
        this.reserveLen = s.len[s.RESERVE];
        this.last = this.reserveDead(s);
      }
      if (this.last) {
        this.fired.reserve++;
        return true;
      }
    }
    if (this.wasteOn && this.wasteDead(s)) {
      if (this.audit && !this.audit.waste(s)) throw new DeadlockAuditError('waste', this.wasteBase);
      this.fired.waste++;
      return true;
    }
    if (this.order !== null && s.len[s.RESERVE] === 0) {
      const base = s.base >= 0 ? s.base : s.baseConstraint >= 0 ? s.baseConstraint : s.rules.baseRule === 'ace' ? 0 : -1;
      if (base >= 0 && this.order.dead(s, base, classOf)) {
        if (this.audit && !this.audit.order(s)) throw new DeadlockAuditError('order', base);
        this.fired.order++;
        return true;
      }
    }
    return false;
  }

  /**
   * Test "waste": some waste card can never leave the waste, because at the moment it would, the
   * cards that must be on the foundations or the tableau cannot be laid out in as few piles as the
   * tableau has.
   *
   * Piles as chains: in these games a tableau pile is a run down in alternate colour, and a card of
   * level k >= 1 (the vocabulary above) has its tableau parent at level k + 1 and its foundation
   * predecessor at level k - 1 of the same chain. So cut every foundation and tableau pile into
   * segments of consecutive levels of one chain (a tableau run leaves its chain only where it
   * wraps, below a level-0 card). A foundation's segment starts at level 0; a segment whose lowest
   * level is k >= 1 has nothing above its lowest card in its pile (the card above would have level
   * k - 1 and extend it), so it is the top of a tableau pile: at most one per pile. If out[c] cards
   * of class c are on the foundations and the tableau, each level-k card with level k - 1 below it
   * in its segment can be matched to that card, so at least out[T, k] - out[T, k-1] segments start
   * at (T, k). Hence the tableau has at least J = sum over chains T and levels k >= 1 of
   * max(0, out[T, k] - out[T, k-1]) piles, in every real position. No count of the cards out does
   * better at one moment: with every card the foundations can take put on them, the tableau's own
   * count of the runs it needs, the sum over classes of max(0, t[c] - t[parent c]), is exactly J
   * (solver.md, *The order test*; test/deadlock.test.ts).
   *
   * The moments: a won line takes every waste card off the waste, top card first. Right after a
   * waste card x leaves, the waste holds exactly the cards below x now; the stock holds all but its
   * top d cards for some d (it is dealt from the top; the cards dealt went above x, or straight to
   * the tableau, and have left); the reserve all but its top e cards; every other card is on a
   * foundation or the tableau, so J of them is at most the tableau's piles. And d and e never
   * shrink from one waste card's moment to the next. So a won line gives a path of points (d, e),
   * one per waste card, non-decreasing in both, each where J fits; wasteStuck decides exactly
   * whether such a path exists, and where none does the position is lost. Cells would be a place
   * outside all of these, so the test is not used with cells.
   */
  private wasteDead(s: GameState): boolean {
    const base = s.base >= 0 ? s.base : s.baseConstraint >= 0 ? s.baseConstraint : s.rules.baseRule === 'ace' ? 0 : -1;
    const W = s.WASTE;
    const wl = s.len[W];
    if (base < 0 || wl === 0) return false;
    this.wasteBase = base;
    // The stock and the reserve are fixed by their lengths (both only ever lose their top card).
    // If a waste passed, so does its bottom part under the same stock, reserve and base: its cards
    // have the same cards out for each d, and the greedy line below starts lower. In a search that
    // is every move but a deal, a fill from the stock or a reserve move.
    const key = s.len[s.STOCK] * 4096 + s.len[s.RESERVE];
    let memo = this.memo.get(key);
    if (memo !== undefined && memo.base === base && wl <= memo.len) {
      let same = true;
      for (let i = 0, o = s.off[W]; i < wl && same; i++) same = s.cards[o + i] === memo.waste[i];
      if (same && (!memo.dead || wl === memo.len)) return memo.dead;
    }
    if (memo === undefined) this.memo.set(key, (memo = { base, len: 0, dead: false, waste: new Uint8Array(s.capacity) }));
    memo.base = base;
    memo.len = wl;
    for (let i = 0, o = s.off[W]; i < wl; i++) memo.waste[i] = s.cards[o + i]; // no view allocated per miss
    memo.dead = this.wasteStuck(s, base);
    return memo.dead;
  }

  /** The base rank wasteDead last answered for (an audit's error names it). */
  private wasteBase = -1;
  /** Per stock and reserve length: the waste last studied and its answer. */
  private readonly memo = new Map<number, { base: number; len: number; dead: boolean; waste: Uint8Array }>();

  /** True when no line takes every waste card off in turn with the tableau's piles enough each time (wasteDead). */
  private wasteStuck(s: GameState, base: number): boolean {
    const { cards, off, len } = s;
    const cls = this.classes(base);
    const rl = len[s.RESERVE];
    const sl = len[s.STOCK];
    const N = 2 * LEVELS;
    if (this.outs.length < (rl + 1) * N) this.grow(rl + 1);
    const { outs, js, ds, low } = this;
    // outs[e]: the cards out with the reserve's top e cards gone and the stock's top ds[e] dealt;
    // js[e] its J. Foundations of chain T with h cards hold levels 0..h-1: counted as differences.
    outs.fill(0, 0, N);
    for (let f = s.FOUND0; f < s.CELL0; f++) {
      if (len[f] === 0) continue;
      const o = colourOf(cards[off[f]]) * LEVELS;
      outs[o]++;
      if (len[f] < LEVELS) outs[o + len[f]]--;
    }
    for (let c = 1; c < N; c++) if (c % LEVELS > 0) outs[c] += outs[c - 1];
    for (let p = 0; p < s.T; p++) for (let i = off[p], e = off[p] + len[p]; i < e; i++) outs[cls[cards[i]]]++;
    js[0] = 0;
    for (let c = 1; c < N; c++) if (c % LEVELS > 0) js[0] += Math.max(0, outs[c] - outs[c - 1]);
    const rtop = off[s.RESERVE] + rl - 1;
    for (let e = 1; e <= rl; e++) {
      outs.copyWithin(e * N, (e - 1) * N, e * N);
      js[e] = js[e - 1] + this.add(e * N, cls[cards[rtop - e + 1]], 1);
    }
    ds.fill(0, 0, rl + 1);
    low.fill(0, 0, rl + 1);
    // The waste's cards leave top first, and neither the stock dealt nor the reserve gone by then
    // ever shrinks: a line is a path of points (d, e), non-decreasing in both, with J at most the
    // piles at each card's point. low[e] keeps the least d any path so far reaches with at most e
    // reserve cards gone (the staircase of the points reached); each card moves every e's point to
    // the least d at or above low[e] that fits, and the staircase is rebuilt from those. A path
    // exists exactly when the staircase never empties.
    const piles = s.T;
    const stop = off[s.STOCK] + sl - 1;
    for (let i = off[s.WASTE] + len[s.WASTE] - 1; i >= off[s.WASTE]; i--) {
      const c = cls[cards[i]];
      let env = NONE;
      for (let e = 0; e <= rl; e++) {
        const o = e * N;
        js[e] += this.add(o, c, 1);
        if (low[e] === NONE) continue;
        while (ds[e] > low[e]) js[e] += this.add(o, cls[cards[stop - --ds[e]]], -1);
        while (ds[e] < low[e] || (js[e] > piles && ds[e] < sl)) js[e] += this.add(o, cls[cards[stop - ds[e]++]], 1);
        if (js[e] <= piles && ds[e] < env) env = ds[e];
        low[e] = env;
      }
      if (env === NONE) return true;
    }
    return false;
  }

  /** Room for the reserve's lengths up to n - 1 (wasteStuck). */
  private grow(n: number): void {
    this.outs = new Int32Array(n * 2 * LEVELS);
    this.js = new Int32Array(n);
    this.ds = new Int32Array(n);
    this.low = new Int32Array(n);
  }
  private outs = new Int32Array(0);
  private js = new Int32Array(0);
  private ds = new Int32Array(0);
  private low = new Int32Array(0);

  /** Each card's class under base rank `base` (classOf), kept for the last base asked. */
  private classes(base: number): Uint8Array {
    if (this.clsBase !== base) {
      for (let c = 0; c < 52; c++) this.cls[c] = classOf(c, base);
      this.clsBase = base;
    }
    return this.cls;
  }
  private readonly cls = new Uint8Array(52);
  private clsBase = -1;

  /**
   * outs[o + c] += by (1 or -1), and the change in J it makes (wasteStuck): J's term at c grows by one
   * with a card added if c's count was not below c - 1's, and the term at c + 1 shrinks if c + 1's
   * count was above c's (the other way round for a card taken away). Level 0 has no term; level 12
   * no term above it.
   */
  private add(o: number, c: number, by: number): number {
    return addCount(this.outs, o, c, by);
  }

  /** Test "reserve" (the comment on the class). */
  private reserveDead(s: GameState): boolean {
    const base = s.base >= 0 ? s.base : s.baseConstraint;
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

  /** Why the last position found dead is dead (after dead() returned true), in words. */
  private failCard = -1;
  private failDepth = -1;
  private failLevel = -1;

  /**
   * The reserve test's reason, in words a player can check by hand, or null when it does not find
   * the position dead: the reserve card that can never leave, and the class with no copy left.
   */
  explain(s: GameState): string | null {
    this.version = -1; // the cache is left for the next dead(), which computes afresh
    if (!this.reserveOn || !this.reserveDead(s)) return null;
    const base = s.base >= 0 ? s.base : s.baseConstraint;
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

/** Plain second versions of the waste and order tests (deadlock-check.ts), asked where the fast ones cut. */
export interface DeadlockAudit {
  waste(s: GameState): boolean;
  order(s: GameState): boolean;
}

/** The waste or order test found a position dead that its plain version (the audit) does not. */
export class DeadlockAuditError extends Error {
  constructor(test: 'waste' | 'order', base: number) {
    super(
      `the ${test} test cut a position (base ${rankName(base)}) that its plain check does not find dead, so this proof is not confirmed (the loss may still hold)` +
        (test === 'order' ? ': the plain check may have run out of its relaxed positions, or a bug' : ': a bug') +
        ', please report it with the deal and the solution',
    );
  }
}

/**
 * m[o + c] += by (1 or -1) for class c, and the change in J it makes (the waste test's J; also
 * waste-order.ts's): J's term at c grows by one with a card added if c's count was not below
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

/** The class of the cards c may be built on in the tableau: one rank up, wrapping, other colour. */
function parentClass(c: number, base: number): number {
  const rank = ((c >> 2) + 1) % LEVELS;
  return classOf(rank * 4 + (colourOf(c) === 1 ? 0 : 1), base);
}

/** Class T * 13 + level of a card under base rank `base`. */
function classOf(c: number, base: number): number {
  const level = ((c >> 2) - base + LEVELS) % LEVELS;
  return (colourOf(c) ^ (level & 1)) * LEVELS + level;
}

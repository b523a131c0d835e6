// Nested Monte Carlo search of level 1 (Cazenave 2009), a search that finds wins and never proves
// a loss. From the deal, one step at a time: every move of the position is tried and followed by a
// random playout to its end, and the search then plays the next move of the best line any playout
// has found so far (most cards home; the line is kept, so the score never goes down along the
// way). When the line ends without a win, it starts again from the deal with new playouts.
//
// A playout plays a foundation move whenever there is one, and otherwise a random other move that
// leads to a position it has not met in this playout (so it cannot go round in circles), until it
// wins, has no such move, or the waste test proves its position lost (below). A move from the
// waste or the reserve onto the tableau is drawn more often than the others: it digs into the
// buried cards, where dealing and moves between piles do not. In a game without a reserve a deal
// is also drawn twice as often as a move between piles (PlayoutWeights; playoutWeights picks them
// by the game; measured, not argued). A step's moves are its position's foundation moves if it
// has any, else all of its moves; but in every second line
// (the second, the fourth, ...) of a game without a reserve, all of its moves unless one of its
// foundation moves is safe (prune.ts; lineWeighsHome). A step whose choice is forced is played
// without playouts (forcedStep): the best line goes on with its only move (nothing to choose), or
// with the first safe foundation move (playing it never loses a win). A line then costs fewer
// nodes, so more lines fit in a budget (forcedStep's comment has the measure). Unlike a DFS, which
// spends a failed budget deep under its first choices, every step here looks ahead to the end of
// the deal, where an early mistake shows. The solution is replayed and checked by solve.ts, like
// every search's.
//
// A playout needs its set of positions met only to keep from going round in circles, and only
// moves between tableau piles can lead back to a position: every other move deals, takes a card out
// of the waste or the reserve, or brings one home, and none of these is ever undone by play. In the
// alternate-colour games without cells every tableau pile is a run (RULES.md, *Consequences*), known
// by its bottom card's class and its length; so there the set holds only the positions since the
// last such move, each known by those pairs, and the Zobrist hash is not kept during the playout.
// The same moves are tried and refused as with the hash (test/nmcs.test.ts compares the two).
//
// A playout that reaches a position the waste test (deadlock.ts) proves lost stops there: nothing
// after it can win, and the moves it would still play (dealing out the stock, mostly) cost nodes
// and tell the step little. Its score is then the cards home when it stopped (so is `progress`
// then). The test is asked only every few moves (playoutCheck: at least that many apart, at
// positions without a foundation move): a lost position stays lost, so asking later only plays a
// few moves more. PLAYOUT_CHECK has the measure.
//
// Resumable: its whole state is the line played so far, the step's moves and how many have been
// tried, so it stops between two playouts when its slice of the budget is spent (how the budget is
// sliced then changes nothing). Only run()'s `limit` (solve()'s whole budget) stops it inside a
// playout or a line's forced steps, at exactly that many nodes: a playout cut short is taken back
// and its move tried again by the next run, if any.
import { MAX_MOVES, moveFrom } from '../engine/move';
import { generateFoundationMoves, generateOtherMoves } from '../engine/movegen';
import type { GameState } from '../engine/state';
import { doubled } from '../engine/typed';
import { CLASS_COUNT, mix } from '../engine/zobrist';
import { type DeadlockAudit, DeadlockCuts } from '../proof/cuts';
import { testsThatApply } from '../proof/proof';
import { xorshift } from './order/order';
import { safeFoundationMove } from '../proof/safe-moves';
import type { Search, SearchStats, SearchStatus } from './search';

/** A playout stops after this many moves; the set of its positions is sized for them. */
const PLAYOUT_MAX = 4096;
/**
 * In games with a reserve (WITH_RESERVE; Empress of Italy used it until NO_RESERVE), how much
 * likelier a playout is to play a waste or reserve card onto the tableau than any other move. Tuned
 * on Empress of Italy 10001-10100, 200,000 nodes per (deal, base) under `auto`: pairs won 238 ->
 * 252 (10021-10060), 265 -> 277 (10061-10100; weight 4: 288, 16: 278); `any` on 10001-10300 202 ->
 * 216 deals. At 4,000,000 nodes per pair no change (188 of 10001-10020 either way), nor in Double
 * Signora (206 -> 210 at 200,000 nodes, 10001-10020). Per deal at 20,000,000 nodes it may cost a
 * few Empress deals (held out 16 unknown of 600 against 10; docs/solver.md).
 */
export const WASTE_WEIGHT = 8;

/** A playout's weights for a card out of the waste or reserve onto the tableau, and for a deal; a move between piles weighs 1. */
export interface PlayoutWeights {
  readonly waste: number;
  readonly deal: number;
}

/**
 * Games with a reserve: WASTE_WEIGHT, and a deal as a move between piles (Double Signora; Signora
 * too under --search nmcs, where its reserve goes only home, so only the waste counts).
 */
export const WITH_RESERVE: PlayoutWeights = { waste: WASTE_WEIGHT, deal: 1 };

/**
 * Games without a reserve (Empress of Italy; Red and Black too under --search nmcs, not measured
 * there): a deal twice a move between piles, and a waste card 16 times a deal. Measured 2026-11-27
 * on Empress of Italy's tuning seeds, pairs won per (deal, base) against WITH_RESERVE's weights:
 * 10001-10100 at 200,000 nodes 673 of 1,300 against 659; 10101-10200 719 against 705; 10001-10030
 * at 2,000,000 nodes 282 of 390 against 272 (271 with every weight doubled, a move between piles 2
 * as well: the same odds, another random stream; the spread of the measure), 10031-10060 268
 * against 265. Per deal at 5 s, 10001-10200: 6 unknown against 5. Held out (docs/solver.md): more
 * pairs won at 200,000 nodes, no change at 2 s per pair or 5 s per deal. Other (waste, deal)
 * weights at 200,000 nodes on 10001-10100: (16, 2) 665, (32, 4) 664, (8, 2) 664, (64, 8) 641; at
 * 2,000,000 on 10001-10030, (32, 3) 277. Not kept either: a move weighing 4, 16 or 64 times more
 * when the card it uncovers (or deals) can go home at once, 662, 674, 654 at 200,000 (270 at
 * 2,000,000 with 16). In Double Signora these weights won 434 of 520 pairs against 439 at 200,000
 * nodes (10001-10040), 490 against 487 at 2,000,000: no gain, so it keeps its own.
 */
export const NO_RESERVE: PlayoutWeights = { waste: 32, deal: 2 };

/** The weights of a game's playouts. */
export function playoutWeights(s: GameState): PlayoutWeights {
  return s.rules.reserveSize > 0 ? WITH_RESERVE : NO_RESERVE;
}

/**
 * Whether the steps of line `line` (0 the first) try their other moves beside foundation moves none
 * of which is safe: every second line, in the games without a reserve (of those whose default
 * policy runs this search, Empress of Italy). Such steps cost more playouts, so the first line,
 * most of the search at small budgets, keeps to the foundation moves. Playouts still play every
 * foundation move they meet. Measured 2026-11-27, Empress of Italy per (deal, base) against
 * foundation moves alone at every step: tuning seeds 10001-10200 at 200,000 nodes, 1,364 of 2,600
 * pairs won either way (seeds 1-200, npm start's: 1,411 against 1,414); 10001-10040 at 3,000,000
 * nodes, 372 of 520 against 367; held out at 2 s (bench:decide --per-rank), 50001-50020 34 unknown
 * against 39, 70001-70020 63 and 63 (the solver before: 38 and 39, 66 and 63, in two
 * runs each); per deal at 5 s, 70001-70200, 7 against 9 (8 and 10 in two more runs). Every step
 * so: 375 of 520 at 3,000,000 nodes, 360 and 360 at 2,000,000, but on seeds 1-200 at 200,000 (npm
 * start's budget) 1,381 of 2,600 against 1,414. Double Signora won fewer with every step so
 * (10001-10020 at 2,000,000 nodes, 229 of 260 against 232): not with a reserve.
 */
export function lineWeighsHome(s: GameState, line: number): boolean {
  return s.rules.reserveSize === 0 && line % 2 === 1;
}

/** A step's moves (above) into buf from 0; weighHome: as lineWeighsHome says. Returns how many. */
export function stepMoves(s: GameState, buf: Int32Array, weighHome: boolean): number {
  const end = generateFoundationMoves(s, buf, 0);
  if (end > 0 && !(weighHome && safeFoundationMove(s, buf, 0, end) < 0)) return end;
  return generateOtherMoves(s, buf, end);
}

/**
 * Whether a step of moves buf[0, end) is forced when the best line goes on with move `next`: `next`
 * is its only move, or the first safe foundation move (prune.ts: playing it first never loses a
 * win). The search then plays it without trying the step's moves; the first step, with no best
 * line yet, is never forced. Measured 2026-11-27 on the 23 Empress of Italy deals of the tuning
 * seeds 10001-10300 that took 0.8-10 s, each on streams 1-8 to 17,000,000 nodes: 40 of the 184
 * runs needed over 8,500,000 nodes (about 5 s), 888M nodes in all, against 48 and 988M playing
 * every step (43 and 933M with the only move alone forced; 44 and 906M forcing every step of
 * foundation moves alone, which loses a choice among them). Per (deal, base) at 2,000,000 nodes,
 * 10001-10030, 280 of 390 pairs won against 282. Held out, per deal at 5 s on 90001-90200 over 8
 * streams, 44 unknown against 43 (docs/benchmarks.md, *Forced steps*).
 */
export function forcedStep(s: GameState, buf: Int32Array, end: number, next: number): boolean {
  if (end === 1) return buf[0] === next;
  const i = end > 1 ? safeFoundationMove(s, buf, 0, end) : -1;
  return i >= 0 && buf[i] === next;
}

/**
 * How often a playout asks the waste test (above), in moves (at least that many apart): in games
 * without a reserve (Empress of Italy) PLAYOUT_CHECK, where a question costs little; with a reserve
 * (Double Signora) PLAYOUT_CHECK_RESERVE, where each question also walks the reserve (deadlock.ts's staircase
 * over (d, e)). Measured 2026-11-27 against playouts that never stop, per (deal, base) under
 * `auto` on tuning seeds (docs/benchmarks.md, *Playouts that stop where a loss is proved*, has the
 * held-out figures): Empress of Italy 10001-10040 at 2,000,000 nodes, 367 -> 399 of 520 won in
 * about the same time (asking every 6 moves 395 and a fifth slower, every 48 397); at 2 s per pair,
 * 10001-10020, 62 -> 56 unknown of 260. Double Signora 10001-10020 at 2,000,000 nodes, 233 -> 238
 * of 260 with 256, 7% slower; every 64 moves 249 but 1.6 times the time (npm start's Double
 * Signora twice as long), every 1,024 no change.
 */
export const PLAYOUT_CHECK = 16;
export const PLAYOUT_CHECK_RESERVE = 256;

/** How often a playout of this game asks the waste test (PLAYOUT_CHECK), or 0 where the test does not apply. */
export function playoutCheck(s: GameState): number {
  if (!testsThatApply(s).includes('waste')) return 0;
  return s.rules.reserveSize > 0 ? PLAYOUT_CHECK_RESERVE : PLAYOUT_CHECK;
}

/** Random keys of a run in the playouts' set, by (bottom card's class) * 256 + length. */
const RUN_KEYS1 = new Int32Array(CLASS_COUNT * 256).map((_, i) => mix(i * 2 + 1));
const RUN_KEYS2 = new Int32Array(CLASS_COUNT * 256).map((_, i) => mix(~(i * 2 + 1)));

export class NestedRollouts implements Search {
  readonly stats: SearchStats = { nodes: 0, unique: 0, ttHits: 0, maxDepth: 0 };
  readonly usesTable = false;
  private readonly rng = new Int32Array(1);
  private readonly buf = new Int32Array(MAX_MOVES);
  private readonly step = new Int32Array(MAX_MOVES);
  /** The playout's move weights, beside buf. */
  private readonly wts = new Int32Array(MAX_MOVES);
  private nStep = 0;
  private tried = 0;
  /** The line played from the deal, and the best line found through it (it starts with `played`). */
  private played: Int32Array = new Int32Array(512);
  private playedLen = 0;
  private best: Int32Array = new Int32Array(512);
  private bestLen = 0;
  private bestScore = -1;
  /** The most cards home at the end of any playout so far (where it stopped, if it did: above), over all lines. */
  progress = 0;
  /** Steps played without playouts (forcedStep), over all lines. */
  forcedSteps = 0;
  /** The current playout's moves. */
  private readonly seq = new Int32Array(PLAYOUT_MAX);
  private seqLen = 0;
  private readonly seen = new PlayoutSet(PLAYOUT_MAX * 2);
  private win: number[] = [];
  /** Playouts know positions by their tableau's runs (above), not by the Zobrist hash. */
  private readonly runs: boolean;
  /** Lines started from the deal before this one. */
  private lines = 0;
  /** Runs mode: the position entered by the last move that emptied the set, not yet added to it. */
  private pending = false;
  /** The playouts' move weights (playoutWeights; tests read them). */
  readonly weights: PlayoutWeights;
  /** The waste test the playouts ask, every `checkEvery` moves (playoutCheck; 0: never). */
  private readonly dead: DeadlockCuts | null;
  readonly checkEvery: number;
  /** Playouts stopped in a position the waste test proves lost, over all lines. */
  deadPlayouts = 0;
  /** The line has reached a position whose moves are not listed yet: a run's limit fell between the two (nextStep). */
  private toList = false;

  /**
   * `byRuns` false: playouts keep the Zobrist hash even where the runs would do (for tests);
   * `weighs`: which lines weigh foundation moves against the others (lineWeighsHome; tests watch it);
   * `checkEvery`: how often playouts ask the waste test (playoutCheck; 0 never); `audit`: asked again
   * wherever the test says lost, a disagreement throws (deadlock.ts's constructor; tests).
   */
  constructor(
    readonly state: GameState,
    salt: number,
    byRuns = true,
    private readonly weighs: (s: GameState, line: number) => boolean = lineWeighsHome,
    checkEvery = playoutCheck(state),
    audit?: DeadlockAudit,
  ) {
    this.rng[0] = salt | 1; // xorshift's state must not be 0
    this.runs = byRuns && !state.suitFound && state.C === 0;
    this.weights = playoutWeights(state);
    const d = checkEvery > 0 ? new DeadlockCuts(state, ['waste'], audit) : null;
    this.dead = d !== null && d.tests.length > 0 ? d : null;
    this.checkEvery = this.dead ? checkEvery : 0;
  }

  solutionMoves(): number[] {
    return this.win;
  }

  /** Playouts until `nodeBudget` is spent (the last may end past it), never past `limit` (search.ts). */
  run(nodeBudget: number, deadline = Infinity, limit = Infinity): SearchStatus {
    const s = this.state;
    const stop = this.stats.nodes + Math.min(nodeBudget, limit);
    const hard = this.stats.nodes + limit;
    while (this.stats.nodes < stop) {
      if (Date.now() >= deadline) return 'paused';
      if (this.tried === this.nStep) {
        const next = this.nextStep(hard);
        if (next === 'cut') return 'paused';
        if (next === 'ended') {
          // The deal itself has no move: nothing to try, ever (not a proof; complete searches give those).
          if (this.playedLen === 0 && this.bestLen === 0) return 'exhausted';
          this.startOver();
          continue;
        }
      }
      if (this.stats.nodes >= hard) return 'paused'; // the step goes on with this move next run
      const m = this.step[this.tried++];
      s.apply(m);
      this.stats.nodes++;
      const score = this.playout(hard);
      if (score < 0) {
        // The limit fell inside the playout (taken back): the move is tried again next run.
        s.undo();
        this.tried--;
        return 'paused';
      }
      if (score === s.total) {
        this.win = [...this.played.subarray(0, this.playedLen), m, ...this.seq.subarray(0, this.seqLen)];
        s.undo();
        return 'won';
      }
      s.undo();
      if (score > this.bestScore) this.keepBest(score, m);
      if (score > this.progress) this.progress = score;
    }
    return 'paused';
  }

  /**
   * Plays the best line's next move (after the first step), then any forced steps (forcedStep),
   * and lists the moves of the first step that is not forced: 'listed'. 'ended' when the line has
   * ended: no move, or a playout that stopped here. 'cut' when the stats' node count reached
   * `hard` first: the next call goes on from where this one stopped (toList; a forced step's moves
   * count as all tried, so that its move is played next as after any step).
   */
  private nextStep(hard: number): 'listed' | 'ended' | 'cut' {
    const s = this.state;
    if (!this.toList) {
      if (this.nStep > 0) {
        if (this.bestLen <= this.playedLen) return 'ended';
        if (this.stats.nodes >= hard) return 'cut';
        this.playBest();
      }
      this.toList = true;
    }
    for (;;) {
      if (this.stats.nodes >= hard) return 'cut';
      // Listing the moves counts as a node, so that every turn of the loop in run() spends budget.
      this.stats.nodes++;
      this.stats.unique++;
      const end = stepMoves(s, this.step, this.weighs(s, this.lines));
      this.nStep = end;
      this.tried = 0;
      this.toList = false;
      if (this.bestLen <= this.playedLen || !forcedStep(s, this.step, end, this.best[this.playedLen])) return end > 0 ? 'listed' : 'ended';
      this.forcedSteps++;
      this.tried = end; // its moves count as tried, so that a call cut from here on comes back to nextStep
      if (this.stats.nodes >= hard) return 'cut';
      this.playBest();
      this.toList = true;
    }
  }

  /** Plays the best line's next move and adds it to the line played. */
  private playBest(): void {
    const m = this.best[this.playedLen];
    this.state.apply(m);
    this.stats.nodes++;
    if (this.playedLen === this.played.length) this.played = doubled(this.played);
    this.played[this.playedLen++] = m;
  }

  /** Back to the deal for a new line. */
  private startOver(): void {
    this.lines++;
    while (this.playedLen > 0) {
      this.state.undo();
      this.playedLen--;
    }
    this.bestLen = 0;
    this.bestScore = -1;
    this.nStep = 0;
    this.tried = 0;
  }

  /** The best line is now the line played, then m, then the playout. */
  private keepBest(score: number, m: number): void {
    const n = this.playedLen + 1 + this.seqLen;
    while (this.best.length < n) this.best = doubled(this.best);
    const best = this.best;
    for (let i = 0; i < this.playedLen; i++) best[i] = this.played[i]; // copied in place: no views allocated per playout
    best[this.playedLen] = m;
    for (let i = 0; i < this.seqLen; i++) best[this.playedLen + 1 + i] = this.seq[i];
    this.bestLen = n;
    this.bestScore = score;
  }

  /** Weighs buf[0, end) into wts (playoutWeight); returns the sum. */
  private weigh(end: number): number {
    let total = 0;
    for (let i = 0; i < end; i++) total += this.wts[i] = playoutWeight(this.state, this.buf[i], this.weights);
    return total;
  }

  /**
   * A random playout from the current position, recorded in seq and taken back; returns the cards
   * home at its end, or -1 if it stopped because the stats' node count reached `hard` first.
   */
  private playout(hard: number): number {
    const s = this.state;
    const buf = this.buf;
    this.seen.clear();
    this.pending = false; // the playout's first position is not in the set: it may be met again
    if (this.runs) s.hashOff();
    let n = 0;
    let check = this.checkEvery > 0 ? this.checkEvery : PLAYOUT_MAX; // PLAYOUT_MAX: never asked
    // Moves the limit still allows (each one applied, kept or not, is a node); kept a small integer.
    let left = Math.min(hard - this.stats.nodes, 1 << 30);
    let cut = false;
    while (n < PLAYOUT_MAX && !s.isWon()) {
      let end = generateFoundationMoves(s, buf, 0);
      if (end > 0) {
        if (left-- <= 0) {
          cut = true;
          break;
        }
        s.apply(buf[0]);
        this.entered();
        this.seq[n++] = buf[0];
        continue;
      }
      if (n >= check) {
        check = n + this.checkEvery;
        if (this.dead!.provesLost(s)) {
          this.deadPlayouts++;
          break;
        }
      }
      end = generateOtherMoves(s, buf, 0);
      let total = this.weigh(end);
      let m = -1;
      const mark = this.stepMark();
      while (end > 0) {
        if (left-- <= 0) {
          cut = true;
          break;
        }
        const i = drawWeighted(this.wts, end, total, this.rng);
        s.apply(buf[i]);
        if (this.isNew(mark)) {
          m = buf[i];
          break;
        }
        s.undo();
        this.stats.nodes++;
        total -= this.wts[i];
        buf[i] = buf[--end];
        this.wts[i] = this.wts[end];
      }
      if (m < 0) break;
      this.seq[n++] = m;
    }
    this.stats.nodes += n;
    this.seqLen = n;
    const depth = this.playedLen + 1 + n;
    if (depth > this.stats.maxDepth) this.stats.maxDepth = depth;
    const score = cut ? -1 : s.onFoundation;
    for (let i = 0; i < n; i++) s.undo();
    if (this.runs) s.hashOn(); // every move since hashOff() is undone
    return score;
  }

  /**
   * After a move that no later move undoes (home, a deal, a fill, a card out of the waste or
   * reserve): runs mode starts the set again, the new position pending; else the position goes in.
   */
  private entered(): void {
    if (!this.runs) this.seen.add(this.state.h1, this.state.h2);
    else {
      this.seen.clear();
      this.pending = true;
    }
  }

  /**
   * Before the moves of a step are tried (runs mode): adds the position if it is pending, and
   * returns the lengths of stock, waste and reserve: a move between tableau piles leaves them as
   * they are (unless it empties a pile, which the stock or waste then fills), every other move not.
   */
  private stepMark(): number {
    if (!this.runs) return 0;
    if (this.pending) {
      this.addTableau();
      this.pending = false;
    }
    return this.lengths();
  }

  /** Stock, waste and reserve lengths (each under 256) in one number. */
  private lengths(): number {
    const s = this.state;
    return (s.len[s.STOCK] << 16) | (s.len[s.WASTE] << 8) | s.len[s.RESERVE];
  }

  /** Whether the move just played leads to a position not met in this playout; records it. */
  private isNew(mark: number): boolean {
    if (!this.runs) return this.seen.add(this.state.h1, this.state.h2);
    if (this.lengths() !== mark) {
      this.entered(); // it dealt, filled a pile or took a card out of the waste or reserve
      return true;
    }
    return this.addTableau();
  }

  /**
   * Adds the tableau as its piles' (bottom class, length) pairs, summed under two tables of keys so
   * that the piles' order does not count (as in the Zobrist hash); false if it was there already.
   */
  private addTableau(): boolean {
    const s = this.state;
    const { len, off, cards, cls } = s;
    let a = 0;
    let b = 0;
    for (let p = 0; p < s.T; p++) {
      const l = len[p];
      if (l === 0) continue;
      const x = (cls[cards[off[p]]] << 8) | l; // no pile holds 256 cards (at most 208 in a game)
      a = (a + RUN_KEYS1[x]) | 0;
      b = (b + RUN_KEYS2[x]) | 0;
    }
    return this.seen.add(a, b);
  }
}

/** A playout's weight for move m (not to a foundation) of position s, by weights w. */
export function playoutWeight(s: GameState, m: number, w: PlayoutWeights): number {
  const from = moveFrom(m);
  return from === s.WASTE || from === s.RESERVE ? w.waste : from === s.STOCK ? w.deal : 1;
}

/** A random index of [0, end), drawn in proportion to wts[0, end), which sum to total (> 0). */
export function drawWeighted(wts: Int32Array, end: number, total: number, rng: Int32Array): number {
  let r = xorshift(rng) % total;
  let i = 0;
  while (i < end - 1 && (r -= wts[i]) >= 0) i++;
  return i;
}

/**
 * The positions of one playout: open addressing on the two 32-bit hashes, cleared in O(1) by a new
 * generation number. It holds at most half its size, which PLAYOUT_MAX guarantees.
 */
class PlayoutSet {
  private readonly h1: Int32Array;
  private readonly h2: Int32Array;
  private readonly gen: Int32Array;
  private current = 1;
  private readonly mask: number;

  constructor(minSize: number) {
    let size = 1;
    while (size < minSize) size <<= 1;
    this.h1 = new Int32Array(size);
    this.h2 = new Int32Array(size);
    this.gen = new Int32Array(size);
    this.mask = size - 1;
  }

  clear(): void {
    this.current++;
  }

  /** Adds the position; false if it was there already. */
  add(a: number, b: number): boolean {
    let i = (a ^ Math.imul(b, 0x9e3779b1)) & this.mask;
    for (;;) {
      if (this.gen[i] !== this.current) {
        this.gen[i] = this.current;
        this.h1[i] = a;
        this.h2[i] = b;
        return true;
      }
      if (this.h1[i] === a && this.h2[i] === b) return false;
      i = (i + 1) & this.mask;
    }
  }
}

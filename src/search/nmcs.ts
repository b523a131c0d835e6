// Nested Monte Carlo search of level 1 (Cazenave 2009), a search that finds wins and never proves
// a loss. From the deal, one step at a time: every move of the position is tried and followed by a
// random playout to its end, and the search then plays the next move of the best line any playout
// has found so far (most cards home; the line is kept, so the score never goes down along the
// way). When the line ends without a win, it starts again from the deal with new playouts. Where the
// game's Playouts.race says, lines race (lines.ts): a line that falls behind the earlier ones at
// a checkpoint ends there, and a new line may start with a good earlier line's opening.
//
// A playout plays a foundation move whenever there is one (where the game's weights say so, only
// the waste's: a move home from the tableau or reserve is drawn among the others, weighted:
// PlayoutWeights.home), and otherwise a random other move that leads to a position it has not met
// in this playout (so it cannot go round in circles), until it wins, has no such move, or the
// waste test proves its position lost (below). A move from the
// waste or the reserve onto the tableau is drawn more often than the others: it digs into the
// buried cards, where dealing and moves between piles do not; a deal may weigh more too (each
// game's weights: Playouts, given by src/solver/presets.ts). A step's moves are its position's
// foundation moves if it has any, else all of its moves; but in every second line (the second, the
// fourth, ...), where the game's Playouts say so, all of its moves unless one of its foundation
// moves is safe (safe-moves.ts; lineWeighsHome). A step whose choice is forced is played without
// playouts (forcedStep): the best line goes on with its only move (nothing to choose), or with the
// first safe foundation move (playing it never loses a win). A line then costs fewer nodes, so
// more lines fit in a budget. Unlike a DFS, which spends a failed budget deep under its first
// choices, every step here looks ahead to the end of the deal, where an early mistake shows. The
// solution is replayed and checked by the solve (src/solver), like every search's.
//
// A playout needs its set of positions met only to keep from going round in circles, and only
// moves between tableau piles can lead back to a position: every other move deals, takes a card out
// of the waste or the reserve, or brings one home, and none of these is ever undone by play. In the
// alternate-colour games without cells every tableau pile is a run (RULES.md, *Consequences*), known
// by its bottom card's class and its length; so there the set holds only the positions since the
// last such move, each known by those pairs, and the Zobrist hash is not maintained during the playout.
// The same moves are tried and refused as with the hash (test/nmcs.test.ts compares the two). In
// the Terrace games a playout copies the position into a RunBoard (src/engine/runboard.ts) and plays
// there, with no undo, hash or card places to keep: the same moves and nodes as on the state, in
// less time (test/runboard.test.ts compares the two).
//
// A playout that reaches a position the waste test (src/proof/waste.ts) proves lost stops there:
// nothing after it can win, and the moves it would still play (dealing out the stock, mostly) cost
// nodes and tell the step little. Its score is then the cards home when it stopped (so is
// `progress` then). The test is asked only every few moves (Playouts.checkEvery: at least that many
// apart, at positions without a foundation move): a lost position stays lost, so asking later only
// plays a few moves more.
//
// Where the game's Playouts give an endgame (endgame.ts), a line asks a complete DFS once, at its
// first step with the stock that short: a playout plays the end of the deal at random and misses
// the few exact orders that win, which the DFS finds within a few hundred nodes; its proof of loss
// ends the line, since nothing after that position wins. A deal whose stock is that short from the
// start may be proved lost there: the search then says 'exhausted', never 'lost'.
//
// Resumable: its whole state is the line played so far, the step's moves and how many have been
// tried (and the race's records of the lines so far), so it stops between two playouts when its
// slice of the budget is spent (how the budget is sliced then changes nothing). Only run()'s
// `limit` (solve()'s whole budget) stops it inside a playout, an endgame search or a line's forced
// steps or opening, at exactly that many nodes: a playout cut short is abandoned (taken back on the
// state, dropped on a board) and its move tried again by the next run, if any; an endgame search
// cut short is asked again.
import { MAX_MOVES, moveFrom } from '../engine/move';
import { generateFoundationMoves, generateOtherMoves } from '../engine/movegen';
import type { GameState } from '../engine/state';
import { doubled } from '../engine/typed';
import { boardFits, RUN_KEYS1, RUN_KEYS2, RunBoard } from '../engine/runboard';
import { type DeadlockAudit, DeadlockCuts } from '../proof/cuts';
import { drawWeighted, forcedStep, lineWeighsHome, PLAYOUT_MAX, PlayoutSet, type PlayoutWeights, type Playouts, playoutWeight, stepMoves } from './playouts';
import type { Search, SearchStats, SearchStatus } from './search';
import { Endgame } from './endgame';
import { LineRecords } from './lines';

/** How a NestedRollouts searches, given when it is made. */
export interface NmcsOptions {
  /** Its random generator's seed. */
  salt?: number;
  playouts: Playouts;
  /** False: playouts keep the Zobrist hash even where the runs would do (for tests). */
  byRuns?: boolean;
  /** Which lines weigh foundation moves against the others (default lineWeighsHome's; tests watch it). */
  weighs?: (s: GameState, line: number) => boolean;
  /** Asked again wherever the waste test says lost; a disagreement throws (cuts.ts; tests). */
  audit?: DeadlockAudit;
  /** False: playouts play on the GameState even where a RunBoard would do (for tests). */
  board?: boolean;
}

export class NestedRollouts implements Search {
  readonly stats: SearchStats = { nodes: 0, unique: 0, ttHits: 0, maxDepth: 0 };
  /** It finds wins and proves nothing; its waste test stops playouts, it cuts no position. */
  readonly complete = false;
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
  /** The playouts' move weights (Playouts.weights; tests read them). */
  readonly weights: PlayoutWeights;
  /** Playouts.emptyingShufflesOnly. */
  private readonly emptyingOnly: boolean;
  /** Which lines weigh foundation moves against the others (lineWeighsHome; tests watch it). */
  private readonly weighs: (s: GameState, line: number) => boolean;
  /** The waste test the playouts ask, every `checkEvery` moves (0: never, or where the test does not apply). */
  private readonly wasteTest: DeadlockCuts | null;
  readonly checkEvery: number;
  /** Playouts stopped in a position the waste test proves lost, over all lines. */
  lostPlayouts = 0;
  /** The line has reached a position whose moves are not listed yet: a run's limit fell between the two (nextStep). */
  private toList = false;
  /** Where the game allows (boardFits), playouts play on this copy of the position instead of the state. */
  private readonly board: RunBoard | null;
  /** The endgame search (Playouts.endgame; null: none), and whether this line has asked it. */
  readonly endgame: Endgame | null;
  private endgameAsked = false;
  /** How the lines race (Playouts.race, lines.ts; null: every line runs to its end from the deal). */
  readonly race: LineRecords | null;
  /** The opening the current line starts with (lines.ts), and how much of it is played. */
  private opening: Int32Array | null = null;
  private openingAt = 0;

  constructor(
    readonly state: GameState,
    o: NmcsOptions,
  ) {
    this.rng[0] = (o.salt ?? 0) | 1; // xorshift's state must not be 0
    this.runs = (o.byRuns ?? true) && !state.suitFound && state.C === 0;
    this.weights = o.playouts.weights;
    this.emptyingOnly = o.playouts.emptyingShufflesOnly === true;
    this.weighs = o.weighs ?? ((_, line) => lineWeighsHome(o.playouts, line));
    const d = o.playouts.checkEvery > 0 ? new DeadlockCuts(state, ['waste'], o.audit, false) : null;
    this.wasteTest = d !== null && d.tests.length > 0 ? d : null;
    this.checkEvery = this.wasteTest ? o.playouts.checkEvery : 0;
    // An audit asks its second opinion of the GameState, so audited playouts play on the state.
    this.board = this.runs && (o.board ?? true) && o.audit === undefined && boardFits(state) ? new RunBoard(state) : null;
    const e = o.playouts.endgame;
    this.endgame = e ? new Endgame(e.stock, e.nodes) : null;
    const r = o.playouts.race;
    this.race = r ? new LineRecords(r, state.total) : null;
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
        if (next === 'won') return 'won';
        if (next === 'ended') {
          // The deal itself has no move, or the endgame search proved it lost: nothing to try, ever
          // (no proof claimed: complete searches give those).
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
  private nextStep(hard: number): 'listed' | 'ended' | 'cut' | 'won' {
    const s = this.state;
    if (!this.toList) {
      if (this.nStep > 0) {
        if (this.bestLen <= this.playedLen) return 'ended';
        if (this.stats.nodes >= hard) return 'cut';
        if (this.race !== null && this.race.atStep(this.played, this.playedLen, this.bestScore, this.rng)) return 'ended';
        this.playBest();
      }
      this.toList = true;
    }
    for (;;) {
      if (this.stats.nodes >= hard) return 'cut';
      if (this.opening !== null && this.openingAt < this.opening.length) {
        this.play(this.opening[this.openingAt++]);
        continue;
      }
      if (this.endgame !== null && !this.endgameAsked && s.len[s.STOCK] <= this.endgame.stock) {
        const e = this.endgameStep(hard);
        if (e !== 'open') return e;
      }
      // Listing the moves counts as a node, so that every turn of the loop in run() spends budget.
      this.stats.nodes++;
      this.stats.unique++;
      const end = stepMoves(s, this.step, this.weighs(s, this.lines), this.emptyingOnly);
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

  /**
   * The endgame search from the line's position, once a line: its win is the search's; its proof
   * of loss ends the line (nothing after this position wins, so its later steps could not). Its
   * nodes are the search's, never past `hard`; cut short there, it is asked again next run, as a
   * playout cut short is tried again.
   */
  private endgameStep(hard: number): 'open' | 'ended' | 'cut' | 'won' {
    this.endgameAsked = true;
    const e = this.endgame!;
    const st = e.run(this.state, hard - this.stats.nodes);
    this.stats.nodes += e.nodes;
    if (st === 'won') {
      this.win = [...this.played.subarray(0, this.playedLen), ...e.moves];
      return 'won';
    }
    if (st === 'lost') {
      this.bestLen = this.playedLen;
      return 'ended';
    }
    if (this.stats.nodes < hard) return 'open';
    this.endgameAsked = false;
    return 'cut';
  }

  /** Plays the best line's next move and adds it to the line played. */
  private playBest(): void {
    this.play(this.best[this.playedLen]);
  }

  /** Plays move m and adds it to the line played. */
  private play(m: number): void {
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
    this.endgameAsked = false;
    this.nStep = 0;
    this.tried = 0;
    if (this.race !== null) {
      this.opening = this.race.startLine(this.rng);
      this.openingAt = 0;
    }
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
    // Before Signora's first move only foundation moves are legal (movegen.ts), which boards do not know.
    if (this.board !== null && !(s.base < 0 && s.firstMoveRule)) return this.playoutOnBoard(hard);
    const buf = this.buf;
    this.seen.clear();
    this.pending = false; // the playout's first position is not in the set: it may be met again
    if (this.runs) s.hashOff();
    let n = 0;
    let check = this.checkEvery > 0 ? this.checkEvery : PLAYOUT_MAX; // PLAYOUT_MAX: never asked
    // Moves the limit still allows (each one applied, kept or not, is a node); kept a small integer.
    let left = Math.min(hard - this.stats.nodes, 1 << 30);
    let cut = false;
    const weighHome = this.weights.home !== undefined;
    while (n < PLAYOUT_MAX && !s.isWon()) {
      let end = generateFoundationMoves(s, buf, 0);
      // The waste's move home, if any, comes first (movegen.ts).
      if (end > 0 && !(weighHome && moveFrom(buf[0]) !== s.WASTE)) {
        if (left-- <= 0) {
          cut = true;
          break;
        }
        s.apply(buf[0]);
        this.entered();
        this.seq[n++] = buf[0];
        continue;
      }
      const homes = end; // moves home drawn with the others (weights.home), kept at buf[0, homes)
      if (n >= check) {
        check = n + this.checkEvery;
        if (this.wasteTest!.provesLost(s)) {
          this.lostPlayouts++;
          break;
        }
      }
      end = generateOtherMoves(s, buf, homes);
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
    this.playoutPlayed(n);
    const score = cut ? -1 : s.onFoundation;
    for (let i = 0; i < n; i++) s.undo();
    if (this.runs) s.hashOn(); // every move since hashOff() is undone
    return score;
  }

  /**
   * playout() on the board: the same moves, drawn alike, and the same nodes counted, with the
   * position copied into the board and played there (no move taken back, no hash, no card places).
   * The set of positions is the runs mode's: started again after every move that changes the
   * stock's, waste's or reserve's length, and a move between piles looked up before it is played.
   * Its loop is playout()'s, step for step, on the board's calls instead of the state's (one loop
   * over both would call through an interface in the hottest code); a change to one must go into
   * the other, and test/runboard.test.ts, which runs the search both ways, fails if they part.
   */
  private playoutOnBoard(hard: number): number {
    const b = this.board!;
    b.load(this.state);
    const buf = this.buf;
    const seen = this.seen;
    seen.clear();
    let pending = false; // the playout's first position is not in the set: it may be met again
    let n = 0;
    let check = this.checkEvery > 0 ? this.checkEvery : PLAYOUT_MAX;
    let left = Math.min(hard - this.stats.nodes, 1 << 30);
    let cut = false;
    const weighHome = this.weights.home !== undefined;
    while (n < PLAYOUT_MAX && b.onFoundation !== b.total) {
      let end = b.foundationMoves(buf, 0);
      if (end > 0 && !(weighHome && moveFrom(buf[0]) !== b.WASTE)) {
        if (left-- <= 0) {
          cut = true;
          break;
        }
        b.apply(buf[0]);
        seen.clear();
        pending = true;
        this.seq[n++] = buf[0];
        continue;
      }
      const homes = end;
      if (n >= check) {
        check = n + this.checkEvery;
        if (this.wasteTest!.provesLostBoard(b)) {
          this.lostPlayouts++;
          break;
        }
      }
      end = b.otherMoves(buf, homes);
      let total = this.weigh(end);
      if (pending) {
        seen.add(b.key1, b.key2);
        pending = false;
      }
      let m = -1;
      while (end > 0) {
        if (left-- <= 0) {
          cut = true;
          break;
        }
        const i = drawWeighted(this.wts, end, total, this.rng);
        const mv = buf[i];
        if (b.changesLengths(mv)) {
          seen.clear();
          pending = true;
        } else {
          b.peek(mv);
          if (!seen.add(b.peek1, b.peek2)) {
            this.stats.nodes++; // played and taken back, as on the state
            total -= this.wts[i];
            buf[i] = buf[--end];
            this.wts[i] = this.wts[end];
            continue;
          }
        }
        b.apply(mv);
        m = mv;
        break;
      }
      if (m < 0) break;
      this.seq[n++] = m;
    }
    this.playoutPlayed(n);
    return cut ? -1 : b.onFoundation;
  }

  /** A playout of n moves (kept in seq) is over: its nodes and depth go into the stats. */
  private playoutPlayed(n: number): void {
    this.stats.nodes += n;
    this.seqLen = n;
    const depth = this.playedLen + 1 + n;
    if (depth > this.stats.maxDepth) this.stats.maxDepth = depth;
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

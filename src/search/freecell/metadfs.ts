// Meta-move DFS ("dfs-meta"), after Freecell Solver's soft-DFS over meta-moves (meta.ts: its tests
// 0, 2, 3, 4, 6 and j), for Winery and FreeCell.
//
// Foundation moves come first (safe-moves.ts's safe one alone); the meta-moves are generated in
// Freecell Solver's order "j26[34]" (its -l lg preset's thread 9, the last two kinds shuffled
// together) and then tried by the number of cards they clear, fewest first, with noise
// (scoreByCost).
//
// Like any random DFS, its cost on a deal varies by orders of magnitude with the order drawn, so
// it restarts from the root on a schedule (restart.ts's geometric), each run with its own order and
// table salt.
//
// Why it never gives a wrong verdict: every meta-move is played as the legal single-card moves and
// supermoves it stands for (meta.ts), checked again when the solve replays the solution; the move
// set leaves out legal moves, so an exhausted tree proves nothing: the search then reports
// 'exhausted', never 'lost'.
import { generateFoundationMoves } from '../../engine/movegen';
import type { GameState } from '../../engine/state';
import { doubled } from '../../engine/typed';
import { pickBest, xorshift } from '../order/order';
import { safeFoundationMove } from '../../proof/safe-moves';
import { runSalt } from '../restart';
import type { Search, SearchStats, SearchStatus } from '../search';
import type { TranspositionTable } from '../core/tt';
import { generateMetaMoves, metaMovesApply, playMeta } from './meta';

/**
 * How the meta-move DFS orders a position's meta-moves (scoreByCost, after generateMetaMoves'
 * order): by the cards each clears, fewest first, with noise: key = cleared * 4 + a random
 * 0..COST_NOISE-1, so a move may come before one that clears one card fewer (the noise chosen on
 * tuning seeds: docs/journal.md, *From the code's comments*).
 */
export const COST_NOISE = 8;

/**
 * Writes the scores of the meta-moves buf[i..j) beside them (sc[k] for buf[k], higher tried first):
 * -(cleared * 4 + noise). The DFS picks the best when it comes to it (order.ts's pickBest), which
 * tries them in the order of a stable sort by that key without sorting moves it never tries.
 */
function scoreByCost(buf: Int32Array, sc: Int32Array, i: number, j: number, rng: Int32Array): void {
  for (let k = i; k < j; k++) sc[k] = -(((buf[k] >>> 27) & 7) * 4 + (xorshift(rng) % COST_NOISE));
}

const EMPTY: Int32Array = new Int32Array(0);

/** Room for one position's moves: meta-moves are a few per pile and cell pair. */
const LIST_MAX = 4096;

export class MetaDfs implements Search {
  readonly stats: SearchStats = { nodes: 0, unique: 0, ttHits: 0, maxDepth: 0 };
  /** Its meta-moves leave moves out: it proves nothing (an exhausted tree is 'exhausted'). */
  readonly complete = false;
  readonly usesTable = true;
  // Allocated when the search first runs: in a portfolio most deals are won before it does.
  private buf = EMPTY;
  private sc = EMPTY; // scores beside buf's moves (scoreByCost; foundation moves above them all)
  private idx = EMPTY; // next move to try at each depth
  private end = EMPTY; // end of each depth's move list
  private applied = EMPTY; // moves played to reach depth d (a meta-move plays several)
  private readonly rng = new Int32Array(1);
  private depth = -1;
  private status: SearchStatus | 'new' = 'new';

  private runs = 0;
  private runLeft: number;
  private salt: number;

  /** `schedule`: node budget of each run from the root (restart.ts); each run has its own order and table salt. */
  constructor(
    readonly state: GameState,
    private readonly tt: TranspositionTable,
    private readonly baseSalt: number,
    private readonly schedule: (run: number) => number = () => Infinity,
    /** Depths the stack holds before it first doubles (a test makes it small to exercise growth). */
    private readonly stackSize = 256,
  ) {
    this.salt = tt.claim(runSalt(baseSalt, 0));
    this.rng[0] = this.salt | 1;
    this.runLeft = schedule(0);
  }

  /** Back to the root with the next run's budget, salt and move order. */
  private restart(): void {
    while (this.depth > 0) this.takeBack(this.applied[this.depth--]);
    this.depth = -1;
    this.runs++;
    this.runLeft = this.schedule(this.runs);
    this.salt = this.tt.claim(runSalt(this.baseSalt, this.runs));
    this.rng[0] = this.salt | 1;
    this.status = 'new';
  }

  solutionMoves(): number[] {
    return this.state.history();
  }

  private expand(): void {
    const d = ++this.depth;
    if (d >= this.idx.length) {
      this.idx = doubled(this.idx);
      this.end = doubled(this.end);
      this.applied = doubled(this.applied);
    }
    const start = d === 0 ? 0 : this.end[d - 1];
    if (start + LIST_MAX > this.buf.length) {
      this.buf = doubled(this.buf);
      this.sc = doubled(this.sc);
    }
    let end = generateFoundationMoves(this.state, this.buf, start);
    const safe = safeFoundationMove(this.state, this.buf, start, end);
    if (safe >= 0) {
      this.buf[start] = this.buf[safe];
      end = start + 1;
    }
    for (let k = start; k < end; k++) this.sc[k] = 1; // foundation moves first, in their order
    if (safe < 0) {
      const metaStart = end;
      end = generateMetaMoves(this.state, this.buf, end, this.rng);
      scoreByCost(this.buf, this.sc, metaStart, end, this.rng);
    }
    this.idx[d] = start;
    this.end[d] = end;
    this.stats.unique++;
    if (d > this.stats.maxDepth) this.stats.maxDepth = d;
  }

  private takeBack(n: number): void {
    for (let i = 0; i < n; i++) this.state.undo();
  }

  /** Searches until a win, `nodeBudget` more nodes or the deadline; 'exhausted' (no proof) when a run tries every meta-move. */
  run(nodeBudget: number, deadline = Infinity): SearchStatus {
    let left = nodeBudget;
    while (left > 0) {
      const before = this.stats.nodes;
      const step = Math.min(left, this.runLeft);
      const st = this.runOnce(step, deadline);
      const used = this.stats.nodes - before;
      left -= used;
      this.runLeft -= used;
      if (st !== 'paused') return st;
      if (used < step) return st; // the deadline
      if (this.runLeft <= 0) this.restart();
    }
    return 'paused';
  }

  private runOnce(nodeBudget: number, deadline: number): SearchStatus {
    if (this.status !== 'new' && this.status !== 'paused') return this.status;
    const s = this.state;
    const tt = this.tt;
    const st = this.stats;
    const salt = this.salt;
    if (this.status === 'new') {
      this.status = 'paused';
      if (s.isWon()) return (this.status = 'won');
      if (!metaMovesApply(s.rules)) return (this.status = 'exhausted'); // a game the meta-moves are not written for
      if (this.buf.length === 0) {
        this.buf = new Int32Array(1 << 14);
        this.sc = new Int32Array(1 << 14);
        this.idx = new Int32Array(this.stackSize);
        this.end = new Int32Array(this.stackSize);
        this.applied = new Int32Array(this.stackSize);
      }
      tt.seenOrAdd(s.h1 ^ salt, s.h2 ^ salt);
      this.expand();
    }
    const stop = st.nodes + nodeBudget;
    for (;;) {
      const d = this.depth;
      const i = this.idx[d];
      if (i < this.end[d]) {
        pickBest(this.buf, this.sc, i, this.end[d]);
        this.idx[d] = i + 1;
        const played = playMeta(s, this.buf[i]);
        st.nodes++;
        if (s.isWon()) return (this.status = 'won');
        if (tt.seenOrAdd(s.h1 ^ salt, s.h2 ^ salt)) {
          st.ttHits++;
          this.takeBack(played);
        } else {
          this.expand(); // may grow `applied`
          this.applied[d + 1] = played;
        }
        if (st.nodes >= stop || ((st.nodes & 1023) === 0 && Date.now() >= deadline)) return (this.status = 'paused');
      } else {
        if (d === 0) return (this.status = 'exhausted');
        this.takeBack(this.applied[d]);
        this.depth = d - 1;
      }
    }
  }
}

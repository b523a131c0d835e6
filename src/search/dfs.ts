// Depth-first search over apply/undo with a transposition table, resumable.
//
// The search keeps its own explicit stack (move lists per depth in one Int32Array), so it can stop
// when a slice of its budget is spent and continue later from the same point: a solve
// (src/solver) shares one budget among several searches and base ranks this way.
//
// Completeness (why `lost` is a proof): every position is stored in the table when first reached
// and is expanded (all its moves generated) exactly then. A move is skipped only when its
// position is already in the table, i.e. it was expanded before or is being expanded higher on the
// stack (with marks on, also when its entry was evicted but it is still on the SCC stack, or when
// it is marked: below). So when the root's moves are exhausted, every expanded position had each
// of its successors expanded at some time: the expanded set is closed under moves and holds every
// position reachable from the deal. An eviction from the table only lets a position be expanded
// again, which breaks neither argument. Move generation skips only moves that lead to the same
// canonical position (movegen.ts), and safe-moves.ts's forced moves are argued there; added moves
// (MoveAdder: the supermoves of freecell/supermove.ts) only add moves.
// Deadlock tests (src/proof) expand a position they prove lost with no moves: the expanded set
// is then closed under moves except below positions proved lost, which holds no win either.
// Sound dead marks (`marks`, below) are positions proved lost the same way, by this search or
// another sharing the table, and a move to one is skipped on the same grounds.
import { MAX_MOVES } from '../engine/move';
import { generateFoundationMoves, generateOtherMoves } from '../engine/movegen';
import type { GameState } from '../engine/state';
import { doubled } from '../engine/typed';
import { type OrderMode, orderOrScore, pickBest } from './order/order';
import { SccStack } from './core/scc';
import type { DeadlockCuts } from '../proof/cuts';
import { safeFoundationMove } from '../proof/safe-moves';
import type { MoveAdder, Search, SearchStats, SearchStatus } from './search';
import type { TranspositionTable } from './core/tt';

/** A DFS's working storage: what release() hands on to the next DfsSearch. */
interface DfsStorage {
  buf: Int32Array;
  sc: Int32Array;
  idx: Int32Array;
  end: Int32Array;
  byScore: Int32Array;
  low: Int32Array;
  num: Int32Array;
}

/**
 * Storage of released searches, reused by the next ones: allocating it (about 69 KB) costs as much
 * as a short search, and most deals of the suit-built games take a few hundred nodes. Every entry
 * is written before it is read (expand), so reused storage needs no clearing. Buffers a deep search
 * grew past POOLED_MAX are dropped rather than held for good.
 */
const spare: DfsStorage[] = [];
const POOLED_MAX = 1 << 16;
const SPARE_MAX = 64;

function takeStorage(): DfsStorage {
  return (
    spare.pop() ?? {
      buf: new Int32Array(1 << 13),
      sc: new Int32Array(1 << 13),
      idx: new Int32Array(256),
      end: new Int32Array(256),
      byScore: new Int32Array(256),
      low: new Int32Array(256),
      num: new Int32Array(256),
    }
  );
}

/** How a DfsSearch searches, given when it is made. */
export interface DfsOptions {
  /**
   * XORed into both hash words before every table access, so that several searches can share one
   * table without one's entries making another skip positions it never expanded; the table's
   * claim() makes sure no other user of the table has it. Also its random generator's seed.
   */
  salt?: number;
  /** Its move order (order.ts; default 'scored'). */
  order?: OrderMode;
  /** Play safe-moves.ts's safe foundation moves alone (default; false: every move, for checking the pruning). */
  prune?: boolean;
  /** Moves added to every position's other moves (the supermoves, in suit-built games). */
  extraMoves?: MoveAdder | null;
  /** The deadlock tests it cuts with (null or absent: none). */
  cuts?: DeadlockCuts | null;
  /** The salt of the dead marks its group shares, claimed from the table when the first search asks (absent: no marks). */
  marks?: () => number;
}

export class DfsSearch implements Search {
  readonly state: GameState;
  private readonly tt: TranspositionTable;
  /** XORed into both hash words before every table access (see the constructor); claimed from the table. */
  private salt: number;
  private buf: Int32Array;
  private idx: Int32Array; // next move to try at each depth
  private end: Int32Array; // end of the move list at each depth
  private sc: Int32Array; // scores beside buf's moves, at depths whose moves are picked by score
  private byScore: Int32Array; // 1 at a depth whose moves are picked by score (pickBest), not in buf's order
  private depth = -1;
  status: SearchStatus | 'new' = 'new';
  private released = false;
  /**
   * Sound dead marks: the salt of table entries for positions proved lost, shared by the searches
   * of one group (0: off; DfsOptions.marks). A position is marked when the root of its strongly connected component
   * (Tarjan) has tried all its moves without a win: every move out of the component then led to a
   * position marked before, and every position reachable from the root was expanded or marked, so
   * none is won (with the pruning argued in safe-moves.ts, as for the root). A move to a marked position
   * is skipped (counted in markSkips), and an exhausted root is still a proof. The positions of the
   * open components are kept in scc.ts's stack, which says whether a position met again is open
   * (its place lowers the lowlink) or closed, hence marked.
   */
  readonly marks: number = 0;
  markSkips = 0;
  private scc: SccStack | null = null;
  private low: Int32Array; // Tarjan's lowlink of each depth's position (marks on)
  private num: Int32Array; // its place on the SCC stack
  private readonly popped = new Int32Array(2);
  /**
   * The deadlock tests (src/proof/cuts.ts), or null: a position they prove lost is expanded with no
   * moves, so an exhausted root is then a proof by exhaustive search plus the tests that cut.
   */
  readonly cuts: DeadlockCuts | null;
  readonly complete = true;
  readonly usesTable = true;
  private readonly order: OrderMode;
  private readonly prune: boolean;
  private readonly extraMoves: MoveAdder | null;
  /** This search's own random state (orders 'random', 'grouped' and 'noisy'). */
  private readonly rng = new Int32Array(1);
  readonly stats: SearchStats = { nodes: 0, unique: 0, ttHits: 0, maxDepth: 0 };

  constructor(state: GameState, tt: TranspositionTable, o: DfsOptions = {}) {
    this.salt = tt.claim(o.salt ?? 0);
    this.rng[0] = this.salt | 1; // xorshift state must not be 0
    this.state = state;
    this.tt = tt;
    this.order = o.order ?? 'scored';
    this.prune = o.prune ?? true;
    this.extraMoves = o.extraMoves ?? null;
    this.cuts = o.cuts ?? null;
    // Claimed after the search's own salt (the table hands out salts in the order asked).
    if (o.marks) this.marks = o.marks();
    const st = takeStorage();
    this.buf = st.buf;
    this.sc = st.sc;
    this.idx = st.idx;
    this.end = st.end;
    this.byScore = st.byScore;
    this.low = st.low;
    this.num = st.num;
  }

  /** Hands this search's storage on to the next DfsSearch; this one must not run again. */
  release(): void {
    if (this.released) return;
    this.released = true;
    if (this.buf.length <= POOLED_MAX && this.idx.length <= POOLED_MAX && spare.length < SPARE_MAX)
      spare.push({ buf: this.buf, sc: this.sc, idx: this.idx, end: this.end, byScore: this.byScore, low: this.low, num: this.num });
  }

  /**
   * Starts over from the root (the state must be back there) under a new salt, keeping the
   * buffers: restart.ts restarts often, and fresh buffers each time cost more than the short runs.
   */
  restart(salt: number): void {
    this.salt = this.tt.claim(salt);
    this.rng[0] = this.salt | 1;
    this.depth = -1;
    this.status = 'new';
    this.cuts?.newRun();
    this.scc?.clear();
    this.stats.nodes = this.stats.unique = this.stats.ttHits = this.stats.maxDepth = 0;
  }

  /** Moves from the deal to the current position (the solution once status is 'won'). */
  solutionMoves(): number[] {
    return this.state.history();
  }

  private expand(): void {
    const d = ++this.depth;
    if (d >= this.idx.length) this.growStack();
    const start = d === 0 ? 0 : this.end[d - 1];
    if (start + MAX_MOVES > this.buf.length) this.growBuf();
    if (this.marks !== 0) this.low[d] = this.num[d] = this.scc!.push(this.state.h1, this.state.h2);
    let byScore = 0;
    if (this.cuts !== null && this.cuts.provesLost(this.state)) {
      this.byScore[d] = 0;
      this.idx[d] = this.end[d] = start;
      this.stats.unique++;
      return;
    }
    // Foundation moves first: a safe one is tried alone, and then the other moves are never generated.
    let end = generateFoundationMoves(this.state, this.buf, start);
    const safe = this.prune ? safeFoundationMove(this.state, this.buf, start, end) : -1;
    if (safe >= 0) {
      this.buf[start] = this.buf[safe];
      end = start + 1;
    } else {
      end = generateOtherMoves(this.state, this.buf, end);
      if (this.extraMoves !== null) end = this.extraMoves(this.state, this.buf, end);
      // Scored beside the moves (sc[i] for buf[i]) and picked best first as they are tried (run),
      // not sorted: most are never tried.
      if (orderOrScore(this.state, this.buf, start, end, this.order, this.rng, this.sc, start)) byScore = 1;
    }
    this.byScore[d] = byScore;
    this.idx[d] = start;
    this.end[d] = end;
    this.stats.unique++;
    if (d > this.stats.maxDepth) this.stats.maxDepth = d;
  }

  /**
   * Searches until a win, exhaustion, or `nodeBudget` more nodes / the deadline (ms since epoch,
   * checked every 1024 nodes). Returns 'paused' when stopped by a budget; call again to go on.
   * 'lost' is a proof.
   */
  run(nodeBudget: number, deadline = Infinity): SearchStatus {
    if (this.released) throw new Error('internal error: a released search was run');
    if (this.status !== 'new' && this.status !== 'paused') return this.status;
    const s = this.state;
    const tt = this.tt;
    const st = this.stats;
    const salt = this.salt;
    const marks = this.marks;
    if (this.status === 'new') {
      this.status = 'paused';
      if (marks !== 0 && this.scc === null) this.scc = new SccStack();
      if (s.isWon()) return (this.status = 'won');
      tt.seenOrAdd(s.h1 ^ salt, s.h2 ^ salt);
      this.expand();
    }
    const stop = st.nodes + nodeBudget;
    for (;;) {
      const d = this.depth;
      const i = this.idx[d];
      if (i < this.end[d]) {
        if (this.byScore[d] === 1) pickBest(this.buf, this.sc, i, this.end[d]);
        this.idx[d] = i + 1;
        s.apply(this.buf[i]); // this.buf, not a cached reference: expand() may grow it
        st.nodes++;
        if (s.isWon()) return (this.status = 'won');
        if (tt.seenOrAdd(s.h1 ^ salt, s.h2 ^ salt)) {
          st.ttHits++;
          if (marks !== 0) this.lowTo(d, this.scc!.find(s.h1, s.h2));
          s.undo();
        } else if (marks !== 0 && this.openOrMarked(d)) {
          st.ttHits++;
          s.undo();
        } else this.expand();
        if (st.nodes >= stop || ((st.nodes & 1023) === 0 && Date.now() >= deadline)) return (this.status = 'paused');
      } else {
        if (marks !== 0) this.finishScc(d);
        if (d === 0) return (this.status = 'lost');
        s.undo();
        this.depth = d - 1;
        if (marks !== 0) this.lowTo(d - 1, this.low[d]);
      }
    }
  }

  /** Lowers the lowlink of depth d's position to place j of the open stack (-1: not open, no change). */
  private lowTo(d: number, j: number): void {
    if (j >= 0 && j < this.low[d]) this.low[d] = j;
  }

  /**
   * A move from depth d reached a position this run's table does not hold: true if it is open
   * after all (its entry was evicted; a back edge, lowering d's lowlink) or marked dead (skipped).
   */
  private openOrMarked(d: number): boolean {
    const s = this.state;
    const j = this.scc!.find(s.h1, s.h2);
    if (j >= 0) {
      this.lowTo(d, j);
      return true;
    }
    if (!this.tt.has(s.h1 ^ this.marks, s.h2 ^ this.marks)) return false;
    this.markSkips++;
    return true;
  }

  /**
   * Depth d's position has tried all its moves. If it is the root of its strongly connected
   * component, the component (the open positions above it on the stack) is dead: every move out
   * of it led into it, to a marked position, or to a position proved lost by then.
   */
  private finishScc(d: number): void {
    const root = this.num[d];
    if (this.low[d] !== root) return;
    const scc = this.scc!;
    const out = this.popped;
    const m = this.marks;
    while (scc.size > root) {
      scc.pop(out);
      this.tt.seenOrAdd(out[0] ^ m, out[1] ^ m);
    }
  }

  private growStack(): void {
    this.low = doubled(this.low);
    this.num = doubled(this.num);
    this.idx = doubled(this.idx);
    this.end = doubled(this.end);
    this.byScore = doubled(this.byScore);
  }

  private growBuf(): void {
    this.buf = doubled(this.buf);
    this.sc = doubled(this.sc);
  }
}

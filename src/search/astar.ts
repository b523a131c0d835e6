// Best-first (weighted A*) search.
//
// Heuristic h = estimate() in heuristic.ts. For the alternate-colour games it is the number of
// cards not yet on a foundation, which is admissible: a move puts at most one card on a foundation.
// For suit-built games (Winery, FreeCell) it adds weighted counts of the cards covering each suit's
// next card, the cards out of sequence and the cards in cells, less a bonus per empty pile: much
// better guidance, but no longer admissible (a covering card may go straight home). The priority
// is f = g + W*h with W = 2 by default (weighted A*: solutions are found fast and are short, but
// not guaranteed shortest). Ties go to the deeper node.
//
// A node is only (parent, move, depth): no position is stored. To expand a node the single
// GameState walks there from the previous node through their common ancestor (undo up, apply
// down), so memory per node is 12 bytes plus the heap entry (12 bytes). These arrays live in
// resizable ArrayBuffers that grow in place (no copy, no old array left for the garbage collector),
// and every growth is taken from the solve's memory budget (memory.ts): when the budget is spent
// the search stops for good ('memory').
//
// Completeness: every position is added to the seen-table when first generated and then expanded
// when popped; when the open list runs empty every reachable position has been expanded, so
// `lost` is a proof (the same closure argument as dfs.ts; table evictions only cause re-expansion).
import { MAX_MOVES } from '../engine/move';
import { generateFoundationMoves, generateOtherMoves } from '../engine/movegen';
import type { GameState } from '../engine/state';
import { doubled } from '../engine/typed';
import { MemoryBudget } from './core/memory';
import type { Search, SearchStats, SearchStatus } from './search';
import { estimate } from './order/heuristic';
import { safeFoundationMove } from '../proof/safe-moves';
import type { TranspositionTable } from './core/tt';

export class AStarSearch implements Search {
  readonly state: GameState;
  readonly complete = true;
  readonly usesTable = true;
  private readonly tt: TranspositionTable;
  private readonly salt: number;
  readonly weight: number;
  readonly stats: SearchStats = { nodes: 0, unique: 0, ttHits: 0, maxDepth: 0 };
  // Node store and heap, `capacity` entries each (the heap never holds more than `count`): views of
  // the resizable buffers `store` (parent, move, depth, heap, key).
  private store: ArrayBuffer[] = [];
  private parent = new Int32Array(0);
  private move = new Int32Array(0);
  private depth = new Int32Array(0);
  private count = 0;
  private heap = new Int32Array(0);
  private key = new Float64Array(0);
  private capacity = 0;
  private heapSize = 0;
  private cur = 0;
  private path: Int32Array = new Int32Array(1024);
  private moves = new Int32Array(MAX_MOVES);
  private solution: number[] = [];

  /** Started: the root is in the open list. */
  private started = false;
  /**
   * The node being expanded (-1: none) and its next move in `moves` (up to expEnd): a run stops
   * between two of a position's moves only at its limit, and the next run goes on from there.
   */
  private expanding = -1;
  private expNext = 0;
  private expEnd = 0;
  status: SearchStatus | 'new' = 'new';

  /**
   * `salt` is XORed into both hash words before every table access, so that several searches can
   * share one table without one's entries making another skip positions it never expanded (the
   * table's claim() makes sure no other user has it).
   */
  constructor(
    state: GameState,
    tt: TranspositionTable,
    weight = 2,
    salt = 0x3c6ef372,
    private readonly memory = new MemoryBudget(4096 * 1024 * 1024),
  ) {
    this.salt = tt.claim(salt);
    this.state = state;
    this.tt = tt;
    this.weight = weight;
  }

  /** The winning moves from the deal (after 'won'). */
  solutionMoves(): number[] {
    return this.solution;
  }

  /**
   * Searches until a win, exhaustion, or `nodeBudget` more nodes / the deadline; 'paused' means a
   * budget ran out and a later call goes on from where this one stopped. The budget is checked
   * between expansions (a position's moves are all tried, past it if need be), `limit` (search.ts)
   * before every move.
   */
  run(nodeBudget: number, deadline = Infinity, limit = Infinity): SearchStatus {
    const s = this.state;
    const st = this.stats;
    const salt = this.salt;
    if (this.status !== 'new' && this.status !== 'paused') return this.status;
    if (!this.started) {
      this.started = true;
      if (s.isWon()) {
        this.solution = s.history();
        return (this.status = 'won');
      }
      this.tt.seenOrAdd(s.h1 ^ salt, s.h2 ^ salt);
      if (!this.addNode(-1, 0, 0)) return this.outOfMemory();
    }
    const stop = st.nodes + Math.min(nodeBudget, limit);
    const hard = st.nodes + limit;
    for (;;) {
      if (this.expanding < 0) {
        if (this.heapSize === 0) break;
        if (st.nodes >= stop || ((st.unique & 255) === 0 && Date.now() >= deadline)) return (this.status = 'paused');
        const node = this.pop();
        this.goTo(node);
        st.unique++;
        if (this.depth[node] > st.maxDepth) st.maxDepth = this.depth[node];
        let end = generateFoundationMoves(s, this.moves, 0);
        const safe = safeFoundationMove(s, this.moves, 0, end);
        if (safe >= 0) {
          this.moves[0] = this.moves[safe];
          end = 1;
        } else end = generateOtherMoves(s, this.moves, end); // the rest only when no safe move
        this.expanding = node;
        this.expNext = 0;
        this.expEnd = end;
      }
      const node = this.expanding; // the state is at it (goTo above, or the run that stopped in it)
      const g = this.depth[node];
      const end = this.expEnd;
      for (let i = this.expNext; i < end; i++) {
        if (st.nodes >= hard) {
          this.expNext = i;
          return (this.status = 'paused');
        }
        const m = this.moves[i];
        s.apply(m);
        st.nodes++;
        if (s.isWon()) {
          this.solution = s.history();
          s.undo();
          return (this.status = 'won');
        }
        if (this.tt.seenOrAdd(s.h1 ^ salt, s.h2 ^ salt)) st.ttHits++;
        else if (!this.addNode(node, m, g + 1)) {
          s.undo();
          return this.outOfMemory();
        }
        s.undo();
      }
      this.expanding = -1;
    }
    return (this.status = 'lost');
  }

  /** Adds a node and pushes it on the heap; false when the memory budget allows no more nodes. */
  private addNode(parent: number, m: number, g: number): boolean {
    if (this.count === this.capacity && !this.growStore()) return false;
    const i = this.count++;
    this.parent[i] = parent;
    this.move[i] = m;
    this.depth[i] = g;
    const h = estimate(this.state);
    this.push(i, g + this.weight * h - g * 1e-6);
    return true;
  }

  /**
   * Grows the node store and heap in place: doubles them, or takes what is left of the budget;
   * false when the budget has no room for another node.
   */
  private growStore(): boolean {
    const old = this.capacity;
    const cap = Math.min(Math.max(2 * old, 1 << 16), old + Math.floor(this.memory.free / NODE_BYTES), MAX_NODES);
    if (cap <= old || !this.memory.take((cap - old) * NODE_BYTES)) return false;
    if (old === 0) {
      // Address space for the whole budget is reserved; memory is committed only as the buffers grow.
      const max = Math.min(Math.floor(this.memory.bytes / NODE_BYTES), MAX_NODES);
      this.store = ELEMENT_BYTES.map((size) => new ArrayBuffer(0, { maxByteLength: max * size }));
    }
    for (let i = 0; i < this.store.length; i++) this.store[i].resize(cap * ELEMENT_BYTES[i]);
    this.parent = new Int32Array(this.store[0], 0, cap);
    this.move = new Int32Array(this.store[1], 0, cap);
    this.depth = new Int32Array(this.store[2], 0, cap);
    this.heap = new Int32Array(this.store[3], 0, cap);
    this.key = new Float64Array(this.store[4], 0, cap);
    this.capacity = cap;
    return true;
  }

  /**
   * Stops for good: the search cannot store another node. Its memory stays charged to the budget
   * (the garbage collector frees it at some later time).
   */
  private outOfMemory(): SearchStatus {
    this.store = [];
    this.parent = this.move = this.depth = this.heap = new Int32Array(0);
    this.key = new Float64Array(0);
    this.capacity = this.count = this.heapSize = 0;
    return (this.status = 'memory');
  }

  /** Moves the state from node `cur` to node `target` through their common ancestor. */
  private goTo(target: number): void {
    const s = this.state;
    let a = this.cur;
    let b = target;
    let n = 0;
    const depth = this.depth;
    const parent = this.parent;
    while (depth[a] > depth[b]) {
      s.undo();
      a = parent[a];
    }
    while (depth[b] > depth[a]) {
      if (n === this.path.length) this.path = doubled(this.path);
      this.path[n++] = this.move[b];
      b = parent[b];
    }
    while (a !== b) {
      s.undo();
      a = parent[a];
      if (n === this.path.length) this.path = doubled(this.path);
      this.path[n++] = this.move[b];
      b = parent[b];
    }
    while (n > 0) s.apply(this.path[--n]);
    this.cur = target;
  }

  // Binary min-heap of node indices keyed by priority.
  private push(node: number, k: number): void {
    let i = this.heapSize++;
    const heap = this.heap;
    const key = this.key;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (key[p] <= k) break;
      heap[i] = heap[p];
      key[i] = key[p];
      i = p;
    }
    heap[i] = node;
    key[i] = k;
  }

  private pop(): number {
    const heap = this.heap;
    const key = this.key;
    const top = heap[0];
    const n = --this.heapSize;
    const lastNode = heap[n];
    const lastKey = key[n];
    let i = 0;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= n) break;
      if (c + 1 < n && key[c + 1] < key[c]) c++;
      if (key[c] >= lastKey) break;
      heap[i] = heap[c];
      key[i] = key[c];
      i = c;
    }
    heap[i] = lastNode;
    key[i] = lastKey;
    return top;
  }
}

/** Bytes per node in each store buffer: parent, move, depth, heap index, heap key. */
const ELEMENT_BYTES = [4, 4, 4, 4, 8];
const NODE_BYTES = 24;
/** Node indexes are int32. */
const MAX_NODES = 2 ** 31 - 1;

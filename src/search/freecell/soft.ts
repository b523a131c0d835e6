// Soft threads ("soft-threads"): Freecell Solver's -l lg preset rebuilt over meta.ts's meta-moves,
// for Winery and FreeCell.
//
// Freecell Solver (fc-solve 5.0) wins most FreeCell deals in under a hundred positions with a
// portfolio of depth-first searches over meta-moves ("soft threads"), each with its own fixed order
// of move kinds ("tests"), run in a tuned schedule of short turns (its "prelude"). Its -l lg preset
// (presets/looking-glass.sh) has 16 of them. This file runs its 14 random-DFS threads, with their
// test orders, depth-dependent orders, seeds and prelude, on one GameState: a thread that is
// switched out keeps its path and replays it when switched back in. Its two A* threads are left
// out. Its tests 5 and 8 (a card onto a parent lower in its own pile; part of a top run onto
// another parent) are meta.ts's SAME_PILE and JOIN. Its random generator and its count of nodes
// are not copied: ours cost less work for the same positions (docs/journal.md).
//
// Why the details matter: a DFS's first choices decide its cost. Freecell Solver generates each
// test's moves in the order of its canonical state, piles and cells sorted by their cards, and sorts
// some tests' moves by place (fcOrder); it plays every safe foundation move at once on entering a
// position (its -sp r:tf prune, horneSafe below), and counts depth in positions it enters. With
// all of that copied, thread "24" enters the same positions as Freecell Solver's own on each of
// Winery seeds 3001-3030 and FreeCell seeds 3001-3024 (checked against fc-solve 5.0's -s -i
// output; test/soft.test.ts keeps five). Run first, the preset wins most deals of Winery and
// FreeCell with cells in a few hundred nodes.
//
// It never gives a wrong verdict: every meta-move is played as legal single-card moves and
// supermoves (meta.ts) and solve() replays the solution, checked; it leaves moves out, so when
// every thread has tried all it has it reports 'exhausted', never 'lost'.
import { encodeMove, moveFrom } from '../../engine/move';
import { fillAccept, foundationMovesByCard } from '../../engine/movegen';
import type { GameState } from '../../engine/state';
import { doubled } from '../../engine/typed';
import { shuffle } from '../order/order';
import { runSalt } from '../restart';
import type { Search, SearchStats, SearchStatus } from '../search';
import type { TranspositionTable } from '../core/tt';
import { fcOrder, horneSafe, LIST_MAX, sortHomeLast } from './fcorder';
import { type Group, LG, LG_PRELUDE, SHUFFLED, STEP, type ThreadSpec, type Unit, units, WEIGHED } from './lg';
import { metaJPairs, metaMovesApply, metaTest, playMeta } from './meta';
import { emptyPiles, freeCells } from './supermove';

const EMPTY: Int32Array = new Int32Array(0);
const NO_MOVES: readonly number[] = [];

interface ThreadStorage {
  buf: Int32Array;
  stacks: Int32Array[];
}
const spare: ThreadStorage[] = [];
const SPARE_MAX = 64;
const STACKS = 8; // idx, end, start, gi, applied, fdepth, fend, vac

/** One soft thread: a DFS over meta-moves in its fixed order of tests, never restarting. */
export class SoftThread {
  readonly stats: SearchStats = { nodes: 0, unique: 0, ttHits: 0, maxDepth: 0 };
  private buf = EMPTY;
  private idx = EMPTY; // next move to try at each depth
  private end = EMPTY; // end of each depth's current list
  private start = EMPTY; // start of each depth's list
  private gi = EMPTY; // next group to generate at each depth
  private applied = EMPTY; // moves played to reach each depth
  private fdepth = EMPTY; // Freecell Solver's depth: a run of safe moves is one step
  private fend = EMPTY; // end of the foundation moves kept at the start of each depth's list
  private vac = EMPTY; // free cells | empty piles << 8, at each depth
  private depth = -1;
  private status: SearchStatus | 'new' = 'new';
  private rng = EMPTY; // its generator's state, made when it first runs (most threads never do)
  private readonly units: Unit[];
  private chained = false; // the position being entered was reached with safe moves after the meta-move
  private listed = -1; // end of its foundation moves, listed at its list's start by safeChain (-1: not listed)
  /** Moves from the root while switched out (SoftThreads). */
  path: readonly number[] = NO_MOVES;
  /** Its table salt (claimed from the table: see tt.ts). */
  private readonly salt: number;

  constructor(
    readonly spec: ThreadSpec,
    private readonly tt: TranspositionTable,
    salt: number,
    /** Depths the stacks hold before they first double (a test makes it small to exercise growth). */
    private readonly stackSize = 256,
    /** Moves the list buffer holds before it first doubles (at least LIST_MAX; likewise). */
    private readonly bufSize = 1 << 14,
  ) {
    this.units = units(spec);
    this.salt = tt.claim(salt);
  }

  get live(): boolean {
    return this.status === 'new' || this.status === 'paused';
  }

  private groupsAt(fd: number): Group[] {
    const u = this.units;
    for (let i = 0; i < u.length - 1; i++) if (fd < u[i].until) return u[i].groups;
    return u[u.length - 1].groups;
  }

  private grow(): void {
    this.idx = doubled(this.idx);
    this.end = doubled(this.end);
    this.start = doubled(this.start);
    this.gi = doubled(this.gi);
    this.applied = doubled(this.applied);
    this.fdepth = doubled(this.fdepth);
    this.fend = doubled(this.fend);
    this.vac = doubled(this.vac);
  }

  /**
   * Enters the position s is at, one deeper, its safe foundation moves already played
   * (safeChain): keeps its foundation moves for tests 0 and 1, and counts its free cells and empty
   * piles.
   */
  private enter(s: GameState): void {
    const d = ++this.depth;
    if (d >= this.idx.length) this.grow();
    const start = d === 0 ? 0 : this.end[d - 1];
    if (start + LIST_MAX > this.buf.length) this.buf = doubled(this.buf);
    this.start[d] = start;
    // Freecell Solver's depth: its pruned position (after the safe moves) is one deeper.
    const pruned = this.chained ? 1 : 0;
    this.fdepth[d] = d === 0 ? pruned : this.fdepth[d - 1] + 1 + pruned;
    const listed = this.listed;
    this.listed = -1;
    const end = listed >= 0 ? listed : foundationMovesByCard(s, this.buf, start);
    this.fend[d] = end;
    this.vac[d] = freeCells(s) | (emptyPiles(s) << 8);
    this.idx[d] = this.end[d] = end;
    this.gi[d] = 0;
    this.stats.unique++;
    if (d > this.stats.maxDepth) this.stats.maxDepth = d;
  }

  /**
   * Plays the safe foundation moves of s one after another while there are any (listing each
   * position's foundation moves at buf[at..)); returns how many.
   */
  private safeChain(s: GameState, at: number): number {
    if (at + 64 > this.buf.length) this.buf = doubled(this.buf);
    let n = 0;
    for (;;) {
      const e = foundationMovesByCard(s, this.buf, at);
      const k = horneSafe(s, this.buf, at, e);
      if (k < 0) {
        this.listed = e; // for enter(), if this position is entered: its foundation moves, none safe
        return n;
      }
      s.apply(this.buf[k]);
      n++;
    }
  }

  /** Generates the next group with moves at depth d (s at that position); false when none is left. */
  private nextGroup(s: GameState, d: number): boolean {
    const groups = this.groupsAt(this.fdepth[d]);
    const start = this.fend[d];
    while (this.gi[d] < groups.length) {
      const g = groups[this.gi[d]++];
      let n = start;
      for (let t = 0; t < g.tests.length; t++) n = this.test(s, g.tests.charCodeAt(t), n, d);
      if (n === start) continue;
      if (g.kind === SHUFFLED) shuffle(this.buf, start, n, this.rng);
      else if (g.kind === WEIGHED) sortHomeLast(s, this.buf, start, n);
      this.idx[d] = start;
      this.end[d] = n;
      return true;
    }
    return false;
  }

  /** Appends the moves of Freecell Solver's test t (a character code) at depth d, in its order. */
  private test(s: GameState, t: number, n: number, d: number): number {
    const buf = this.buf;
    let e = n;
    if (t === 48 || t === 49) {
      // 0: tableau tops home; 1: cells' cards home (from the list enter() kept)
      for (let i = this.start[d]; i < this.fend[d]; i++) {
        const f = moveFrom(buf[i]);
        if (t === 48 ? f < s.T : f >= s.CELL0 && f < s.RESERVE) buf[e++] = buf[i];
      }
    } else if (t === 55) {
      // 7: a cell's card into the first empty pile
      let to = -1;
      for (let q = 0; q < s.T && to < 0; q++) if (s.len[q] === 0) to = q;
      if (to >= 0) for (let x = s.CELL0; x < s.RESERVE; x++) if (s.len[x] > 0) buf[e++] = encodeMove(x, to, 1);
    } else {
      if (t === 51) fillAccept(s); // the foundations' table, for the DIGs
      const vac = this.vac[d];
      if (t === 106) e = metaJPairs(s, buf, e, vac >> 8);
      e = metaTest(s, t, buf, e, true, vac & 255, vac >> 8);
    }
    return fcOrder(s, t, buf, n, e);
  }

  /** Runs up to `budget` nodes from this thread's position, which s must be at. */
  run(s: GameState, budget: number): SearchStatus {
    if (!this.live) return this.status as SearchStatus;
    if (budget <= 0) return 'paused';
    const tt = this.tt;
    const st = this.stats;
    const salt = this.salt;
    if (this.status === 'new') {
      this.status = 'paused';
      if (s.isWon()) return (this.status = 'won');
      if (!metaMovesApply(s.rules)) return (this.status = 'exhausted'); // a game the meta-moves are not written for
      if (this.buf.length === 0) this.take();
      this.rng = Int32Array.of(Math.imul(this.spec.seed ?? 1, 0x9e3779b1) | 1);
      this.chained = this.safeChain(s, 0) > 0; // the deal's own safe moves, as at every position
      if (s.isWon()) return (this.status = 'won');
      tt.seenOrAdd(s.h1 ^ salt, s.h2 ^ salt);
      this.enter(s);
    }
    const stop = st.nodes + budget;
    for (;;) {
      const d = this.depth;
      const i = this.idx[d];
      if (i < this.end[d]) {
        this.idx[d] = i + 1;
        let played = playMeta(s, this.buf[i]);
        st.nodes++;
        // Freecell Solver's prune: every safe foundation move at once, as part of this node.
        this.listed = -1;
        const chain = this.safeChain(s, this.end[d]);
        played += chain;
        this.chained = chain > 0;
        if (s.isWon()) return (this.status = 'won');
        if (tt.seenOrAdd(s.h1 ^ salt, s.h2 ^ salt)) {
          st.ttHits++;
          this.listed = -1;
          for (let k = 0; k < played; k++) s.undo();
        } else {
          this.enter(s); // may grow `applied`
          this.applied[d + 1] = played;
        }
        if (st.nodes >= stop) return (this.status = 'paused');
      } else if (!this.nextGroup(s, d)) {
        if (d === 0) return (this.status = 'exhausted');
        for (let k = 0; k < this.applied[d]; k++) s.undo();
        this.depth = d - 1;
      }
    }
  }

  private take(): void {
    let st = spare.pop();
    if (st && (st.stacks[0].length !== this.stackSize || st.buf.length !== this.bufSize)) st = undefined; // a test's small sizes
    this.buf = st?.buf ?? new Int32Array(Math.max(this.bufSize, LIST_MAX));
    const stacks = st?.stacks ?? Array.from({ length: STACKS }, () => new Int32Array(this.stackSize));
    [this.idx, this.end, this.start, this.gi, this.applied, this.fdepth, this.fend, this.vac] = stacks;
  }

  /** Hands this thread's storage on to later threads; it must not run again. */
  release(): void {
    if (this.buf.length === 0) return;
    const stacks = [this.idx, this.end, this.start, this.gi, this.applied, this.fdepth, this.fend, this.vac];
    if (this.buf.length === this.bufSize && this.idx.length === this.stackSize && spare.length < SPARE_MAX) spare.push({ buf: this.buf, stacks });
    this.buf = EMPTY;
    this.status = 'exhausted';
  }
}

/**
 * The soft threads of `specs` on one state: the prelude's turns (nodes@thread) in order, then each
 * live thread in turn for STEP nodes. Switching threads takes the state back to the root and
 * replays the next thread's path (a few dozen moves, against hundreds of nodes per turn).
 */
export class SoftThreads implements Search {
  readonly stats: SearchStats = { nodes: 0, unique: 0, ttHits: 0, maxDepth: 0 };
  readonly complete = false; // its threads play meta-moves only, so it proves nothing
  readonly usesTable = true;
  /** Made when first given a turn (thread()): most deals are won by the first thread or two. */
  private readonly made: (SoftThread | undefined)[];
  private cur: SoftThread | null = null;
  private turn = 0; // prelude turns begun
  private next = 0; // the next thread to try after the prelude
  private left = 0; // nodes left in this turn

  constructor(
    readonly state: GameState,
    private readonly tt: TranspositionTable,
    private readonly salt: number,
    private readonly specs: ThreadSpec[] = LG,
    private readonly prelude: [number, string][] = LG_PRELUDE,
    private readonly stackSize = 256,
    private readonly bufSize = 1 << 14,
  ) {
    this.made = new Array<SoftThread | undefined>(specs.length);
  }

  /** Threads that have run dry, having tried all they have (src/solver's tight prelude reads it). */
  get dryThreads(): number {
    let n = 0;
    for (const t of this.made) if (t !== undefined && !t.live) n++;
    return n;
  }

  /** Thread i of `specs`, made on first use. */
  thread(i: number): SoftThread {
    return (this.made[i] ??= new SoftThread(this.specs[i], this.tt, runSalt(this.salt, i), this.stackSize, this.bufSize));
  }

  private switchTo(t: SoftThread): void {
    if (this.cur === t) return;
    const s = this.state;
    if (this.cur) {
      this.cur.path = s.history();
      while (s.undoTop > 0) s.undo();
    }
    for (const m of t.path) s.apply(m);
    this.cur = t;
  }

  /** The next turn: thread and nodes; null when no thread is live. */
  private nextTurn(): SoftThread | null {
    while (this.turn < this.prelude.length) {
      const [nodes, name] = this.prelude[this.turn++];
      const i = this.specs.findIndex((x) => x.name === name);
      const t = i >= 0 ? this.thread(i) : undefined;
      if (t?.live) {
        this.left = nodes;
        return t;
      }
    }
    // Then each live thread in turn, in the threads' order.
    for (let k = 0; k < this.specs.length; k++) {
      const t = this.thread(this.next);
      this.next = (this.next + 1) % this.specs.length;
      if (t.live) {
        this.left = STEP;
        return t;
      }
    }
    return null;
  }

  run(nodeBudget: number, deadline = Infinity): SearchStatus {
    let left = nodeBudget;
    while (left > 0 && Date.now() < deadline) {
      if (this.left <= 0 || !this.cur?.live) {
        const t = this.nextTurn();
        if (!t) return 'exhausted';
        this.switchTo(t);
      }
      const t = this.cur!;
      const s = t.stats;
      const nodes = s.nodes;
      const unique = s.unique;
      const ttHits = s.ttHits;
      const st = t.run(this.state, Math.min(left, this.left, 4096));
      const used = s.nodes - nodes;
      this.stats.nodes += used;
      this.stats.unique += s.unique - unique;
      this.stats.ttHits += s.ttHits - ttHits;
      if (s.maxDepth > this.stats.maxDepth) this.stats.maxDepth = s.maxDepth;
      left -= used;
      this.left -= used;
      if (st === 'won') return 'won';
    }
    return 'paused';
  }

  solutionMoves(): number[] {
    return this.state.history();
  }

  release(): void {
    for (const t of this.made) t?.release();
  }
}

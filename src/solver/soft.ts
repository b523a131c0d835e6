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
// are not copied (with them too, every thread entered the same positions as Freecell Solver's, but
// the preset did more work: see policy() in solve.ts).
//
// Why the details matter: a DFS's first choices decide its cost. Freecell Solver generates each
// test's moves in the order of its canonical state, piles and cells sorted by their cards, and sorts
// some tests' moves by place (fcOrder); it plays every safe foundation move at once on entering a
// position (its -sp r:tf prune, horneSafe below), and counts depth in positions it enters. With
// all of that copied, thread "24" enters the same positions as Freecell Solver's own on each of
// Winery seeds 3001-3030 and FreeCell seeds 3001-3024 (checked against fc-solve 5.0's -s -i
// output; test/soft.test.ts keeps five), and run before the searches that ran alone before it,
// the preset takes the nodes on the tuning sets from 2.63M to 0.98M (solve.ts, policy()).
//
// It never gives a wrong verdict: every meta-move is played as legal single-card moves and
// supermoves (meta.ts) and solve() replays the solution, checked; it leaves moves out, so when
// every thread has tried all it has it reports 'exhausted', never 'lost'.
import { moveFrom, moveTo, encodeMove } from '../engine/move';
import { fillAccept, foundationMovesByCard } from '../engine/movegen';
import type { GameState } from '../engine/state';
import { doubled } from '../engine/typed';
import { metaJPairs, metaMovesApply, metaTest, playMeta } from './meta';
import { shuffle } from './order';
import { runSalt } from './restart';
import { emptyPiles, freeCells } from './supermove';
import type { Search, SearchStats, SearchStatus } from './search';
import type { TranspositionTable } from './tt';

/**
 * A group of tests, as in Freecell Solver's -to strings: a single test (kind PLAIN, tried alone:
 * the next one only when its moves are used up), tests in brackets (SHUFFLED: their moves shuffled
 * together) or in brackets followed by =asw(...) (WEIGHED: their moves stable-sorted by the cards
 * they send home, fewest first, which is what its weighting with the first weight alone does).
 */
interface Group {
  tests: string;
  kind: number;
}
const PLAIN = 0;
const SHUFFLED = 1;
const WEIGHED = 2;

/** The groups of positions at depths below `until`. */
interface Unit {
  until: number;
  groups: Group[];
}

/** A thread as Freecell Solver's options give it: -to, each -dto2 (depth, order), -seed. */
export interface ThreadSpec {
  name: string;
  to: string;
  dto?: [number, string][];
  seed?: number;
}

/** Parses a -to string ("01j234", "0[124]=asw(1)j[36]=asw(1)") into groups. */
export function parseOrder(to: string): Group[] {
  const out: Group[] = [];
  for (let i = 0; i < to.length;) {
    if (to[i] !== '[') {
      out.push({ tests: to[i++], kind: PLAIN });
      continue;
    }
    const j = to.indexOf(']', i);
    const tests = to.slice(i + 1, j);
    i = j + 1;
    let kind = SHUFFLED;
    if (to.startsWith('=asw(', i)) {
      kind = WEIGHED;
      i = to.indexOf(')', i) + 1;
    }
    out.push({ tests, kind });
  }
  return out;
}

const unitsOf = new WeakMap<ThreadSpec, Unit[]>();

function units(spec: ThreadSpec): Unit[] {
  let u = unitsOf.get(spec);
  if (u) return u;
  const dto = spec.dto ?? [];
  u = [{ until: dto.length ? dto[0][0] : Infinity, groups: parseOrder(spec.to) }];
  dto.forEach(([, o], i) => u!.push({ until: i + 1 < dto.length ? dto[i + 1][0] : Infinity, groups: parseOrder(o) }));
  unitsOf.set(spec, u);
  return u;
}

/**
 * The random-DFS threads of Freecell Solver 5.0's -l lg (presets/looking-glass.sh), by its names.
 * "new" has =asw(3,20,10,0,1) in its second order, read here as =asw(1). Thread "20" has no -to:
 * Freecell Solver's default order for a random DFS, "[01][23456789]".
 */
export const LG: ThreadSpec[] = [
  { name: '24', to: '01j234', dto: [[33, '016[234j]=asw(1)']] },
  { name: '5', to: '0[124]=asw(1)j[36]=asw(1)', dto: [[55, '016[234j]=asw(1)']] },
  { name: '9', to: '0j26[34]', seed: 6 },
  {
    name: 'sI',
    to: '012j[35]',
    dto: [
      [9, '[012]j[468]'],
      [15, '[012346j8]=asw(1)'],
    ],
    seed: 10468,
  },
  { name: 'sF', to: '01[2345j]', dto: [[9, '012[456j]']], seed: 44250 },
  {
    name: 'sH',
    to: '[01][2345j]',
    dto: [
      [5, '[0123][456j]'],
      [13, '[0123456j]=asw(1)'],
    ],
    seed: 18296,
  },
  {
    name: 'sG',
    to: '[01][2345j]',
    dto: [
      [5, '[0123][456j]'],
      [13, '[0123456j]=asw(1)'],
    ],
    seed: 33627,
  },
  {
    name: '32',
    to: '0123456j',
    dto: [
      [13, '01[8j465]=asw(1)'],
      [26, '26[013458j]=asw(1)'],
    ],
  },
  { name: '12', to: '[01]=asw(1)[23456j89]=asw(1)' },
  {
    name: 'new',
    to: '0123',
    dto: [
      [6, '01[2435]=asw(1)'],
      [13, '[0123456j]=asw(1)'],
    ],
  },
  { name: 'sD', to: '[01][2345j]', dto: [[7, '[0123][456j]']], seed: 98361 },
  { name: '10', to: '[01][23456j89]', seed: 8 },
  { name: '20', to: '[01][23456789]', seed: 105 },
  { name: 'sB', to: '[01][2345j]', dto: [[8, '[0123][456j]']], seed: 38693 },
];

/** lg's prelude (nodes@thread), less the turns of its A* thread "11"; then turns of STEP nodes. */
export const LG_PRELUDE: [number, string][] = [
  [245, '24'],
  [230, '5'],
  [280, '9'],
  [412, 'sI'],
  [400, 'sF'],
  [490, 'sH'],
  [428, 'sG'],
  [760, '32'],
  [380, '12'],
  [281, '24'],
  [380, '10'],
  [76, '5'],
  [200, 'new'],
  [225, 'sD'],
  [266, 'sB'],
  [380, '24'],
  [760, '20'],
  [760, '24'],
];
export const STEP = 500;

const EMPTY: Int32Array = new Int32Array(0);
const NO_MOVES: readonly number[] = [];
/** Room for one position's list: meta-moves are a few per pile and cell pair. */
const LIST_MAX = 4096;

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

  constructor(
    readonly spec: ThreadSpec,
    private readonly tt: TranspositionTable,
    private readonly salt: number,
    /** Depths the stacks hold before they first double (a test makes it small to exercise growth). */
    private readonly stackSize = 256,
    /** Moves the list buffer holds before it first doubles (at least LIST_MAX; likewise). */
    private readonly bufSize = 1 << 14,
  ) {
    this.units = units(spec);
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
 * Stable sort of buf[i..j) by the cards each move sends home, fewest first: Freecell Solver's
 * =asw(1) in a depth-first search, which sorts by its rating (cards home) ascending.
 */
function sortHomeLast(s: GameState, buf: Int32Array, i: number, j: number): void {
  for (let a = i; a < j; a++) keys[a - i] = homeKey(s, buf[a]);
  sortByKeys(buf, i, j);
}

function homeKey(s: GameState, m: number): number {
  if (m & (1 << 30)) return ((m >> 24) & 7) === 0 ? 1 : 0; // a DIG sends its card home
  const to = moveTo(m);
  return to >= s.FOUND0 && to < s.CELL0 ? 1 : 0;
}

const suitCount = new Int32Array(4);

/**
 * Freecell Solver's safe foundation move (its calc_foundation.h, used by the -sp r:tf prune): a
 * card of rank r (Ace 1) goes home at once when the foundations of the other colour hold rank r-2
 * and the other suit of its colour r-3. Such a move is played at once, as the only move: a prune,
 * but one that cannot make a verdict wrong here, since this search never reports 'lost' and every
 * move it plays is checked when the solution is replayed.
 */
function horneSafe(s: GameState, buf: Int32Array, start: number, end: number): number {
  if (start === end) return -1;
  suitCount.fill(0);
  for (let f = s.FOUND0; f < s.CELL0; f++) if (s.len[f] > 0) suitCount[s.cards[s.off[f]] & 3] = s.len[f];
  for (let i = start; i < end; i++) {
    const from = moveFrom(buf[i]);
    const c = s.cards[s.off[from] + s.len[from] - 1];
    const r = c >> 2; // rank - 1
    const red = (c & 3) === 1 || (c & 3) === 2;
    let ok = true;
    for (let u = 0; u < 4 && ok; u++) if (suitCount[u] < r - 1 - ((u === 1 || u === 2) === red ? 1 : 0)) ok = false;
    if (ok) return i;
  }
  return -1;
}

/** Freecell Solver's card values by our card: rank (Ace 1) * 4 + suit, in its suit order H, C, D, S. */
const FC_VAL = Int32Array.from({ length: 52 }, (_, c) => ((c >> 2) + 1) * 4 + [1, 2, 0, 3][c & 3]);
const keys = new Float64Array(LIST_MAX);

/**
 * Pile or cell p's place in Freecell Solver's canonical order (piles sorted by their cards from the
 * bottom, cells by their cards), as a number that sorts the same way: the value of its bottom card
 * (a cell's card). With one deck no two piles share a bottom card; the piles and cells the keys
 * name hold cards (sources, and targets holding a parent card), so an empty one never ties.
 */
function rank(s: GameState, p: number): number {
  return s.len[p] > 0 ? FC_VAL[s.cards[s.off[p]]] : 0;
}

/**
 * Puts buf[i..j), the moves of test t, in the order Freecell Solver 5.0 generates them on its
 * canonical state (a stable sort by its keys): 0, 1, 7, 9 by source; 2 by target pile, then
 * target card from the top, then cell; 3 by pile, then card from the top; 4 by source pile, run,
 * target pile, target card; 6 by pile, then run; j by cell, pairs of cells first, then pile and
 * run. Returns j.
 */
function fcOrder(s: GameState, t: number, buf: Int32Array, i: number, j: number): number {
  if (j - i < 2) return j;
  for (let a = i; a < j; a++) {
    const m = buf[a];
    const A = m & 63;
    const B = (m >> 6) & 63;
    const C = (m >> 12) & 63;
    const D = (m >> 18) & 63;
    let key = 0;
    if (t === 48 || t === 49 || t === 55) key = rank(s, moveFrom(m));
    else if (t === 50) key = rank(s, C) * 65536 + (255 - D) * 256 + rank(s, A);
    else if (t === 51) key = rank(s, A) * 256 + (255 - B);
    else if (t === 52) key = rank(s, A) * 16777216 + B * 65536 + rank(s, C) * 256 + D;
    else if (t === 53) key = rank(s, A) * 65536 + B * 256 + D;
    else if (t === 56)
      key = rank(s, A) * 65536 + B * 256 + FC_VAL[s.cards[s.off[C] + D]]; // parents in its suit order
    else if (t === 54 || t === 57) key = rank(s, A) * 256 + B;
    else if (t === 106) key = rank(s, A) * 65536 + (((m >> 24) & 7) === 6 ? rank(s, B) : 256 + rank(s, C) * 256 + B);
    keys[a - i] = key;
  }
  sortByKeys(buf, i, j);
  return j;
}

/** Stable insertion sort of buf[i..j) by keys[0..j-i) (the key of buf[i + k] at keys[k]), lowest first. */
function sortByKeys(buf: Int32Array, i: number, j: number): void {
  for (let a = i + 1; a < j; a++) {
    const m = buf[a];
    const km = keys[a - i];
    let b = a;
    while (b > i && keys[b - 1 - i] > km) {
      buf[b] = buf[b - 1];
      keys[b - i] = keys[b - 1 - i];
      b--;
    }
    buf[b] = m;
    keys[b - i] = km;
  }
}

/**
 * The soft threads of `specs` on one state: the prelude's turns (nodes@thread) in order, then each
 * live thread in turn for STEP nodes. Switching threads takes the state back to the root and
 * replays the next thread's path (a few dozen moves, against hundreds of nodes per turn).
 */
export class SoftThreads implements Search {
  readonly stats: SearchStats = { nodes: 0, unique: 0, ttHits: 0, maxDepth: 0 };
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

// Room src/solver: deciding one deal. This file is its API, solve(deal, options) -> { result, moves,
// base, stats } with no console output, and the search registry (SEARCHES); policy.ts says which
// searches run, in what order. The searches every game uses: dfs.ts, restart.ts (restarting DFS),
// astar.ts, over tt.ts (the transposition table), order.ts and heuristic.ts (move order), prune.ts
// (safe moves), deadlock.ts (positions proved lost), memory.ts (the memory cap); search.ts is what
// each search offers. freecell/ holds the searches of Winery and FreeCell alone, and only this file
// imports it (through freecell/index.ts). The room may import src/engine, src/rules and src/cards,
// never the rooms above it: src/records, src/analysis, src/strategy, src/cli (eslint.config.mjs).
import { rankOf } from '../cards/card';
import { type Deal, exposedCards } from '../engine/deal';
import { baseCandidateRanks } from '../rules/variants';
import { type MoveSpec, moveError } from '../engine/legality';
import { moveCount, moveFrom, moveTo } from '../engine/move';
import { specOf } from '../engine/notation';
import { GameState } from '../engine/state';
import { AStarSearch } from './astar';
import { type DeadlockTest, Deadlocks, type Proof, proofOf } from './deadlock';
import { DfsSearch } from './dfs';
import { MemoryBudget } from './memory';
import { NestedRollouts } from './nmcs';
import { addSupermoves, expandSupermoves, MetaDfs, metaMovesApply, SoftThreads, supermovesApply } from './freecell';
import { geometric, luby, RestartingDfs } from './restart';
import type { MoveAdder, Search, SearchStats } from './search';
import { firstSlice, type Leaders, leading, type Opening, META_FIRST, META_GROWTH, type Policy, policy, type SearchKind, type Tight } from './policy';
import { deadlockTests } from './policy';
import { plainAudit } from './deadlock-check';
import { giveBack, takeState } from './states';
import { TranspositionTable } from './tt';
import { checkStream, searchSalt } from './streams';

export type Verdict = 'won' | 'lost' | 'unknown';
/** How a `lost` is proved (FORMATS.md's proof field and column). */
export { PROOFS, type Proof, testsOf } from './deadlock';
export { MAX_STREAM, STREAM_SPAN } from './streams';

export interface SolveOptions {
  /**
   * A policy (auto, the default; dfs; astar; portfolio: see policy.ts) or names from SEARCHES
   * joined by '+'. In every case the Terrace family runs one search group per candidate base rank
   * when the base is free.
   */
  search?: SearchKind;
  /** Base rank 0..12 for the Terrace family, or 'any' (the search chooses; default). */
  base?: number | 'any';
  /** Node budget (moves applied), shared by all searches, which never use more in all. Default 2,000,000. */
  maxNodes?: number;
  /** Time budget in ms. Default: none. */
  timeoutMs?: number;
  /** The searches' random stream, 0 (default) to MAX_STREAM: other random choices (streams.ts). */
  stream?: number;
  /**
   * Memory cap in MB (default 32): the transposition table (half of it to all of it, tt.ts) and,
   * in what is left, A*'s node stores; or a table to reuse (cleared first; the cap is its size).
   */
  ttMb?: number;
  tt?: TranspositionTable;
  /** Suit-built games under `auto`: nodes the restarting heuristic DFS runs alone before the others join it (default OPENING_NODES). */
  openingNodes?: number;
  /** Winery and FreeCell with cells under `auto`: nodes the soft threads (freecell/soft.ts) run alone first (default SOFT_NODES; 0: none). */
  softNodes?: number;
  /**
   * Cut the positions deadlock.ts's tests prove lost: true every test that applies, false none, or
   * those named; default policy.ts's deadlockTests. A proof names the tests that cut.
   */
  deadlocks?: boolean | readonly DeadlockTest[];
  /** Check each cut of the waste test with its plain version (deadlock-check.ts; verify does). */
  deadlockAudit?: boolean;
  /**
   * Sound dead marks (dfs.ts's `marks`): the complete searches of a group (one base rank) mark
   * the positions they prove lost in the shared table and skip the ones marked, so their work adds
   * up to one proof. Default: where the policy uses them (policy.ts: Winery and FreeCell); true:
   * everywhere; false: nowhere, each search on its own (before the marks).
   */
  marks?: boolean;
  /** A* weight W in f = g + W*h (default 2). */
  weight?: number;
  /**
   * Called after each slice of a search with the nodes used so far: a slice of the groups (up to
   * 65,536 nodes times the member's share and a leader's), a turn of the opening or prelude
   * (TIGHT.turn, and the complete search's beside it), or all of the tight step at once.
   * The search and its state are lent for the call: solve() reuses their storage once it returns.
   */
  onProgress?: (nodes: number, search: Search) => void;
}

export interface SolveStats extends SearchStats {
  ms: number;
  nodesPerSec: number;
  ttEntries: number;
  ttEvictions: number;
  /**
   * Why an `unknown` stopped: the node budget, the time budget, the memory cap (--tt-mb), or every
   * search left had tried all the moves it searches (dfs-meta alone) without a proof.
   */
  stopReason?: 'nodes' | 'time' | 'memory' | 'exhausted';
  /** Most memory the table and the searches' stores held at once, bytes. */
  memoryBytes: number;
  /** Most cards home at the end of any line (or playout stopped at a proved loss) of a search that counts them (nmcs.ts); absent if none does. */
  progress?: number;
}

export interface SolveResult {
  result: Verdict;
  /** Winning moves as FORMATS.md specs (empty unless won). */
  moves: MoveSpec[];
  /** The same moves as engine integers. */
  moveInts: number[];
  /**
   * How a `lost` was proved: 'exhaustive' (every reachable position searched), or
   * 'exhaustive+deadlock:<tests>' (every reachable position searched but those deadlock.ts's tests
   * named prove lost, which were cut). Absent otherwise.
   */
  proof?: Proof;
  /**
   * A `lost` the deadlock tests prove at the deal itself (a fixed base): why, in words a player can
   * check by hand (deadlock.ts's explain). Absent otherwise.
   */
  reason?: string;
  /** Base rank 0..12 used by the solution (won) or asked for (fixed base); undefined otherwise. */
  base?: number;
  stats: SolveStats;
}

export const DEFAULT_MAX_NODES = 2_000_000;
export type { SearchKind } from './policy';
export { META_AFTER, META_FIRST, META_GROWTH, META_TURN, OPENING_NODES, SOFT_NODES } from './policy';

/** Ranks that may be chosen as base: Signora, those of exposed cards; DS/Empress, all 13; else none. */
export function baseCandidates(deal: Deal): number[] {
  return baseCandidateRanks(deal.rules, exposedCards(deal).map(rankOf));
}

/** Makes one search over `state` (at the root), sharing table `tt` under its own salt. */
type SearchFactory = (state: GameState, tt: TranspositionTable, salt: number, opts: SolveOptions, memory: MemoryBudget) => Search;

/**
 * Every search the portfolio can run, by name: a new search is one file and one entry here.
 * dfs-*: depth-first with the move orders of order.ts; dfs-restart: a DFS in random order within
 * move groups (order 4) that restarts with growing budgets (2,000 nodes, growing by 1.5;
 * restart.ts); dfs-probe: a random DFS (foundation moves first) restarted on Luby's schedule of
 * short runs; dfs-restart-scored: the same over the suit games' heuristic order with noise,
 * restarting sooner (500 nodes, growing by 1.3). Both restarting searches add supermoves
 * (freecell/supermove.ts) where they apply. Where the policy says so (policy.ts: Winery and
 * FreeCell), the complete searches of a group share sound dead marks (dfs.ts, newSearch); astar:
 * weighted A*; dfs-meta: a DFS over Freecell Solver's meta-moves (freecell/meta.ts: FreeCell's rules only,
 * elsewhere it stops at once), restarting like dfs-restart-scored; it never proves a loss;
 * soft-threads: Freecell Solver's -l lg preset over the same meta-moves (freecell/soft.ts; the same games),
 * which never proves a loss either; nmcs: a nested Monte Carlo search of level 1 (nmcs.ts), random
 * playouts to the end of the deal or a proved loss choosing each move; it proves none, uses no table.
 */
export const SEARCHES: Record<string, SearchFactory> = {
  'dfs-scored': (s, tt, salt, o) => withDeadlocks(new DfsSearch(s, tt, salt, 1), o),
  'dfs-plain': (s, tt, salt, o) => withDeadlocks(new DfsSearch(s, tt, salt, 0), o),
  'dfs-random': (s, tt, salt, o) => withDeadlocks(new DfsSearch(s, tt, salt, 3), o),
  'dfs-restart': (s, tt, salt, o) => withDeadlocks(new RestartingDfs(s, tt, salt, 4, geometric(2000, 1.5), supermoves(s)), o),
  'dfs-probe': (s, tt, salt, o) => withDeadlocks(new RestartingDfs(s, tt, salt, 3, luby(500)), o),
  'dfs-restart-scored': (s, tt, salt, o) => withDeadlocks(new RestartingDfs(s, tt, salt, 5, geometric(500, 1.3), supermoves(s)), o),
  astar: (s, tt, salt, o, memory) => new AStarSearch(s, tt, o.weight ?? 2, salt, memory),
  'dfs-meta': (s, tt, salt) => new MetaDfs(s, tt, salt, geometric(META_FIRST, META_GROWTH)),
  'soft-threads': (s, tt, salt) => new SoftThreads(s, tt, salt),
  nmcs: (s, _tt, salt) => new NestedRollouts(s, salt),
};

/** The supermoves (freecell/supermove.ts) as a DFS's added moves where they apply (null elsewhere). */
function supermoves(s: GameState): MoveAdder | null {
  return supermovesApply(s) ? addSupermoves : null;
}

/** A DFS that cuts the positions deadlock.ts's tests (deadlockTests: those asked, or the policy's) prove lost. */
function withDeadlocks<S extends DfsSearch | RestartingDfs>(x: S, o: SolveOptions): S {
  const d = new Deadlocks(x.state, deadlockTests(x.state.rules, o.deadlocks), o.deadlockAudit ? plainAudit() : undefined);
  if (d.tests.length > 0) x.deadlocks = d;
  return x;
}

/** Positions a search's current run cut for a deadlock (0 for searches without the tests). */
function cutsOf(x: Search): number {
  return x instanceof DfsSearch || x instanceof RestartingDfs ? x.cuts : 0;
}

/** The tests `x`'s proof of loss leaned on: those that cut in its run; with dead marks (which may stand on cuts), all its group's that ever cut. */
function testsUsed(run: Run, x: Search): DeadlockTest[] {
  if (!run.marks) return cutsOf(x) > 0 ? (x as DfsSearch | RestartingDfs).deadlocks!.used() : [];
  const rank = run.rankOf.get(x);
  const cut = run.all.filter((y) => run.rankOf.get(y) === rank && (y instanceof RestartingDfs ? y.totalCuts : cutsOf(y)) > 0);
  return cut.flatMap((y) => (y as DfsSearch | RestartingDfs).deadlocks!.usedEver());
}

/** The named policies; `search` may also be registry names joined by '+' (e.g. "beam+dfs-scored"). */
export const SEARCH_KINDS = ['auto', 'dfs', 'astar', 'portfolio'] as const;

/** True for a policy name or a '+'-list of registry names. */
export function isSearchKind(k: string): k is SearchKind {
  return (SEARCH_KINDS as readonly string[]).includes(k) || k.split('+').every((n) => n in SEARCHES);
}

/**
 * The salt of the sound dead marks of the searches under base constraint `rank` (-1: none), shared
 * by them all (dfs.ts's `marks`); never 0, and claimed from the table like every search's salt. A
 * position's mark says it is lost under that constraint.
 */
function marksSalt(run: Run, rank: number): number {
  let m = run.marksSalts.get(rank);
  if (m === undefined) {
    m = run.tt.claim((Math.imul(rank + 0x51ed, 0x2c1b3c6d) ^ 0x297a2d39) | 1);
    run.marksSalts.set(rank, m);
  }
  return m;
}

/**
 * Runs the opening (or one search alone: the prelude, whose searches never say `lost`, or the tight
 * step, whose `lost` is the deal's): searches[0]
 * alone for turns[0] nodes, then all of them in turns of turns[1] nodes, until `budget` nodes or
 * the deadline, never using more than `limit` (what the solve's node budget has left; at least
 * `budget`). Only searches[0]'s `lost` is the deal's (a partner may search only some moves); a
 * partner that stops ('exhausted', 'memory') leaves the turns.
 */
function runOpening(
  searches: Search[],
  turns: number[],
  budget: number,
  limit: number,
  deadline: number,
  onProgress?: SolveOptions['onProgress'],
  offset = 0, // nodes the solve used before (for onProgress)
): { result: Verdict; used: number; winner?: Search; memory: boolean; exhausted: boolean } {
  let used = 0;
  let memory = false;
  let exhausted = false;
  let live = searches.slice();
  for (let k = 0; used < budget && live.length > 0 && Date.now() < deadline; k++) {
    const x = k === 0 ? searches[0] : live[k % live.length];
    const before = x.stats.nodes;
    const st = x.run(Math.min(k === 0 ? turns[0] : turns[1], budget - used), deadline, limit - used);
    used += x.stats.nodes - before;
    onProgress?.(offset + used, x);
    if (st === 'won') return { result: 'won', used, winner: x, memory, exhausted };
    if (st === 'lost' && x === searches[0]) return { result: 'lost', used, memory, exhausted };
    if (st === 'memory') memory = true;
    if (st === 'exhausted' && x === searches[0]) exhausted = true;
    if (st !== 'paused') live = live.filter((y) => y !== x);
    if (turns.length === 1 && k === 0) break;
  }
  return { result: 'unknown', used, memory, exhausted };
}

/**
 * Solves one deal. A base rank applies to the Terrace family only and is ignored elsewhere.
 *
 * Policy (policy.ts): an optional prelude (one search alone, which can only win: the soft
 * threads), beside which a complete search starts once the prelude looks tight, and after a
 * prelude that looks tight that search alone for a while (its `lost` is the deal's); an optional
 * opening (one search, or two in turns), then one group of
 * searches per candidate base rank (a single group outside the Terrace family or with a fixed base;
 * the opening's searches go on in that single group, as its members of the same names). The
 * searches of the groups share the node budget round-robin in slices that double up to 65,536
 * nodes (policy.ts's firstSlice, Policy.leaders), so no single bad choice (a hopeless base rank,
 * an unlucky first move) can sink the whole budget. A rank is lost as soon as one of its searches
 * returns `lost` (only a complete search that tried every position does; dfs-meta and soft-threads,
 * which leave moves out, return 'exhausted' and just stop); the deal is lost when every rank is; it
 * is won when any search wins.
 */
export function solve(deal: Deal, opts: SolveOptions = {}): SolveResult {
  checkStream(opts.stream ?? 0);
  const tt = opts.tt ?? new TranspositionTable(opts.ttMb ?? 32);
  // A solve started from another's onProgress with the same table would clear it under the first.
  if (tt.inUse) throw new Error('internal error: the transposition table is in use by another solve');
  tt.inUse = true;
  try {
    return solveWith(deal, opts, tt);
  } finally {
    tt.inUse = false;
  }
}

/** One solve's state: its budgets, the searches made so far, and what they found. */
interface Run {
  readonly deal: Deal;
  readonly opts: SolveOptions;
  readonly tt: TranspositionTable;
  /** What the table leaves of the memory cap, for the searches' stores. */
  readonly memory: MemoryBudget;
  readonly maxNodes: number;
  /** ms since the epoch (Infinity: none). */
  readonly deadline: number;
  /** The caller's base rank in the Terrace family; -1: free, or another game. */
  readonly fixedBase: number;
  /** The states the searches use, given back at the end. */
  readonly taken: GameState[];
  /** Every search made, in the order made. */
  readonly all: Search[];
  /** Searches made so far (the next one's salt). */
  made: number;
  /** Nodes used by all searches. */
  used: number;
  result: Verdict;
  /** The winning line (engine moves, supermoves not yet expanded). */
  winMoves: number[];
  /** A search stopped at the memory cap. */
  outOfMemory: boolean;
  /** The deadlock.ts tests that cut positions in a proof of loss (none: plain exhaustive). */
  usedDeadlocks: DeadlockTest[];
  /** The complete searches share sound dead marks (SolveOptions.marks; set with the policy). */
  marks: boolean;
  /** The marks' salt of each base constraint, claimed from the table when first needed. */
  readonly marksSalts: Map<number, number>;
  /** Each search's base constraint. */
  readonly rankOf: Map<Search, number>;
  /** Each group member's slices per turn (Policy.shares; 1 where missing). */
  readonly shareOf: Map<Search, number>;
  /** More turns for the most advanced groups (Policy.leaders; set with the policy). */
  leaders?: Leaders;
}

/** Step 1: the budgets and an empty record; the table cleared when the caller lends it. */
function startRun(deal: Deal, opts: SolveOptions, tt: TranspositionTable): Run {
  const maxNodes = opts.maxNodes ?? DEFAULT_MAX_NODES;
  const deadline = opts.timeoutMs !== undefined ? Date.now() + opts.timeoutMs : Infinity;
  if (opts.tt) tt.clear();
  const memory = new MemoryBudget(tt.megabytes * 1024 * 1024 - tt.bytes);
  const fixedBase = deal.rules.terraceFamily && typeof opts.base === 'number' ? opts.base : -1;
  return {
    deal,
    opts,
    tt,
    memory,
    maxNodes,
    deadline,
    fixedBase,
    taken: [],
    all: [],
    made: 0,
    used: 0,
    result: 'unknown',
    winMoves: [],
    outOfMemory: false,
    usedDeadlocks: [],
    marks: false,
    marksSalts: new Map(),
    rankOf: new Map(),
    shareOf: new Map(),
  };
}

/** A state at the deal under base constraint `rank` (-1: none), kept for the end of the solve. */
function stateFor(run: Run, rank: number): GameState {
  const s = takeState(run.deal, rank);
  run.taken.push(s);
  return s;
}

/** A new search of registry name `name` on the deal under base constraint `rank`, with the next salt. */
function newSearch(run: Run, name: string, rank: number): Search {
  const x = SEARCHES[name](stateFor(run, rank), run.tt, searchSalt(run.made++, run.opts.stream ?? 0), run.opts, run.memory);
  run.rankOf.set(x, rank);
  if (run.marks && (x instanceof DfsSearch || x instanceof RestartingDfs)) x.marks = marksSalt(run, rank);
  run.all.push(x);
  return x;
}

/** The complete search `x` alone for up to `nodes` (runAlone), where its `lost` is the deal's. */
function runProving(run: Run, x: Search, nodes: number): void {
  if (runAlone(run, x, nodes).result !== 'lost') return;
  run.result = 'lost';
  run.usedDeadlocks.push(...testsUsed(run, x));
}

/** Search `x` alone for up to `nodes`, under the solve's budgets; a win is the solve's. */
function runAlone(run: Run, x: Search, nodes: number): { result: Verdict; exhausted: boolean } {
  const left = run.maxNodes - run.used;
  const ran = runOpening([x], [nodes], Math.min(nodes, left), left, run.deadline, run.opts.onProgress, run.used);
  run.used += ran.used;
  run.outOfMemory ||= ran.memory;
  if (ran.result === 'won') {
    run.result = 'won';
    run.winMoves = x.solutionMoves();
  }
  return ran;
}

/**
 * Step 2, the prelude: search `name` (the soft threads, which can only win) for `nodes`. With a
 * Tight rule, once t.deadThreads of its threads have run dry the complete search t.search starts
 * beside it, t.ratio nodes for each of the prelude's (in turns of t.turn), where the deal has one
 * group (so its `lost` is the deal's).
 */
function runPrelude(run: Run, name: string, nodes: number, t?: Tight): Prelude {
  const x = newSearch(run, name, run.fixedBase);
  const oneGroup = !run.deal.rules.terraceFamily || run.fixedBase >= 0;
  if (!t || !oneGroup || !(x instanceof SoftThreads)) return { search: x, exhausted: runAlone(run, x, nodes).exhausted, probe: null };
  let probe: Search | null = null;
  while (x.stats.nodes < nodes && run.result === 'unknown') {
    const before = x.stats.nodes;
    if (runAlone(run, x, Math.min(t.turn, nodes - before)).exhausted) return { search: x, exhausted: true, probe };
    if (run.result !== 'unknown' || x.stats.nodes === before) break; // won, or a budget ran out
    if (probe === null && x.deadThreads >= t.deadThreads) probe = newSearch(run, t.search, run.fixedBase);
    if (probe !== null) runProving(run, probe, Math.min(t.turn * t.ratio, t.nodes - probe.stats.nodes));
  }
  return { search: x, exhausted: false, probe };
}

/** What the prelude leaves: its search, whether it tried all it has, and a complete search begun beside it. */
interface Prelude {
  search: Search;
  exhausted: boolean;
  probe: Search | null;
}

/**
 * Step 2b, after a prelude that looks tight (policy.ts's Tight): the complete search (the one begun
 * beside the prelude, or a new one) alone until it has run t.nodes. Its `lost` is the deal's (see
 * runPrelude). Returns it to go on in the groups (or the one begun beside a prelude that did not
 * look tight), or null.
 */
function runTight(run: Run, pre: Prelude, t: Tight): Search | null {
  if (run.result !== 'unknown' || (run.deal.rules.terraceFamily && run.fixedBase < 0)) return null;
  const dead = pre.search instanceof SoftThreads ? pre.search.deadThreads : 0;
  if (!pre.exhausted && dead < t.deadThreads) return pre.probe;
  const x = pre.probe ?? newSearch(run, t.search, run.fixedBase);
  runProving(run, x, t.nodes - x.stats.nodes);
  return run.result === 'unknown' ? x : null;
}

/**
 * Step 3, the opening, on the deal under the caller's constraint: its first search's `lost` (a run
 * that exhausted) is the deal's. Returns its searches by registry name.
 */
function runOpeningOf(run: Run, o: Opening): Map<string, Search> {
  const opened = new Map<string, Search>();
  const searches = [o.search, ...(o.partner ? [o.partner.search] : [])].map((name) => {
    const x = newSearch(run, name, run.fixedBase);
    opened.set(name, x);
    return x;
  });
  const turns = o.partner ? [Math.min(o.partner.alone, o.nodes), o.partner.turn] : [o.nodes];
  const left = run.maxNodes - run.used;
  const ran = runOpening(searches, turns, Math.min(o.nodes, left), left, run.deadline, run.opts.onProgress, run.used);
  run.used += ran.used;
  if (ran.result === 'lost') run.usedDeadlocks = testsUsed(run, searches[0]);
  run.outOfMemory ||= ran.memory;
  if (ran.result === 'won') run.winMoves = ran.winner!.solutionMoves();
  run.result = ran.result;
  return opened;
}

/**
 * Step 4: one group of searches (`members`) per rank. With one group under the opening's own
 * constraint, the opening's searches go on as the group's members of the same names, instead of
 * fresh copies that would start their restarts over.
 */
function makeGroups(run: Run, ranks: number[], pol: Policy, opened: Map<string, Search>): Search[][] {
  const goesOn = ranks.length === 1 && ranks[0] === run.fixedBase;
  return ranks.map((r) =>
    pol.members.map((name) => {
      const x = (goesOn && opened.get(name)) || newSearch(run, name, r);
      run.shareOf.set(x, pol.shares?.[name] ?? 1);
      return x;
    }),
  );
}

/**
 * Step 5: the groups' searches in turns, in slices that double up to 65,536 nodes, until a win,
 * every group proved lost, or a budget. A `lost` drops its whole group (the rank is proved lost);
 * 'memory' or 'exhausted' drops only that search. Returns how many groups were proved lost.
 */
function runGroups(run: Run, groups: Search[][]): number {
  let open = groups.filter((g) => g.length > 0);
  let proved = 0;
  const turns = open.flat().reduce((a, x) => a + run.shareOf.get(x)!, 0);
  let slice = open.length > 1 ? firstSlice(run.maxNodes - run.used, turns) : 4096;
  for (let round = 0; open.length > 0 && run.used < run.maxNodes && Date.now() < run.deadline; round++) {
    const lead = leading(open, round, run.leaders);
    for (const g of [...lead, ...open.filter((x) => !lead.includes(x))]) {
      const times = lead.includes(g) ? run.leaders!.share : 1;
      for (const search of g) {
        if (run.used >= run.maxNodes) return proved;
        const before = search.stats.nodes;
        const left = run.maxNodes - run.used; // the slice may end a unit of work past its end (search.ts), never past this
        const st = search.run(Math.min(slice * times * run.shareOf.get(search)!, left), run.deadline, left);
        run.used += search.stats.nodes - before;
        run.opts.onProgress?.(run.used, search);
        if (st === 'won') {
          run.result = 'won';
          run.winMoves = search.solutionMoves();
          return proved;
        }
        if (st === 'lost') {
          g.length = 0; // this rank is proved lost: drop all of its searches
          proved++;
          run.usedDeadlocks.push(...testsUsed(run, search));
          break;
        }
        if (st === 'memory' || st === 'exhausted') {
          if (st === 'memory') run.outOfMemory = true;
          g.splice(g.indexOf(search), 1); // out of memory, or no moves left but no proof: this search stops, the others go on
          break;
        }
      }
    }
    open = open.filter((g) => g.length > 0);
    if (slice < 1 << 16) slice *= 2;
  }
  return proved;
}

/**
 * Step 6: the winning line replayed, checked, on a state loaded with the deal, supermoves expanded
 * into the single-card moves they stand for on the way (run.winMoves then holds those): a `won`
 * that does not replay would be a solver bug, and is never reported. Returns the base the line
 * played (Terrace family) and the pile names for the specs (they depend on the layout only).
 */
function replayWin(run: Run): { base: number; names: readonly string[] } {
  const replay = stateFor(run, -1);
  replay.hashOff(); // the replay only plays and checks moves
  let played = 0;
  run.winMoves = expandSupermoves(replay, run.winMoves, (s, m) => {
    const err = moveError(s, moveFrom(m), moveTo(m), moveCount(m));
    if (err) throw new Error(`internal error: solution move ${played + 1} does not replay: ${err}`);
    played++;
  });
  if (!replay.isWon()) throw new Error('internal error: the solution does not end in a win');
  return { base: replay.base, names: replay.allPileNames() };
}

/** Step 7: the result (a win replayed first), the searches' storage and states handed back, the statistics. */
function finish(run: Run, t0: number): SolveResult {
  const { deal, tt, fixedBase, all, result, maxNodes, deadline } = run;
  let base: number | undefined = fixedBase >= 0 ? fixedBase : undefined;
  let names: readonly string[] = [];
  if (result === 'won') {
    const won = replayWin(run);
    if (deal.rules.terraceFamily) base = won.base;
    names = won.names;
  }
  let reason: string | undefined;
  const atDeal = result === 'lost' && run.usedDeadlocks.includes('reserve') && fixedBase >= 0 ? stateFor(run, fixedBase) : null;
  if (atDeal) reason = new Deadlocks(atDeal).explain(atDeal) ?? undefined;
  for (const search of all) search.release?.();
  giveBack(run.taken);
  const ms = performance.now() - t0;
  const sum = (f: (s: SearchStats) => number) => all.reduce((a, s) => a + f(s.stats), 0);
  const nodes = sum((s) => s.nodes);
  const progress = Math.max(-1, ...all.map((s) => s.progress ?? -1));
  const winMoves = run.winMoves;
  let specs: MoveSpec[] | undefined;
  return {
    result,
    ...(result === 'lost' ? { proof: proofOf(run.usedDeadlocks) } : {}),
    ...(reason ? { reason } : {}),
    // Made on first read: the checked replay above is the verdict's proof; spelling the moves out
    // is output, which callers that only count the moves (the analysis) never pay for.
    get moves(): MoveSpec[] {
      return (specs ??= winMoves.map((m) => specOf(names, m)));
    },
    moveInts: winMoves,
    base,
    stats: {
      nodes,
      unique: sum((s) => s.unique),
      ttHits: sum((s) => s.ttHits),
      maxDepth: Math.max(0, ...all.map((s) => s.stats.maxDepth)),
      ms,
      nodesPerSec: ms > 0 ? Math.round((nodes / ms) * 1000) : 0,
      ttEntries: tt.size,
      ttEvictions: tt.evictions,
      ...(result === 'unknown'
        ? { stopReason: run.used >= maxNodes ? 'nodes' : Date.now() >= deadline ? 'time' : run.outOfMemory ? 'memory' : 'exhausted' }
        : {}),
      memoryBytes: tt.bytes + run.memory.peak,
      ...(progress >= 0 ? { progress } : {}),
    },
  };
}

/** solve() with the table: the steps above, in order. */
function solveWith(deal: Deal, opts: SolveOptions, tt: TranspositionTable): SolveResult {
  const t0 = performance.now();
  const run = startRun(deal, opts, tt);
  const kind = opts.search ?? 'auto';
  if (!isSearchKind(kind)) throw new Error(`unknown search ${JSON.stringify(kind)}`);
  const pol = policy(deal, kind, metaMovesApply(deal.rules), opts.openingNodes);
  run.marks = opts.marks ?? pol.marks ?? false;
  run.leaders = pol.leaders;
  const softNodes = opts.softNodes ?? pol.prelude?.nodes ?? 0;
  const pre = pol.prelude && softNodes > 0 ? runPrelude(run, pol.prelude.search, softNodes, pol.prelude.tight) : null;
  const probe = pre && pol.prelude?.tight ? runTight(run, pre, pol.prelude.tight) : null;
  const opened = pol.opening && run.result === 'unknown' ? runOpeningOf(run, pol.opening) : new Map<string, Search>();
  if (probe) opened.set(pol.prelude!.tight!.search, probe);
  const ranks = deal.rules.terraceFamily && run.fixedBase < 0 ? baseCandidates(deal) : [run.fixedBase];
  const groups = run.result === 'unknown' ? makeGroups(run, ranks, pol, opened) : [];
  // A restarting search alone on the table clears it at each restart (restart.ts's clearsTable).
  const onTable = run.all.filter((x) => x.usesTable !== false);
  if (onTable.length === 1 && onTable[0] instanceof RestartingDfs) onTable[0].clearsTable = true;
  const proved = runGroups(run, groups);
  if (run.result === 'unknown' && proved === groups.length) run.result = 'lost';
  return finish(run, t0);
}

/** `--base all`: one solve per candidate rank, each with the full budget. */
export function solveAllBases(deal: Deal, opts: SolveOptions = {}): { base: number; res: SolveResult }[] {
  return baseCandidates(deal).map((base) => ({ base, res: solve(deal, { ...opts, base }) }));
}

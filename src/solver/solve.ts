// The solver's library API: solve(deal, options) -> { result, moves, base, stats }. No console output.
import { rankOf } from '../cards/card';
import { type Deal, exposedCards } from '../engine/deal';
import { baseCandidateRanks } from '../rules/variants';
import type { RuleTable } from '../rules/vocabulary';
import { type MoveSpec, moveError } from '../engine/legality';
import { moveCount, moveFrom, moveTo } from '../engine/move';
import { specOf } from '../engine/notation';
import { GameState } from '../engine/state';
import { AStarSearch } from './astar';
import { Deadlocks } from './deadlock';
import { DfsSearch } from './dfs';
import { MemoryBudget } from './memory';
import { addSupermoves, expandSupermoves, MetaDfs, metaMovesApply, SoftThreads, supermovesApply } from './freecell';
import { geometric, luby, RestartingDfs } from './restart';
import type { MoveAdder, Search, SearchStats } from './search';
import { TranspositionTable } from './tt';

export type Verdict = 'won' | 'lost' | 'unknown';
/** How a `lost` is proved (FORMATS.md's proof field and column). */
export const PROOFS = ['exhaustive', 'exhaustive+deadlock:reserve'] as const;
export type Proof = (typeof PROOFS)[number];
export type SearchKind = 'dfs' | 'astar' | 'portfolio' | 'auto' | (string & {});

export interface SolveOptions {
  /**
   * A policy (auto, the default; dfs; astar; portfolio: see `policy`) or names from SEARCHES
   * joined by '+'. In every case the Terrace family runs one search group per candidate base rank
   * when the base is free.
   */
  search?: SearchKind;
  /** Base rank 0..12 for the Terrace family, or 'any' (the search chooses; default). */
  base?: number | 'any';
  /** Node budget (moves applied), shared by all searches. Default 2,000,000. */
  maxNodes?: number;
  /** Time budget in ms. Default: none. */
  timeoutMs?: number;
  /**
   * Memory cap in MB (default 32): the transposition table (half of it to all of it, tt.ts) and,
   * in what is left, A*'s node stores; or a table to reuse (cleared first; the cap is its size).
   */
  ttMb?: number;
  tt?: TranspositionTable;
  /**
   * Suit-built games under `auto`: nodes the restarting heuristic DFS runs alone before the other
   * searches join it (default OPENING_NODES).
   */
  openingNodes?: number;
  /**
   * Winery and FreeCell with cells under `auto`: nodes the soft threads (soft.ts) run alone before
   * the opening (default SOFT_NODES; 0: none).
   */
  softNodes?: number;
  /**
   * Cut the positions deadlock.ts's tests prove lost (default true; they apply to Signora and
   * Double Signora). A loss proved with a cut names them: exhaustive+deadlock:reserve.
   */
  deadlocks?: boolean;
  /** A* weight W in f = g + W*h (default 2). */
  weight?: number;
  /**
   * Called after each slice of a search (at most 65,536 nodes) with the nodes used so far. The
   * search and its state are lent for the call: solve() reuses their storage once it returns.
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
}

export interface SolveResult {
  result: Verdict;
  /** Winning moves as FORMATS.md specs (empty unless won). */
  moves: MoveSpec[];
  /** The same moves as engine integers. */
  moveInts: number[];
  /**
   * How a `lost` was proved: 'exhaustive' (every reachable position searched), or
   * 'exhaustive+deadlock:reserve' (every reachable position searched but those deadlock.ts's
   * reserve test proves lost, which were cut). Absent otherwise.
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
/** The suit-built games' opening under `auto` (policy()). */
export const OPENING_NODES = 100_000;
/** Where the meta-move DFS applies (meta.ts): nodes the opening runs alone, then each one's turn. */
export const META_AFTER = 500;
export const META_TURN = 1000;
/** Where the meta-move DFS applies: nodes of the soft threads (soft.ts) before the opening. */
export const SOFT_NODES = 20_000;
/** The meta-move DFS's restarts: first run and growth (restart.ts's geometric). */
export const META_FIRST = 500;
export const META_GROWTH = 1.3;

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
 * (supermove.ts) where they apply, and there their runs share dead marks (restart.ts); astar:
 * weighted A*; dfs-meta: a DFS over Freecell Solver's meta-moves (meta.ts: FreeCell's rules only,
 * elsewhere it stops at once), restarting like dfs-restart-scored; it never proves a loss;
 * soft-threads: Freecell Solver's -l lg preset over the same meta-moves (soft.ts; the same games),
 * which never proves a loss either.
 */
export const SEARCHES: Record<string, SearchFactory> = {
  'dfs-scored': (s, tt, salt, o) => withDeadlocks(new DfsSearch(s, tt, salt, 1), o),
  'dfs-plain': (s, tt, salt, o) => withDeadlocks(new DfsSearch(s, tt, salt, 0), o),
  'dfs-random': (s, tt, salt, o) => withDeadlocks(new DfsSearch(s, tt, salt, 3), o),
  'dfs-restart': (s, tt, salt, o) => withDeadlocks(new RestartingDfs(s, tt, salt, 4, geometric(2000, 1.5), supermoves(s), supermovesApply(s)), o),
  'dfs-probe': (s, tt, salt, o) => withDeadlocks(new RestartingDfs(s, tt, salt, 3, luby(500)), o),
  'dfs-restart-scored': (s, tt, salt, o) => withDeadlocks(new RestartingDfs(s, tt, salt, 5, geometric(500, 1.3), supermoves(s), supermovesApply(s)), o),
  astar: (s, tt, salt, o, memory) => new AStarSearch(s, tt, o.weight ?? 2, salt, memory),
  'dfs-meta': (s, tt, salt) => new MetaDfs(s, tt, salt, geometric(META_FIRST, META_GROWTH)),
  'soft-threads': (s, tt, salt) => new SoftThreads(s, tt, salt),
};

/** The supermoves (freecell/supermove.ts) as a DFS's added moves where they apply (null elsewhere). */
function supermoves(s: GameState): MoveAdder | null {
  return supermovesApply(s) ? addSupermoves : null;
}

/** A DFS that cuts the positions deadlock.ts proves lost, where its tests apply and unless turned off. */
function withDeadlocks<S extends DfsSearch | RestartingDfs>(x: S, o: SolveOptions): S {
  if (o.deadlocks !== false && Deadlocks.applies(x.state)) x.deadlocks = new Deadlocks();
  return x;
}

/** Positions a search's current run cut for a deadlock (0 for searches without the tests). */
function cutsOf(x: Search): number {
  return x instanceof DfsSearch || x instanceof RestartingDfs ? x.cuts : 0;
}

/** The named policies; `search` may also be registry names joined by '+' (e.g. "beam+dfs-scored"). */
export const SEARCH_KINDS = ['auto', 'dfs', 'astar', 'portfolio'] as const;

/** True for a policy name or a '+'-list of registry names. */
export function isSearchKind(k: string): k is SearchKind {
  return (SEARCH_KINDS as readonly string[]).includes(k) || k.split('+').every((n) => n in SEARCHES);
}

/**
 * The opening: `search` alone for `alone` nodes (all of `nodes` without a partner), then, with a
 * partner, the two in turns of `turn` nodes until the opening's `nodes` are spent.
 */
interface Opening {
  search: string;
  nodes: number;
  partner?: { search: string; alone: number; turn: number };
}

/** A policy: an optional opening (one search, or two in turns) before the searches of each group. */
interface Policy {
  /** A search run alone before the opening, for `nodes` (SolveOptions.softNodes overrides them). */
  prelude?: { search: string; nodes: number };
  /**
   * Searches run before the groups (see Opening), under the caller's base constraint. With a single
   * group under that constraint they then go on as the group's members of the same names.
   */
  opening?: Opening;
  /** The searches of one group (one base rank). */
  members: string[];
}

/**
 * The searches of a solve, by policy.
 * - dfs: suit-built games, the heuristic DFS and a plain DFS; alternate-colour games, the scored
 *   DFS and three randomly ordered DFS (the policy of the earlier published runs).
 * - auto (the default): Winery and FreeCell with cells first run the soft threads (soft.ts) alone
 *   for SOFT_NODES, which win most deals in a few hundred. Then suit-built games open with the
 *   restarting heuristic DFS with supermoves
 *   for 100,000 nodes (10,000 before the dead marks), which wins most deals in a few hundred; in
 *   FreeCell's rules it runs alone for 500 and then in turns with dfs-meta, and after the opening
 *   the two go on with the scored DFS only (below). Elsewhere (FreeCell without cells) it goes
 *   on, sharing the
 *   budget with the group-random restarting DFS (dfs-restart), the scored DFS (complete: it proves
 *   losses) and A* (which finds wins the DFS misses, with two free cells above all). The cost is in
 *   the few deals the heuristic DFS does not win quickly, and the random restarts win many of those
 *   fast. Chosen on tuning seeds, never on the README's benchmark seeds 1-200:
 *   - Per-search node counts to a win (cap 100,000) on seeds 4001-5000 of Winery and of FreeCell,
 *     replayed exactly through this schedule: 3.46M + 5.82M nodes with a second heuristic DFS in
 *     place of dfs-restart, 2.13M + 4.77M as now; 4.36M + 5.71M under the earlier policy (a
 *     100,000-node opening, then the scored DFS and A*; the plain DFS left out of the replay).
 *   - Solved on seeds 3001-3600: Winery 2.50M nodes under the earlier policy (with the plain DFS),
 *     1.92M with a second heuristic DFS, 1.43M as now; FreeCell 4.82M, 3.40M, 3.89M (one deal,
 *     3563, took 0.99M of them). FreeCell with two cells, 3001-3100 at 2 s per deal: 79 won, 19
 *     lost, 2 unknown under the earlier policy, 78, 19, 3 as now.
 *   - Other mixes on 3001-3600, which differ mostly by a deal or two: the opening dropped after
 *     10,000 nodes and a fresh heuristic DFS with the scored DFS and A* 1.70M and 3.59M; only the
 *     opening going on with those two 2.02M and 4.69M. With only the heuristic and scored DFS, 6
 *     two-cell deals stayed unknown. A longer opening (20,000 or 30,000) or a shorter one (3,000
 *     or 5,000) changed little in the replay.
 *   Then the heuristic DFS's noise went from 6 to 24 (order.ts), measured with this mix: seeds
 *   3001-3600 Winery 1.43M -> 1.31M nodes, FreeCell 3.89M -> 2.35M; 5001-5400 0.90M -> 0.59M and
 *   1.46M -> 1.71M; two-cell FreeCell 3001-3100 79 won, 19 lost, 2 unknown.
 *   Then the heuristic learnt to weigh cells and empty piles (heuristic.ts), and the heuristic DFS
 *   restarts from 500 nodes instead of 1,000: on seeds 3001-3600 and 5001-5400 of both games
 *   5.97M nodes in all -> 3.35M (the heuristic) -> 3.05M (the restarts); on 4001-4600 and
 *   6001-6600 (used only for the heuristic's out-of-sequence weight) the restarts took 3.79M ->
 *   3.22M. Two-cell FreeCell 3001-3100 at 2 s per deal: 78 won, 19 lost, 3 unknown, one unknown
 *   more than before (seed 3016, won in about 5 s by either policy).
 *   Other restart schedules (first run 300 to 2,000 nodes, growth 1.15 to 1.5), openings of 3,000
 *   or 30,000 nodes and noise 16 or 32 were within 3% or worse. A second heuristic DFS with other
 *   weights (cover 1, cell 4, empty 2) as a fifth member: no gain over eight seed sets.
 *   Then the suit games' restarting searches learnt dead marks (restart.ts): nodes on seeds
 *   3001-3600 and 5001-5400 of both games 3.05M -> 2.64M, on 4001-4600 and 6001-6600 3.22M ->
 *   2.99M; all eight sets in one run 6.27 s -> 6.10 s and 6.19 s -> 5.88 s (a mark costs a
 *   table probe per new position). Two-cell FreeCell 3001-3100 at 2 s per deal: 19 lost, 3 -> 2
 *   unknown, 18.9M -> 15.4M nodes, 12.9 s -> 10.6 s.
 *   With the marks a longer opening paid (the marks accumulate as it restarts): on those eight
 *   sets 5.62M nodes with 10,000 nodes alone, 5.29M with 50,000, 5.00M with 100,000, 5.03M with
 *   200,000, 5.04M with 300,000 or 1,000,000; 6 of the 8 sets took fewer nodes with 100,000
 *   (Winery 4001-4600 and FreeCell 4001-4600 more: 0.38M -> 0.48M, 0.89M -> 0.91M). Two-cell
 *   FreeCell 3001-3100 at 2 s per deal: 19 lost, 2 unknown either way, 12.2 s -> 10.9 s.
 *   Earlier tuning (seeds 1001-1400) chose the opening and supermoves: Winery 1001-1200 2.50M nodes
 *   before either, 0.37M with them; FreeCell 3.81M -> 0.79M.
 *   Then the meta-move DFS (dfs-meta, meta.ts) joined the opening where it applies (FreeCell's
 *   rules, which Winery follows with 10 piles and 2 cells): the heuristic DFS alone for META_AFTER
 *   = 500 nodes (most deals are won by then), then the two in turns of META_TURN = 1,000 nodes
 *   until the opening's 100,000; then both go on as group members (see below). On the eight
 *   sets above: 5.00M nodes and 5.85-6.02 s (two runs) -> 2.82M and 3.71-4.28 s, alternating
 *   builds; two-cell FreeCell 3001-3100 at 2 s per deal: 19 lost either way, unknown 2 -> 0,
 *   10.5 s -> 5.9 s. The two are good at different deals: on Winery and FreeCell 3001-3600 the
 *   deals the heuristic DFS needs over 1,000 nodes for took it 6,100 on average, the meta-move DFS
 *   alone 1,450 (and 800 on the others, against the heuristic DFS's 270). Within 2% of these
 *   nodes on the eight sets, and no faster (timings here vary by 10%): 200 or 1,000 nodes alone;
 *   turns of 250, 500, 2,000 or 4,000; meta runs from 250 nodes, or growing by 1.15 or 1.5; dead
 *   marks in dfs-meta; the safe foundation moves played as part of the meta-move before them.
 *   More nodes: none alone (+18%) or 2,000 (+6%); the meta-moves all shuffled together (+3%) or
 *   the runs first (+4%); a third search in the turns: another dfs-meta (+1%), dfs-restart (+16%)
 *   or A* (+23%); Freecell Solver's tests 9 (a whole pile into the cells, +43%) and 7 (a cell's
 *   card into an empty pile, +3%) as more meta-moves. Replayed offline on each search's own nodes
 *   to a win, the best of five meta and heuristic searches per deal would take a quarter of the
 *   time of the schedules tried, and a third search in them saved 3-8%. Ordering the meta-moves by the heuristic (each played and
 *   scored) took a third of the nodes but three times the time per node; ordering them by the
 *   cards they clear (meta.ts's scoreByCost) took 7% fewer nodes on the eight sets (2.82M -> 2.62M;
 *   time, best of 3 on each set, alternating builds: 3.70-3.99 s -> 3.46-3.79 s) and two-cell
 *   FreeCell 3001-3100 7.58M -> 7.16M nodes, all 19 lost decided.
 *   After the opening, with dfs-meta the group-random restarting DFS and A* no longer paid: only
 *   the heuristic DFS, dfs-meta and the scored DFS (complete, for the losses) go on. Nothing
 *   changed on the eight sets (no deal outlasted the opening); two-cell FreeCell at 3,000,000 nodes
 *   per deal, 3001-3300: 22.2M -> 18.9M nodes, the same 65 lost and 1 unknown; at 1,500,000,
 *   3301-3500: 13.3M -> 10.0M nodes and 13.0 s -> 9.5 s, the same 33 lost and 1 unknown.
 *   Then the soft threads (soft.ts): Freecell Solver's -l lg preset rebuilt over these meta-moves,
 *   run alone for SOFT_NODES = 20,000 nodes before all of the above. A first version, with the
 *   meta-moves in our own order, did not pay: its thread "24" took a median of 187 new positions
 *   (safe moves not counted) to a win on Winery 3001-3100 where Freecell Solver's took 74, and
 *   the preset alone took 787 and 633 nodes per deal on Winery and FreeCell 3001-3300 (auto: 567
 *   and 597). Generating each test's moves in Freecell Solver's order (its canonical state: piles
 *   and cells sorted by their cards), playing all safe moves on entry by its rule, counting depth
 *   as it does, and moving a top run into an empty pile only whole made thread "24" enter the
 *   same positions as Freecell Solver's on Winery 3001-3030 (and later, with the deal's own safe
 *   moves as one chain and j's pairs in its order, FreeCell 3001-3024; test/soft.test.ts keeps
 *   five) and the preset alone take 273 and 268 nodes per deal. Before the opening, on the eight
 *   sets: 2.63M nodes and 3.64 s -> 1.26M and 2.47 s with 20,000 nodes (1.27M, 2.33 s with
 *   100,000; with an earlier build of the threads, 1.39M and 1.29M with 2,000 and 5,000; two runs
 *   of each, the better one); in place of dfs-meta in the opening, or with the heuristic DFS
 *   first, more nodes. Two-cell FreeCell 3001-3300 at
 *   3,000,000 nodes per deal: 18.9M nodes, 13.8 s, 65 lost, 1 unknown -> 18.2M, 15.4 s, 65 lost,
 *   none unknown with 20,000 (20.2M, 18.4 s with 100,000: each lost deal pays them in full).
 *   Then each position's safe foundation moves were played as part of the node before it
 *   (soft.ts's safeChain; the same positions entered): 1.26M -> 0.98M nodes on the eight sets,
 *   4.29 s -> 3.27-3.93 s in one run while the machine was slow. On Winery and FreeCell 3001-3600
 *   that is 98,422 and 146,344 nodes where Freecell Solver's lg enters 100,023 and 116,784
 *   positions; what is left per deal is mostly checking the solution (solve()'s replay: about 50 µs
 *   a deal, against 250-300 µs for the whole of a deal won in under 100 nodes; 33-41 µs since the
 *   replay skips hashing and the moves are spelled out only when read).
 *   Not kept either: dfs-meta ordering its meta-moves by the heuristic (each played and scored,
 *   noise as the heuristic DFS): 2.63M -> 2.95M nodes on the eight sets (Winery 4001-4600 0.26M
 *   -> 0.80M), and slower per node.
 *   Nor an exact copy of every lg thread: with Freecell Solver's tests 5 and 8 as meta-moves, its
 *   random generator (rand.h) for the shuffled groups, its test 9 only when no pile is empty, and
 *   its count of nodes (positions entered, a move to a seen one free), all 14 threads entered the
 *   same positions as Freecell Solver's own on the deals compared (Winery 3001, 3002, 3005;
 *   FreeCell 3001, 3106, 3133), and the preset took fewer nodes than lg on every deal of Winery and
 *   FreeCell 3001-3600 (91,165 and 107,055 against 100,023 and 116,784); but counting every move
 *   tried, the work on the eight sets rose from 0.978M to 1.072M (1.014M with our count), and
 *   Winery got slower. Its tests 5 and 8 alone, with our count and generator, were kept later:
 *   the soft threads alone (20,000 nodes a deal) took 923k -> 892k nodes on the eight sets
 *   (Winery 409k -> 387k, FreeCell 514k -> 505k), most of it on the slowest deals (FreeCell
 *   3001-3600's ten slowest: 38.0k -> 22.8k; the other sets' ten slowest moved both ways) and
 *   1-2% more on the rest; solve() on the eight sets, CPU time, each set's best of 8-12
 *   alternating rounds: 1,817 -> 1,773 ms (FreeCell 3001-3600 274 -> 248 ms, Winery 203 -> 189).
 *   Nor a prelude of our own: the threads are independent, so the nodes each needs alone to win
 *   each deal price any schedule offline; greedy schedules (the thread and turn
 *   that win the most deals per node) cost 0.88-0.94 of lg's prelude in nodes on sets held out,
 *   but their threads' solutions are longer (Winery: 471 moves a deal against 209), and pricing
 *   the replay of each move and each switch of thread left 0.96-1.02, FreeCell alone 0.91-1.08.
 *   The alternate-colour games (the Terrace family and Red and Black) run one dfs-probe per group:
 *   a random DFS (foundation moves first) restarted on Luby's schedule of 500-node runs, mostly
 *   short probes deep into the deal. On the tuning seeds 10001-10100 at 1,000,000 nodes per deal,
 *   unknown deals fell from 12 to 3 in Signora and 29 to 20 in Empress of Italy against the earlier
 *   auto (the scored DFS, a random DFS and two geometric restarts), and from 8 to 4 in Red and
 *   Black against dfs (the scored DFS and three random ones); on
 *   10101-10200 from 15 to 3 (Signora) and 19 to 14 (Empress). Per (deal, base rank) in Signora
 *   (10001-10030, 200,000 nodes per rank) it won 138 (deal, rank) pairs against 79.
 *   Sharing the budget with the scored DFS, or restarting by move groups (order 4) or with longer
 *   runs, won fewer. Only a run that exhausts the tree proves a loss; Luby's runs grow without
 *   bound, so a small enough tree is still proved lost.
 * - portfolio: dfs plus A*; astar: A* alone.
 */
function policy(deal: Deal, kind: SearchKind, openingNodes = OPENING_NODES): Policy {
  const suit = deal.rules.foundationBuild === 'suit';
  const dfs = suit ? ['dfs-scored', 'dfs-plain'] : ['dfs-scored', 'dfs-random', 'dfs-random', 'dfs-random'];
  switch (kind) {
    case 'dfs':
      return { members: dfs };
    case 'astar':
      return { members: ['astar'] };
    case 'portfolio':
      return { members: [...dfs, 'astar'] };
    case 'auto':
      if (suit)
        return metaMovesApply(deal.rules)
          ? {
              prelude: { search: 'soft-threads', nodes: SOFT_NODES },
              opening: { search: 'dfs-restart-scored', nodes: openingNodes, partner: { search: 'dfs-meta', alone: META_AFTER, turn: META_TURN } },
              members: ['dfs-restart-scored', 'dfs-meta', 'dfs-scored'],
            }
          : { opening: { search: 'dfs-restart-scored', nodes: openingNodes }, members: ['dfs-restart-scored', 'dfs-restart', 'dfs-scored', 'astar'] };
      return { members: ['dfs-probe'] };
    default:
      return { members: kind.split('+') };
  }
}

/**
 * GameStates of finished solves, per rule table, for the next solves to load deals into: building
 * one costs tens of microseconds, a sizeable part of a deal that takes a few hundred nodes. A state
 * is taken out while a solve uses it, so solves never share one.
 */
const spareStates = new WeakMap<RuleTable, GameState[]>();
const SPARE_STATES = 64;

/** A state at `deal` under base constraint `rank` (-1: none), spare or new. */
function takeState(deal: Deal, rank: number): GameState {
  const s = spareStates.get(deal.rules)?.pop();
  if (s) s.load(deal);
  const state = s ?? new GameState(deal);
  state.setConstraint(rank);
  return state;
}

function giveBack(states: GameState[]): void {
  if (states.length === 0) return;
  const rules = states[0].rules;
  const list = spareStates.get(rules) ?? [];
  spareStates.set(rules, list);
  for (const s of states) if (list.length < SPARE_STATES) list.push(s);
}

/** Distinct table salts, one per search of a portfolio (see DfsSearch). */
function salt(i: number): number {
  return Math.imul(i + 1, 0x9e3779b9) | 0;
}

/**
 * Runs the opening (or the prelude, a single search whose `lost` the caller ignores): searches[0]
 * alone for turns[0] nodes, then all of them in turns of turns[1] nodes, until `budget` nodes or
 * the deadline. Only searches[0]'s `lost` is the deal's (a partner may search only some moves); a
 * partner that stops ('exhausted', 'memory') leaves the turns.
 */
function runOpening(
  searches: Search[],
  turns: number[],
  budget: number,
  deadline: number,
  onProgress?: SolveOptions['onProgress'],
  offset = 0, // nodes the solve used before (for onProgress)
): { result: Verdict; used: number; winner?: Search; memory: boolean } {
  let used = 0;
  let memory = false;
  let live = searches.slice();
  for (let k = 0; used < budget && live.length > 0 && Date.now() < deadline; k++) {
    const x = k === 0 ? searches[0] : live[k % live.length];
    const before = x.stats.nodes;
    const st = x.run(Math.min(k === 0 ? turns[0] : turns[1], budget - used), deadline);
    used += x.stats.nodes - before;
    onProgress?.(offset + used, x);
    if (st === 'won') return { result: 'won', used, winner: x, memory };
    if (st === 'lost' && x === searches[0]) return { result: 'lost', used, memory };
    if (st === 'memory') memory = true;
    if (st !== 'paused') live = live.filter((y) => y !== x);
    if (turns.length === 1 && k === 0) break;
  }
  return { result: 'unknown', used, memory };
}

/**
 * Solves one deal. A base rank applies to the Terrace family only and is ignored elsewhere.
 *
 * Policy (see `policy`): an optional prelude (one search alone, which can only win: the soft
 * threads), an optional opening (one search, or two in turns), then one group of
 * searches per candidate base rank (a single group outside the Terrace family or with a fixed base;
 * the opening's searches go on in that single group, as its members of the same names). The
 * searches of the groups share the node budget round-robin in slices that double up to 65,536
 * nodes, so no single bad choice (a hopeless base rank, an unlucky first move) can sink the whole
 * budget. A rank is lost as soon as one of its searches returns `lost` (only a complete search that
 * tried every position does; dfs-meta and soft-threads, which leave moves out, return 'exhausted'
 * and just stop);
 * the deal is lost when every rank is; it is won when any search wins.
 */
export function solve(deal: Deal, opts: SolveOptions = {}): SolveResult {
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

function solveWith(deal: Deal, opts: SolveOptions, tt: TranspositionTable): SolveResult {
  const t0 = performance.now();
  const maxNodes = opts.maxNodes ?? DEFAULT_MAX_NODES;
  const deadline = opts.timeoutMs !== undefined ? Date.now() + opts.timeoutMs : Infinity;
  if (opts.tt) tt.clear();
  const memory = new MemoryBudget(tt.megabytes * 1024 * 1024 - tt.bytes); // what the table leaves of the cap
  const kind = opts.search ?? 'auto';
  if (!isSearchKind(kind)) throw new Error(`unknown search ${JSON.stringify(kind)}`);
  const pol = policy(deal, kind, opts.openingNodes);
  const softNodes = opts.softNodes ?? pol.prelude?.nodes ?? 0;
  const terrace = deal.rules.terraceFamily;
  const fixedBase = terrace && typeof opts.base === 'number' ? opts.base : -1;
  const ranks = terrace && fixedBase < 0 ? baseCandidates(deal) : [fixedBase];

  let n = 0;
  const taken: GameState[] = [];
  const make = (r: number): GameState => {
    const s = takeState(deal, r);
    taken.push(s);
    return s;
  };
  let result: Verdict = 'unknown';
  let winMoves: number[] = [];
  let used = 0;
  const all: Search[] = [];
  let outOfMemory = false; // a search stopped at the memory cap
  const opened = new Map<string, Search>(); // the opening's searches by registry name
  let openingCuts = false; // the opening's proof of loss cut positions for a deadlock
  if (pol.prelude && softNodes > 0) {
    // The soft threads first, alone (they never prove a loss): most deals are won here.
    const x = SEARCHES[pol.prelude.search](make(fixedBase), tt, salt(n++), opts, memory);
    all.push(x);
    const ran = runOpening([x], [softNodes], Math.min(softNodes, maxNodes), deadline, opts.onProgress);
    used = ran.used;
    outOfMemory = ran.memory;
    if (ran.result === 'won') {
      result = 'won';
      winMoves = x.solutionMoves();
    }
  }
  if (pol.opening && result === 'unknown') {
    // On the deal under the caller's constraint: the opening search's `lost` (a run that exhausted) is the deal's.
    const o = pol.opening;
    const searches = [o.search, ...(o.partner ? [o.partner.search] : [])].map((name) => {
      const x = SEARCHES[name](make(fixedBase), tt, salt(n++), opts, memory);
      opened.set(name, x);
      all.push(x);
      return x;
    });
    const turns = o.partner ? [Math.min(o.partner.alone, o.nodes), o.partner.turn] : [o.nodes];
    const ran = runOpening(searches, turns, Math.min(o.nodes, maxNodes - used), deadline, opts.onProgress, used);
    used += ran.used;
    if (ran.result === 'lost') openingCuts = cutsOf(searches[0]) > 0;
    outOfMemory ||= ran.memory;
    if (ran.result === 'won') winMoves = ran.winner!.solutionMoves();
    result = ran.result;
  }
  // With one group under the opening's own constraint, the opening's searches go on as the group's
  // members of the same names, instead of fresh copies that would start their restarts over.
  const goesOn = ranks.length === 1 && ranks[0] === fixedBase;
  const member = (r: number, name: string) => (goesOn && opened.get(name)) || SEARCHES[name](make(r), tt, salt(n++), opts, memory);
  const groups: Search[][] = result !== 'unknown' ? [] : ranks.map((r) => pol.members.map((name) => member(r, name)));
  all.push(...groups.flat().filter((x) => !all.includes(x)));
  let open = groups.filter((g) => g.length > 0);
  let proved = 0; // groups proved lost
  let usedDeadlocks = openingCuts; // a proof of some rank cut positions deadlock.ts proved lost
  let slice = 4096;
  outer: while (open.length > 0 && used < maxNodes && Date.now() < deadline) {
    for (const g of open) {
      for (const search of g) {
        if (used >= maxNodes) break outer;
        const before = search.stats.nodes;
        const st = search.run(Math.min(slice, maxNodes - used), deadline);
        used += search.stats.nodes - before;
        opts.onProgress?.(used, search);
        if (st === 'won') {
          result = 'won';
          winMoves = search.solutionMoves();
          break outer;
        }
        if (st === 'lost') {
          g.length = 0; // this rank is proved lost: drop all of its searches
          proved++;
          if (cutsOf(search) > 0) usedDeadlocks = true;
          break;
        }
        if (st === 'memory' || st === 'exhausted') {
          if (st === 'memory') outOfMemory = true;
          g.splice(g.indexOf(search), 1); // out of memory, or no moves left but no proof: this search stops, the others go on
          break;
        }
      }
    }
    open = open.filter((g) => g.length > 0);
    if (slice < 1 << 16) slice *= 2;
  }
  if (result === 'unknown' && proved === groups.length) result = 'lost';

  // Convert the winning line to specs by replaying it, checked, on a state loaded with the deal,
  // supermoves expanded into the single-card moves they stand for on the way:
  // a `won` that does not replay would be a solver bug, and is never reported.
  let base: number | undefined = fixedBase >= 0 ? fixedBase : undefined;
  let names: readonly string[] = []; // pile names, for the specs (they depend on the layout only)
  if (result === 'won') {
    const replay = make(-1);
    replay.hashOff(); // the replay only plays and checks moves
    let played = 0;
    winMoves = expandSupermoves(replay, winMoves, (s, m) => {
      const err = moveError(s, moveFrom(m), moveTo(m), moveCount(m));
      if (err) throw new Error(`internal error: solution move ${played + 1} does not replay: ${err}`);
      played++;
    });
    if (!replay.isWon()) throw new Error('internal error: the solution does not end in a win');
    if (terrace) base = replay.base;
    names = replay.allPileNames();
  }
  let reason: string | undefined;
  if (result === 'lost' && usedDeadlocks && fixedBase >= 0) reason = new Deadlocks().explain(make(fixedBase)) ?? undefined;
  for (const search of all) search.release?.();
  giveBack(taken);
  const ms = performance.now() - t0;
  const sum = (f: (s: SearchStats) => number) => all.reduce((a, s) => a + f(s.stats), 0);
  const nodes = sum((s) => s.nodes);
  let specs: MoveSpec[] | undefined;
  return {
    result,
    ...(result === 'lost' ? { proof: usedDeadlocks ? ('exhaustive+deadlock:reserve' as const) : ('exhaustive' as const) } : {}),
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
      ...(result === 'unknown' ? { stopReason: used >= maxNodes ? 'nodes' : Date.now() >= deadline ? 'time' : outOfMemory ? 'memory' : 'exhausted' } : {}),
      memoryBytes: tt.bytes + memory.peak,
    },
  };
}

/** `--base all`: one solve per candidate rank, each with the full budget. */
export function solveAllBases(deal: Deal, opts: SolveOptions = {}): { base: number; res: SolveResult }[] {
  return baseCandidates(deal).map((base) => ({ base, res: solve(deal, { ...opts, base }) }));
}

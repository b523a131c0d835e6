// Which searches a solve runs, and in what order: the policies (auto, dfs, astar, portfolio, or
// registry names joined by '+'), each a prelude, an opening and the searches of each group, with
// the constants they run by and, in policy()'s comment, the measurements that chose them. The
// searches themselves are named here only; solve.ts's SEARCHES makes them, and runs the policy.
import type { Deal } from '../engine/deal';
import type { RuleTable } from '../rules/vocabulary';
import { DEADLOCK_TESTS, type DeadlockTest } from '../proof/proof';
import type { Search } from '../search/search';

export type SearchKind = 'dfs' | 'astar' | 'portfolio' | 'auto' | (string & {});

/** The suit-built games' opening under `auto` (policy()). */
export const OPENING_NODES = 100_000;
/** Where the meta-move DFS applies (freecell/metadfs.ts): nodes the opening runs alone, then each one's turn. */
export const META_AFTER = 500;
export const META_TURN = 1000;
/** Where the meta-move DFS applies: nodes of the soft threads (freecell/soft.ts) before the opening. */
export const SOFT_NODES = 20_000;
/** Where the soft threads run first: what follows a prelude that looks tight (see Tight, policy()). */
export const TIGHT: Tight = { deadThreads: 3, search: 'dfs-scored', nodes: 300_000, turn: 250, ratio: 16 };
/** The meta-move DFS's restarts: first run and growth (restart.ts's geometric). */
export const META_FIRST = 500;
export const META_GROWTH = 1.3;

/**
 * The opening: `search` alone for `alone` nodes (all of `nodes` without a partner), then, with a
 * partner, the two in turns of `turn` nodes until the opening's `nodes` are spent.
 */
export interface Opening {
  search: string;
  nodes: number;
  partner?: { search: string; alone: number; turn: number };
}

/**
 * After a prelude that looks tight (its search stopped having tried all it has, or at least
 * `deadThreads` of its soft threads did), `search` runs alone until it has run `nodes` before the
 * opening, and then goes on as the group's member of that name. The soft threads run dry like this
 * mostly on deals whose positions are few, and those are mostly lost: a complete search then
 * decides them at once instead of after the opening. It starts during the prelude, as soon as
 * `deadThreads` threads have run dry, with `ratio` nodes for each of the prelude's, in turns of
 * `turn` of the prelude's nodes.
 */
export interface Tight {
  deadThreads: number;
  search: string;
  nodes: number;
  turn: number;
  ratio: number;
}

/** A policy: an optional opening (one search, or two in turns) before the searches of each group. */
export interface Policy {
  /** A search run alone before the opening, for `nodes` (SolveOptions.softNodes overrides them). */
  prelude?: { search: string; nodes: number; tight?: Tight };
  /**
   * Searches run before the groups (see Opening), under the caller's base constraint. With a single
   * group under that constraint they then go on as the group's members of the same names.
   */
  opening?: Opening;
  /** The searches of one group (one base rank). */
  members: string[];
  /** Turns of the named members, in slices (solve.ts's runGroups): 1 where not given. */
  shares?: Record<string, number>;
  /** The group's complete searches share sound dead marks (dfs.ts; SolveOptions.marks overrides). */
  marks?: boolean;
  /** With several groups: from round `from` on, the `count` groups most advanced go first, with `share` times the slice (Leaders). */
  leaders?: Leaders;
}

/**
 * Budget that follows progress among the groups (base ranks under `any`): each round of
 * solve.ts's runGroups, the groups whose searches have brought the most cards home
 * (Search.progress, a group's best member) get more of it.
 */
export interface Leaders {
  count: number;
  share: number;
  from: number;
}

/**
 * Double Signora and Empress of Italy under `auto`: from the second round on, the 3 groups whose
 * nested Monte Carlo search has brought the most cards home take their turns first (solve.ts's
 * runGroups), each 4 times the slice. Chosen on Empress of Italy's tuning seeds 10001-10600 at
 * 20,000,000 nodes per deal (`any`), on the 62 deals that took more than 1,200,000 nodes or were
 * left unknown: 14 unknown (528M nodes) with equal turns; 9 (427M) with these in rank order, 9
 * (384M) with the leaders first, as now; in rank order, the first group alone 4 times (9, 457M),
 * 13 times (13, 458M); the first 2 or 3 from the third round 4 times (10, 453M; 9, 448M), the
 * first 3 8 times (12, 432M), the first 5 3 times (11, 473M). A base that gets nearer the end is
 * likelier to win, but any single leader can be wrong: 13 times to one group did worse. Going
 * first matters at analyze's 200,000 nodes, where the second round does not end: `any` on
 * 10001-10300 won 231 Empress deals in rank order, 248 with the leaders first.
 */
export const FOUR_DECK_LEADERS: Leaders = { count: 3, share: 4, from: 1 };

/** The groups that get more turns this round (Policy.leaders): the most advanced, by their best member's progress. */
export function leading(open: Search[][], round: number, leaders: Leaders | undefined): Search[][] {
  if (!leaders || open.length < 2 || round < leaders.from) return [];
  const progress = new Map(open.map((g) => [g, Math.max(-1, ...g.map((x) => x.progress ?? -1))]));
  const ranked = open.filter((g) => progress.get(g)! >= 0).sort((a, b) => progress.get(b)! - progress.get(a)!);
  return ranked.slice(0, leaders.count);
}

/**
 * The searches of a solve, by policy. `metaMoves`: the meta-move searches (dfs-meta, soft-threads)
 * apply to the deal's rules (freecell/meta.ts's metaMovesApply).
 * - dfs: suit-built games, the heuristic DFS and a plain DFS; alternate-colour games, the scored
 *   DFS and three randomly ordered DFS (the policy of the earlier published runs).
 * - auto (the default): Winery and FreeCell with cells first run the soft threads (freecell/soft.ts) alone
 *   for SOFT_NODES, which win most deals in a few hundred. Then suit-built games open with the
 *   restarting heuristic DFS with supermoves
 *   for 100,000 nodes (10,000 before the steering dead marks), which wins most deals in a few hundred; in
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
 *   Then the suit games' restarting searches learnt dead marks (steering ones, replaced by the sound
 *   marks below): nodes on seeds
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
 *   Then the meta-move DFS (dfs-meta, freecell/metadfs.ts) joined the opening where it applies (FreeCell's
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
 *   cards they clear (freecell/metadfs.ts's scoreByCost) took 7% fewer nodes on the eight sets (2.82M -> 2.62M;
 *   time, best of 3 on each set, alternating builds: 3.70-3.99 s -> 3.46-3.79 s) and two-cell
 *   FreeCell 3001-3100 7.58M -> 7.16M nodes, all 19 lost decided.
 *   After the opening, with dfs-meta the group-random restarting DFS and A* no longer paid: only
 *   the heuristic DFS, dfs-meta and the scored DFS (complete, for the losses) go on. Nothing
 *   changed on the eight sets (no deal outlasted the opening); two-cell FreeCell at 3,000,000 nodes
 *   per deal, 3001-3300: 22.2M -> 18.9M nodes, the same 65 lost and 1 unknown; at 1,500,000,
 *   3301-3500: 13.3M -> 10.0M nodes and 13.0 s -> 9.5 s, the same 33 lost and 1 unknown.
 *   Then the soft threads (freecell/soft.ts): Freecell Solver's -l lg preset rebuilt over these meta-moves,
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
 *   (freecell/soft.ts's safeChain; the same positions entered): 1.26M -> 0.98M nodes on the eight sets,
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
 *   Then the tight prelude (TIGHT): when at least 3 of the 14 soft threads have run dry by the
 *   end of the prelude, the complete scored DFS runs alone for up to 300,000 nodes before the
 *   opening, and goes on as the group's member after it. On two-cell FreeCell 3001-3300 every deal
 *   whose threads all ran dry (34) was lost, and dry threads were more common on the lost deals;
 *   nodes on the 65 lost deals 8.35M -> 5.22M, on the 234 won 7.21M -> 7.26M. Thresholds 8 or 10
 *   threads: lost 6.47M, won 7.14M; 2: lost 3.06M but won 9.38M and one more unknown; 150,000 or
 *   600,000 nodes alone: lost 5.44M or 5.22M, won 7.11M or 7.56M. One-cell FreeCell 3001-3300: lost
 *   10.7M -> 5.24M nodes, won 5.85M -> 5.97M; three cells: lost 1.44M -> 1.36M, won the same.
 *   Winery and four-cell FreeCell (3001-3300, and the benchmark's 1-200): the same nodes on every
 *   deal, as every one is won within the prelude. Held out (docs/benchmarks.md), two-cell FreeCell
 *   seeds 1-100: lost 2.55M -> 1.67M nodes, won 1.16M -> 0.93M.
 *   Then, in the groups, a restarting search whose run exhausted the tree under its dead marks (so
 *   proved nothing, restart.ts) leaves only the complete DFS in its group (solve.ts's onlyComplete):
 *   the tree is small. Two-cell FreeCell 3001-3300: lost 5.22M -> 4.52M nodes, won the same (no won
 *   deal had such a run); one cell 5.24M -> 5.21M, three 1.36M -> 1.26M, none 0.352M -> 0.361M,
 *   won the same in each. Held out, two cells: seeds 1-100 lost 1.67M -> 1.38M, 4001-4300 2.85M ->
 *   2.53M, won the same. Ending the opening there too (runOpening): 3001-3300 lost 4.52M -> 4.40M,
 *   held out 1-100 1.38M -> 1.32M and 4001-4300 2.53M -> 2.43M, won the same.
 *   Then sound dead marks (dfs.ts, `marks` below) replaced the steering ones and onlyComplete: the
 *   group's complete searches, restarting or not, share the marks and add up to one proof. Nodes
 *   at 2,000,000 per deal (bench/ourbatch.cjs), before -> after: two-cell FreeCell 3001-3300 lost
 *   4.01M -> 3.02M, won 5.44M -> 5.03M; held out 1-100 lost 1.04M -> 0.81M, won 2.96M -> 2.35M.
 *   Without any marks (marks: false) 3001-3300 takes 4.74M lost and 8.22M won, one deal unknown.
 *   Other cells, 3001-3300, steering marks -> sound marks: none lost 0.26M -> 0.77M, of which
 *   0.70M is 3172, unknown before and proved lost after, won 0.27M -> 0.34M (2 deals); one lost
 *   5.45M -> 4.40M, won 4.71M -> 3.62M;
 *   three lost 0.93M -> 0.52M, won 0.83M -> 0.65M; Winery and four cells the same nodes.
 *   Tried with the marks and not kept, on 3001-3300: dfs-meta skipping marked positions (won
 *   4.46M but one deal unknown; held out won 2.83M); the groups without dfs-meta (lost 2.96M, won
 *   5.24M, one unknown), with a second dfs-scored (3.04M, 3.86M, one unknown) or a second
 *   dfs-restart-scored (3.03M, 5.79M); a prelude of 10,000 or 5,000 nodes (lost 2.79M or 2.73M, won
 *   5.40M or 5.52M).
 *   Then the tight step's complete DFS started during the prelude, as soon as 3 threads had run
 *   dry, with 16 nodes for each of the prelude's in turns of 250 of theirs (TIGHT's turn and
 *   ratio). Two-cell FreeCell 3001-3300: lost 3.02M -> 2.66M nodes, won 5.03M -> 5.00M; ratios 1,
 *   2, 4, 8: lost 2.92M, 2.83M, 2.75M, 2.70M, won about the same; 32 and 64: lost 2.64M and
 *   2.63M, won 5.22M and 5.74M; after 2 dry threads, ratio 1: lost 2.81M, won 7.55M; after 4 or 5:
 *   less. Held out, seeds 1-100: two cells lost 0.808M -> 0.695M, won the same; one cell lost
 *   0.654M -> 0.463M, won 1.496M -> 1.476M; three and no cells the same verdicts and nodes.
 *   After both, tried on 3001-3300 and not kept (lost / won nodes, against 2.66M / 5.00M):
 *   dfs-scored as a third search in the opening's turns (2.58M / 5.44M); openings of 30,000,
 *   50,000 or 200,000 nodes (2.65M / 4.39M and one unknown, 2.61M / 5.45M, 2.72M / 5.83M); the
 *   restarting heuristic DFS growing by 1.5 or 2 (2.63M / 8.43M, 2.60M / 7.54M), or from 1,000,
 *   300 or 200 nodes (2.66M / 5.84M and one unknown; 2.65M / 4.64M; 2.66M / 4.54M and one
 *   unknown). From 300 looked better on these seeds but took won deals of 4001-4300 from 5.10M to
 *   5.24M: the run that wins is luck more than schedule.
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
 *   Then in the four-deck games (Double Signora, Empress of Italy) each group also runs the nested
 *   Monte Carlo search (nmcs.ts), with NMCS_SHARE slices for each of the probing DFS's. On the
 *   tuning seeds 10001-10200 at 5 s per deal (bench:decide), Empress of Italy left 16 deals unknown
 *   with the probing DFS alone, 9 with both in equal turns, 5 with nmcs alone, and 9 with shares 3
 *   and 7 (with other salts for nmcs, on the 16 deals the probing DFS leaves: 5 and 5 alone, 6 and 5
 *   with share 7: the salt is worth a few deals). Per (deal, base), 10001-10020 at 2 s: 71 of 260
 *   pairs unknown with the probing DFS, 68 with nmcs alone, 67 with share 3, 66 with share 7.
 *   Double Signora: no deal unknown either way, 5.5 s -> 1.2 s (nmcs alone); 16 pairs of 260 with
 *   each. The probing DFS stays for the losses only a complete search can prove. Signora and Red
 *   and Black keep the probing DFS alone: nmcs beside it changed no deal there (Red and Black took
 *   9.1 s either way, 18.8 s with nmcs alone, with the playout weights before NO_RESERVE), and
 *   Signora's losses come from the probing DFS's deadlock cuts.
 * - portfolio: dfs plus A*; astar: A* alone.
 */
export function policy(deal: Deal, kind: SearchKind, metaMoves: boolean, openingNodes = OPENING_NODES): Policy {
  const suit = deal.rules.foundationBuild === 'suit';
  // Sound dead marks where they paid: Winery and FreeCell (the figures above). In Empress of Italy
  // and Double Signora per (deal, base), 10001-10010 at 2 s, they proved nothing more and left 55
  // and 18 pairs unknown against 52 and 17, and Empress per deal, 10001-10200 at 5 s, 18 against 16
  // (bench:decide --marks): only their time per node showed. One plain DFS alone has no one to
  // share them with, and would pay that time for nothing (a DFS meets its own positions anyway).
  const p = searchesOf(deal, kind, metaMoves, openingNodes);
  const alone = !p.prelude && !p.opening && p.members.length === 1 && ONE_RUN.includes(p.members[0]);
  return { ...p, marks: suit && !alone };
}

/**
 * The first round's slice, where `slices` is the sum of every group member's slices per turn:
 * 4,096 nodes, or less where the budget is small beside the turns, so that the first round takes at
 * most half of it, but never under 256 nodes (so with a tiny budget the first round may not end).
 * solve.ts's runGroups asks it only when there are several groups, and keeps 4,096 with one. With
 * 4,096 at analyze's 200,000 nodes for 13 base ranks of 8 slices each, only the first 6 ranks ever
 * got a turn.
 */
export function firstSlice(budget: number, slices: number): number {
  return Math.max(256, Math.min(4096, Math.floor(budget / (2 * slices))));
}

/**
 * The deadlock tests (deadlock.ts) a complete search cuts with: those `asked` (SolveOptions.deadlocks:
 * true every test, false none, or a list), else the policy's: the reserve test in the Terrace family
 * (it applies to Signora and Double Signora) and the waste test in Red and Black. The waste test is
 * sound in all four alternate-colour games and proves small games lost in each (bench:small), but on
 * the full Terrace games it proved nothing, so it stays out of their default (it costs time per
 * node: Empress of Italy's probing DFS, base A, seeds 10001-10010, 300,000 nodes each, ran 2,434
 * nodes/ms with it against 4,013 without, the same nodes). Measured on tuning seeds, no loss with
 * the waste test that the reserve test alone lacked: Empress of Italy 10001-10010 at 2,000,000 nodes
 * per (deal, base) (0 of 140 pairs lost, 48 unknown), Signora 10001-10040 at 200,000 (63 lost, 14
 * unknown either way; the 14 again at 2,000,000: 4 unknown either way), Double Signora 10001-10030
 * at 200,000 (0 lost; 66 unknown against 68). In Red and Black it decided every deal of 10001-10200 at
 * 5 s (3.9 s in all; 2 unknown and 15.1 s without).
 */
export function deadlockTests(rules: RuleTable, asked?: boolean | readonly DeadlockTest[]): readonly DeadlockTest[] {
  if (asked === true) return DEADLOCK_TESTS;
  if (asked === false) return [];
  if (asked !== undefined) return asked;
  return rules.terraceFamily ? ['reserve'] : ['waste'];
}

/** Double Signora's and Empress of Italy's nested Monte Carlo search (nmcs.ts): its slices per turn of the probing DFS. */
export const NMCS_SHARE = 7;

/** The registry's searches that make a single run: a DFS alone of these gains nothing from marks. */
const ONE_RUN = ['dfs-scored', 'dfs-plain', 'dfs-random'];

/** policy() without the marks. */
function searchesOf(deal: Deal, kind: SearchKind, metaMoves: boolean, openingNodes: number): Policy {
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
        return metaMoves
          ? {
              prelude: { search: 'soft-threads', nodes: SOFT_NODES, tight: TIGHT },
              opening: { search: 'dfs-restart-scored', nodes: openingNodes, partner: { search: 'dfs-meta', alone: META_AFTER, turn: META_TURN } },
              members: ['dfs-restart-scored', 'dfs-meta', 'dfs-scored'],
            }
          : { opening: { search: 'dfs-restart-scored', nodes: openingNodes }, members: ['dfs-restart-scored', 'dfs-restart', 'dfs-scored', 'astar'] };
      if (deal.rules.decks === 4) return { members: ['dfs-probe', 'nmcs'], shares: { nmcs: NMCS_SHARE }, leaders: FOUR_DECK_LEADERS };
      return { members: ['dfs-probe'] };
    default:
      return { members: kind.split('+') };
  }
}

// The search registry: every search a policy may name, made by name (SEARCHES), and the names a
// solve's `search` option takes (SEARCH_KINDS, isSearchKind). The searches live in src/search; the
// Winery and FreeCell ones are reached through src/search/freecell's index.
import type { GameState } from '../engine/state';
import { DeadlockCuts } from '../proof/cuts';
import type { DeadlockTest } from '../proof/proof';
import { plainAudit } from '../proof/plain';
import { AStarSearch } from '../search/astar';
import type { MemoryBudget } from '../search/core/memory';
import type { TranspositionTable } from '../search/core/tt';
import { DfsSearch } from '../search/dfs';
import { addSupermoves, MetaDfs, SoftThreads, supermovesApply } from '../search/freecell';
import { NestedRollouts } from '../search/nmcs';
import { geometric, luby, RestartingDfs } from '../search/restart';
import type { MoveAdder, Search } from '../search/search';
import { type SearchKind, testsAsked } from './policy';
import { presetOf } from './presets';

/** What the searches read of a solve's options (solve.ts's SolveOptions says what each means). */
export interface SearchOptions {
  deadlocks?: boolean | readonly DeadlockTest[];
  deadlockAudit?: boolean;
  weight?: number;
}

/** What a search is made with. */
export interface SearchContext {
  /** The position it searches from: the deal, under its group's base constraint. */
  state: GameState;
  /** The table it shares with the solve's other searches, under its own salt. */
  tt: TranspositionTable;
  /** Its salt (streams.ts's searchSalt): table keys and random choices. */
  salt: number;
  /** What the table leaves of the memory cap, for A*'s node stores (absent: no cap). */
  memory?: MemoryBudget;
  options?: SearchOptions;
  /** The salt of its group's dead marks, claimed from the table when the first search asks (absent: no marks). */
  marks?: () => number;
}

/** Makes one search. */
export type SearchFactory = (c: SearchContext) => Search;

/**
 * Every search a policy can run, by name: a new search is one file and one entry here.
 * - dfs-scored, dfs-plain, dfs-random: one complete DFS (dfs.ts) in the 'scored', 'generated' or
 *   'random' move order (order.ts).
 * - dfs-restart: a DFS in the 'grouped' order that restarts with growing budgets (2,000 nodes,
 *   growing by 1.5; restart.ts); dfs-probe: in the 'random' order, restarted on Luby's schedule of
 *   short runs (500 nodes); dfs-restart-scored: in the 'noisy' order, restarting sooner (500 nodes,
 *   growing by 1.3). dfs-restart and dfs-restart-scored add supermoves (freecell/supermove.ts)
 *   where they apply.
 * These six cut with the deadlock tests asked (policy.ts's testsAsked) and share their group's
 * dead marks where the policy uses them; each is complete.
 * - astar: weighted A* (astar.ts), complete, weight SolveOptions.weight (default 2).
 * - dfs-meta: a DFS over Freecell Solver's meta-moves (freecell/metadfs.ts: FreeCell's rules only,
 *   elsewhere it stops at once), restarting like dfs-restart-scored; soft-threads: Freecell Solver's
 *   -l lg preset over the same meta-moves (freecell/soft.ts). Neither proves a loss.
 * - nmcs: a nested Monte Carlo search of level 1 (nmcs.ts), with the game's playouts (presets.ts);
 *   it proves no loss and uses no shared table (its endgame search, where the game's playouts have
 *   one, a small table of its own: endgame.ts).
 */
export const SEARCHES: Record<string, SearchFactory> = {
  'dfs-scored': (c) => new DfsSearch(c.state, c.tt, { ...complete(c), order: 'scored' }),
  'dfs-plain': (c) => new DfsSearch(c.state, c.tt, { ...complete(c), order: 'generated' }),
  'dfs-random': (c) => new DfsSearch(c.state, c.tt, { ...complete(c), order: 'random' }),
  'dfs-restart': (c) => new RestartingDfs(c.state, c.tt, { ...complete(c), order: 'grouped', schedule: geometric(2000, 1.5), extraMoves: supermoves(c.state) }),
  'dfs-probe': (c) => new RestartingDfs(c.state, c.tt, { ...complete(c), order: 'random', schedule: luby(500) }),
  'dfs-restart-scored': (c) =>
    new RestartingDfs(c.state, c.tt, { ...complete(c), order: 'noisy', schedule: geometric(500, 1.3), extraMoves: supermoves(c.state) }),
  astar: (c) => new AStarSearch(c.state, c.tt, c.options?.weight ?? 2, c.salt, c.memory),
  'dfs-meta': (c) => new MetaDfs(c.state, c.tt, c.salt, geometric(500, 1.3)),
  'soft-threads': (c) => new SoftThreads(c.state, c.tt, c.salt),
  nmcs: (c) => new NestedRollouts(c.state, { salt: c.salt, playouts: presetOf(c.state.rules).playouts }),
};

/** The supermoves (freecell/supermove.ts) as a DFS's added moves where they apply (null elsewhere). */
function supermoves(s: GameState): MoveAdder | null {
  return supermovesApply(s) ? addSupermoves : null;
}

/**
 * A complete DFS's salt, deadlock tests and marks: it cuts the positions the tests asked (those of
 * SolveOptions.deadlocks, else the game's preset) prove lost, where any applies, each cut checked
 * by its plain version under SolveOptions.deadlockAudit.
 */
function complete(c: SearchContext): { salt: number; cuts: DeadlockCuts | null; marks?: () => number } {
  const tests = testsAsked(presetOf(c.state.rules), c.options?.deadlocks);
  const cuts = new DeadlockCuts(c.state, tests, c.options?.deadlockAudit ? plainAudit() : undefined);
  return { salt: c.salt, cuts: cuts.tests.length > 0 ? cuts : null, marks: c.marks };
}

/** The named policies; `search` may also be registry names joined by '+' (e.g. "dfs-probe+nmcs"). */
export const SEARCH_KINDS = ['auto', 'dfs', 'astar', 'portfolio'] as const;

/** True for a policy name or a '+'-list of registry names. */
export function isSearchKind(k: string): k is SearchKind {
  return (SEARCH_KINDS as readonly string[]).includes(k) || k.split('+').every((n) => n in SEARCHES);
}

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
import { deadlockTests, META_FIRST, META_GROWTH, type SearchKind } from './policy';

/** What the searches read of a solve's options (solve.ts's SolveOptions). */
export interface SearchOptions {
  deadlocks?: boolean | readonly DeadlockTest[];
  deadlockAudit?: boolean;
  weight?: number;
}

/** Makes one search over `state` (at the root), sharing table `tt` under its own salt. */
export type SearchFactory = (state: GameState, tt: TranspositionTable, salt: number, opts: SearchOptions, memory: MemoryBudget) => Search;

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
function withDeadlocks<S extends DfsSearch | RestartingDfs>(x: S, o: SearchOptions): S {
  const d = new DeadlockCuts(x.state, deadlockTests(x.state.rules, o.deadlocks), o.deadlockAudit ? plainAudit() : undefined);
  if (d.tests.length > 0) x.deadlocks = d;
  return x;
}

/** The named policies; `search` may also be registry names joined by '+' (e.g. "beam+dfs-scored"). */
export const SEARCH_KINDS = ['auto', 'dfs', 'astar', 'portfolio'] as const;

/** True for a policy name or a '+'-list of registry names. */
export function isSearchKind(k: string): k is SearchKind {
  return (SEARCH_KINDS as readonly string[]).includes(k) || k.split('+').every((n) => n in SEARCHES);
}

// Room src/search: the search algorithms, over src/proof and the engine. This file is what every
// search offers a solve (src/solver): resumable runs under a shared budget. The searches: dfs.ts,
// restart.ts (restarting DFS), astar.ts, nmcs.ts (nested Monte Carlo, its playouts in playouts.ts); their shared machinery in
// core/ (tt.ts the transposition table, memory.ts the memory cap, scc.ts, states.ts, streams.ts)
// and move order in order/ (order.ts, heuristic.ts). freecell/ holds the searches of Winery and
// FreeCell alone; only src/solver reaches it (through freecell/index.ts). The room may import
// src/proof, src/engine, src/rules and src/cards, never src/solver or the rooms above it
// (eslint.config.mjs).
import type { GameState } from '../engine/state';
import type { DeadlockCuts } from '../proof/cuts';

export interface SearchStats {
  /** Moves applied. */
  nodes: number;
  /** Positions expanded. */
  unique: number;
  /** Moves whose position was already in the table. */
  ttHits: number;
  maxDepth: number;
}

/**
 * 'lost': the search exhausted every position reachable from its root, a proof.
 * 'paused': a budget ran out; run() again to go on.
 * 'memory': the solve's memory cap (memory.ts) left the search no room to go on; it has stopped.
 * 'exhausted': a search over only some of the moves (freecell/meta.ts; nmcs.ts where its deal has
 * no move, or its endgame search proved the deal itself lost) tried all it had: no proof claimed;
 * it has stopped.
 */
export type SearchStatus = 'won' | 'lost' | 'paused' | 'memory' | 'exhausted';

/**
 * A search, and what it can do: whether its `lost` is a proof, whether it uses the table, which
 * deadlock tests it cuts with, whether it shares dead marks. All of it is given when it is made
 * (src/solver/registry.ts), so a solve reads these and never needs to know the class.
 */
export interface Search {
  readonly state: GameState;
  readonly stats: SearchStats;
  /**
   * Its 'lost' is a proof: it searches every position reachable from its root, but for those the
   * deadlock tests it asks prove lost (`cuts`) and those marked lost (`marks`). A search that is
   * not complete never says 'lost' (it says 'exhausted' where it has tried all it has).
   */
  readonly complete: boolean;
  /** It reads and writes the transposition table. */
  readonly usesTable: boolean;
  /**
   * The deadlock tests it cuts positions with, and the tests that have cut in its current run or
   * ever (src/proof/cuts.ts); null or absent: it cuts none. A proof of its names the tests that cut.
   */
  readonly cuts?: DeadlockCuts | null;
  /** The salt of the dead marks it shares with its group's other complete searches (dfs.ts); 0 or absent: it marks none. */
  readonly marks?: number;
  /**
   * Searches for up to `nodeBudget` more nodes (a slice) or until the deadline (ms since the
   * epoch). A search whose work comes in units may end the unit it is in past the slice (nmcs.ts a
   * playout or an endgame search, astar.ts a position's moves), so that its work does not depend on
   * how its budget is sliced. `limit` (at least nodeBudget; default none) is the most nodes this call may use, even
   * inside a unit: solve() passes what is left of its whole budget, so that a solve never uses more
   * than maxNodes. The depth-first searches stop exactly at nodeBudget and need not read it.
   */
  run(nodeBudget: number, deadline: number, limit?: number): SearchStatus;
  /** The moves from the root to the win (after 'won'). */
  solutionMoves(): number[];
  /** The most cards on foundations any line of this search has reached (nmcs.ts); absent: not tracked. */
  readonly progress?: number;
  /** A search made of threads (freecell/soft.ts): how many have run dry, having tried all they have; absent otherwise. */
  readonly dryThreads?: number;
  /** Hands pooled working storage on to later searches (solve() calls it when done); no run() after. */
  release?(): void;
  /** Told that it is the only search using the table: a restarting search then clears it at each restart (restart.ts). */
  aloneOnTable?(): void;
}

/**
 * Appends moves to buf[end..) beyond the engine's own for position `s` and returns the new end;
 * allocates nothing. A DFS given one adds them to every position's other moves (src/solver/registry.ts passes
 * freecell/supermove.ts's addSupermoves where supermoves apply).
 */
export type MoveAdder = (s: GameState, buf: Int32Array, end: number) => number;

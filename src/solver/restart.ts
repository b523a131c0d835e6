// Depth-first search with restarts: a randomly ordered DFS that, when its budget for this run is
// spent, starts again from the root with a new move order and the next budget of its schedule:
// growing geometrically (`geometric`), or Luby's sequence of short runs with a rare long one
// (`luby`).
//
// A DFS spends most of a failed budget deep under its first choices; a restart revisits the early
// choices. Each run is an ordinary DfsSearch with its own table salt, so a run that exhausts the
// tree is a proof of `lost` like any DFS (unless dead marks, below, cut it short); both schedules
// grow without bound, so a long enough budget always reaches a run that can exhaust a finite tree.
//
// Dead marks (an option): each run marks, in the shared table under a salt of their own, the
// positions all of whose moves it tried without a win, and later runs skip them. A mark is no
// proof: a move may have been skipped because it led back to a position then on the stack, from
// which a win may still go on. So the marks only steer the search away from ground covered
// before, and a run they cut short proves nothing: when one exhausts the tree having skipped a
// marked position, the marks are switched off for good, and the runs after it are plain runs
// again (one of which can still prove the loss). Wins are replayed as always. On Winery and
// FreeCell they save about a tenth of the nodes (policy.ts).
import type { GameState } from '../engine/state';
import type { Deadlocks } from './deadlock';
import { DfsSearch } from './dfs';
import type { OrderMode } from './order';
import type { MoveAdder, Search, SearchStats, SearchStatus } from './search';
import type { TranspositionTable } from './tt';

/**
 * The table salt of run `run` of a restarting search whose own salt is `salt` (this file's and
 * freecell/metadfs.ts's). Searches sharing a table must never share a salt: a complete search could otherwise
 * skip positions another search stored, as if it had expanded them. solve.ts gives each search a
 * distinct salt, and this map is a bijection of (salt ^ run * odd constant) for each run.
 */
export function runSalt(salt: number, run: number): number {
  return Math.imul(salt ^ (run * 0x632be5ab), 0x9e3779b9) | 0;
}

/** The node budget of run i (i = 0, 1, 2, ...). */
export type Schedule = (run: number) => number;

/** first, then each budget growth times the one before, rounded up. */
export function geometric(first: number, growth: number): Schedule {
  return (i) => {
    let b = first;
    for (let k = 0; k < i; k++) b = Math.ceil(b * growth);
    return b;
  };
}

/**
 * unit times Luby's sequence 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, ...: within a log factor
 * of the best fixed run length, whatever the (unknown) distribution of run lengths that win
 * (Luby, Sinclair and Zuckerman 1993).
 */
export function luby(unit: number): Schedule {
  return (i) => unit * lubyTerm(i + 1);
}

/** Term i >= 1 of Luby's sequence. */
export function lubyTerm(i: number): number {
  for (let k = 1; ; k++) {
    if (i === 2 ** k - 1) return 2 ** (k - 1);
    if (i < 2 ** k - 1) return lubyTerm(i - 2 ** (k - 1) + 1);
  }
}

export class RestartingDfs implements Search {
  readonly stats: SearchStats = { nodes: 0, unique: 0, ttHits: 0, maxDepth: 0 };
  private dfs: DfsSearch;
  private runs = 0;
  private runLeft: number;

  constructor(
    readonly state: GameState,
    private readonly tt: TranspositionTable,
    private readonly salt: number,
    private readonly order: OrderMode,
    private readonly schedule: Schedule,
    private readonly extraMoves: MoveAdder | null = null,
    deadMarks = false,
  ) {
    this.runLeft = schedule(0);
    this.dfs = new DfsSearch(this.state, this.tt, this.nextSalt(), this.order, true, this.extraMoves);
    if (deadMarks) this.dfs.deadSalt = Math.imul(salt ^ 0x5bd1e995, 0x85ebca6b) | 1; // never 0 (off)
  }

  /** The deadlock tests of every run (dfs.ts). */
  get deadlocks(): Deadlocks | null {
    return this.dfs.deadlocks;
  }
  set deadlocks(d: Deadlocks | null) {
    this.dfs.deadlocks = d;
  }

  /** Positions the current run cut for a deadlock. */
  get cuts(): number {
    return this.dfs.cuts;
  }

  /** The salt of this search's dead marks in the table (0: none, or switched off). */
  get deadSalt(): number {
    return this.dfs.deadSalt;
  }

  /**
   * Set by solve() when this search is the only one using the table: then each restart clears it
   * (an O(1) new epoch, tt.ts). A run's entries are stored under its own salt and no later run can
   * hit them, so they only fill the table and push the live ones out of the processor's caches;
   * dead marks, the one thing that outlives a run, keep the table as it is.
   */
  clearsTable = false;

  /** Runs that exhausted the tree but were cut short by dead marks, so proved nothing (at most one). */
  unproved = 0;
  /** Moves skipped for a dead mark, over all runs. */
  deadSkips = 0;

  /** Each run's own table salt (and so its own move order). */
  private nextSalt(): number {
    return runSalt(this.salt, this.runs++);
  }

  solutionMoves(): number[] {
    return this.dfs.solutionMoves();
  }

  release(): void {
    this.dfs.release();
  }

  run(nodeBudget: number, deadline = Infinity): SearchStatus {
    let left = nodeBudget;
    while (left > 0) {
      const d = this.dfs.stats;
      const before = { nodes: d.nodes, unique: d.unique, ttHits: d.ttHits, deadSkips: this.dfs.deadSkips };
      const step = Math.min(left, this.runLeft);
      const st = this.dfs.run(step, deadline);
      const used = d.nodes - before.nodes;
      this.stats.nodes += used;
      this.stats.unique += d.unique - before.unique;
      this.stats.ttHits += d.ttHits - before.ttHits;
      if (d.maxDepth > this.stats.maxDepth) this.stats.maxDepth = d.maxDepth;
      left -= used;
      this.runLeft -= used;
      this.deadSkips += this.dfs.deadSkips - before.deadSkips;
      if (st === 'lost' && this.dfs.deadSkips > 0) {
        // No proof: marks cut the run short. Plain runs from now on, the next one at once.
        this.unproved++;
        this.dfs.deadSalt = 0;
        this.runLeft = 0;
      } else if (st !== 'paused') return st;
      else if (used < step) return 'paused'; // the deadline
      if (this.runLeft <= 0) {
        while (this.state.undoTop > 0) this.state.undo();
        this.runLeft = this.schedule(this.runs);
        if (this.clearsTable && this.dfs.deadSalt === 0) this.tt.clear();
        this.dfs.restart(this.nextSalt());
      }
    }
    return 'paused';
  }
}

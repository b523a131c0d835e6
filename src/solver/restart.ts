// Depth-first search with restarts: a randomly ordered DFS that, when its budget for this run is
// spent, starts again from the root with a new move order and the next budget of its schedule:
// growing geometrically (`geometric`), or Luby's sequence of short runs with a rare long one
// (`luby`).
//
// A DFS spends most of a failed budget deep under its first choices; a restart revisits the early
// choices. Each run is an ordinary DfsSearch with its own table salt, so a run that exhausts the
// tree is a proof of `lost` like any DFS; both schedules grow without bound, so a long enough
// budget always reaches a run that can exhaust a finite tree.
import type { GameState } from '../engine/state';
import { DfsSearch } from './dfs';
import type { OrderMode } from './order';
import type { Search, SearchStats, SearchStatus } from './search';
import type { TranspositionTable } from './tt';

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
    private readonly supermoves = false,
  ) {
    this.runLeft = schedule(0);
    this.dfs = new DfsSearch(this.state, this.tt, this.nextSalt(), this.order, true, this.supermoves);
  }

  /** Each run's own table salt (and so its own move order). */
  private nextSalt(): number {
    return Math.imul(this.salt ^ (this.runs++ * 0x632be5ab), 0x9e3779b9) | 0;
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
      const before = { nodes: d.nodes, unique: d.unique, ttHits: d.ttHits };
      const step = Math.min(left, this.runLeft);
      const st = this.dfs.run(step, deadline);
      const used = d.nodes - before.nodes;
      this.stats.nodes += used;
      this.stats.unique += d.unique - before.unique;
      this.stats.ttHits += d.ttHits - before.ttHits;
      if (d.maxDepth > this.stats.maxDepth) this.stats.maxDepth = d.maxDepth;
      if (st !== 'paused') return st;
      left -= used;
      this.runLeft -= used;
      if (used < step) return 'paused'; // the deadline
      if (this.runLeft <= 0) {
        while (this.state.undoTop > 0) this.state.undo();
        this.runLeft = this.schedule(this.runs);
        this.dfs.restart(this.nextSalt());
      }
    }
    return 'paused';
  }
}

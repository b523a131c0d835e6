// Depth-first search with restarts: a randomly ordered DFS that, when its budget for this run is
// spent, starts again from the root with a new move order and a larger budget (1.5 times larger
// from 8192 nodes by default; the suit-built games' opening search in solve.ts starts at 1000 and
// grows by 1.3).
//
// A DFS spends most of a failed budget deep under its first choices; a restart revisits the early
// choices, and the growing budget still lets a late run go deep. Each run is an ordinary DfsSearch
// with its own table salt, so a run that exhausts the tree is a proof of `lost` like any DFS.
import type { GameState } from '../engine/state';
import { DfsSearch } from './dfs';
import type { OrderMode } from './order';
import type { Search, SearchStats, SearchStatus } from './search';
import type { TranspositionTable } from './tt';

export class RestartingDfs implements Search {
  readonly stats: SearchStats = { nodes: 0, unique: 0, ttHits: 0, maxDepth: 0 };
  private dfs: DfsSearch;
  private runs = 0;
  private runBudget: number;
  private runLeft: number;

  constructor(
    readonly state: GameState,
    private readonly tt: TranspositionTable,
    private readonly salt: number,
    private readonly order: OrderMode = 4,
    firstRun = 8192,
    private readonly growth = 1.5,
    private readonly supermoves = false,
  ) {
    this.runBudget = this.runLeft = firstRun;
    this.dfs = new DfsSearch(this.state, this.tt, this.nextSalt(), this.order, true, this.supermoves);
  }

  /** Each run's own table salt (and so its own move order). */
  private nextSalt(): number {
    return Math.imul(this.salt ^ (this.runs++ * 0x632be5ab), 0x9e3779b9) | 0;
  }

  solutionMoves(): number[] {
    return this.dfs.solutionMoves();
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
        this.runBudget = Math.ceil(this.runBudget * this.growth);
        this.runLeft = this.runBudget;
        this.dfs.restart(this.nextSalt());
      }
    }
    return 'paused';
  }
}

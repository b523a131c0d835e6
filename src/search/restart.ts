// Depth-first search with restarts: a randomly ordered DFS that, when its budget for this run is
// spent, starts again from the root with a new move order and the next budget of its schedule:
// growing geometrically (`geometric`), or Luby's sequence of short runs with a rare long one
// (`luby`).
//
// A DFS spends most of a failed budget deep under its first choices; a restart revisits the early
// choices. Each run is an ordinary DfsSearch with its own table salt, so a run that exhausts the
// tree is a proof of `lost` like any DFS; both schedules grow without bound, so a long enough budget
// always reaches a run that can exhaust a finite tree.
//
// Sound dead marks (dfs.ts's `marks`, given where the policy uses them): each run marks
// the positions it proves lost, and later runs, like the group's other complete searches, skip
// them. A run's proof may then stand on its forerunners' work: the runs add up to one proof
// instead of each starting over.
import type { GameState } from '../engine/state';
import type { DeadlockCuts } from '../proof/cuts';
import { DfsSearch, type DfsOptions } from './dfs';
import type { Search, SearchStats, SearchStatus } from './search';
import type { TranspositionTable } from './core/tt';

/**
 * The salt asked for for run `run` of a restarting search whose own salt is `salt` (this file's,
 * freecell/metadfs.ts's and the soft threads'). Searches sharing a table must never share a salt:
 * a complete search could otherwise skip positions another search stored, as if it had expanded
 * them. For each run this map is a bijection of the search's salt, but runs of different searches
 * can meet (the first such pair among 40 searches comes at run 5,127), so every user takes its salt
 * through the table's claim() (tt.ts), which hands out another when this one is taken.
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

/** How a RestartingDfs searches: DfsOptions for every run (`salt` seeds each run's own: runSalt), and the runs' budgets. */
export interface RestartOptions extends Omit<DfsOptions, 'prune'> {
  schedule: Schedule;
}

export class RestartingDfs implements Search {
  readonly stats: SearchStats = { nodes: 0, unique: 0, ttHits: 0, maxDepth: 0 };
  readonly complete = true;
  readonly usesTable = true;
  private dfs: DfsSearch;
  private runs = 0;
  private runLeft: number;
  private readonly salt: number;
  private readonly schedule: Schedule;

  constructor(
    readonly state: GameState,
    private readonly tt: TranspositionTable,
    o: RestartOptions,
  ) {
    this.salt = o.salt ?? 0;
    this.schedule = o.schedule;
    this.runLeft = o.schedule(0);
    this.dfs = new DfsSearch(this.state, this.tt, { ...o, salt: this.nextSalt(), prune: true });
  }

  /** The deadlock tests of every run (dfs.ts). */
  get cuts(): DeadlockCuts | null {
    return this.dfs.cuts;
  }

  /** Sound dead marks (dfs.ts's `marks`) of every run: their salt, shared with other searches (0: off). */
  get marks(): number {
    return this.dfs.marks;
  }

  /** Moves skipped for a sound mark, over all runs. */
  get markSkips(): number {
    return this.dfs.markSkips;
  }

  /**
   * Whether each restart clears the table: aloneOnTable() says so when this search is the only one
   * using it (an O(1) new epoch, tt.ts). A run's entries are stored under its own salt and no later
   * run can hit them, so they only fill the table and push the live ones out of the processor's
   * caches; dead marks, the one thing that outlives a run, keep the table as it is.
   */
  get clearsTable(): boolean {
    return this.alone;
  }
  private alone = false;

  aloneOnTable(): void {
    this.alone = true;
  }

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
      const before = { nodes: d.nodes, unique: d.unique, ttHits: d.ttHits };
      const step = Math.min(left, this.runLeft);
      const st = this.dfs.run(step, deadline);
      const used = d.nodes - before.nodes;
      this.stats.nodes += used;
      this.stats.unique += d.unique - before.unique;
      this.stats.ttHits += d.ttHits - before.ttHits;
      if (d.maxDepth > this.stats.maxDepth) this.stats.maxDepth = d.maxDepth;
      left -= used;
      this.runLeft -= used;
      if (st !== 'paused') return st;
      else if (used < step) return 'paused'; // the deadline
      if (this.runLeft <= 0) {
        while (this.state.undoTop > 0) this.state.undo();
        this.runLeft = this.schedule(this.runs);
        if (this.alone && this.dfs.marks === 0) this.tt.clear();
        this.dfs.restart(this.nextSalt());
      }
    }
    return 'paused';
  }
}

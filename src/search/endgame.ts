// The nested Monte Carlo search's endgame search (nmcs.ts, Playouts.endgame): a complete DFS from
// a line's position once its stock is short. A playout plays the end of the deal at random, and
// the few exact orders that take the last cards home are easy to miss; a complete search with the
// deadlock tests decides most such positions within a few hundred nodes, or leaves them open within
// its budget. Its win is a line the caller can play; its proof of loss (exhaustive search plus sound
// cuts, dfs.ts) tells the caller that nothing after the position wins.
import type { GameState } from '../engine/state';
import { DeadlockCuts } from '../proof/cuts';
import { TranspositionTable } from './core/tt';
import { DfsSearch } from './dfs';
import type { SearchStatus } from './search';

/**
 * The DFS's table, asked for 1 MB (it takes about 0.6 MB: 65,536 entries), room for far more
 * positions than a search's budget reaches; one per nested search, outside the solve's memory cap.
 */
const TABLE_MB = 1;
const SALT = 0x5eed;

export class Endgame {
  /** The DFS's own table, made at the first search and started afresh (an O(1) new epoch) for each. */
  private tt: TranspositionTable | null = null;
  /** The reserve and waste tests where they apply, kept from search to search (their memos hold for the deal). */
  private cuts: DeadlockCuts | null = null;
  /** Questions asked (run's calls), searches run, and of those how many won and how many proved a loss. */
  readonly counts = { asked: 0, searched: 0, won: 0, lost: 0 };
  /** The last search's nodes, and (after 'won') its moves from the position to the win. */
  nodes = 0;
  moves: number[] = [];
  /**
   * The hash of the position the last search left open having used its whole budget (a line from
   * the deal asks the same again, when the deal's stock is short).
   */
  private open1 = 0;
  private open2 = 0;
  private leftOpen = false;

  constructor(
    /** Asked once a line's stock holds at most this many cards. */
    readonly stock: number,
    /** Nodes a search may use. */
    readonly budget: number,
  ) {}

  /**
   * A complete DFS (scored order) from s for up to min(budget, limit) nodes: 'won', 'lost' or
   * 'paused'. s is left as it was. Asked again about the position it last left open, it answers
   * 'paused' at once: the same search would leave it open again.
   */
  run(s: GameState, limit: number): SearchStatus {
    this.counts.asked++;
    if (this.leftOpen && s.h1 === this.open1 && s.h2 === this.open2) {
      this.nodes = 0;
      return 'paused';
    }
    const tt = (this.tt ??= new TranspositionTable(TABLE_MB));
    tt.clear();
    const cuts = (this.cuts ??= new DeadlockCuts(s, ['reserve', 'waste']));
    const top = s.undoTop;
    const dfs = new DfsSearch(s, tt, { salt: SALT, order: 'scored', cuts: cuts.tests.length > 0 ? cuts : null });
    const st = dfs.run(Math.min(this.budget, limit));
    this.nodes = dfs.stats.nodes;
    this.moves = st === 'won' ? s.history().slice(top) : [];
    dfs.release();
    while (s.undoTop > top) s.undo();
    // Cut short by `limit`, a search may still decide the position when asked again.
    this.leftOpen = st === 'paused' && this.nodes === this.budget;
    this.open1 = s.h1;
    this.open2 = s.h2;
    this.counts.searched++;
    if (st === 'won') this.counts.won++;
    if (st === 'lost') this.counts.lost++;
    return st;
  }
}

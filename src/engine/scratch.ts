// Working storage of move generation and evaluation, owned by one GameState (state.scratch), so
// that no call sees what a call on another state left behind and nothing is allocated per call.
export class Scratch {
  /** The top card of each tableau pile (-1 when empty). */
  readonly tops = new Int32Array(256);
  /**
   * accept[card] = the foundation that card would go to, or -1. Among foundations that accept a
   * card the first is taken: they all have the same count and top class, so they are interchangeable.
   */
  readonly accept = new Int32Array(52).fill(-1);
  /** The entries of `accept` set by the last fill, reset by the next one (cheaper than a fill). */
  readonly acceptSet = new Int32Array(64);
  acceptSetCount = 0;
  /** The state's foundationVersion when `accept` was filled (-1: never). */
  acceptVersion = -1;
  /** Tableau piles bucketed by the (rank, colour) class of their top: head[class], next[pile]. */
  readonly head = new Int32Array(26);
  readonly next = new Int32Array(256);
  /** movegen.ts: the occupied cells and their cards (at most 34 piles in all: move.ts). */
  readonly cellPile = new Int32Array(64);
  readonly cellCard = new Int32Array(64);
  /** heuristic.ts: next rank each suit's foundation needs. */
  readonly nextRank = new Int32Array(4);
  /** heuristic.ts: where estimate() found the card each suit's foundation needs (pile -1: not in the tableau). */
  readonly needPile = new Int32Array(4);
  readonly needIdx = new Int32Array(4);
}

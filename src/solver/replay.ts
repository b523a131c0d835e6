// A claimed win replayed from the deal, every move checked before it is played (solve.ts's step 6):
// a `won` whose line does not replay would be a solver bug, and is never reported.
import { CellBoard, cellBoardApplies } from '../engine/cellboard';
import type { Deal } from '../engine/deal';
import { moveError } from '../engine/legality';
import { moveCount, moveFrom, moveTo } from '../engine/move';
import type { GameState } from '../engine/state';
import type { RuleTable } from '../rules/vocabulary';
import { expandSupermoves } from '../search/freecell';

export interface Replayed {
  /** The line as single-card moves (supermoves expanded). */
  moves: number[];
  /** The base rank the line played (Terrace family; 0 where foundations start at the ace). */
  base: number;
  /** The GameState it was replayed on, or null where it was replayed on a CellBoard. */
  state: GameState | null;
}

/**
 * Replays `moves` (engine moves; supermoves are expanded into the single-card moves they stand for
 * on the way) from `deal`, each single-card move checked before it is played, and checks that the
 * line ends won; throws an internal error otherwise. The games with supermoves (one deck, suit
 * foundations: cellboard.ts's cellBoardApplies) replay on a CellBoard, with its own statement of
 * their rules; the others on `stateAt()`, a GameState loaded with the deal, with legality.ts's
 * moveError.
 */
export function replayChecked(deal: Deal, moves: readonly number[], stateAt: () => GameState): Replayed {
  let played = 0;
  const fail = (err: string) => new Error(`internal error: solution move ${played + 1} does not replay: ${err}`);
  const notWon = () => new Error('internal error: the solution does not end in a win');
  if (cellBoardApplies(deal.rules)) {
    const board = cellBoardFor(deal);
    const out = expandSupermoves(board, moves, (b, m) => {
      const err = b.error(m);
      if (err) throw fail(err);
      played++;
    });
    if (!board.isWon()) throw notWon();
    return { moves: out, base: 0, state: null };
  }
  const s = stateAt();
  s.hashOff(); // the replay only plays and checks moves
  const out = expandSupermoves(s, moves, (x, m) => {
    const err = moveError(x, moveFrom(m), moveTo(m), moveCount(m));
    if (err) throw fail(err);
    played++;
  });
  if (!s.isWon()) throw notWon();
  return { moves: out, base: s.base, state: s };
}

/** A CellBoard of the deal's rules at the deal: one kept per rule table (replays never overlap). */
const boards = new WeakMap<RuleTable, CellBoard>();
function cellBoardFor(deal: Deal): CellBoard {
  let b = boards.get(deal.rules);
  if (!b) boards.set(deal.rules, (b = new CellBoard(deal.rules)));
  b.load(deal);
  return b;
}

// `solve --show` and `verify --show`: the board after each move of a winning line, in text (as
// fc-solve's -sam shows its solutions), the Terrace games' waste, reserve and foundations included.
import { cardName } from '../cards/card';
import type { Deal } from '../engine/deal';
import type { MoveSpec } from '../engine/legality';
import { encodeMove, moveCount, moveFrom } from '../engine/move';
import { describeMove } from '../engine/notation';
import { GameState } from '../engine/state';
import { formatBoard } from './deal';

/** Moves given by pile names (a solution file) as move integers, replayed on the deal (they must be legal). */
export function movesOfSpecs(deal: Deal, specs: MoveSpec[]): number[] {
  const s = new GameState(deal);
  return specs.map((m) => {
    const mv = encodeMove(s.pileIndex(String(m.from)), s.pileIndex(String(m.to)), m.count ?? 1);
    s.apply(mv);
    return mv;
  });
}

/**
 * The board at the deal, then each move (numbered, `12. 7H t3 → f2`, noting a pile the game
 * filled by itself) followed by the board after it.
 */
export function showGame(deal: Deal, moveInts: number[]): string[] {
  const s = new GameState(deal);
  const w = String(moveInts.length).length;
  const lines = ['board at the deal:', ...formatBoard(s)];
  moveInts.forEach((m, i) => {
    let text = describeMove(s, m);
    const from = moveFrom(m);
    const emptied = from < s.T && s.len[from] === moveCount(m);
    s.apply(m);
    if (emptied && s.len[from] > 0) text += `   (${s.pileName(from)} filled: ${cardName(s.top(from))})`;
    lines.push(`${String(i + 1).padStart(w)}. ${text}`, ...formatBoard(s));
  });
  return lines;
}

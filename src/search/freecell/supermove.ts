// Supermoves: in the suit-built games (Winery, FreeCell), where the rules move one card at a time,
// a run built down in alternate colour moves as one search step when the free cells and empty
// piles could carry it card by card. The search sees one move and one new position instead of a
// chain of intermediate ones that its heuristic scores badly; the solution is expanded back into
// single-card moves (`expandSupermoves`) before it is replayed and reported.
//
// Why verdicts stay exact: a supermove is only added, never substituted. Every single-card move
// is still generated, so the searches remain complete (a `lost` is still a proof), and a
// supermove's result is a position the single-card moves reach too.
//
// Capacity (the classic FreeCell result): with f free cells and e empty piles other than the
// target, (f + 1) * 2^e cards can move. Proof by construction in `expandRun`: with no empty pile,
// k - 1 <= f cards go to cells, the bottom card moves, the cells come back in reverse; otherwise
// the top m = (f + 1) * 2^(e-1) cards go to an empty pile (with e - 1 others to help), the rest
// moves to the target (likewise), and the m cards follow (likewise).
import { encodeMove, moveCount, moveFrom, moveTo } from '../../engine/move';
import type { GameState } from '../../engine/state';
import { doubled } from '../../engine/typed';

/** True when `s`'s game moves single cards between tableau piles and supermoves may help. */
export function supermovesApply(s: GameState): boolean {
  return s.suitFound && !s.rules.runMoves;
}

/** Most cards a run can move as one step with f free cells and e empty piles other than the target. */
export function runCapacity(f: number, e: number): number {
  return (f + 1) << e;
}

/** Free cells of `s`. */
export function freeCells(s: GameState): number {
  let n = 0;
  for (let c = s.CELL0; c < s.RESERVE; c++) if (s.len[c] === 0) n++;
  return n;
}

/** Empty tableau piles of `s`, not counting pile `except` (-1: count all). */
export function emptyPiles(s: GameState, except = -1): number {
  let n = 0;
  for (let p = 0; p < s.T; p++) if (p !== except && s.len[p] === 0) n++;
  return n;
}

/**
 * Appends to buf[end..) the runs of two or more cards that can move as one step: onto a tableau
 * card they fit, or into the first empty pile (never a whole pile: that would change nothing).
 * Returns the new end. Allocates nothing.
 */
export function addSupermoves(s: GameState, buf: Int32Array, end: number): number {
  const T = s.T;
  const len = s.len;
  const cards = s.cards;
  const off = s.off;
  const stackOK = s.stackOK;
  const wrap = s.rules.tableauWrap;
  const cells = freeCells(s);
  // Each pile's top card (-1: empty), the empty piles and the first of them, in one pass.
  const tops = s.scratch.tops;
  let empties = 0;
  let firstEmpty = -1;
  for (let p = T - 1; p >= 0; p--) {
    const lp = len[p];
    if (lp === 0) {
      tops[p] = -1;
      empties++;
      firstEmpty = p;
    } else tops[p] = cards[off[p] + lp - 1];
  }
  const capOnto = runCapacity(cells, empties);
  const capEmpty = empties > 0 ? runCapacity(cells, empties - 1) : 0;
  if (capOnto < 2) return end;
  let n = end;
  for (let p = 0; p < T; p++) {
    const lp = len[p];
    if (lp < 2) continue;
    const top = off[p] + lp - 1;
    // run = how many cards from the top form a run built down in alternate colour
    let run = 1;
    while (run < lp && run < capOnto && stackOK[cards[top - run] * 52 + cards[top - run + 1]]) run++;
    if (run < 2) continue;
    // The run's ranks go up by one from its top card (the tableau builds down by one), so the only
    // card of it that can go on a top of rank R is k deep, k = R - (rank of the run's top card).
    const topRank = cards[top] >> 2;
    for (let q = 0; q < T; q++) {
      const t = tops[q];
      if (q === p || t < 0) continue;
      let k = (t >> 2) - topRank;
      if (wrap && k < 2) k += 13;
      if (k >= 2 && k <= run && stackOK[t * 52 + cards[top - k + 1]]) buf[n++] = encodeMove(p, q, k);
    }
    if (firstEmpty >= 0) for (let k = 2; k <= run && k <= capEmpty && k < lp; k++) buf[n++] = encodeMove(p, firstEmpty, k);
  }
  return n;
}

/**
 * What expanding a supermove needs of a position: GameState has it, and so has engine/cellboard.ts's
 * CellBoard, on which solve() replays the wins of the games with supermoves.
 */
export interface Piles {
  readonly rules: { readonly runMoves: boolean };
  readonly T: number;
  readonly CELL0: number;
  readonly RESERVE: number;
  readonly len: Int32Array;
  apply(m: number): void;
}

/** Called with each move before it is played (solve.ts checks it there); may throw. */
export type MoveCheck<P extends Piles = GameState> = (s: P, m: number) => void;

// The expanded moves, written here and copied out once at their final length (expandSupermoves):
// a solve's result then allocates one array of the right size instead of growing one move by move.
let expanded: Int32Array = new Int32Array(1024);
let nExpanded = 0;

/** Plays move m (checked first) and appends it to the expanded moves. */
function play1<P extends Piles>(s: P, m: number, check?: MoveCheck<P>): void {
  check?.(s, m);
  s.apply(m);
  if (nExpanded === expanded.length) expanded = doubled(expanded);
  expanded[nExpanded++] = m;
}

/** Plays one card from pile a to pile b (checked first), appending the move. */
function play<P extends Piles>(s: P, a: number, b: number, check?: MoveCheck<P>): void {
  play1(s, encodeMove(a, b, 1), check);
}

const usedCells = new Int32Array(64);

/** Plays the k-card run from tableau pile `from` to tableau pile `to` one card at a time, appending those moves. */
function expandRun<P extends Piles>(s: P, from: number, to: number, k: number, check?: MoveCheck<P>): void {
  if (k === 1) return play(s, from, to, check);
  // Counted here rather than with freeCells and emptyPiles, which the searches call on GameStates
  // only: a second kind of board there would make those calls slower.
  let cells = 0;
  for (let c = s.CELL0; c < s.RESERVE; c++) if (s.len[c] === 0) cells++;
  let empties = 0;
  for (let p = 0; p < s.T; p++) if (p !== to && s.len[p] === 0) empties++;
  if (k <= cells + 1) {
    let n = 0; // cells used (this branch never recurses, so one scratch list serves)
    for (let c = s.CELL0; c < s.RESERVE && n < k - 1; c++)
      if (s.len[c] === 0) {
        play(s, from, c, check);
        usedCells[n++] = c;
      }
    play(s, from, to, check);
    for (let i = n - 1; i >= 0; i--) play(s, usedCells[i], to, check);
    return;
  }
  if (empties === 0) throw new Error(`internal error: a supermove of ${k} cards with ${cells} free cells and no empty pile`);
  let e = -1;
  for (let p = 0; p < s.T && e < 0; p++) if (p !== to && p !== from && s.len[p] === 0) e = p;
  // Half the capacity (the pile e takes it with the other empty piles' help), and fewer than k so
  // that every call moves fewer cards than its caller.
  const m = Math.min(k - 1, runCapacity(cells, empties - 1));
  expandRun(s, from, e, m, check);
  expandRun(s, from, to, k - m, check);
  expandRun(s, e, to, m, check);
}

/**
 * The moves of a solution with every supermove replaced by the single-card moves that make it,
 * replayed on `s` (a fresh state at the solution's start), each passed to `check` first; `s` ends
 * at the solution's end.
 */
export function expandSupermoves<P extends Piles>(s: P, moves: readonly number[], check?: MoveCheck<P>): number[] {
  nExpanded = 0;
  for (const m of moves) {
    const from = moveFrom(m);
    const to = moveTo(m);
    const k = moveCount(m);
    if (k > 1 && !s.rules.runMoves && from < s.T && to < s.T) expandRun(s, from, to, k, check);
    else play1(s, m, check);
  }
  const out = new Array<number>(nExpanded);
  for (let i = 0; i < nExpanded; i++) out[i] = expanded[i];
  return out;
}

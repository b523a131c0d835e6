// The nested Monte Carlo search's playouts and steps (nmcs.ts): how each game's playouts play
// (Playouts, given by src/solver/presets.ts), the moves a step tries, when a step is forced, a
// playout's move weights and weighted draw, and the set of a playout's positions.
import { moveFrom, moveTo } from '../engine/move';
import { generateFoundationMoves, generateOtherMoves } from '../engine/movegen';
import type { GameState } from '../engine/state';
import { safeFoundationMove } from '../proof/safe-moves';
import { xorshift } from './order/order';
import type { LineRace } from './lines';

/** A playout stops after this many moves; the set of its positions is sized for them. */
export const PLAYOUT_MAX = 4096;
/** A playout's weights for a card out of the waste or reserve onto the tableau, and for a deal; a move between piles weighs 1. */
export interface PlayoutWeights {
  readonly waste: number;
  readonly deal: number;
  /**
   * Where present, a move home from the tableau or the reserve weighs this among the other moves
   * instead of being played at once; the waste's card still goes home at once. Moving a tableau
   * top home takes away the place its one-lower cards of the other colour could go, and a reserve
   * card can go onto the tableau instead (Double Signora); waiting keeps the choice, and the card
   * can go home later.
   */
  readonly home?: number;
}

/** How a game's playouts and steps play (src/solver/presets.ts gives each game's). */
export interface Playouts {
  /**
   * How much likelier a playout is to draw a card out of the waste or the reserve onto the tableau
   * (it digs into the buried cards, where dealing and moves between piles do not), and a deal, than
   * a move between piles.
   */
  readonly weights: PlayoutWeights;
  /**
   * How often a playout asks the waste test, in moves (at least that many apart, at positions
   * without a foundation move); 0: never. A lost position stays lost, so asking later only plays a
   * few moves more; where there is a reserve each question also walks it, so it is asked less often.
   */
  readonly checkEvery: number;
  /**
   * Every second line (the second, the fourth, ...), a step tries its other moves beside foundation
   * moves none of which is safe (lineWeighsHome). Such steps cost more playouts, so the first line,
   * most of the search at small budgets, keeps to the foundation moves.
   */
  readonly homeEveryOtherLine: boolean;
  /**
   * A step tries a move of a card onto another tableau card only where it empties its pile (the
   * playouts still play every such move, so the best line may hold any). Meant for games with
   * one-card moves, every pile a run and suits irrelevant (Empress of Italy, Double Signora): the
   * card moved sat on a card of the very type it now covers (the target's top), so the tops, as
   * card types, are the same after the move as before; it changes only the piles' lengths, which
   * count when a pile empties and is filled again. A step has fewer moves, each a playout, so a
   * line costs fewer nodes. A move into an empty pile is always tried. Absent: every move.
   */
  readonly emptyingShufflesOnly?: boolean;
  /**
   * Where present, the endgame search (nmcs.ts's Endgame): once a line's stock holds at most
   * `stock` cards, a complete DFS from the line's position for up to `nodes` nodes, once a line.
   */
  readonly endgame?: { readonly stock: number; readonly nodes: number };
  /** Where present, the lines race (lines.ts): those that fall behind end early, and good openings are played again. */
  readonly race?: LineRace;
}

/** Whether the steps of line `line` (0 the first) try their other moves beside foundation moves none of which is safe. */
export function lineWeighsHome(p: Playouts, line: number): boolean {
  return p.homeEveryOtherLine && line % 2 === 1;
}

/**
 * A step's moves (above) into buf from 0; weighHome: as lineWeighsHome says; emptyingOnly: as
 * Playouts.emptyingShufflesOnly says (all moves if that leaves none). Returns how many.
 */
export function stepMoves(s: GameState, buf: Int32Array, weighHome: boolean, emptyingOnly = false): number {
  const end = generateFoundationMoves(s, buf, 0);
  if (end > 0 && !(weighHome && safeFoundationMove(s, buf, 0, end) < 0)) return end;
  const all = generateOtherMoves(s, buf, end);
  if (!emptyingOnly) return all;
  let n = end;
  for (let i = end; i < all; i++) {
    const m = buf[i];
    const from = moveFrom(m);
    const to = moveTo(m);
    if (from < s.T && to < s.T && s.len[from] > 1 && s.len[to] > 0) continue; // onto a card, and the pile stays
    buf[n++] = m;
  }
  return n > 0 ? n : all;
}

/**
 * Whether a step of moves buf[0, end) is forced when the best line goes on with move `next`: `next`
 * is its only move, or the first safe foundation move (safe-moves.ts: playing it first never loses
 * a win). The search then plays it without trying the step's moves; the first step, with no best
 * line yet, is never forced.
 */
export function forcedStep(s: GameState, buf: Int32Array, end: number, next: number): boolean {
  if (end === 1) return buf[0] === next;
  const i = end > 1 ? safeFoundationMove(s, buf, 0, end) : -1;
  return i >= 0 && buf[i] === next;
}

/** A playout's weight for move m of position s, by weights w (a move home only where w.home is given). */
export function playoutWeight(s: GameState, m: number, w: PlayoutWeights): number {
  const from = moveFrom(m);
  if (w.home !== undefined) {
    const to = moveTo(m);
    if (to >= s.FOUND0 && to < s.CELL0) return w.home;
  }
  return from === s.WASTE || from === s.RESERVE ? w.waste : from === s.STOCK ? w.deal : 1;
}

/** A random index of [0, end), drawn in proportion to wts[0, end), which sum to total (> 0). */
export function drawWeighted(wts: Int32Array, end: number, total: number, rng: Int32Array): number {
  let r = xorshift(rng) % total;
  let i = 0;
  while (i < end - 1 && (r -= wts[i]) >= 0) i++;
  return i;
}

/**
 * The positions of one playout: open addressing on the two 32-bit hashes, cleared in O(1) by a new
 * generation number. It holds at most half its size, which PLAYOUT_MAX guarantees.
 */
export class PlayoutSet {
  private readonly h1: Int32Array;
  private readonly h2: Int32Array;
  private readonly gen: Int32Array;
  private current = 1;
  private readonly mask: number;

  constructor(minSize: number) {
    let size = 1;
    while (size < minSize) size <<= 1;
    this.h1 = new Int32Array(size);
    this.h2 = new Int32Array(size);
    this.gen = new Int32Array(size);
    this.mask = size - 1;
  }

  clear(): void {
    this.current++;
  }

  /** Adds the position; false if it was there already. */
  add(a: number, b: number): boolean {
    let i = (a ^ Math.imul(b, 0x9e3779b1)) & this.mask;
    for (;;) {
      if (this.gen[i] !== this.current) {
        this.gen[i] = this.current;
        this.h1[i] = a;
        this.h2[i] = b;
        return true;
      }
      if (this.h1[i] === a && this.h2[i] === b) return false;
      i = (i + 1) & this.mask;
    }
  }
}

// Move ordering for the depth-first search. Ordering never changes a verdict (every move is still
// tried); it decides which line the search tries first, which is most of what makes it fast.
import { moveFrom, moveTo } from '../../engine/move';
import type { GameState } from '../../engine/state';
import { childEstimates } from './heuristic';

/**
 * How a DFS orders a position's moves. 'generated': as move generation lists them; 'scored': by
 * the scores below (the suit-built games: heuristic.ts's estimate of each move's result); 'random':
 * foundation moves first, the rest in a random order drawn from the search's own generator (seeded,
 * so every run of a search is the same); 'grouped': by move group, shuffled within each group (see
 * moveGroup); 'noisy': in the suit-built games, 'scored' with random noise from that generator, so
 * that moves whose estimates differ by a little may swap (NOISE below; each restart of restart.ts
 * then tries a different line), elsewhere the same as 'scored'.
 */
export type OrderMode = 'generated' | 'scored' | 'random' | 'grouped' | 'noisy';

/**
 * 'noisy': scores are -estimate * NOISY_SCALE + a random 0..NOISE-1, so a move may come before one
 * up to floor((NOISE - 1) / NOISY_SCALE) = 5 estimate points better (chosen on tuning seeds:
 * docs/journal.md, *From the code's comments*).
 */
export const NOISY_SCALE = 4;
export const NOISE = 24;

/**
 * Move groups for 'grouped', tried in this order: to a foundation; from the waste or reserve to the
 * tableau; between tableau piles (and cells); into a cell; a deal from the stock.
 */
export function moveGroup(s: GameState, m: number): number {
  const from = moveFrom(m);
  const to = moveTo(m);
  if (to >= s.FOUND0 && to < s.CELL0) return 0;
  if (from === s.STOCK) return 4;
  if (from === s.WASTE || from === s.RESERVE) return 1;
  return to < s.T ? 2 : 3;
}

/** The next number (unsigned 32-bit) of the xorshift32 generator whose state is rng[0]. */
export function xorshift(rng: Int32Array): number {
  let x = rng[0];
  x ^= x << 13;
  x ^= x >>> 17;
  x ^= x << 5;
  rng[0] = x;
  return x >>> 0;
}

/** Shuffles buf[i..j) (Fisher-Yates with the search's own generator). */
export function shuffle(buf: Int32Array, i: number, j: number, rng: Int32Array): void {
  for (let k = j - 1; k > i; k--) {
    const r = i + (xorshift(rng) % (k - i + 1));
    const t = buf[k];
    buf[k] = buf[r];
    buf[r] = t;
  }
}

/** Scores a move (higher is tried first). Called before the move is applied. */
function score(s: GameState, m: number): number {
  const from = moveFrom(m);
  const to = moveTo(m);
  const len = s.len;
  if (to >= s.FOUND0 && to < s.CELL0) return 100;
  if (from === s.STOCK) return 20;
  if (to < s.T) {
    // onto the tableau
    if (from === s.WASTE) return 50;
    if (from === s.RESERVE) return 45;
    if (from < s.T) {
      if (len[from] === 1) return s.fill0 >= 0 ? 70 : 35; // empties a pile (auto-fill brings a card)
      // exposes the card below
      return 30;
    }
    return 40; // from a cell
  }
  return 10; // into a cell
}

/**
 * Puts buf[start..end) in the order of `mode`: for the scored modes, by descending score, stable
 * (ties stay in generation order). The reference order: the DFS gets the same from orderOrScore
 * and pickBest without sorting.
 */
export function orderMoves(s: GameState, buf: Int32Array, start: number, end: number, mode: OrderMode, rng: Int32Array, scores: Int32Array): void {
  if (!orderOrScore(s, buf, start, end, mode, rng, scores)) return;
  const n = end - start;
  for (let i = 1; i < n; i++) {
    const m = buf[start + i];
    const sc = scores[i];
    let j = i - 1;
    while (j >= 0 && scores[j] < sc) {
      buf[start + j + 1] = buf[start + j];
      scores[j + 1] = scores[j];
      j--;
    }
    buf[start + j + 1] = m;
    scores[j + 1] = sc;
  }
}

/**
 * 'generated', 'random' and 'grouped': puts buf[start..end) in the mode's order and returns false.
 * 'scored' and 'noisy': leaves buf as it is, writes each move's score (higher first) into
 * scores[at..at+end-start) and returns true; orderMoves then sorts by it, and the DFS instead picks
 * the best move when it comes to it (pickBest), which gives the same order without sorting moves it
 * never tries.
 */
export function orderOrScore(s: GameState, buf: Int32Array, start: number, end: number, mode: OrderMode, rng: Int32Array, scores: Int32Array, at = 0): boolean {
  if (mode === 'generated') return false;
  if (mode === 'grouped') {
    // Stable sort by group (insertion sort: lists are short), then shuffle within each group.
    for (let i = start + 1; i < end; i++) {
      const m = buf[i];
      const g = moveGroup(s, m);
      let j = i - 1;
      while (j >= start && moveGroup(s, buf[j]) > g) {
        buf[j + 1] = buf[j];
        j--;
      }
      buf[j + 1] = m;
    }
    let i = start;
    while (i < end) {
      const g = moveGroup(s, buf[i]);
      let j = i + 1;
      while (j < end && moveGroup(s, buf[j]) === g) j++;
      shuffle(buf, i, j, rng);
      i = j;
    }
    return false;
  }
  if (mode === 'random') {
    let i = start;
    while (i < end && moveTo(buf[i]) >= s.FOUND0 && moveTo(buf[i]) < s.CELL0) i++;
    let x = rng[0];
    for (let j = end - 1; j > i; j--) {
      x ^= x << 13; // xorshift32
      x ^= x >>> 17;
      x ^= x << 5;
      const k = i + ((x >>> 0) % (j - i + 1));
      const t = buf[j];
      buf[j] = buf[k];
      buf[k] = t;
    }
    rng[0] = x;
    return false;
  }
  const n = end - start;
  if (s.suitFound && (mode === 'scored' || mode === 'noisy')) {
    // Suit-built games: try first the move whose result looks closest to a win.
    childEstimates(s, buf, start, end, scores, at);
    if (mode === 'scored') for (let i = at; i < at + n; i++) scores[i] = -scores[i];
    else for (let i = at; i < at + n; i++) scores[i] = -scores[i] * NOISY_SCALE + (xorshift(rng) % NOISE);
  } else for (let i = 0; i < n; i++) scores[at + i] = score(s, buf[start + i]);
  return true;
}

/**
 * Brings the move of highest score among buf[i..end) to i, the first of them on a tie, shifting the
 * moves before it up by one: scores are kept beside the moves (sc[k] for buf[k]). Picking this way,
 * one move at a time, tries moves in the order of orderMoves' stable sort.
 */
export function pickBest(buf: Int32Array, sc: Int32Array, i: number, end: number): void {
  let best = i;
  let top = sc[i];
  for (let k = i + 1; k < end; k++)
    if (sc[k] > top) {
      top = sc[k];
      best = k;
    }
  if (best === i) return;
  const m = buf[best];
  for (let k = best; k > i; k--) {
    buf[k] = buf[k - 1];
    sc[k] = sc[k - 1];
  }
  buf[i] = m;
  sc[i] = top;
}

// A second, plain implementation of deadlock.ts's waste test, to check the fast one: the tests
// compare them on random walks, and `verify` (SolveOptions.deadlockAudit) checks every position the
// fast test cuts in a proof it repeats, so a proof of loss by the waste test never rests on the fast
// code alone. Slow (every point recounted), so it runs only where the fast test has fired.
import type { GameState } from '../engine/state';

/**
 * True when no line takes every waste card off with the tableau's piles enough each time: the
 * waste test written again the slow, plain way, from deadlock.ts's comment, step by step. For each
 * waste card, top first, and each number e of reserve cards gone, the least d (stock cards dealt)
 * at or above the staircase of the last card's points with J at most the piles, J recounted from
 * scratch: no memo, no incremental J, no shared code. `base` is the base rank (0 in Red and Black).
 */
export function wasteStuckPlain(s: GameState, base: number): boolean {
  const colour = (c: number) => ((c & 3) === 1 || (c & 3) === 2 ? 1 : 0); // suits C D H S: D and H red
  const classOf = (c: number) => {
    const level = ((c >> 2) - base + 13) % 13;
    return (colour(c) ^ (level & 1)) * 13 + level;
  };
  const pile = (p: number) => Array.from(s.cards.subarray(s.off[p], s.off[p] + s.len[p]));
  const waste = pile(s.WASTE);
  const stock = pile(s.STOCK).reverse(); // top first
  const reserve = pile(s.RESERVE).reverse(); // top first
  const out: number[] = [];
  for (let p = 0; p < s.CELL0; p++) out.push(...pile(p)); // tableau and foundations
  // counts(cards)[k]: the class counts of the first k cards.
  const counts = (cards: number[]) => {
    const all = [new Array<number>(26).fill(0)];
    for (const c of cards) all.push(all[all.length - 1].map((n, k) => n + (k === classOf(c) ? 1 : 0)));
    return all;
  };
  const dealt = counts(stock);
  const gone = counts(reserve);
  const J = (n: number[]) => n.reduce((j, x, c) => (c % 13 > 0 ? j + Math.max(0, x - n[c - 1]) : j), 0);
  let low = new Array<number>(reserve.length + 1).fill(0);
  for (let i = waste.length - 1; i >= 0; i--) {
    out.push(waste[i]);
    const mine = counts(out)[out.length];
    const next = low.map((from, e) => {
      for (let d = from; d <= stock.length; d++) if (J(mine.map((n, k) => n + dealt[d][k] + gone[e][k])) <= s.T) return d;
      return Infinity;
    });
    for (let e = 1; e < next.length; e++) next[e] = Math.min(next[e], next[e - 1]);
    if (next[next.length - 1] === Infinity) return true;
    low = next;
  }
  return false;
}

// A second, plain implementation of deadlock.ts's waste test, to check the fast one: the tests
// compare them on random walks, and `verify` (SolveOptions.deadlockAudit) checks every position the
// fast test cuts in a proof it repeats, so no cut in a repeated proof rests on the fast test's code
// alone (the search around it is shared). Slow (every point recounted, about 0.2 ms a position in
// Empress of Italy), so it runs only where the fast test has fired.
import type { GameState } from '../engine/state';

/**
 * True when no line takes every waste card off with the tableau's piles enough each time: the
 * waste test written again the slow, plain way, from deadlock.ts's comment, step by step. Its own
 * base rank (the fixed one, else the constraint, else the ace where the rules start there) and its
 * own check that every tableau pile is a run (else the test does not apply: false). For each waste
 * card, top first, and each number e of reserve cards gone, the least d (stock cards dealt) at or
 * above the staircase of the last card's points with J at most the piles, J recounted from scratch:
 * no memo, no incremental J, no shared code.
 */
export function wasteStuckPlain(s: GameState): boolean {
  const base = s.base >= 0 ? s.base : s.baseConstraint >= 0 ? s.baseConstraint : s.rules.baseRule === 'ace' ? 0 : -1;
  if (base < 0 || s.C > 0) return false;
  const colour = (c: number) => ((c & 3) === 1 || (c & 3) === 2 ? 1 : 0); // suits C D H S: D and H red
  const classOf = (c: number) => {
    const level = ((c >> 2) - base + 13) % 13;
    return (colour(c) ^ (level & 1)) * 13 + level;
  };
  // A run: each card one rank below the card under it (A below 2; K below A only where the tableau
  // wraps), in the other colour.
  const onto = (under: number, c: number) =>
    colour(under) !== colour(c) && ((c >> 2) + 1 === under >> 2 || (s.rules.tableauWrap && c >> 2 === 12 && under >> 2 === 0));
  for (let p = 0; p < s.T; p++) for (let i = s.off[p] + 1; i < s.off[p] + s.len[p]; i++) if (!onto(s.cards[i - 1], s.cards[i])) return false;
  const pile = (p: number) => Array.from(s.cards.subarray(s.off[p], s.off[p] + s.len[p]));
  const waste = pile(s.WASTE);
  const stock = pile(s.STOCK).reverse(); // top first
  const reserve = pile(s.RESERVE).reverse(); // top first
  const out: number[] = [];
  for (let p = 0; p < s.CELL0; p++) out.push(...pile(p)); // tableau and foundations (no cells: above)
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
  const mine = counts(out)[out.length];
  for (let i = waste.length - 1; i >= 0; i--) {
    mine[classOf(waste[i])]++;
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

// The referee's proofs of loss: an exhaustive search over rules.mjs's moves, and its own versions of
// the two deadlock tests that the solver's proofs name (`reserve`, `waste`), each argued here from
// the rules alone. Written from the arguments in docs/solver.md, not from src/solver.
import { isWon, keyOf, legalMoves, play, rankOf, redOf } from './rules.mjs';

/**
 * The alternate-colour games with the base fixed (Terrace family, Red and Black): a card of rank r
 * is level (r - base) mod 13 of its foundation chain, and its chain's type is the colour of the
 * chain's base card: the colour flips at every level, so type = red ^ (level & 1). A class
 * (type, level) has 2 * decks copies, and each foundation of a type holds at most one of each of
 * its levels, from level 0 up. Class index: type * 13 + level.
 */
const levelOf = (pos, c) => (rankOf(c) - pos.base + 13) % 13;
const classOf = (pos, c) => {
  const k = levelOf(pos, c);
  return (redOf(c) ^ (k & 1)) * 13 + k;
};
const altColour = (pos) => pos.game.build === 'terrace' || pos.game.build === 'alternate';

/**
 * The reserve test. Relaxed game: every card outside the reserve is free, and may go to a
 * foundation whenever that foundation's next level is of its class; the reserve's cards must still
 * leave top first, each onto a foundation of its chain at its level, or (Double Signora) onto a
 * tableau card, which needs a copy of its parent (one rank up, the other colour) neither on the
 * foundations nor in the reserve below it. Every real line is a line of it: a real foundation move
 * takes a card not on a foundation (a free one, or the reserve's top), and a real reserve-to-tableau
 * move needs that parent on the tableau. So when the relaxed game cannot empty the reserve, the real
 * game, which must empty it to win, is lost.
 *
 * The relaxed game is decided exactly by a search that raises foundations only when a reserve card
 * needs one (lazily): a free copy of a class stays free until a foundation takes it, so raising
 * later is always possible, while raising earlier can only take a level a reserve card needs, or a
 * parent it needs. Empty foundations count as level 0 of the type they will take: there are as
 * many foundations of each type as base cards of that colour.
 */
export function reserveDead(pos) {
  if (pos.base === null || pos.game.build !== 'terrace' || pos.reserve.length === 0) return false;
  const copies = 2 * pos.game.decks;
  const levels = [[], []];
  for (const f of pos.foundations) if (f.length) levels[redOf(f[0])].push(f.length);
  for (const lv of levels) while (lv.length < copies) lv.push(0);
  const res = pos.reserve
    .slice()
    .reverse()
    .map((c) => ({ cls: classOf(pos, c), parent: pos.game.reserveTo === 'foundation-or-pile' ? parentClass(pos, c) : -1 }));
  const memo = new Set(); // relaxed positions from which the reserve cannot be emptied
  const alive = (i, lv) => {
    if (i === res.length) return true;
    const key = `${i}/${lv[0].join(',')}/${lv[1].join(',')}`;
    if (memo.has(key)) return false;
    const inReserve = (cls, from) => res.slice(from).filter((x) => x.cls === cls).length;
    const onFoundations = (cls) => lv[Math.floor(cls / 13)].filter((l) => l > cls % 13).length;
    const free = (cls, from) => copies - onFoundations(cls) - inReserve(cls, from);
    const { cls, parent } = res[i];
    if (parent >= 0 && free(parent, i + 1) >= 1 && alive(i + 1, lv)) return true;
    const t = Math.floor(cls / 13);
    const k = cls % 13;
    for (const j of new Set(lv[t])) {
      if (j > k) continue;
      let ok = true;
      for (let m = j; m < k && ok; m++) ok = free(t * 13 + m, i) >= 1;
      if (!ok) continue;
      const raised = lv[t].slice();
      raised[raised.indexOf(j)] = k + 1;
      raised.sort((a, b) => a - b);
      const next = t === 0 ? [raised, lv[1]] : [lv[0], raised];
      if (alive(i + 1, next)) return true;
    }
    memo.add(key);
    return false;
  };
  return !alive(0, [levels[0].sort((a, b) => a - b), levels[1].sort((a, b) => a - b)]);
}

/** The class of the cards that card `c` may go onto on the tableau: one rank up (wrapping), the other colour. */
function parentClass(pos, c) {
  const rank = rankOf(c) === 13 ? 1 : rankOf(c) + 1;
  const k = (rank - pos.base + 13) % 13;
  return ((1 - redOf(c)) ^ (k & 1)) * 13 + k;
}

/**
 * The waste test. Cut every foundation and tableau pile into pieces of consecutive levels of one
 * chain. A foundation's piece starts at level 0. A tableau pile is a run down in alternate colour
 * (RULES.md, *Consequences*), and going up it the level falls by one (or wraps from 0 to 12, which
 * starts a new piece at level 0), so only its top piece can start above level 0: at most one such
 * piece per pile. With out[c] the cards of class c on the foundations and the tableau, each card of
 * level k >= 1 either starts a piece or lies next to a card of level k - 1 of its chain, and each
 * of those is next to at most one, so J = sum over classes of max(0, out[T,k] - out[T,k-1]) pieces
 * start above level 0, and J <= the number of piles in every position.
 *
 * A win takes every waste card off, top first. Just after waste card x leaves, the waste holds the
 * cards below x, the stock all but its top d cards, the reserve all but its top e, and all others
 * are out; d and e never fall from one waste card to the next. So a win needs a path of points
 * (d, e), one per waste card, rising in both, each with J <= piles. Keeping the least d for each e
 * finds one if there is one (a smaller d leaves every later choice open).
 */
export function wasteDead(pos) {
  if (pos.base === null || !altColour(pos) || pos.waste.length === 0) return false;
  const piles = pos.tableau.length;
  const S = pos.stock.length;
  const R = pos.reserve.length;
  const J = (notOut) => {
    let j = 0;
    for (let t = 0; t < 2; t++) for (let k = 1; k < 13; k++) j += Math.max(0, notOut[t * 13 + k - 1] - notOut[t * 13 + k]); // out = copies - notOut
    return j;
  };
  let reach = new Array(R + 1).fill(0); // least d reached with the reserve's top e gone, or Infinity
  for (let idx = pos.waste.length - 1; idx >= 0; idx--) {
    const below = new Array(26).fill(0);
    for (let i = 0; i < idx; i++) below[classOf(pos, pos.waste[i])]++;
    const next = new Array(R + 1).fill(Infinity);
    for (let e = 0; e <= R; e++) {
      let from = Infinity;
      for (let e2 = 0; e2 <= e; e2++) from = Math.min(from, reach[e2]);
      if (from === Infinity) continue;
      const notOut = below.slice();
      for (let i = 0; i < R - e; i++) notOut[classOf(pos, pos.reserve[i])]++;
      for (let i = 0; i < S - from; i++) notOut[classOf(pos, pos.stock[i])]++;
      for (let d = from; d <= S; d++) {
        if (d > from) notOut[classOf(pos, pos.stock[S - d])]--;
        if (J(notOut) <= piles) {
          next[e] = d;
          break;
        }
      }
    }
    if (next.every((d) => d === Infinity)) return true;
    reach = next;
  }
  return false;
}

const TESTS = { reserve: reserveDead, waste: wasteDead };
export const KNOWN_TESTS = Object.keys(TESTS);

/**
 * Searches every position reachable from `pos` (whose first foundation card has rank `base`, when
 * given) for a win, except below positions that one of `tests` proves dead. Depth first, with a
 * set of the positions met: every position reachable from the deal is met unless only through a
 * dead one, and a position from which a win is reachable is never dead, so a search that meets no
 * win proves the deal lost. Returns { verdict: 'lost' | 'won' | 'open', nodes, cuts, moves }.
 */
export function searchForWin(start, { base = null, tests = [], maxNodes = 2_000_000 } = {}) {
  const seen = new Set();
  const cuts = Object.fromEntries(tests.map((t) => [t, 0]));
  let nodes = 0;
  // An explicit stack, not recursion: a depth-first line through a graph with cycles can be as
  // long as the number of positions. Each frame is a position, its moves and the next to try.
  const stack = [];
  const enter = (pos) => {
    if (isWon(pos)) return 'won';
    const key = keyOf(pos);
    if (seen.has(key)) return null;
    seen.add(key);
    if (++nodes > maxNodes) return 'open';
    for (const t of tests)
      if (TESTS[t](pos)) {
        cuts[t]++;
        return null;
      }
    stack.push({ pos, moves: legalMoves(pos), next: 0 });
    return null;
  };
  let verdict = enter(start) ?? 'lost';
  const path = () => stack.map((f) => f.moves[f.next - 1]);
  while (verdict === 'lost' && stack.length > 0) {
    const top = stack[stack.length - 1];
    if (top.next === top.moves.length) {
      stack.pop();
      continue;
    }
    const move = top.moves[top.next++];
    const next = play(top.pos, move);
    if (base !== null && top.pos.base === null && next.base !== null && next.base !== base) continue;
    const r = enter(next);
    if (r === 'won') return { verdict: 'won', nodes, cuts, moves: path() };
    if (r === 'open') verdict = 'open';
  }
  return { verdict, nodes: Math.min(nodes, maxNodes), cuts, moves: verdict === 'won' ? [] : undefined };
}

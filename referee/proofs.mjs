// The referee's proofs of loss: an exhaustive search over rules.mjs's moves, and its own versions of
// the three deadlock tests that the solver's proofs name (`reserve`, `waste`, `order`), each argued
// here from the rules alone. Written from the arguments in docs/solver.md, not from src/solver.
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
 * J (see wasteDead) from the count of each class not out: out = copies - notOut, so each term
 * max(0, out[T,k] - out[T,k-1]) is max(0, notOut[T,k-1] - notOut[T,k]).
 */
const J = (notOut) => {
  let j = 0;
  for (let t = 0; t < 2; t++) for (let k = 1; k < 13; k++) j += Math.max(0, notOut[t * 13 + k - 1] - notOut[t * 13 + k]);
  return j;
};

/** Adds d to notOut[c] and returns the change in J: only the terms at c's level and the next take part. */
const addJ = (notOut, c, d) => {
  const k = c % 13;
  const terms = () => (k > 0 ? Math.max(0, notOut[c - 1] - notOut[c]) : 0) + (k < 12 ? Math.max(0, notOut[c] - notOut[c + 1]) : 0);
  const before = terms();
  notOut[c] += d;
  return terms() - before;
};

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
  const byBottoms = pos.game.empty === 'stock-then-waste' && R === 0;
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
        if (J(notOut) <= piles && (!byBottoms || d === S || bottomsOK(pos, notOut, d))) {
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

/**
 * The piles' bottoms, where emptied piles are filled from the stock first and there is no reserve
 * (Empress of Italy). A tableau card lies on a card one rank up of the other colour (its parent
 * class) or is its pile's bottom, and a card holds one card, so each class has at most (its
 * parent's cards on the tableau) + (its bottoms) on the tableau. While the stock holds a card no
 * pile is ever empty, so nothing from the waste or the tableau goes into one: a bottom then is one
 * of today's or a card dealt since. With d cards dealt (stock not empty), some foundations must
 * leave the tableau within that. Foundations: per chain, how many are full (x) is tried from 0 up;
 * going down the levels each takes the fewest foundations reaching it that keep its class within
 * (more only leave fewer cards of the levels below on the tableau, and a level-0 count that is
 * larger only hurts the other chain's level 12, whose parent it is).
 */
function bottomsOK(pos, notOut, d) {
  const copies = 2 * pos.game.decks;
  const S = pos.stock.length;
  const bottoms = new Array(26).fill(0);
  for (const p of pos.tableau) if (p.length) bottoms[classOf(pos, p[0])]++;
  for (let i = 1; i <= d; i++) bottoms[classOf(pos, pos.stock[S - i])]++;
  const out = notOut.map((n) => copies - n);
  const low = [[], []]; // low[T][x]: the least level-0 count with x full foundations, or null
  for (let T = 0; T < 2; T++)
    for (let x = 0; x <= copies; x++) {
      let f = x;
      let ok = x <= out[T * 13 + 12];
      for (let k = 11; k >= 0 && ok; k--) {
        const c = T * 13 + k;
        f += Math.max(0, out[c] - out[c + 1] - bottoms[c]);
        ok = f <= out[c] && f <= copies;
      }
      low[T][x] = ok ? f : null;
    }
  for (let x0 = 0; x0 <= copies; x0++)
    for (let x1 = 0; x1 <= copies; x1++) {
      if (low[0][x0] === null || low[1][x1] === null) continue;
      if (out[12] - x0 - (out[13] - low[1][x1]) <= bottoms[12] && out[25] - x1 - (out[0] - low[0][x0]) <= bottoms[25]) return true;
    }
  return false;
}

/**
 * The order test. Relaxed game: a position is only the stock left and the waste's classes, every
 * other card being out; its moves are a deal (the stock's top onto the waste) and a pop (the waste's
 * top goes out), a pop allowed only while the cards out still need at most J <= piles pieces
 * (wasteDead's count). Every real line is a line of it: a deal is a deal, a card leaving the waste
 * is a pop, a pile filled from the stock is a deal then a pop, and every other move changes nothing
 * it sees, while every real position has J <= piles. So where the relaxed game cannot be won (stock
 * and waste both emptied), neither can the real one. Asked with the reserve empty.
 *
 * Decided by plain exhaustive search, which stops early on three sound facts:
 * - wasteDead's staircase (with no reserve) lets later cards go out freely, so it relaxes this game
 *   too: where it finds no path, the relaxed position is lost.
 * - Call (n, W) valid when its cards out have J <= piles; every position the relaxed game reaches
 *   from a real one is valid. If (n, W) is lost and (n - 1, W) valid, (n - 1, W) is lost: from
 *   (n, W) a deal and a pop of the card dealt reach it.
 * - If (n', B) is lost at every valid n' <= n, so is (n, B + T) for any cards T above B: a win must
 *   pop B's top card, and just before it the waste is B, the stock some n' <= n, the position valid.
 *   So each lost waste is kept as a bottom, with the stock lengths it is known lost at.
 * The relaxed game depends only on the base, the piles and the stock's bottom n cards, which are the
 * same for every position of one deal, so what it learns is kept across the calls of one search.
 */
export function orderTest(cap = 200_000) {
  let ctx = null; // { base, piles, stock (classes, bottom first), root: the tree of wastes (decide) }
  const sameDeal = (pos, stock) =>
    ctx !== null && ctx.base === pos.base && ctx.piles === pos.tableau.length && stock.length <= ctx.stock.length && stock.every((c, i) => c === ctx.stock[i]);
  // The last question's answer ('won', 'lost', 'open', or null where the test does not apply) is
  // kept as ask.answer, for tests.
  const ask = (pos) => {
    ask.answer = null;
    if (pos.base === null || !altColour(pos) || pos.reserve.length > 0) return false;
    const stock = pos.stock.map((c) => classOf(pos, c)); // bottom first: with n left, stock[n - 1] is dealt next
    if (!sameDeal(pos, stock)) ctx = { base: pos.base, piles: pos.tableau.length, stock, root: null };
    ask.answer = decide(
      ctx,
      stock.length,
      pos.waste.map((c) => classOf(pos, c)),
      cap,
    );
    return ask.answer === 'lost';
  };
  return ask;
}

/**
 * Searches the relaxed game from (n, waste) in `ctx` (see orderTest): 'won', 'lost', or 'open' past
 * `cap` positions. What is known about a waste W is kept in a tree of wastes, bottom card first:
 * W's node holds the stock lengths at which (n, W) is known won, known lost, and valid, and thr, the
 * greatest m such that (n', W) is lost at every valid n' <= m.
 */
function decide(ctx, n0, waste, cap) {
  const { piles, stock } = ctx;
  const node = () => ({ kids: new Map(), won: null, lost: null, valid: null, thr: -1 });
  const child = (at, c) => {
    if (!at.kids.has(c)) at.kids.set(c, node());
    return at.kids.get(c);
  };
  ctx.root ??= node();
  const path = [ctx.root]; // path[h]: the node of the waste's bottom h cards
  for (const c of waste) path.push(child(path[path.length - 1], c));
  const notOut = new Array(26).fill(0); // the cards in the waste and the stock
  for (const c of [...stock.slice(0, n0), ...waste]) notOut[c]++;
  let j = J(notOut);
  const stuck = (n) => {
    const t = notOut.slice();
    let jt = j;
    let d = n;
    for (let i = waste.length - 1; i >= 0; i--) {
      jt += addJ(t, waste[i], -1);
      while (jt > piles && d > 0) jt += addJ(t, stock[--d], -1);
      if (jt > piles) return true;
    }
    return false;
  };
  // For the waste as it is: the stock lengths 0..stock.length at which it is valid.
  const validity = () => {
    const t = new Array(26).fill(0);
    for (const c of waste) t[c]++;
    let jt = J(t);
    const valid = [jt <= piles];
    for (const c of stock) {
      jt += addJ(t, c, 1);
      valid.push(jt <= piles);
    }
    return valid;
  };
  // (n, W) lost, W the waste as it is: then so is (n', W) for every n' below n down to an invalid one.
  const learn = (n, at) => {
    at.valid ??= validity();
    at.lost ??= new Uint8Array(stock.length + 1);
    for (let m = n; m >= 0 && at.valid[m] && !at.lost[m]; m--) at.lost[m] = 1;
    while (at.thr < stock.length && (!at.valid[at.thr + 1] || at.lost[at.thr + 1])) at.thr++;
  };
  const bottomLost = (n) => {
    for (let h = 1; h < waste.length; h++) if (path[h].thr >= n) return true;
    return false;
  };
  let nodes = 0;
  const play = (n) => {
    if (n === 0 && waste.length === 0) return 'won';
    const at = path[path.length - 1];
    if (at.won?.[n]) return 'won';
    if (at.lost?.[n]) return 'lost';
    if (++nodes > cap) return 'open';
    if (bottomLost(n) || stuck(n)) {
      learn(n, at);
      return 'lost';
    }
    let result = 'lost';
    if (waste.length > 0) {
      const c = waste.pop();
      path.pop();
      const dj = addJ(notOut, c, -1);
      j += dj;
      const r = j <= piles ? play(n) : 'lost';
      j -= dj;
      notOut[c]++;
      waste.push(c);
      path.push(at);
      if (r !== 'lost') result = r;
    }
    if (n > 0 && result !== 'won') {
      waste.push(stock[n - 1]);
      path.push(child(at, stock[n - 1]));
      const r = play(n - 1);
      waste.pop();
      path.pop();
      if (r !== 'lost') result = r;
    }
    if (result === 'won') (at.won ??= new Uint8Array(stock.length + 1))[n] = 1;
    if (result === 'lost') learn(n, at);
    return result;
  };
  return play(n0);
}

// Each search makes its tests afresh: the order test keeps what it learns about one deal.
const TESTS = { reserve: () => reserveDead, waste: () => wasteDead, order: () => orderTest() };
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
  const dead = Object.fromEntries(tests.map((t) => [t, TESTS[t]()]));
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
      if (dead[t](pos)) {
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

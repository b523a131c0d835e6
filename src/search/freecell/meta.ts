// Meta-moves, after Freecell Solver's, for Winery and FreeCell: how they sit in a move list, how
// one is played (playMeta), and how a position's are generated, all at once in the meta-move DFS's
// order (generateMetaMoves, for metadfs.ts) or one Freecell Solver test at a time (metaTest, for
// the soft threads of soft.ts).
//
// A meta-move is a short fixed sequence of single-card moves and supermoves with one purpose:
// clear the cards above a card and send it home (DIG); clear the cards above a run and above a
// card it may go on, then move the run there (JOIN); clear the cards above a card and put a cell's
// card on it (CELL_ON); clear the cards above a run and move it into an empty pile (TO_EMPTY); put
// a cell's card into an empty pile and a run on it (CELL_EMPTY_ON). Cleared cards go one at a time
// into the free cells, then one to each empty pile. Nothing else is tried: no card goes into a cell
// or an empty pile except as part of a meta-move, so the tree is much smaller than the single-card
// moves' tree and a win, when the search finds one, is found in far fewer steps. These are
// Freecell Solver's tests 0, 2, 3, 4, 6 and j.
//
// soft.ts builds Freecell Solver's other threads from the same tests, one at a time (metaTest), with
// four more: a card onto a parent lower in its own pile (its test 5, SAME_PILE), part of a pile's
// top run onto another parent (its test 8, a JOIN from inside the run), a whole pile into the free
// cells (its test 9, PILE_TO_CELLS) and, as part of j, two cells' cards, parent and child, into an
// empty pile (CELLS_TO_EMPTY).
//
// Why a search over them never gives a wrong verdict: every meta-move is played as the legal
// single-card moves and supermoves (supermove.ts) it stands for, checked again when the solution is
// replayed (src/solver/solve.ts), so a `won` replays. The move set leaves out legal moves, so an exhausted
// tree proves nothing: the searches then report 'exhausted', never 'lost'.
import { encodeMove } from '../../engine/move';
import type { GameState } from '../../engine/state';
import type { RuleTable } from '../../rules/vocabulary';
import { shuffle } from '../order/order';
import { emptyPiles, freeCells, runCapacity } from './supermove';

/**
 * True for games the meta-moves are written for: FreeCell's rules with any counts of piles and (at
 * least one) cells: one deck, foundations by suit from the Ace, single-card moves onto the next
 * rank up in the other colour (no wrap), empty piles that take any card, nothing filled
 * automatically. (kin() relies on the alternate colours: each card has two parents.)
 */
export function metaMovesApply(r: RuleTable): boolean {
  return (
    r.foundationBuild === 'suit' &&
    r.tableauBuild === 'down-alt-colour' &&
    r.baseRule === 'ace' &&
    r.decks === 1 &&
    !r.runMoves &&
    !r.tableauWrap &&
    r.cells > 0 &&
    r.autoFill.length === 0 &&
    r.reserveSize === 0 &&
    !r.hasStock &&
    (r.emptyPile === 'any-single-card' || r.emptyPile === 'any-card-or-run')
  );
}

// A meta-move in a move list: MACRO | cost << 27 | type << 24 | a | b << 6 | c << 12 | d << 18
// (6 bits each; piles and indices are below 64: move.ts), cost = the cards it clears (up to 7).
// Plain moves (engine/move.ts) never have bit 30 set.
const MACRO = 1 << 30;
const DIG = 0; // a: pile, b: index of the card to send home, c: its foundation
const JOIN = 1; // a: source pile, b: first card of the run, c: target pile, d: index of the card it goes on
const CELL_ON = 2; // a: cell, c: target pile, d: index of the card the cell's card goes on
const TO_EMPTY = 3; // a: pile, b: first card of the run, d: cards in the run
const CELL_EMPTY_ON = 4; // a: cell, b: first card of the run, c: its pile, d: cards in the run
const PILE_TO_CELLS = 5; // a: pile (its cards into the free cells)
const CELLS_TO_EMPTY = 6; // a: cell holding the parent, b: cell holding the child (into the first empty pile)
const SAME_PILE = 7; // a: pile, b: index of a card, d: index of its parent lower in the same pile

function meta(type: number, a: number, b: number, c: number, d: number, cleared: number): number {
  return MACRO | (Math.min(cleared, 7) << 27) | (type << 24) | a | (b << 6) | (c << 12) | (d << 18);
}

/**
 * Whether n cleared cards fit in f free cells and e empty piles and a k-card run can then still
 * move onto a card (capacity with what is left).
 */
function fits(n: number, f: number, e: number, k: number): boolean {
  const inCells = Math.min(n, f);
  const inPiles = Math.min(n - inCells, e);
  return n === inCells + inPiles && runCapacity(f - inCells, e - inPiles) >= k;
}

/** Index of the last card of the run (built down in alternate colour) that starts at index c of pile p. */
function runEnd(s: GameState, p: number, c: number): number {
  const o = s.off[p];
  const last = s.len[p] - 1;
  const cards = s.cards;
  let e = c;
  while (e < last && s.stackOK[cards[o + e] * 52 + cards[o + e + 1]] === 1) e++;
  return e;
}

/**
 * Moves the top n cards of tableau pile p one at a time to the first free cells, then one to each
 * empty pile; returns where the last one went (-1 if none moved).
 */
function clear(s: GameState, p: number, n: number): number {
  let to = -1;
  for (let i = 0; i < n; i++) {
    to = -1;
    for (let c = s.CELL0; c < s.RESERVE && to < 0; c++) if (s.len[c] === 0) to = c;
    for (let q = 0; q < s.T && to < 0; q++) if (s.len[q] === 0) to = q;
    s.apply(encodeMove(p, to, 1));
  }
  return to;
}

function firstEmptyPile(s: GameState): number {
  for (let q = 0; q < s.T; q++) if (s.len[q] === 0) return q;
  return -1;
}

/** Plays move list entry m (a plain move or a meta-move) on s; returns how many moves it applied. */
export function playMeta(s: GameState, m: number): number {
  if ((m & MACRO) === 0) {
    s.apply(m);
    return 1;
  }
  const before = s.undoTop;
  const type = (m >> 24) & 7;
  const a = m & 63;
  const b = (m >> 6) & 63;
  const c = (m >> 12) & 63;
  const d = (m >> 18) & 63;
  if (type === DIG) {
    clear(s, a, s.len[a] - 1 - b);
    s.apply(encodeMove(a, c, 1));
  } else if (type === JOIN) {
    const k = runEnd(s, a, b) - b + 1;
    clear(s, c, s.len[c] - 1 - d);
    clear(s, a, s.len[a] - b - k);
    s.apply(encodeMove(a, c, k));
  } else if (type === CELL_ON) {
    clear(s, c, s.len[c] - 1 - d);
    s.apply(encodeMove(a, c, 1));
  } else if (type === TO_EMPTY) {
    clear(s, a, s.len[a] - b - d);
    s.apply(encodeMove(a, firstEmptyPile(s), d));
  } else if (type === CELLS_TO_EMPTY) {
    const e = firstEmptyPile(s);
    s.apply(encodeMove(a, e, 1));
    s.apply(encodeMove(b, e, 1));
  } else if (type === PILE_TO_CELLS) {
    clear(s, a, s.len[a]);
  } else if (type === SAME_PILE) {
    // As Freecell Solver plays its test 5: the card and those above it out (the card last), then
    // the cards above its parent, then the card back onto its parent.
    const x = clear(s, a, s.len[a] - b);
    clear(s, a, s.len[a] - 1 - d);
    s.apply(encodeMove(x, a, 1));
  } else {
    const e = firstEmptyPile(s);
    s.apply(encodeMove(a, e, 1));
    clear(s, c, s.len[c] - b - d);
    s.apply(encodeMove(c, e, d));
  }
  return s.undoTop - before;
}

/**
 * For each card c, the cards it may be built on (its parents) at parents[c * 5 + 1 ..], their count
 * at parents[c * 5]; likewise the cards that may be built on it (children). Made once per rule
 * table's stackOK: with alternate colours each card has two of each.
 */
interface Kin {
  parents: Int8Array;
  children: Int8Array;
}
const kinOf = new WeakMap<Uint8Array, Kin>();

let lastStackOK: Uint8Array | null = null;
let lastKin: Kin | null = null;

function kin(stackOK: Uint8Array): Kin {
  if (stackOK === lastStackOK) return lastKin!; // the same rules as last time: no map lookup
  let k = kinOf.get(stackOK);
  if (!k) {
    k = { parents: new Int8Array(52 * 5), children: new Int8Array(52 * 5) };
    for (let c = 0; c < 52; c++)
      for (let y = 0; y < 52; y++) {
        if (stackOK[y * 52 + c] === 1) k.parents[c * 5 + 1 + k.parents[c * 5]++] = y;
        if (stackOK[c * 52 + y] === 1) k.children[c * 5 + 1 + k.children[c * 5]++] = y;
      }
    kinOf.set(stackOK, k);
  }
  lastStackOK = stackOK;
  lastKin = k;
  return k;
}

/** Index of the first card of the run (built down in alternate colour) that ends at index e of pile p. */
function runStart(s: GameState, p: number, e: number): number {
  const o = s.off[p];
  const cards = s.cards;
  let b = e;
  while (b > 0 && s.stackOK[cards[o + b - 1] * 52 + cards[o + b]] === 1) b--;
  return b;
}

/**
 * Appends the meta-moves of `s` to buf[at..) in Freecell Solver's order "j26[34]": cell card to an
 * empty pile with a run on it; cell card onto a card; runs into an empty pile; then sending buried
 * cards home and moving runs onto cards, shuffled together (rng). Returns the new end. A pile is
 * seen as its maximal runs, and only those with at most as many cards above them as there are free
 * cells and empty piles to clear them into are looked at, from the top down. The caller must have
 * called generateFoundationMoves on this position first (it fills the foundations' table the DIGs
 * read). Two differences from Freecell Solver's tests: j does not also put two cell cards, parent
 * and child, into an empty pile (metaJPairs does); and where a pile's top run is longer than can
 * move into an empty pile, 6 moves the part of it that can (Freecell Solver skips it, as metaTest
 * does with wholeTopRun).
 */
export function generateMetaMoves(s: GameState, buf: Int32Array, at: number, rng: Int32Array): number {
  const f = freeCells(s);
  const e = emptyPiles(s);
  let n = metaJ(s, buf, at, f, e);
  n = meta2(s, buf, n, f, e);
  n = meta6(s, buf, n, f, e);
  const mixed = n;
  n = meta3(s, buf, n, f, e);
  n = meta4(s, buf, n, f, e);
  shuffle(buf, mixed, n, rng);
  return n;
}

/**
 * Appends the meta-moves of Freecell Solver's test `t` (a character code: j, 2, 3, 4, 5, 6, 8 or 9;
 * any other appends nothing) in generateMetaMoves' order within the test (5 and 8, which it does
 * not use, by pile). Test 3 reads the foundations' table (fillAccept). `wholeTopRun`: as Freecell
 * Solver's test 6, a pile's top run goes into an empty pile whole or not at all. f, e: the free
 * cells and empty piles, if the caller has them.
 */
export function metaTest(s: GameState, t: number, buf: Int32Array, at: number, wholeTopRun = false, f = freeCells(s), e = emptyPiles(s)): number {
  if (t === 106) return metaJ(s, buf, at, f, e);
  if (t === 50) return meta2(s, buf, at, f, e);
  if (t === 51) return meta3(s, buf, at, f, e);
  if (t === 52) return meta4(s, buf, at, f, e);
  if (t === 53) return meta5(s, buf, at, f, e);
  if (t === 54) return meta6(s, buf, at, f, e, wholeTopRun);
  if (t === 56) return meta8(s, buf, at, f, e);
  if (t === 57) {
    let n = at;
    for (let p = 0; p < s.T; p++) if (s.len[p] > 0 && s.len[p] <= f) n = put(buf, n, meta(PILE_TO_CELLS, p, 0, 0, 0, s.len[p]));
    return n;
  }
  return at;
}

/**
 * 5 (Freecell Solver's move_stack_cards_to_a_parent_on_the_same_stack): a card not on a parent onto
 * a parent lower in its own pile that holds no child of its own, the cards above both cleared.
 */
function meta5(s: GameState, buf: Int32Array, at: number, f: number, e: number): number {
  const { len, off, cards, stackOK, T } = s;
  let n = at;
  for (let p = 0; p < T; p++) {
    const L = len[p];
    const o = off[p];
    const low = Math.max(0, L - (f + e + 1)); // the card and all above the parent need a slot each
    for (let c = low + 2; c < L; c++) {
      const card = cards[o + c];
      if (stackOK[cards[o + c - 1] * 52 + card] === 1) continue; // already on a parent
      for (let dc = low; dc < c - 1; dc++) {
        const y = cards[o + dc];
        if (stackOK[y * 52 + card] === 1 && stackOK[y * 52 + cards[o + dc + 1]] !== 1) n = put(buf, n, meta(SAME_PILE, p, c, 0, dc, L - dc - 2));
      }
    }
  }
  return n;
}

/**
 * 8 (Freecell Solver's move_cards_to_a_different_parent): the part of a pile's top run above one of
 * its cards onto a parent elsewhere, clearing the cards above that parent (a JOIN from inside the run).
 */
function meta8(s: GameState, buf: Int32Array, at: number, f: number, e: number): number {
  const { len, off, cards } = s;
  const parents = kin(s.stackOK).parents;
  let n = at;
  for (let p = 0; p < s.T; p++) {
    const L = len[p];
    if (L < 2) continue;
    for (let c = runStart(s, p, L - 1) + 1; c < L; c++) {
      const card = cards[off[p] + c];
      const np = parents[card * 5];
      if (np > 0) n = join(s, buf, n, p, c, L - c, 0, parents[card * 5 + 1], f, e);
      if (np > 1) n = join(s, buf, n, p, c, L - c, 0, parents[card * 5 + 2], f, e);
    }
  }
  return n;
}

/** Freecell Solver's j, first part: two cells' cards, parent and child, into an empty pile. */
export function metaJPairs(s: GameState, buf: Int32Array, at: number, e = emptyPiles(s)): number {
  if (e === 0) return at;
  let n = at;
  for (let x = s.CELL0; x < s.RESERVE; x++)
    for (let y = s.CELL0; y < s.RESERVE; y++)
      if (x !== y && s.len[x] > 0 && s.len[y] > 0 && s.stackOK[s.cards[s.off[x]] * 52 + s.cards[s.off[y]]] === 1)
        n = put(buf, n, meta(CELLS_TO_EMPTY, x, y, 0, 0, 0));
  return n;
}

/** j: a cell's card into an empty pile, then a run that starts with a card that goes on it. */
function metaJ(s: GameState, buf: Int32Array, at: number, f: number, e: number): number {
  if (e === 0) return at;
  const { len, off, cards, stackOK, cardPile, cardIdx, T } = s;
  const children = kin(stackOK).children;
  let n = at;
  for (let x = s.CELL0; x < s.RESERVE; x++) {
    if (len[x] === 0) continue;
    const card = cards[off[x]];
    for (let i = card * 5 + 1; i <= card * 5 + children[card * 5]; i++) {
      const y = children[i];
      const p = cardPile[y];
      if (p >= T) continue;
      const b = cardIdx[y];
      if (b > 0 && stackOK[cards[off[p] + b - 1] * 52 + y] === 1) continue; // not where a run starts
      const k = runEnd(s, p, b) - b + 1;
      if (fits(len[p] - b - k, f + 1, e - 1, k)) n = put(buf, n, meta(CELL_EMPTY_ON, x, b, p, k, len[p] - b - k));
    }
  }
  return n;
}

/** 2: a cell's card onto a card of its parent rank, clearing the cards above that card. */
function meta2(s: GameState, buf: Int32Array, at: number, f: number, e: number): number {
  const { len, off, cards, stackOK, cardPile, cardIdx, T } = s;
  const parents = kin(stackOK).parents;
  const room = f + e;
  let n = at;
  for (let x = s.CELL0; x < s.RESERVE; x++) {
    if (len[x] === 0) continue;
    const card = cards[off[x]];
    for (let i = card * 5 + 1; i <= card * 5 + parents[card * 5]; i++) {
      const y = parents[i];
      const q = cardPile[y];
      if (q >= T) continue;
      const dc = cardIdx[y];
      const above = len[q] - 1 - dc;
      if (above > 0 && stackOK[y * 52 + cards[off[q] + dc + 1]] === 1) continue; // it already holds a card that fits
      if (above <= room) n = put(buf, n, meta(CELL_ON, x, 0, q, dc, above));
    }
  }
  return n;
}

/** 6: a run into an empty pile, clearing the cards above it. */
function meta6(s: GameState, buf: Int32Array, at: number, f: number, e: number, wholeTopRun = false): number {
  if (e === 0) return at;
  const room = f + e;
  let n = at;
  for (let p = 0; p < s.T; p++) {
    const L = s.len[p];
    for (let end = L - 1; end >= 0 && L - 1 - end <= room;) {
      const b = runStart(s, p, end);
      const above = L - 1 - end;
      const inCells = Math.min(above, f);
      const inPiles = above - inCells;
      if (inPiles < e) {
        const start = Math.max(b, end + 1 - runCapacity(f - inCells, e - inPiles - 1));
        if (wholeTopRun && above === 0 && start > b) {
          end = b - 1;
          continue;
        }
        if (above > 0 || start > 0) n = put(buf, n, meta(TO_EMPTY, p, start, 0, end - start + 1, above)); // a whole pile into an empty one changes nothing
      }
      end = b - 1;
    }
  }
  return n;
}

/** 3: a buried card home, clearing the cards above it (reads generateFoundationMoves' table). */
function meta3(s: GameState, buf: Int32Array, at: number, f: number, e: number): number {
  const { len, off, cards } = s;
  const room = f + e;
  const accept = s.scratch.accept; // filled by generateFoundationMoves for this position
  let n = at;
  for (let p = 0; p < s.T; p++) {
    const L = len[p];
    const o = off[p];
    for (let b = L - 2; b >= 0 && L - 1 - b <= room; b--) {
      const fnd = accept[cards[o + b]];
      if (fnd >= 0) n = put(buf, n, meta(DIG, p, b, fnd, 0, L - 1 - b));
    }
  }
  return n;
}

/** 4: a run onto a card of its parent rank elsewhere, clearing the cards above both. */
function meta4(s: GameState, buf: Int32Array, at: number, f: number, e: number): number {
  const { len, off, cards, stackOK } = s;
  const parents = kin(stackOK).parents;
  const room = f + e;
  let n = at;
  for (let p = 0; p < s.T; p++) {
    const L = len[p];
    const o = off[p];
    // Each maximal run whose top has at most `room` cards above it, from the top down.
    for (let end = L - 1; end >= 0 && L - 1 - end <= room;) {
      let b = end;
      let card = cards[o + b];
      for (let c = b > 0 ? cards[o + b - 1] : 0; b > 0 && stackOK[c * 52 + card] === 1; c = b > 0 ? cards[o + b - 1] : 0) {
        card = c;
        b--;
      }
      const srcAbove = L - 1 - end;
      // A card has at most two parents (parents[card * 5] of them): the two of the other colour.
      const np = parents[card * 5];
      if (np > 0) n = join(s, buf, n, p, b, end - b + 1, srcAbove, parents[card * 5 + 1], f, e);
      if (np > 1) n = join(s, buf, n, p, b, end - b + 1, srcAbove, parents[card * 5 + 2], f, e);
      end = b - 1;
    }
  }
  return n;
}

/** The JOIN of tests 4 and 8: the k-card run at index b of pile p (srcAbove cards above it) onto parent card y, if it may go. */
function join(s: GameState, buf: Int32Array, n: number, p: number, b: number, k: number, srcAbove: number, y: number, f: number, e: number): number {
  const q = s.cardPile[y];
  if (q >= s.T || q === p) return n;
  const dc = s.cardIdx[y];
  const above = s.len[q] - 1 - dc;
  if (above + srcAbove > f + e) return n;
  if (above > 0 && s.stackOK[y * 52 + s.cards[s.off[q] + dc + 1]] === 1) return n; // it already holds a card that fits
  return fits(above + srcAbove, f, e, k) ? put(buf, n, meta(JOIN, p, b, q, dc, above + srcAbove)) : n;
}

function put(buf: Int32Array, n: number, m: number): number {
  buf[n] = m;
  return n + 1;
}

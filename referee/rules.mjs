// The referee's rules: docs/RULES.md written out again, plainly, sharing no code with src/. A
// position is plain arrays of cards; a move is checked by asking the rules in the order RULES.md
// states them, and played by copying the position. Slow on purpose: a second reading of the rules
// that is easy to compare with the text matters more here than speed.

/** A card is rank * 4 + suit: rank 1-13 (A-K), suit 0-3 (C D H S). */
const RANKS = 'A23456789TJQK';
const SUITS = 'CDHS';
export const rankOf = (c) => c >> 2;
export const suitOf = (c) => c & 3;
/** 1 for red (diamonds, hearts), 0 for black (clubs, spades). */
export const redOf = (c) => (suitOf(c) === 1 || suitOf(c) === 2 ? 1 : 0);
export const cardName = (c) => RANKS[rankOf(c) - 1] + SUITS[suitOf(c)];

/** What readDeal throws for a deal or position it will not read: bad input, not a bug. */
export class DealError extends Error {}

/** Reads `7H`, `TS` (also `10S`); throws on anything else. */
export function parseCard(text) {
  if (typeof text !== 'string') throw new DealError(`not a card: ${JSON.stringify(text)}`);
  const t = text.trim().toUpperCase().replace(/^10/, 'T');
  const r = RANKS.indexOf(t[0]);
  const s = SUITS.indexOf(t[1]);
  if (t.length !== 2 || r < 0 || s < 0) throw new DealError(`not a card: ${JSON.stringify(text)}`);
  return (r + 1) * 4 + s;
}

/**
 * The variants' table (RULES.md, *The five variants*). build: how foundations build (terrace: up,
 * alternate colour, wrapping, 13 cards from the base; alternate: up, alternate colour, A to K;
 * suit: up by suit, A to K). empty: what fills an empty tableau pile (waste-then-stock and
 * stock-then-waste: filled at once, and once both are empty any single tableau card may go there,
 * unless emptyStays).
 */
export const GAMES = {
  signora: {
    decks: 2,
    found: 8,
    piles: 9,
    reserve: 11,
    cells: 0,
    build: 'terrace',
    firstMove: true,
    empty: 'waste-then-stock',
    emptyStays: true,
    reserveTo: 'foundation',
  },
  'double-signora': { decks: 4, found: 16, piles: 11, reserve: 21, cells: 0, build: 'terrace', empty: 'waste-then-stock', reserveTo: 'foundation-or-pile' },
  'empress-of-italy': { decks: 4, found: 16, piles: 11, reserve: 0, cells: 0, build: 'terrace', empty: 'stock-then-waste' },
  'red-and-black': { decks: 2, found: 8, piles: 8, reserve: 0, cells: 0, build: 'alternate', empty: 'any-card-or-run', runs: true },
  winery: { decks: 1, found: 4, piles: 10, reserve: 0, cells: 2, build: 'suit', empty: 'any-single' },
  freecell: { decks: 1, found: 4, piles: 8, reserve: 0, cells: 4, build: 'suit', empty: 'any-single' },
};

/** Reads a deal JSON (docs/FORMATS.md) into a position; throws with the first problem found. */
export function readDeal(json) {
  const game = GAMES[String(json.variant).toLowerCase()];
  if (!game) throw new DealError(`unknown variant ${JSON.stringify(json.variant)}`);
  const variant = String(json.variant).toLowerCase();
  const list = (x, what) => {
    if (!Array.isArray(x)) throw new DealError(`${what} is not a list`);
    return x.map(parseCard);
  };
  const tableau = (json.tableau ?? []).map((p, i) => list(p, `tableau pile ${i}`));
  const foundations = (json.foundations ?? []).map((p, i) => list(p, `foundation ${i}`));
  const cells = (json.cells ?? []).map((c) => (c === null ? null : parseCard(c)));
  const pos = {
    variant,
    game,
    tableau,
    foundations,
    cells,
    reserve: list(json.reserve ?? [], 'reserve'),
    stock: list(json.stock ?? [], 'stock'),
    waste: list(json.waste ?? [], 'waste'),
    base: null,
  };
  if (tableau.length !== game.piles) throw new DealError(`${variant} has ${game.piles} tableau piles, the deal ${tableau.length}`);
  if (foundations.length !== game.found) throw new DealError(`${variant} has ${game.found} foundations, the deal ${foundations.length}`);
  if (variant !== 'freecell' && cells.length !== game.cells) throw new DealError(`${variant} has ${game.cells} cells, the deal ${cells.length}`);
  if (cells.length > 4) throw new DealError('at most 4 cells');
  const count = new Map();
  for (const c of allCards(pos)) count.set(c, (count.get(c) ?? 0) + 1);
  for (let c = 4; c < 56; c++)
    if ((count.get(c) ?? 0) !== game.decks) throw new DealError(`the deal holds ${count.get(c) ?? 0} of ${cardName(c)}, not ${game.decks}`);
  if (game.build !== 'terrace') pos.base = 1;
  // A position of play (a deal JSON with cards home): its foundations' first cards fix the base.
  const bases = new Set(foundations.filter((f) => f.length > 0).map((f) => rankOf(f[0])));
  if (game.build === 'terrace' && bases.size > 1) throw new DealError('the foundations start at different ranks');
  if (game.build === 'terrace' && bases.size === 1) pos.base = [...bases][0];
  checkReachable(pos);
  return pos;
}

/**
 * What every position of play has, and the proofs and the position key rest on (a deal has it
 * too): foundations built by the rules from their first card (an ace where the game starts at the
 * ace; Red and Black's aces all home), tableau piles that are runs in the alternate-colour games
 * (RULES.md, *Consequences*), and in the Terrace family no empty pile while the stock or waste
 * could have filled it. A position without them is refused: it is not one of the game's.
 */
function checkReachable(pos) {
  const g = pos.game;
  pos.foundations.forEach((f, i) => {
    if (f.length === 0) {
      if (g.build === 'alternate') throw new DealError(`foundation f${i} is empty: Red and Black's aces start on the foundations`);
      return;
    }
    if (g.build !== 'terrace' && rankOf(f[0]) !== 1) throw new DealError(`foundation f${i} starts with ${cardName(f[0])}, not an ace`);
    for (let k = 1; k < f.length; k++)
      if (!foundationTakes({ ...pos, foundations: [f.slice(0, k)] }, 0, f[k]))
        throw new DealError(`foundation f${i}: ${cardName(f[k])} does not go on ${cardName(f[k - 1])}`);
  });
  if (g.build !== 'suit')
    pos.tableau.forEach((p, i) => {
      for (let k = 1; k < p.length; k++)
        if (!pileTakes(pos, p[k - 1], p[k])) throw new DealError(`tableau pile t${i} is not a run: ${cardName(p[k])} does not go on ${cardName(p[k - 1])}`);
    });
  if (g.build === 'terrace' && pos.tableau.some((p) => p.length === 0) && (pos.stock.length > 0 || pos.waste.length > 0))
    throw new DealError('an empty tableau pile while the stock or waste could fill it');
}

/** The position as a deal JSON (docs/FORMATS.md), which readDeal reads back. */
export function toJson(pos) {
  const names = (p) => p.map(cardName);
  return {
    variant: pos.variant,
    tableau: pos.tableau.map(names),
    foundations: pos.foundations.map(names),
    cells: pos.cells.map((c) => (c === null ? null : cardName(c))),
    reserve: names(pos.reserve),
    stock: names(pos.stock),
    waste: names(pos.waste),
  };
}

function* allCards(pos) {
  for (const p of [...pos.tableau, ...pos.foundations, pos.reserve, pos.stock, pos.waste]) yield* p;
  for (const c of pos.cells) if (c !== null) yield c;
}

export const cardsHome = (pos) => pos.foundations.reduce((n, f) => n + f.length, 0);
export const isWon = (pos) => cardsHome(pos) === 52 * pos.game.decks;

/** The next rank up (wrapping K to A in the Terrace family), or 0 when there is none. */
function up(pos, rank) {
  if (pos.game.build === 'terrace') return rank === 13 ? 1 : rank + 1;
  return rank === 13 ? 0 : rank + 1;
}

/** Whether card `c` may go onto foundation `f` (RULES.md: building, base rank, rulings 2 and 3). */
function foundationTakes(pos, f, c) {
  const pile = pos.foundations[f];
  const g = pos.game;
  if (pile.length === 0) {
    if (g.build === 'suit') return rankOf(c) === 1;
    if (g.build === 'alternate') return false; // Red and Black's foundations start with their aces
    return pos.base === null || rankOf(c) === pos.base;
  }
  if (g.build === 'terrace' && pile.length === 13) return false;
  const top = pile[pile.length - 1];
  if (up(pos, rankOf(top)) !== rankOf(c)) return false;
  return g.build === 'suit' ? suitOf(c) === suitOf(top) : redOf(c) !== redOf(top);
}

/** Whether card `c` may go onto tableau card `top`: down, alternate colour (wrapping in the Terrace family). */
function pileTakes(pos, top, c) {
  return up(pos, rankOf(c)) === rankOf(top) && redOf(c) !== redOf(top);
}

/** Pile names of docs/FORMATS.md: t0.., f0.., c0.., reserve, stock, waste. */
export function parsePile(pos, name) {
  const m = /^([tfc])(\d+)$/.exec(String(name));
  if (m) {
    const i = Number(m[2]);
    const n = m[1] === 't' ? pos.tableau.length : m[1] === 'f' ? pos.foundations.length : pos.cells.length;
    if (i >= n) return null;
    return { kind: m[1], i };
  }
  if (name === 'reserve' || name === 'stock' || name === 'waste') return { kind: name, i: 0 };
  return null;
}

/**
 * Why the move is illegal, or null when it is legal. `move` is { from, to, count } with pile
 * names. Checks RULES.md's rules one by one.
 */
export function moveError(pos, move) {
  const g = pos.game;
  const from = parsePile(pos, move.from);
  const to = parsePile(pos, move.to);
  const count = move.count ?? 1;
  if (!from || !to) return `no such pile (${move.from} -> ${move.to})`;
  if (!Number.isInteger(count) || count < 1) return `bad count ${count}`;
  if (from.kind === to.kind && from.i === to.i) return 'a card cannot move onto its own pile';
  if (from.kind === 'f') return 'cards never leave a foundation';
  if (to.kind === 'stock' || to.kind === 'reserve') return `nothing may be moved into the ${to.kind}`;
  const firstMovePending = g.firstMove && pos.base === null;
  if (from.kind === 'stock') {
    if (to.kind !== 'waste') return 'the stock deals only to the waste';
    if (count !== 1) return 'the stock deals one card at a time';
    if (pos.stock.length === 0) return 'the stock is empty';
    if (firstMovePending) return 'the first move must choose the base card';
    return null;
  }
  if (to.kind === 'waste') return 'only the stock deals to the waste';
  if (firstMovePending && !(to.kind === 'f' && (from.kind === 't' || from.kind === 'reserve')))
    return 'the first move must put an exposed card on a foundation';
  const source = sourceCards(pos, from, count);
  if (typeof source === 'string') return source;
  const c = source[0]; // the card that lands on the target
  if (to.kind === 'f') {
    if (count !== 1) return 'one card at a time to a foundation';
    return foundationTakes(pos, to.i, c) ? null : `${cardName(c)} does not go on foundation f${to.i}`;
  }
  if (to.kind === 'c') {
    if (from.kind !== 't') return 'cells take cards from the tableau only';
    if (count !== 1) return 'a cell holds one card';
    return pos.cells[to.i] === null ? null : 'the cell is full';
  }
  // To a tableau pile.
  if (from.kind === 'reserve' && g.reserveTo !== 'foundation-or-pile') return 'the reserve plays to the foundations only';
  const pile = pos.tableau[to.i];
  if (pile.length > 0) return pileTakes(pos, pile[pile.length - 1], c) ? null : `${cardName(c)} does not go on ${cardName(pile[pile.length - 1])}`;
  if (g.emptyStays) return 'an empty pile is filled only from the waste or the stock, else stays empty';
  if (g.empty === 'waste-then-stock' || g.empty === 'stock-then-waste')
    return from.kind === 't' && count === 1 ? null : 'only a single tableau card may go into an empty pile';
  if (g.empty === 'any-card-or-run')
    return from.kind === 't' || from.kind === 'waste' ? null : 'only a tableau card or run, or the waste card, may go into an empty pile';
  return from.kind === 't' || from.kind === 'c' ? null : 'only a tableau or cell card may go into an empty pile';
}

/** The cards a move would take from `from`, bottom one first, or why it cannot. */
function sourceCards(pos, from, count) {
  const pile = from.kind === 't' ? pos.tableau[from.i] : from.kind === 'c' ? (pos.cells[from.i] === null ? [] : [pos.cells[from.i]]) : pos[from.kind];
  if (pile.length < count) return `the pile has ${pile.length} card(s), not ${count}`;
  if (count > 1) {
    if (!pos.game.runs || from.kind !== 't') return 'one card at a time';
    for (let k = pile.length - count; k < pile.length - 1; k++) if (!pileTakes(pos, pile[k], pile[k + 1])) return 'the cards moved are not a run';
  }
  return pile.slice(pile.length - count);
}

/** A copy of the position; the arrays are copied, the cards are numbers. */
function copy(pos) {
  return {
    ...pos,
    tableau: pos.tableau.map((p) => p.slice()),
    foundations: pos.foundations.map((p) => p.slice()),
    cells: pos.cells.slice(),
    reserve: pos.reserve.slice(),
    stock: pos.stock.slice(),
    waste: pos.waste.slice(),
  };
}

/** The position after a legal move, with its automatic filling (ruling 4) and base rank (rulings 1, 2). */
export function play(pos, move) {
  const next = copy(pos);
  const from = parsePile(next, move.from);
  const to = parsePile(next, move.to);
  const count = move.count ?? 1;
  let cards;
  if (from.kind === 'c') {
    cards = [next.cells[from.i]];
    next.cells[from.i] = null;
  } else {
    const pile = from.kind === 't' ? next.tableau[from.i] : next[from.kind];
    cards = pile.splice(pile.length - count, count);
  }
  if (to.kind === 'f') {
    if (next.foundations[to.i].length === 0 && next.base === null) next.base = rankOf(cards[0]);
    next.foundations[to.i].push(...cards);
  } else if (to.kind === 'c') next.cells[to.i] = cards[0];
  else if (to.kind === 'waste') next.waste.push(...cards);
  else next.tableau[to.i].push(...cards);
  fillEmpty(next);
  return next;
}

/** Terrace family: an emptied tableau pile is filled at once, from the waste or stock as the variant says. */
function fillEmpty(pos) {
  const order = pos.game.empty === 'waste-then-stock' ? ['waste', 'stock'] : pos.game.empty === 'stock-then-waste' ? ['stock', 'waste'] : null;
  if (!order) return;
  for (const pile of pos.tableau) {
    if (pile.length > 0) continue;
    const src = order.find((k) => pos[k].length > 0);
    if (src) pile.push(pos[src].pop());
  }
}

/**
 * Every legal move of the position, found by asking moveError about every pair of piles and every
 * count: slow, and the same rules as a replay by construction.
 */
export function legalMoves(pos) {
  const names = ['stock', 'waste', 'reserve', ...pos.cells.map((_, i) => `c${i}`), ...pos.tableau.map((_, i) => `t${i}`)];
  const targets = [...pos.foundations.map((_, i) => `f${i}`), ...pos.tableau.map((_, i) => `t${i}`), ...pos.cells.map((_, i) => `c${i}`), 'waste'];
  const moves = [];
  for (const from of names) {
    const p = parsePile(pos, from);
    const size = p.kind === 't' ? pos.tableau[p.i].length : p.kind === 'c' ? (pos.cells[p.i] === null ? 0 : 1) : pos[p.kind].length;
    if (size === 0) continue;
    const maxCount = pos.game.runs && p.kind === 't' ? size : 1;
    for (const to of targets)
      for (let count = 1; count <= maxCount; count++) {
        const move = count === 1 ? { from, to } : { from, to, count };
        if (moveError(pos, move) === null) moves.push(move);
      }
  }
  return moves;
}

/**
 * A key that two positions share only when they have the same future: the tableau piles as a sorted
 * list (the piles are interchangeable: the rules never tell one from another), the cells sorted,
 * the foundations as sorted (top card, size) pairs (a foundation's future depends on those alone),
 * and the reserve, stock, waste and base as they are.
 */
export function keyOf(pos) {
  const piles = pos.tableau.map((p) => p.join('.')).sort();
  const found = pos.foundations.map((p) => (p.length ? `${p[p.length - 1]}:${p.length}` : '-')).sort();
  const cells = pos.cells.map((c) => (c === null ? '-' : c)).sort();
  return [piles.join('|'), found.join(','), cells.join(','), pos.reserve.join('.'), pos.stock.join('.'), pos.waste.join('.'), pos.base].join('/');
}

export { RANKS };

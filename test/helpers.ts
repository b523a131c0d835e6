// Test helpers: hand-made positions from a partial spec, move shorthands, a small seeded PRNG.
//
// `position(variant, spec)` builds a position that holds exactly the variant's cards: the spec
// names the interesting piles; every card it does not mention is dumped somewhere harmless:
//   1. foundations the spec leaves out are filled with COMPLETE foundations (13 cards from the
//      base rank: a complete foundation accepts nothing) as far as the leftover cards allow
//      (Winery/FreeCell: each suit from the Ace up as far as the leftovers allow; Red and Black:
//      a foundation that cannot be completed keeps just an ace, as every R&B foundation must);
//   2. whatever is still left goes to `rest`: the bottom of the stock by default (dealt last),
//      or the bottom of the waste / reserve / a tableau pile, or nowhere ('none': then the spec
//      must account for every leftover card, and the helper throws if it does not).
// The result is checked by the engine's own reader (dealFromJson(json, false)).
import { expect } from 'vitest';
import { cardName, colourOf, makeCard, parseCard, rankOf, RANKS, tryParseRank } from '../src/cards/card';
import { checkDeal, type Deal, dealFromJson, dealFromSeed, type DealJson } from '../src/engine/deal';
import { moveError, playChecked } from '../src/engine/legality';
import { encodeMove, MAX_MOVES, moveCount, moveFrom, moveTo } from '../src/engine/move';
import { generateMoves } from '../src/engine/movegen';
import { GameState } from '../src/engine/state';
import { getRules } from '../src/rules/variants';
import { solve } from '../src/solver/solve';

export type Cards = string | string[];

export interface PosSpec {
  /** Tableau piles bottom to top; piles not listed are empty. */
  tableau?: Cards[];
  /** Foundations given explicitly (index -> pile bottom to top). The others are filled by the helper. */
  foundations?: Record<number, Cards>;
  reserve?: Cards;
  /** Bottom to top: the LAST card is the next one dealt. */
  stock?: Cards;
  waste?: Cards;
  cells?: (string | null)[];
  /** Base rank letter used to fill foundations in the Terrace games (default: from the given foundations). */
  base?: string;
  /** Where the cards left over go (default 'stock' where the variant has one, else 'none'). */
  rest?: 'stock' | 'waste' | 'reserve' | 'none' | `t${number}`;
  /** Fill the foundations the spec leaves out (default true). */
  fill?: boolean;
}

export function cards(c: Cards | undefined): string[] {
  if (c === undefined) return [];
  if (Array.isArray(c)) return c.map((x) => x.toUpperCase());
  return c
    .split(/[\s,]+/)
    .filter((x) => x.length > 0)
    .map((x) => x.toUpperCase());
}

/** The JSON of a hand-made position (not yet checked). */
export function positionJson(variant: string, spec: PosSpec): DealJson {
  const rules = getRules(variant, variant === 'freecell' && spec.cells ? { cells: spec.cells.length } : {});
  const count = new Array<number>(52).fill(rules.decks);
  const take = (name: string) => {
    const c = parseCard(name);
    if (count[c] <= 0) throw new Error(`position helper: ${variant} has only ${rules.decks} ${name}`);
    count[c]--;
  };
  const T = rules.tableauDeal.length;
  const tableau: string[][] = [];
  for (let i = 0; i < T; i++) tableau.push(cards(spec.tableau?.[i]));
  if ((spec.tableau?.length ?? 0) > T) throw new Error(`position helper: ${variant} has ${T} tableau piles`);
  const foundations: (string[] | undefined)[] = new Array(rules.foundations).fill(undefined);
  for (const [k, v] of Object.entries(spec.foundations ?? {})) foundations[Number(k)] = cards(v);
  const reserve = cards(spec.reserve);
  const stock = cards(spec.stock);
  const waste = cards(spec.waste);
  const cells: (string | null)[] = spec.cells ? spec.cells.map((c) => (c ? c.toUpperCase() : null)) : new Array(rules.cells).fill(null);
  for (const p of tableau) p.forEach(take);
  for (const f of foundations) f?.forEach(take);
  for (const p of [reserve, stock, waste]) p.forEach(take);
  for (const c of cells) if (c) take(c);

  // 1. Fill the foundations the spec leaves out.
  const free = foundations.map((f, i) => (f === undefined ? i : -1)).filter((i) => i >= 0);
  const fill = spec.fill ?? true;
  const pick = (rank: number, colour: number | 'suit', suit = 0): string => {
    if (colour === 'suit') {
      const c = makeCard(rank, suit);
      count[c]--;
      return cardName(c);
    }
    for (let s = 0; s < 4; s++) {
      const c = makeCard(rank, s);
      if (colourOf(c) === colour && count[c] > 0) {
        count[c]--;
        return cardName(c);
      }
    }
    throw new Error('position helper: internal');
  };
  const avail = (rank: number, colour: number) => {
    let n = 0;
    for (let s = 0; s < 4; s++) if (colourOf(makeCard(rank, s)) === colour) n += count[makeCard(rank, s)];
    return n;
  };
  if (rules.foundationBuild === 'suit') {
    for (const i of free) foundations[i] = [];
    if (fill) {
      // One suit per free foundation (one deck: suit i on the i-th free foundation), as far up as possible.
      let k = 0;
      for (let suit = 0; suit < 4 && k < free.length; suit++) {
        if (foundations.some((f) => f && f.length > 0 && parseCard(f[0]) % 4 === suit)) continue;
        const f = foundations[free[k++]]!;
        for (let r = 0; r < 13 && count[makeCard(r, suit)] > 0; r++) f.push(pick(r, 'suit', suit));
      }
    }
  } else {
    let base = -1;
    if (rules.foundationBuild === 'alt-colour') base = 0;
    else if (spec.base !== undefined) base = tryParseRank(spec.base);
    else {
      const given = foundations.find((f) => f && f.length > 0);
      if (given) base = parseCard(given[0]) >> 2;
    }
    for (const i of free) foundations[i] = [];
    if (fill && base >= 0) {
      // A foundation starting red needs red at even offsets and black at odd ones (13 is odd).
      const rankAt = (i: number) => (base + i) % 13;
      let maxRed = Infinity;
      let maxBlack = Infinity;
      for (let i = 0; i < 13; i++) {
        maxRed = Math.min(maxRed, avail(rankAt(i), i % 2 === 0 ? 1 : 0));
        maxBlack = Math.min(maxBlack, avail(rankAt(i), i % 2 === 0 ? 0 : 1));
      }
      let k = 0;
      for (const startColour of [1, 0]) {
        let n = startColour === 1 ? maxRed : maxBlack;
        while (n-- > 0 && k < free.length) {
          const f = foundations[free[k++]]!;
          for (let i = 0; i < 13; i++) f.push(pick(rankAt(i), (startColour + i) % 2));
        }
      }
      if (rules.acesStartOnFoundations)
        while (k < free.length) {
          const f = foundations[free[k++]]!;
          const colour = avail(0, 1) > 0 ? 1 : 0;
          if (avail(0, colour) === 0) throw new Error('position helper: no ace left for a Red and Black foundation');
          f.push(pick(0, colour));
        }
    }
  }

  // 2. The rest.
  const rest: string[] = [];
  for (let c = 0; c < 52; c++) for (let k = 0; k < count[c]; k++) rest.push(cardName(c));
  const where = spec.rest ?? (rules.hasStock ? 'stock' : 'none');
  if (rest.length > 0) {
    if (where === 'none') throw new Error(`position helper: cards left over and rest 'none': ${rest.join(' ')}`);
    else if (where === 'stock') stock.unshift(...rest);
    else if (where === 'waste') waste.unshift(...rest);
    else if (where === 'reserve') reserve.unshift(...rest);
    else tableau[Number(where.slice(1))].unshift(...rest);
  }
  return {
    variant,
    tableau,
    reserve,
    stock,
    waste,
    cells,
    foundations: foundations.map((f) => f ?? []),
  };
}

export function positionDeal(variant: string, spec: PosSpec): Deal {
  return dealFromJson(JSON.parse(JSON.stringify(positionJson(variant, spec))), false);
}

/** A hand-made position as a GameState. */
export function position(variant: string, spec: PosSpec): GameState {
  const s = new GameState(positionDeal(variant, spec));
  if (spec.base !== undefined && s.base !== tryParseRank(spec.base))
    throw new Error(`position helper: base ${spec.base} asked, the position has base ${s.base}`);
  return s;
}

// ---- moves by pile name ----

export function pileIdx(s: GameState, name: string): number {
  const p = s.pileIndex(name);
  if (p < 0) throw new Error(`no pile ${name} in ${s.rules.name}`);
  return p;
}

/** moveError by pile names (null when legal). */
export function why(s: GameState, from: string, to: string, count = 1): string | null {
  return moveError(s, pileIdx(s, from), pileIdx(s, to), count);
}

export function isLegal(s: GameState, from: string, to: string, count = 1): boolean {
  return why(s, from, to, count) === null;
}

/** Plays a move that must be legal; fails the test otherwise. */
export function play(s: GameState, from: string, to: string, count = 1): void {
  const e = playChecked(s, count === 1 ? { from, to } : { from, to, count });
  expect(e, `${from}->${to} x${count}`).toBeNull();
}

export function moveText(s: GameState, m: number): string {
  const n = moveCount(m);
  return `${s.pileName(moveFrom(m))}>${s.pileName(moveTo(m))}${n > 1 ? 'x' + n : ''}`;
}

/** The generated moves as sorted text, e.g. ['stock>waste', 't0>f0']. */
export function generated(s: GameState): string[] {
  const buf = new Int32Array(MAX_MOVES);
  const n = generateMoves(s, buf, 0);
  return Array.from(buf.subarray(0, n), (m) => moveText(s, m)).sort();
}

export function generatedRaw(s: GameState): number[] {
  const buf = new Int32Array(MAX_MOVES);
  const n = generateMoves(s, buf, 0);
  return Array.from(buf.subarray(0, n));
}

/** Every (from, to, count) that moveError accepts, as text (counts up to maxCount). */
export function accepted(s: GameState, maxCount = 1): string[] {
  const out: string[] = [];
  for (let f = 0; f < s.nPiles; f++)
    for (let t = 0; t < s.nPiles; t++)
      for (let k = 1; k <= Math.max(1, Math.min(maxCount, s.len[f])); k++) if (moveError(s, f, t, k) === null) out.push(moveText(s, encodeMove(f, t, k)));
  return out.sort();
}

/** A pile's cards as text, bottom to top. */
export function show(s: GameState, name: string): string {
  return s.pile(pileIdx(s, name)).map(cardName).join(' ');
}

export function c(name: string): number {
  return parseCard(name);
}

export function rankLetter(r: number): string {
  return RANKS[r];
}

/** Snapshot of every pile and the scalar state, for exact comparisons. */
export function snapshot(s: GameState): { piles: number[][]; h1: number; h2: number; base: number; onFoundation: number } {
  const piles: number[][] = [];
  for (let p = 0; p < s.nPiles; p++) piles.push(s.pile(p));
  return { piles, h1: s.h1, h2: s.h2, base: s.base, onFoundation: s.onFoundation };
}

// ---- a small seeded PRNG (mulberry32), so property-test failures reproduce ----

export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const ALL_VARIANTS = ['signora', 'double-signora', 'empress-of-italy', 'red-and-black', 'winery', 'freecell'];
export const TERRACE = ['signora', 'double-signora', 'empress-of-italy'];
export const ALT_COLOUR = ['signora', 'double-signora', 'empress-of-italy', 'red-and-black'];

/** The suit-built games with the cell counts whose endgames the exactness tests search (endgame()). */
export const SUIT_CELLS = [
  ['winery', undefined],
  ['freecell', 0],
  ['freecell', 1],
  ['freecell', 2],
] as const;

/** Whether b may lie on a in a tableau run of this variant (wrapping in the Terrace three: ruling 5). */
export function runStep(s: GameState, a: number, b: number): boolean {
  if (colourOf(a) === colourOf(b)) return false;
  return rankOf(b) === rankOf(a) - 1 || (TERRACE.includes(s.rules.name) && rankOf(a) === 0 && rankOf(b) === 12);
}

export function cloneDeal(d: Deal): Deal {
  return {
    ...d,
    tableau: d.tableau.map((p) => [...p]),
    foundations: d.foundations.map((p) => [...p]),
    reserve: [...d.reserve],
    stock: [...d.stock],
    waste: [...d.waste],
    cells: [...d.cells],
  };
}

/**
 * A random late-game position: start from the won position and take k cards back off the
 * foundations, one at a time, putting each where a card could have come from (onto a tableau pile
 * it builds a run on, an empty pile, the waste, the stock, the reserve, an empty cell). Every
 * tableau pile gets a card first, so no pile waits empty while stock or waste hold cards; with
 * `noStock` the stock and waste stay empty (the end of a Terrace game: empty piles, ruling 11).
 */
export function unplayedPosition(v: string, seed: number): GameState {
  const rnd = prng(seed * 104729 + ALL_VARIANTS.indexOf(v) + 17);
  const rules = getRules(v);
  const base = rules.terraceFamily ? Math.floor(rnd() * 13) : 0;
  const won = positionDeal(v, rules.terraceFamily ? { base: 'A23456789TJQK'[base], rest: 'none' } : { rest: 'none' });
  const d = cloneDeal(won);
  const T = d.tableau.length;
  const noStock = seed % 3 === 0 || !rules.hasStock;
  const k = T + 3 + Math.floor(rnd() * 30);
  const s0 = new GameState(won); // for runStep (wrap) only
  for (let n = 0; n < k; n++) {
    const fs = d.foundations.map((_, i) => i).filter((i) => d.foundations[i].length > (rules.acesStartOnFoundations ? 1 : 0));
    if (fs.length === 0) break;
    const fi = fs[Math.floor(rnd() * fs.length)];
    if (rules.terraceFamily && d.foundations[fi].length === 1 && d.foundations.filter((f) => f.length > 0).length === 1) continue; // keep the base
    const c = d.foundations[fi].pop()!;
    const empty = d.tableau.findIndex((p) => p.length === 0);
    if (n < T && empty >= 0) {
      d.tableau[empty].push(c);
      continue;
    }
    const options: (() => void)[] = [];
    for (const p of d.tableau) if (p.length === 0 || (ALT_COLOUR.includes(v) ? runStep(s0, p[p.length - 1], c) : true)) options.push(() => p.push(c));
    if (!noStock)
      options.push(
        () => d.waste.push(c),
        () => d.stock.push(c),
        () => d.stock.unshift(c),
      );
    if (rules.reserveSize > 0) options.push(() => d.reserve.push(c));
    d.cells.forEach((x, i) => {
      if (x < 0) options.push(() => (d.cells[i] = c));
    });
    if (options.length === 0) {
      d.foundations[fi].push(c);
      break;
    }
    options[Math.floor(rnd() * options.length)]();
  }
  checkDeal(d, false);
  return new GameState(d);
}

/**
 * An endgame: k cards taken back off the foundations of a won position and laid out badly on
 * purpose: one card on each tableau pile, then the rest in the waste in random or worst order
 * (alternate-colour games; the stock stays empty) or on random tableau piles and cells. Many are
 * lost (the waste holds a card above one needed before it), and all are small enough to exhaust.
 */
export function endgame(v: string, seed: number, cells?: number): Deal {
  const rnd = prng(seed * 7411 + v.length);
  const rules = getRules(v, cells === undefined ? {} : { cells });
  const base = 'A23456789TJQK'[Math.floor(rnd() * 13)];
  const won = positionDeal(v, rules.terraceFamily ? { base, rest: 'none' } : { rest: 'none' });
  const d = cloneDeal({ ...won, rules, cells: new Array(rules.cells).fill(-1) });
  const T = d.tableau.length;
  const suit = rules.foundationBuild === 'suit';
  const k = (suit ? 24 : T + 8) + Math.floor(rnd() * 24);
  const floor = rules.acesStartOnFoundations || rules.terraceFamily ? 1 : 0; // keep aces / the base
  const taken: number[] = [];
  while (taken.length < k) {
    const fs = d.foundations.map((_, i) => i).filter((i) => d.foundations[i].length > floor);
    if (fs.length === 0) break;
    taken.push(d.foundations[fs[Math.floor(rnd() * fs.length)]].pop()!);
  }
  // Cards come off the foundations highest first, which would lay them out in winning order:
  // shuffle them, or half the time (alternate-colour games) keep that order and reverse it in the
  // waste, the worst order: the cards needed first at the bottom.
  const worst = !suit && rnd() < 0.5;
  if (!worst)
    for (let i = taken.length - 1; i > 0; i--) {
      const j = Math.floor(rnd() * (i + 1));
      [taken[i], taken[j]] = [taken[j], taken[i]];
    }
  taken.forEach((c, i) => {
    if (i < T) d.tableau[i].push(c);
    else if (suit) {
      const cell = d.cells.findIndex((x) => x < 0);
      if (cell >= 0 && rnd() < 0.2) d.cells[cell] = c;
      else d.tableau[Math.floor(rnd() * T)].push(c);
    } else d.waste.splice(worst ? 0 : Math.floor(rnd() * (d.waste.length + 1)), 0, c);
  });
  return d;
}

/**
 * An alternate-colour endgame built to be often lost: every card at foundation level L or above
 * (L random, 7-10) taken back; the tableau piles hold top-level cards (Kings in Red and Black), on
 * which nothing but the foundations can take them, and the rest lies in the waste and a short stock
 * in random order, so a card may sit above one it needs. Small enough for exhaustive search.
 */
export function deadlockEndgame(v: string, seed: number): Deal {
  const rnd = prng(seed * 9973 + v.length * 31);
  const rules = getRules(v);
  const base = 'A23456789TJQK'[Math.floor(rnd() * 13)];
  const won = positionDeal(v, rules.terraceFamily ? { base, rest: 'none' } : { rest: 'none' });
  const d = cloneDeal(won);
  const L = 7 + Math.floor(rnd() * 4);
  const top: number[] = [];
  const rest: number[] = [];
  for (const f of d.foundations) {
    top.push(f[12]);
    rest.push(...f.splice(L).slice(0, -1));
  }
  const shuffle = (a: number[]) => {
    for (let i = a.length - 1; i > 0; i--) {
      const j = Math.floor(rnd() * (i + 1));
      [a[i], a[j]] = [a[j], a[i]];
    }
  };
  shuffle(top);
  d.tableau.forEach((p, i) => {
    p.push(i < top.length ? top[i] : rest.pop()!);
  });
  rest.push(...top.slice(d.tableau.length));
  shuffle(rest);
  const inStock = Math.floor(rnd() * Math.min(8, rest.length));
  d.stock.push(...rest.splice(0, inStock));
  d.waste.push(...rest);
  checkDeal(d, false);
  return d;
}

/**
 * Positions of the suit games (cells 0-4) along the heuristic DFS's winning lines, which build the
 * runs supermoves carry, and along random playouts, which leave cells full and piles empty.
 */
export function* suitPositions(): Generator<GameState> {
  const positionsSeen: Deal[] = [];
  const buf = new Int32Array(MAX_MOVES);
  for (const [v, cells] of [
    ['winery', undefined],
    ['freecell', 4],
    ['freecell', 2],
    ['freecell', 0],
  ] as const)
    for (let seed = 1; seed <= 12; seed++) {
      const deal = dealFromSeed(getRules(v, cells === undefined ? {} : { cells }), seed);
      const line = solve(deal, { search: 'dfs-scored', maxNodes: 50_000 }).moveInts;
      const s = new GameState(deal);
      line.forEach((m, i) => {
        s.apply(m);
        if (i % 4 === 3) positionsSeen.push(s.toDeal());
      });
      const rnd = prng(seed * 31 + (cells ?? 9));
      s.load(deal);
      for (let step = 0; step < 300; step++) {
        const n = generateMoves(s, buf, 0);
        if (n === 0) break;
        s.apply(buf[Math.floor(rnd() * n)]);
        if (step % 10 === 9) positionsSeen.push(s.toDeal());
      }
    }
  for (const d of positionsSeen) yield new GameState(d);
}

/**
 * A reserve-heavy endgame: k cards taken back off a won position's foundations (a random one each
 * time) and laid out at random over one card per tableau pile, the reserve (many), the waste and a
 * short stock (`more` cards taken besides). Random reserve orders often bury a card under one that needs it.
 */
export function reserveEndgame(v: string, seed: number, more = 0): Deal {
  const rnd = prng(seed * 6151 + v.length);
  const base = 'A23456789TJQK'[Math.floor(rnd() * 13)];
  const d = cloneDeal(positionDeal(v, { base, rest: 'none' }));
  const k = d.tableau.length + 6 + Math.floor(rnd() * 10) + more;
  const taken: number[] = [];
  while (taken.length < k) {
    const fs = d.foundations.map((_, i) => i).filter((i) => d.foundations[i].length > 1);
    taken.push(d.foundations[fs[Math.floor(rnd() * fs.length)]].pop()!);
  }
  for (let i = taken.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [taken[i], taken[j]] = [taken[j], taken[i]];
  }
  taken.forEach((c, i) => {
    if (i < d.tableau.length) d.tableau[i].push(c);
    else {
      const x = rnd();
      (x < 0.5 ? d.reserve : x < 0.8 ? d.waste : d.stock).push(c);
    }
  });
  return d;
}

/** Whether `moves` replay legally from the deal (with base rank `base` fixed, where >= 0) to a win. */
export function replaysToWin(deal: Deal, moves: readonly number[], base = -1): boolean {
  const s = new GameState(deal);
  if (base >= 0) s.setConstraint(base);
  for (const m of moves) {
    if (moveError(s, moveFrom(m), moveTo(m), moveCount(m))) return false;
    s.apply(m);
  }
  return s.isWon();
}

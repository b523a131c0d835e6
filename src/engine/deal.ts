// Seeded deals and the deal JSON of FORMATS.md.
//
// Dealing (frozen by golden tests; never change it, or every published seed changes):
//  1. The ordered pack: for each deck copy, suits C D H S, ranks A..K (Red and Black: the aces
//     are taken out first and put on the foundations, one per foundation, suits C D H S C D H S).
//  2. rng = seedrandom('seed:' + seed); Fisher-Yates from the end: for i = n-1 .. 1,
//     j = floor(rng() * (i + 1)), swap pack[i] and pack[j].
//     Why not seedrandom(String(seed)): seedrandom's ARC4 repeats its key string cyclically, so
//     '1', '11' and '111' (or '12' and '1212') give the same stream and would deal the same game.
//     'seed:<n>' holds ':' once, so it is never a repetition of a shorter key: every seed differs.
//  3. Cards are dealt from pack[0] onwards: the tableau row by row, left to right (a pile's first
//     card is its bottom); then the reserve (first card dealt is the bottom, last is the top);
//     then the rest is the stock, with the next card of the pack the first one dealt from it
//     (so the stock listed bottom to top is the rest of the pack reversed).
import seedrandom from 'seedrandom';
import { cardName, makeCard, rankOf, tryParseCard } from '../cards/card';
import { foundationBuildError } from '../rules/building';
import { baseCandidateRanks, getRules, normalVariantName, RuleError, VARIANTS } from '../rules/variants';
import type { RuleOptions, RuleTable } from '../rules/vocabulary';

export interface Deal {
  rules: RuleTable;
  seed?: number;
  /** FreeCell: the Microsoft deal number (msdeal.ts), for a deal dealt by Microsoft's shuffle instead of a seed. */
  ms?: number;
  /** Every pile bottom to top, cards as integers (src/cards/card.ts). */
  tableau: number[][];
  reserve: number[];
  stock: number[];
  waste: number[];
  /** One entry per cell, -1 when empty. */
  cells: number[];
  foundations: number[][];
}

export class DealError extends Error {}

export const MAX_SEED = Number.MAX_SAFE_INTEGER;

/** Parses a seed: a whole number 0 .. 2^53-1. Throws DealError otherwise. */
export function parseSeed(text: string | number): number {
  const s = typeof text === 'number' ? text : /^\s*\d+\s*$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(s) || s < 0) throw new DealError(`bad seed ${JSON.stringify(text)}: expected a whole number from 0 to ${MAX_SEED}`);
  return s;
}

/** The key string given to seedrandom for a seed (see the dealing notes above). */
export function seedKey(seed: number): string {
  return `seed:${seed}`;
}

export function orderedPack(rules: RuleTable): number[] {
  const pack: number[] = [];
  for (let d = 0; d < rules.decks; d++)
    for (let s = 0; s < 4; s++)
      for (let r = 0; r < 13; r++) {
        if (r === 0 && rules.acesStartOnFoundations) continue;
        pack.push(makeCard(r, s));
      }
  return pack;
}

function startingFoundations(rules: RuleTable): number[][] {
  const f: number[][] = [];
  for (let i = 0; i < rules.foundations; i++) f.push(rules.acesStartOnFoundations ? [makeCard(0, i % 4)] : []);
  return f;
}

export function dealFromSeed(rules: RuleTable, seed: number): Deal {
  parseSeed(seed);
  const pack = orderedPack(rules);
  shuffle(pack, seedrandom(seedKey(seed)));
  return { ...layOut(rules, pack), seed };
}

/** Fisher-Yates from the end, as dealing step 2 says. */
export function shuffle(pack: number[], rng: () => number): void {
  for (let i = pack.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    const t = pack[i];
    pack[i] = pack[j];
    pack[j] = t;
  }
}

/** Deals a shuffled pack as dealing step 3 says: the tableau row by row, the reserve, the stock. */
export function layOut(rules: RuleTable, pack: number[]): Deal {
  let k = 0;
  const tableau: number[][] = rules.tableauDeal.map(() => []);
  const rounds = Math.max(...rules.tableauDeal);
  for (let r = 0; r < rounds; r++) for (let p = 0; p < tableau.length; p++) if (rules.tableauDeal[p] > r) tableau[p].push(pack[k++]);
  const reserve = pack.slice(k, k + rules.reserveSize);
  k += rules.reserveSize;
  const rest = pack.slice(k);
  if (!rules.hasStock && rest.length > 0) throw new Error(`internal: ${rules.name} deals ${rest.length} cards too many`);
  return {
    rules,
    tableau,
    reserve,
    stock: rest.reverse(),
    waste: [],
    cells: new Array(rules.cells).fill(-1),
    foundations: startingFoundations(rules),
  };
}

// ---- JSON ----

/** The cards a player sees on top at the deal: each tableau pile's top, then the reserve's top. */
export function exposedCards(d: Deal): number[] {
  const tops = d.tableau.filter((p) => p.length > 0).map((p) => p[p.length - 1]);
  if (d.reserve.length) tops.push(d.reserve[d.reserve.length - 1]);
  return tops;
}

/**
 * The base ranks the player may choose in this deal (the Terrace family): Signora, the ranks of its
 * exposed cards; Double Signora and Empress of Italy, all 13; other games, none.
 */
export function baseCandidates(d: Deal): number[] {
  return baseCandidateRanks(d.rules, exposedCards(d).map(rankOf));
}

export interface DealJson {
  variant: string;
  seed?: number;
  ms?: number;
  tableau: string[][];
  reserve: string[];
  stock: string[];
  waste: string[];
  cells: (string | null)[];
  foundations: string[][];
}

export function dealToJson(d: Deal): DealJson {
  const names = (a: number[]) => a.map(cardName);
  const j: DealJson = { variant: d.rules.name } as DealJson;
  if (d.seed !== undefined) j.seed = d.seed;
  if (d.ms !== undefined) j.ms = d.ms;
  j.tableau = d.tableau.map(names);
  j.reserve = names(d.reserve);
  j.stock = names(d.stock);
  j.waste = names(d.waste);
  j.cells = d.cells.map((c) => (c < 0 ? null : cardName(c)));
  j.foundations = d.foundations.map(names);
  return j;
}

/**
 * Reads and checks a deal. `strict` (the default, for files) demands a starting layout: pile sizes
 * as dealt, empty waste and cells, foundations as before the deal. Non-strict accepts any position
 * of the variant (hand-made test positions): still exactly the variant's cards, right pile counts,
 * well-built foundations. Throws DealError naming the first problem.
 */
export function dealFromJson(obj: unknown, strict = true): Deal {
  if (typeof obj !== 'object' || obj === null || Array.isArray(obj)) throw new DealError('deal must be a JSON object');
  const o = obj as Record<string, unknown>;
  if (typeof o.variant !== 'string') throw new DealError('deal has no "variant" string');
  const cellsField = o.cells;
  const opts: RuleOptions = {};
  const cellRange = VARIANTS.find((v) => v.name === normalVariantName(o.variant as string))?.options?.cells;
  if (cellRange && Array.isArray(cellsField)) {
    if (cellsField.length > cellRange.max)
      throw new DealError(`deal: ${o.variant} is played with ${cellRange.min}-${cellRange.max} cells, the deal lists ${cellsField.length}`);
    opts.cells = cellsField.length;
  }
  let rules: RuleTable;
  try {
    rules = getRules(o.variant, opts);
  } catch (e) {
    throw new DealError(e instanceof RuleError ? `deal: ${e.message}` : String(e));
  }
  let seed: number | undefined;
  if (o.seed !== undefined) {
    try {
      seed = parseSeed(o.seed as number);
    } catch (e) {
      throw new DealError(`deal: ${(e as Error).message}`);
    }
  }
  const cardList = (v: unknown, where: string): number[] => {
    if (!Array.isArray(v)) throw new DealError(`deal: "${where}" must be an array of cards`);
    return v.map((c, i) => {
      const n = tryParseCard(c);
      if (n < 0) throw new DealError(`deal: bad card ${JSON.stringify(c)} at ${where}[${i}]`);
      return n;
    });
  };
  const pileList = (v: unknown, where: string, count: number): number[][] => {
    if (!Array.isArray(v)) throw new DealError(`deal: "${where}" must be an array of piles`);
    if (v.length !== count) throw new DealError(`deal: ${rules.name} has ${count} ${where} piles, the deal lists ${v.length}`);
    return v.map((p, i) => cardList(p, `${where}[${i}]`));
  };
  const tableau = pileList(o.tableau, 'tableau', rules.tableauDeal.length);
  const foundations = pileList(o.foundations, 'foundations', rules.foundations);
  const reserve = cardList(o.reserve ?? [], 'reserve');
  const stock = cardList(o.stock ?? [], 'stock');
  const waste = cardList(o.waste ?? [], 'waste');
  if (!Array.isArray(cellsField ?? [])) throw new DealError('deal: "cells" must be an array');
  const cellsRaw = (cellsField ?? []) as unknown[];
  if (cellsRaw.length !== rules.cells) throw new DealError(`deal: ${rules.name} has ${rules.cells} cells, the deal lists ${cellsRaw.length}`);
  const cells = cellsRaw.map((c, i) => {
    if (c === null) return -1;
    const n = tryParseCard(c);
    if (n < 0) throw new DealError(`deal: bad card ${JSON.stringify(c)} at cells[${i}]`);
    return n;
  });
  let ms: number | undefined;
  if (o.ms !== undefined) {
    if (!(typeof o.ms === 'number' && Number.isSafeInteger(o.ms) && o.ms >= 1))
      throw new DealError('deal: "ms" (a Microsoft deal number) must be a whole number from 1');
    if (seed !== undefined) throw new DealError('deal: a deal has a "seed" or an "ms" number, not both');
    ms = o.ms;
  }
  const deal: Deal = { rules, seed, tableau, reserve, stock, waste, cells, foundations };
  if (ms !== undefined) deal.ms = ms;
  checkDeal(deal, strict);
  return deal;
}

/** Every card of a deal, pile by pile (the tableau, reserve, stock, waste, cells and foundations). */
export function dealCards(d: Deal): number[] {
  return [...d.tableau.flat(), ...d.reserve, ...d.stock, ...d.waste, ...d.cells.filter((c) => c >= 0), ...d.foundations.flat()];
}

/** Checks card counts, pile sizes (strict) and foundation building. Throws DealError. */
export function checkDeal(d: Deal, strict: boolean): void {
  const r = d.rules;
  if (r.reserveSize === 0 && d.reserve.length > 0) throw new DealError(`deal: ${r.name} has no reserve`);
  if (!r.hasStock && (d.stock.length > 0 || d.waste.length > 0)) throw new DealError(`deal: ${r.name} has no stock or waste`);
  // Exactly the variant's cards: d copies of each of the 52.
  const count = new Array(52).fill(0);
  for (const c of dealCards(d)) count[c]++;
  const wrong = wrongCounts(count, r.decks);
  if (wrong) throw new DealError(`deal: ${wrong}; ${r.name} has ${r.decks} of each card`);
  if (strict) {
    d.tableau.forEach((p, i) => {
      if (p.length !== r.tableauDeal[i]) throw new DealError(`deal: tableau[${i}] has ${p.length} cards, ${r.name} deals ${r.tableauDeal[i]}`);
    });
    if (d.reserve.length !== r.reserveSize) throw new DealError(`deal: reserve has ${d.reserve.length} cards, ${r.name} deals ${r.reserveSize}`);
    if (d.waste.length > 0) throw new DealError('deal: the waste must be empty at the deal');
    if (d.cells.some((c) => c >= 0)) throw new DealError('deal: the cells must be empty at the deal');
    const start = startingFoundations(r);
    d.foundations.forEach((f, i) => {
      if (f.length !== start[i].length || (f.length === 1 && f[0] >> 2 !== 0))
        throw new DealError(`deal: foundations[${i}] must be ${start[i].length ? 'one ace' : 'empty'} at the deal`);
    });
  } else {
    checkFoundations(d);
  }
}

/** `TS appears 3 times, 4D appears 1 time`: duplicated cards first, then missing ones; '' when all are right. */
function wrongCounts(count: number[], decks: number): string {
  const cards = [...count.keys()].filter((c) => count[c] > decks).concat([...count.keys()].filter((c) => count[c] < decks));
  const said = cards.slice(0, 4).map((c) => `${cardName(c)} appears ${count[c]} time${count[c] === 1 ? '' : 's'}`);
  if (cards.length > 4) said.push(`${cards.length - 4} more cards wrong`);
  return said.join(', ');
}

function checkFoundations(d: Deal): void {
  const r = d.rules;
  let base = -1;
  d.foundations.forEach((f, i) => {
    if (f.length > 13) throw new DealError(`deal: foundations[${i}] holds more than 13 cards`);
    if (f.length === 0) return;
    const b = f[0] >> 2;
    if (r.foundationBuild !== 'alt-colour-wrap' && b !== 0) throw new DealError(`deal: foundations[${i}] must start with an ace`);
    if (base >= 0 && b !== base) throw new DealError(`deal: foundations[${i}] starts with rank ${b + 1}, another starts with ${base + 1}`);
    base = b;
    for (let k = 1; k < f.length; k++) {
      const prev = f[k - 1];
      const c = f[k];
      if (foundationBuildError(r, prev, c) !== null) throw new DealError(`deal: foundations[${i}] is not built correctly at ${cardName(c)}`);
    }
  });
  if (r.acesStartOnFoundations && d.foundations.some((f) => f.length === 0)) throw new DealError('deal: every foundation must hold its ace');
}

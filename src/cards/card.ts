// Room src/cards: what a card is (this file alone: the encoding, names, ranks, suits, colours).
// It imports nothing of the project; every other room stands on it. The rooms and the direction of
// their imports, cli -> {analysis, strategy} -> records -> solver -> search -> proof -> engine -> rules -> cards:
// docs/architecture.md (eslint.config.mjs enforces it).
//
// Card encoding and text notation.
//
// A card is a small integer 0..51: card = rank * 4 + suit, with rank 0..12 (A..K) and
// suit 0..3 (C, D, H, S). Copies in multi-deck games are the same integer: RULES.md says
// copies are indistinguishable, so nothing in the engine needs to tell them apart.

export const RANKS = 'A23456789TJQK';
export const SUITS = 'CDHS';
export const NUM_CARDS = 52;

export function makeCard(rank: number, suit: number): number {
  return rank * 4 + suit;
}
export function rankOf(card: number): number {
  return card >> 2;
}
export function suitOf(card: number): number {
  return card & 3;
}
/** 0 = black (clubs, spades), 1 = red (diamonds, hearts). */
export function colourOf(card: number): number {
  const s = card & 3;
  return s === 1 || s === 2 ? 1 : 0;
}

export function cardName(card: number): string {
  if (card < 0 || card >= NUM_CARDS) throw new Error(`not a card: ${card}`);
  return RANKS[card >> 2] + SUITS[card & 3];
}

/** Parses `7H`, `TS`; also accepts `10H` and lower case. Returns -1 when malformed. */
export function tryParseCard(text: unknown): number {
  if (typeof text !== 'string') return -1;
  let t = text.trim().toUpperCase();
  if (t.startsWith('10')) t = 'T' + t.slice(2);
  if (t.length !== 2) return -1;
  const r = RANKS.indexOf(t[0]);
  const s = SUITS.indexOf(t[1]);
  if (r < 0 || s < 0) return -1;
  return makeCard(r, s);
}

export function parseCard(text: unknown): number {
  const c = tryParseCard(text);
  if (c < 0) throw new Error(`bad card ${JSON.stringify(text)}: expected rank A23456789TJQK then suit CDHS, e.g. 7H`);
  return c;
}

/** Rank letter (A, 2..9, T, J, Q, K) for rank 0..12. */
export function rankName(rank: number): string {
  return RANKS[rank];
}

/** Parses a rank letter (`A`, `7`, `T`, `10`, `k`); -1 when malformed. */
export function tryParseRank(text: string): number {
  let t = text.trim().toUpperCase();
  if (t === '10') t = 'T';
  if (t.length !== 1) return -1;
  return RANKS.indexOf(t);
}

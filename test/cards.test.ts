// RULES.md "Cards": ranks, suits, colours, text notation; helpers of test/helpers.ts.
import { describe, expect, it } from 'vitest';
import { cardName, colourOf, makeCard, NUM_CARDS, parseCard, rankName, rankOf, suitOf, tryParseCard, tryParseRank } from '../src/cards/card';
import { checkDeal } from '../src/engine/deal';
import { getRules, RuleError, variantNames } from '../src/rules/variants';
import { totalCards } from '../src/rules/vocabulary';
import { cards, positionDeal, positionJson, prng } from './helpers';

describe('card encoding', () => {
  it('is rank*4+suit with ranks A..K = 0..12 and suits C D H S = 0..3', () => {
    expect(NUM_CARDS).toBe(52);
    expect(parseCard('AC')).toBe(0);
    expect(parseCard('AD')).toBe(1);
    expect(parseCard('AH')).toBe(2);
    expect(parseCard('AS')).toBe(3);
    expect(parseCard('2C')).toBe(4);
    expect(parseCard('7H')).toBe(6 * 4 + 2);
    expect(parseCard('KS')).toBe(51);
    expect(makeCard(12, 3)).toBe(51);
    expect(rankOf(parseCard('TD'))).toBe(9);
    expect(suitOf(parseCard('TD'))).toBe(1);
  });

  it('round-trips every card through its name', () => {
    const seen = new Set<string>();
    for (let c = 0; c < 52; c++) {
      const n = cardName(c);
      expect(n).toMatch(/^[A2-9TJQK][CDHS]$/);
      expect(parseCard(n)).toBe(c);
      seen.add(n);
    }
    expect(seen.size).toBe(52);
  });

  it('clubs and spades are black, diamonds and hearts red', () => {
    for (let r = 0; r < 13; r++) {
      expect(colourOf(makeCard(r, 0))).toBe(0);
      expect(colourOf(makeCard(r, 3))).toBe(0);
      expect(colourOf(makeCard(r, 1))).toBe(1);
      expect(colourOf(makeCard(r, 2))).toBe(1);
    }
  });

  it('text notation: rank A23456789TJQK then suit; also accepts 10 and lower case', () => {
    expect(parseCard('TS')).toBe(makeCard(9, 3));
    expect(parseCard('10S')).toBe(makeCard(9, 3));
    expect(parseCard('kd')).toBe(makeCard(12, 1));
    expect(parseCard(' 7h ')).toBe(parseCard('7H'));
    expect(cardName(parseCard('10h'))).toBe('TH');
    expect(rankName(0)).toBe('A');
    expect(rankName(9)).toBe('T');
    expect(rankName(12)).toBe('K');
  });

  it('rejects malformed card names', () => {
    for (const bad of ['', '7', 'H7', '1H', '11H', '7X', 'ZH', '7HH', 'joker', null, 7, undefined, {}]) {
      expect(tryParseCard(bad)).toBe(-1);
      expect(() => parseCard(bad)).toThrow(/bad card/);
    }
    expect(() => cardName(52)).toThrow();
    expect(() => cardName(-1)).toThrow();
  });

  it('parses rank letters', () => {
    expect(tryParseRank('A')).toBe(0);
    expect(tryParseRank('7')).toBe(6);
    expect(tryParseRank('10')).toBe(9);
    expect(tryParseRank('t')).toBe(9);
    expect(tryParseRank('k')).toBe(12);
    expect(tryParseRank('1')).toBe(-1);
    expect(tryParseRank('X')).toBe(-1);
  });

  it('copies are indistinguishable: every copy of a card is the same integer', () => {
    expect(parseCard('7H')).toBe(parseCard('7h'));
    // Two copies of 7H in a Signora position are simply the same number twice.
    const d = positionDeal('signora', { tableau: ['7H', '7H'], base: '7' });
    expect(d.tableau[0][0]).toBe(d.tableau[1][0]);
  });
});

describe('rule tables', () => {
  it('knows the six variants and rejects unknown names', () => {
    expect(variantNames()).toEqual(['signora', 'double-signora', 'empress-of-italy', 'red-and-black', 'winery', 'freecell']);
    expect(() => getRules('klondike')).toThrow(RuleError);
    expect(() => getRules('klondike')).toThrow(/klondike/);
  });

  it('has the decks, foundations, tableau and reserve of the RULES.md table', () => {
    const row = (n: string) => {
      const r = getRules(n);
      return [r.decks, r.foundations, r.tableauDeal.length, r.reserveSize, r.cells, totalCards(r)];
    };
    expect(row('signora')).toEqual([2, 8, 9, 11, 0, 104]);
    expect(row('double-signora')).toEqual([4, 16, 11, 21, 0, 208]);
    expect(row('empress-of-italy')).toEqual([4, 16, 11, 0, 0, 208]);
    expect(row('red-and-black')).toEqual([2, 8, 8, 0, 0, 104]);
    expect(row('winery')).toEqual([1, 4, 10, 0, 2, 52]);
    expect(row('freecell')).toEqual([1, 4, 8, 0, 4, 52]);
    expect(getRules('winery').tableauDeal).toEqual([6, 6, 5, 5, 5, 5, 5, 5, 5, 5]);
    expect(getRules('freecell').tableauDeal).toEqual([7, 7, 7, 7, 6, 6, 6, 6]);
    expect(getRules('signora').autoFill).toEqual(['waste', 'stock']);
    expect(getRules('double-signora').autoFill).toEqual(['waste', 'stock']);
    expect(getRules('empress-of-italy').autoFill).toEqual(['stock', 'waste']);
    expect(getRules('red-and-black').autoFill).toEqual([]);
    expect(getRules('winery').autoFill).toEqual([]);
  });

  it('freecell takes 0-4 cells by rule option, nothing else does', () => {
    for (let n = 0; n <= 4; n++) expect(getRules('freecell', { cells: n }).cells).toBe(n);
    expect(getRules('freecell').cells).toBe(4);
    expect(() => getRules('freecell', { cells: 5 })).toThrow(RuleError);
    expect(() => getRules('freecell', { cells: -1 })).toThrow(RuleError);
    expect(() => getRules('freecell', { cells: 1.5 })).toThrow(RuleError);
    expect(() => getRules('winery', { cells: 2 })).toThrow(RuleError);
    // The option does not leak into the shared table.
    getRules('freecell', { cells: 1 });
    expect(getRules('freecell').cells).toBe(4);
  });
});

describe('test helpers', () => {
  it('splits card lists', () => {
    expect(cards('7H 6s,5D')).toEqual(['7H', '6S', '5D']);
    expect(cards(['kd'])).toEqual(['KD']);
    expect(cards(undefined)).toEqual([]);
  });

  it('builds positions with exactly the variant cards, filling foundations and dumping the rest', () => {
    // Signora, base 7, one foundation partly built: the other 7 complete where possible, rest in the stock.
    const d = positionDeal('signora', { tableau: ['9H'], foundations: { 0: '7C 8H' } });
    expect(() => checkDeal(d, false)).not.toThrow();
    expect(d.foundations[0].length).toBe(2);
    // 7C 8H and 9H use a black 7 and a red 9: three red-start and three black-start foundations remain.
    expect(d.foundations.filter((f) => f.length === 13).length).toBe(6);
    // Without a stock the spec must account for the leftovers.
    expect(() => positionJson('winery', { tableau: ['5H'] })).toThrow(/left over/);
    const w = positionDeal('winery', { tableau: ['KH', 'QH'] });
    expect(w.foundations.map((f) => f.length).sort()).toEqual([11, 13, 13, 13]);
    // Red and Black: every foundation holds at least its ace.
    const rb = positionDeal('red-and-black', { tableau: ['2H'] });
    expect(rb.foundations.every((f) => f.length >= 1)).toBe(true);
  });

  it('has a reproducible PRNG', () => {
    const a = prng(42);
    const b = prng(42);
    const xs = Array.from({ length: 5 }, () => a());
    expect(Array.from({ length: 5 }, () => b())).toEqual(xs);
    for (const x of xs) expect(x >= 0 && x < 1).toBe(true);
  });
});

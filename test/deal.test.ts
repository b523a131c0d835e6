// Seeded deals, the deal JSON of FORMATS.md, and golden deals that freeze the dealing procedure.
import seedrandom from 'seedrandom';
import { describe, expect, it } from 'vitest';
import { cardName, makeCard } from '../src/cards/card';
import { type Deal, dealFromJson, dealFromSeed, DealError, type DealJson, dealToJson, orderedPack, parseSeed, seedKey } from '../src/engine/deal';
import { GameState } from '../src/engine/state';
import { getRules } from '../src/rules/variants';
import { totalCards } from '../src/rules/vocabulary';
import { ALL_VARIANTS } from './helpers';

/** [tableau sizes, reserve, stock] of the RULES.md table (FreeCell: 8 piles 7,7,7,7,6,6,6,6). */
const SIZES: Record<string, [number[], number, number]> = {
  signora: [new Array(9).fill(1), 11, 84],
  'double-signora': [new Array(11).fill(1), 21, 176],
  'empress-of-italy': [new Array(11).fill(1), 0, 197],
  'red-and-black': [new Array(8).fill(1), 0, 88],
  winery: [[6, 6, 5, 5, 5, 5, 5, 5, 5, 5], 0, 0],
  freecell: [[7, 7, 7, 7, 6, 6, 6, 6], 0, 0],
};
const DECKS: Record<string, number> = { signora: 2, 'double-signora': 4, 'empress-of-italy': 4, 'red-and-black': 2, winery: 1, freecell: 1 };
const FOUNDATIONS: Record<string, number> = { signora: 8, 'double-signora': 16, 'empress-of-italy': 16, 'red-and-black': 8, winery: 4, freecell: 4 };

function allCards(d: Deal): number[] {
  return [...d.tableau.flat(), ...d.reserve, ...d.stock, ...d.waste, ...d.cells.filter((c) => c >= 0), ...d.foundations.flat()];
}

function json(variant: string, seed = 7): DealJson {
  return JSON.parse(JSON.stringify(dealToJson(dealFromSeed(getRules(variant), seed))));
}

describe('seeded deals', () => {
  for (const v of ALL_VARIANTS) {
    describe(v, () => {
      for (const seed of [0, 1, 2, 99, 12345]) {
        it(`seed ${seed}: exactly the variant's cards, d copies of each, and the pile sizes of the table`, () => {
          const d = dealFromSeed(getRules(v), seed);
          const count = new Array(52).fill(0);
          for (const c of allCards(d)) count[c]++;
          expect(count).toEqual(new Array(52).fill(DECKS[v]));
          expect(allCards(d).length).toBe(totalCards(d.rules));
          const [tab, reserve, stock] = SIZES[v];
          expect(d.tableau.map((p) => p.length)).toEqual(tab);
          expect(d.reserve.length).toBe(reserve);
          expect(d.stock.length).toBe(stock);
          expect(d.waste).toEqual([]);
          expect(d.seed).toBe(seed);
          expect(d.foundations.length).toBe(FOUNDATIONS[v]);
          expect(d.cells).toEqual(new Array(d.rules.cells).fill(-1));
          if (v === 'red-and-black') {
            // Ruling 8: the 8 aces start on the foundations, one each; the waste starts empty.
            expect(d.foundations.map((f) => f.map(cardName).join(' '))).toEqual(['AC', 'AD', 'AH', 'AS', 'AC', 'AD', 'AH', 'AS']);
            expect([...d.tableau.flat(), ...d.stock].some((c) => c >> 2 === 0)).toBe(false);
          } else {
            expect(d.foundations.every((f) => f.length === 0)).toBe(true);
          }
          // A seeded deal is a valid strict deal.
          expect(() => dealFromJson(dealToJson(d))).not.toThrow();
        });
      }

      it('a GameState of the deal holds every card, nothing on the foundations but R&B aces', () => {
        const s = new GameState(dealFromSeed(getRules(v), 3));
        let n = 0;
        for (let p = 0; p < s.nPiles; p++) n += s.len[p];
        expect(n).toBe(totalCards(s.rules));
        expect(s.onFoundation).toBe(v === 'red-and-black' ? 8 : 0);
        expect(s.isWon()).toBe(false);
        expect(s.base).toBe(s.rules.terraceFamily ? -1 : 0);
      });

      it('the same seed gives the same deal, different seeds different deals', () => {
        const a = JSON.stringify(dealToJson(dealFromSeed(getRules(v), 5)));
        expect(JSON.stringify(dealToJson(dealFromSeed(getRules(v), 5)))).toBe(a);
        expect(JSON.stringify(dealToJson(dealFromSeed(getRules(v), 6)))).not.toBe(a);
      });

      it('dealToJson -> JSON text -> dealFromJson round-trips to an equal deal', () => {
        for (const seed of [1, 2, 3]) {
          const d = dealFromSeed(getRules(v), seed);
          const text = JSON.stringify(dealToJson(d));
          const back = dealFromJson(JSON.parse(text));
          expect(back.rules.name).toBe(v);
          expect(back.seed).toBe(seed);
          expect(back.tableau).toEqual(d.tableau);
          expect(back.reserve).toEqual(d.reserve);
          expect(back.stock).toEqual(d.stock);
          expect(back.waste).toEqual(d.waste);
          expect(back.cells).toEqual(d.cells);
          expect(back.foundations).toEqual(d.foundations);
          expect(JSON.stringify(dealToJson(back))).toBe(text);
          // The same position, so the same hash.
          const s1 = new GameState(d);
          const s2 = new GameState(back);
          expect([s2.h1, s2.h2]).toEqual([s1.h1, s1.h2]);
        }
      });
    });
  }

  it('freecell deals as many cells as the rule option says', () => {
    for (let n = 0; n <= 4; n++) {
      const d = dealFromSeed(getRules('freecell', { cells: n }), 1);
      expect(d.cells).toEqual(new Array(n).fill(-1));
      const j = dealToJson(d);
      expect(j.cells).toEqual(new Array(n).fill(null));
      const back = dealFromJson(JSON.parse(JSON.stringify(j)));
      expect(back.rules.cells).toBe(n);
      expect(new GameState(back).C).toBe(n);
    }
  });

  it('follows the documented procedure: ordered pack, seedrandom Fisher-Yates, tableau row by row, reserve, stock reversed', () => {
    for (const v of ALL_VARIANTS) {
      const rules = getRules(v);
      const pack: number[] = [];
      for (let d = 0; d < rules.decks; d++) for (let s = 0; s < 4; s++) for (let r = v === 'red-and-black' ? 1 : 0; r < 13; r++) pack.push(makeCard(r, s));
      expect(orderedPack(rules)).toEqual(pack);
      const rng = seedrandom(seedKey(4242));
      expect(seedKey(4242)).toBe('seed:4242');
      for (let i = pack.length - 1; i > 0; i--) {
        const j = Math.floor(rng() * (i + 1));
        [pack[i], pack[j]] = [pack[j], pack[i]];
      }
      const d = dealFromSeed(rules, 4242);
      let k = 0;
      const tab: number[][] = rules.tableauDeal.map(() => []);
      for (let row = 0; row < 7; row++)
        rules.tableauDeal.forEach((size, p) => {
          if (row < size) tab[p].push(pack[k++]);
        });
      expect(d.tableau).toEqual(tab);
      expect(d.reserve).toEqual(pack.slice(k, k + rules.reserveSize));
      expect(d.stock).toEqual(pack.slice(k + rules.reserveSize).reverse());
    }
  });

  it('seeds whose decimal strings repeat a shorter key deal different games (1, 11, 111; 12, 1212)', () => {
    for (const v of ALL_VARIANTS) {
      const text = (seed: number) => JSON.stringify(dealToJson(dealFromSeed(getRules(v), seed)).tableau);
      const seen = new Set([1, 11, 111, 1111, 12, 1212, 121212].map(text));
      expect(seen.size).toBe(7);
    }
  });

  it('rejects bad seeds', () => {
    expect(parseSeed('17')).toBe(17);
    expect(parseSeed(0)).toBe(0);
    for (const bad of ['-1', '1.5', 'abc', '', '1e3', '9007199254740992']) expect(() => parseSeed(bad)).toThrow(DealError);
    expect(() => parseSeed(-1)).toThrow(DealError);
    expect(() => parseSeed(0.5)).toThrow(DealError);
    expect(() => dealFromSeed(getRules('signora'), -3)).toThrow(DealError);
  });
});

// Frozen from the dealing code at the time of writing: a change to dealing changes every
// published seed and must be deliberate. `fp` is FNV-1a (32 bit) of JSON.stringify(dealToJson(deal)).
const GOLDEN: { v: string; seed: number; tops: string; t0: string; reserveTop: string | null; next: string; fp: string }[] = [
  { v: 'signora', seed: 1, tops: 'TC KH TD 9S 3C 9D 5S TS KD', t0: 'TC', reserveTop: '6H', next: '4D 8H 4C', fp: 'cceb57e8' },
  { v: 'signora', seed: 12345, tops: 'TS 6C QS AH 6C QS 8D 2C JC', t0: 'TS', reserveTop: '8C', next: 'TD TH 9S', fp: '7f817f0c' },
  { v: 'double-signora', seed: 1, tops: 'AS AC 5S JD 3D TD 4D TD 4S 2H TS', t0: 'AS', reserveTop: '4C', next: '3C JS 9S', fp: '1a6699d6' },
  { v: 'double-signora', seed: 12345, tops: 'QD TH JD 4D 8D 9D KC 6C 5H 4H 8S', t0: 'QD', reserveTop: '7C', next: '3D 2H KS', fp: '525d4618' },
  { v: 'empress-of-italy', seed: 1, tops: 'AS AC 5S JD 3D TD 4D TD 4S 2H TS', t0: 'AS', reserveTop: null, next: 'JD QS AC', fp: '5cc43cb0' },
  { v: 'empress-of-italy', seed: 12345, tops: 'QD TH JD 4D 8D 9D KC 6C 5H 4H 8S', t0: 'QD', reserveTop: null, next: 'QD 3D AH', fp: '25769d8c' },
  { v: 'red-and-black', seed: 1, tops: '9H 3S 7D 4S 3D JC 3S TH', t0: '9H', reserveTop: null, next: 'QC TC 5S', fp: '12ad3f8a' },
  { v: 'red-and-black', seed: 12345, tops: '8C 4H 5S 3C 9C 3D 5D JS', t0: '8C', reserveTop: null, next: 'JS 2H 9H', fp: 'd1b6b680' },
  { v: 'winery', seed: 1, tops: '5S AC 8C KH JS 3C KS 9D QS QD', t0: '4C 7H 2C 3H 7C 5S', reserveTop: null, next: '', fp: 'fc77cefb' },
  { v: 'winery', seed: 12345, tops: 'JS QC 9C 7S KC 2C 9D 4S 7H TH', t0: 'QD 7C TS 2S TC JS', reserveTop: null, next: '', fp: 'eb5100b3' },
  { v: 'freecell', seed: 1, tops: 'QS QD 5S AC JS 3C KS 9D', t0: '4C 2H 6D 9H 2S 7C QS', reserveTop: null, next: '', fp: '081c321f' },
  { v: 'freecell', seed: 12345, tops: '7H TH JS QC KC 2C 9D 4S', t0: 'QD 5D JD QH 8C TC 7H', reserveTop: null, next: '', fp: 'a58c438f' },
];

function fnv1a(s: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}

describe('golden deals (seed 1 and 12345 of every variant)', () => {
  for (const g of GOLDEN) {
    it(`${g.v} seed ${g.seed}`, () => {
      const j = dealToJson(dealFromSeed(getRules(g.v), g.seed));
      expect(j.tableau.map((p) => p[p.length - 1]).join(' ')).toBe(g.tops);
      expect(j.tableau[0].join(' ')).toBe(g.t0);
      expect(j.reserve.length ? j.reserve[j.reserve.length - 1] : null).toBe(g.reserveTop);
      expect(j.stock.slice(-3).reverse().join(' ')).toBe(g.next);
      expect(fnv1a(JSON.stringify(j))).toBe(g.fp);
    });
  }
});

describe('dealFromJson rejects bad deals with a DealError naming the problem', () => {
  const rejects = (obj: unknown, msg: RegExp, strict = true) => {
    expect(() => dealFromJson(obj, strict)).toThrow(DealError);
    expect(() => dealFromJson(obj, strict)).toThrow(msg);
  };

  it('not an object, no variant, unknown variant', () => {
    rejects(null, /JSON object/);
    rejects([1, 2], /JSON object/);
    rejects('signora', /JSON object/);
    rejects({ tableau: [] }, /variant/);
    rejects({ ...json('signora'), variant: 'spider' }, /unknown variant "spider"/);
  });

  it('a deal of one variant read as another', () => {
    // A Signora deal labelled Red and Black: wrong tableau count.
    rejects({ ...json('signora'), variant: 'red-and-black' }, /red-and-black has 8 tableau piles, the deal lists 9/);
    // Double Signora read as Empress of Italy: Empress has no reserve.
    rejects({ ...json('double-signora'), variant: 'empress-of-italy' }, /empress-of-italy has no reserve/);
    // A Winery deal read as FreeCell.
    rejects({ ...json('winery'), variant: 'freecell' }, /tableau/);
  });

  it('wrong pile counts', () => {
    const j = json('signora');
    rejects({ ...j, tableau: j.tableau.slice(0, 8) }, /signora has 9 tableau piles, the deal lists 8/);
    rejects({ ...j, foundations: j.foundations.slice(1) }, /signora has 8 foundations piles, the deal lists 7/);
    const w = json('winery');
    rejects({ ...w, cells: [null] }, /winery has 2 cells, the deal lists 1/);
    rejects({ ...w, cells: [null, null, null] }, /winery has 2 cells, the deal lists 3/);
    rejects({ ...j, cells: [null] }, /signora has 0 cells/);
    rejects({ ...j, tableau: 'x' }, /"tableau" must be an array/);
    const fc = json('freecell');
    rejects({ ...fc, cells: [null, null, null, null, null] }, /cells/);
    expect(dealFromJson({ ...fc, cells: [null, null] }, false).rules.cells).toBe(2);
    rejects({ ...j, stock: 'x' }, /"stock" must be an array/);
  });

  it('wrong pile sizes (strict)', () => {
    const j = json('signora');
    // Move the reserve top onto t0: still the right cards, wrong sizes.
    const t = { ...j, tableau: j.tableau.map((p) => [...p]), reserve: [...j.reserve] };
    t.tableau[0].unshift(t.reserve.pop()!);
    rejects(t, /tableau\[0\] has 2 cards, signora deals 1/);
    const r = { ...j, reserve: [...j.reserve], stock: [...j.stock] };
    r.stock.push(r.reserve.pop()!);
    rejects(r, /reserve has 10 cards, signora deals 11/);
    const w = { ...j, waste: [j.stock[j.stock.length - 1]], stock: j.stock.slice(0, -1) };
    rejects(w, /waste must be empty/);
    const win = json('winery');
    const c = { ...win, tableau: win.tableau.map((p) => [...p]) };
    c.cells = [c.tableau[0].pop()!, null];
    rejects(c, /tableau\[0\] has 5 cards, winery deals 6|cells must be empty/);
    // Non-strict reading accepts those positions (the cards are all there).
    expect(() => dealFromJson(t, false)).not.toThrow();
    expect(() => dealFromJson(w, false)).not.toThrow();
    expect(() => dealFromJson(c, false)).not.toThrow();
  });

  it('a duplicated or missing card', () => {
    const j = json('signora');
    const dup = { ...j, stock: [...j.stock] };
    const replaced = dup.stock[0];
    dup.stock[0] = dup.stock[1] === replaced ? dup.stock[2] : dup.stock[1];
    // Both the duplicated card and the one it replaced are named, the duplicate first.
    rejects(dup, new RegExp(`${dup.stock[0]} appears 3 times, ${replaced} appears 1 time; signora has 2 of each card$`));
    const missing = { ...j, stock: j.stock.slice(1) };
    rejects(missing, new RegExp(`${j.stock[0]} appears 1 time; signora has 2 of each card`));
    const extra = { ...json('winery'), cells: ['AS', null] };
    rejects(extra, /AS appears 2 times; winery has 1 of each card/);
    const twice = { ...json('winery'), tableau: json('winery').tableau.map((p) => [...p]) };
    const lost = twice.tableau[0][0];
    twice.tableau[0][0] = twice.tableau[0][1];
    rejects(twice, new RegExp(`${twice.tableau[0][1]} appears 2 times, ${lost} appears 0 times; winery has 1 of each card`));
    // Even non-strict reading checks the cards.
    rejects(missing, /appears 1 time;/, false);
  });

  it('a malformed card name', () => {
    const j = json('signora');
    rejects({ ...j, tableau: [['1H'], ...j.tableau.slice(1)] }, /bad card "1H" at tableau\[0\]\[0\]/);
    rejects({ ...j, stock: [...j.stock.slice(0, -1), 'XX'] }, /bad card "XX" at stock\[83\]/);
    rejects({ ...j, reserve: [7, ...j.reserve.slice(1)] }, /bad card 7 at reserve\[0\]/);
    rejects({ ...json('winery'), cells: ['ZZ', null] }, /bad card "ZZ" at cells\[0\]/);
    rejects({ ...json('winery'), tableau: [['7h', 'QX'], ...json('winery').tableau.slice(1)] }, /bad card "QX" at tableau\[0\]\[1\]/);
  });

  it('badly built foundations and foundations at the deal', () => {
    const j = json('red-and-black');
    rejects({ ...j, foundations: [[], ...j.foundations.slice(1)], stock: ['AC', ...j.stock] }, /foundations\[0\] must be one ace/);
    rejects({ ...j, foundations: [[], ...j.foundations.slice(1)], stock: ['AC', ...j.stock] }, /every foundation must hold its ace/, false);
    const s = json('signora');
    const bad = { ...s, stock: [...s.stock], foundations: s.foundations.map((f) => [...f]) };
    bad.foundations[0] = [bad.stock.pop()!];
    rejects(bad, /foundations\[0\] must be empty/);
    // Non-strict: a foundation not built up in alternate colour.
    const stock = [...s.stock];
    const take = (name: string) => stock.splice(stock.indexOf(name), 1)[0];
    const wrongColour = { ...s, stock, foundations: s.foundations.map((f) => [...f]) };
    // Cards may be in the tableau/reserve too: take them from wherever they are.
    const pull = (name: string): string => {
      if (stock.includes(name)) return take(name);
      for (const p of [wrongColour.tableau, [wrongColour.reserve]].flat())
        if (p.includes(name)) {
          p.splice(p.indexOf(name), 1);
          return name;
        }
      throw new Error(name);
    };
    wrongColour.tableau = s.tableau.map((p) => [...p]);
    wrongColour.reserve = [...s.reserve];
    wrongColour.foundations[0] = [pull('7H'), pull('8D')];
    rejects(wrongColour, /foundations\[0\] is not built correctly at 8D/, false);
  });

  it('a bad seed field', () => {
    rejects({ ...json('signora'), seed: -2 }, /bad seed/);
    rejects({ ...json('signora'), seed: 'x' }, /bad seed/);
    const noSeed = json('signora');
    delete noSeed.seed;
    expect(dealFromJson(noSeed).seed).toBeUndefined();
    expect(dealToJson(dealFromJson(noSeed)).seed).toBeUndefined();
  });
});

describe('small reader checks', () => {
  it('pile names have no leading zeros, and a freecell deal with 5 cells is refused in deal terms', async () => {
    const { GameState } = await import('../src/engine/state');
    const { dealFromSeed, dealToJson, dealFromJson, DealError } = await import('../src/engine/deal');
    const { getRules } = await import('../src/rules/variants');
    const s = new GameState(dealFromSeed(getRules('winery'), 1));
    expect(s.pileIndex('t1')).toBe(1);
    expect(s.pileIndex('t01')).toBe(-1);
    expect(s.pileIndex('t10')).toBe(-1); // Winery has t0..t9
    const j = dealToJson(dealFromSeed(getRules('freecell'), 1));
    j.cells = [null, null, null, null, null];
    expect(() => dealFromJson(j)).toThrow(DealError);
    expect(() => dealFromJson(j)).toThrow(/0-4 cells, the deal lists 5/);
  });
});

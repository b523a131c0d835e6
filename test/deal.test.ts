// Seeded deals, the deal JSON of FORMATS.md, and golden deals that freeze the dealing procedure.
import seedrandom from 'seedrandom';
import { describe, expect, it } from 'vitest';
import { cardName, makeCard } from '../src/cards/card';
import { Deal, dealFromJson, dealFromSeed, DealError, DealJson, dealToJson, orderedPack, parseSeed } from '../src/engine/deal';
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
      for (let d = 0; d < rules.decks; d++)
        for (let s = 0; s < 4; s++) for (let r = v === 'red-and-black' ? 1 : 0; r < 13; r++) pack.push(makeCard(r, s));
      expect(orderedPack(rules)).toEqual(pack);
      const rng = seedrandom('4242');
      for (let i = pack.length - 1; i > 0; i--) {
        const j = Math.floor(rng() * (i + 1));
        [pack[i], pack[j]] = [pack[j], pack[i]];
      }
      const d = dealFromSeed(rules, 4242);
      let k = 0;
      const tab: number[][] = rules.tableauDeal.map(() => []);
      for (let row = 0; row < 7; row++) rules.tableauDeal.forEach((size, p) => row < size && tab[p].push(pack[k++]));
      expect(d.tableau).toEqual(tab);
      expect(d.reserve).toEqual(pack.slice(k, k + rules.reserveSize));
      expect(d.stock).toEqual(pack.slice(k + rules.reserveSize).reverse());
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
  { v: 'signora', seed: 1, tops: '5S 3D 5D 2H JD 8S AC 9S KC', t0: '5S', reserveTop: 'AD', next: '8C 5S JS', fp: '08dbdc46' },
  { v: 'signora', seed: 12345, tops: '5C AD 8C JD 3C 7H 7C KC 6C', t0: '5C', reserveTop: 'QH', next: 'JD 2H 7C', fp: 'ccf1e2fe' },
  { v: 'double-signora', seed: 1, tops: '4D 8S 3S 2H 7S KD 3H QC AD TS 4C', t0: '4D', reserveTop: 'AS', next: 'QS KS JH', fp: '69e1d48a' },
  { v: 'double-signora', seed: 12345, tops: '8C 4H 7H TH 2C KC 2H 6D JD 2D 2C', t0: '8C', reserveTop: 'JS', next: 'AD QD 8S', fp: 'd444fd8c' },
  { v: 'empress-of-italy', seed: 1, tops: '4D 8S 3S 2H 7S KD 3H QC AD TS 4C', t0: '4D', reserveTop: null, next: '8C 8H KD', fp: '209de8d0' },
  { v: 'empress-of-italy', seed: 12345, tops: '8C 4H 7H TH 2C KC 2H 6D JD 2D 2C', t0: '8C', reserveTop: null, next: 'KC TS 5C', fp: '64385284' },
  { v: 'red-and-black', seed: 1, tops: '3S QD KD 5D JD JH 6H 4D', t0: '3S', reserveTop: null, next: '5S 2S 7C', fp: '5156ad26' },
  { v: 'red-and-black', seed: 12345, tops: 'QD 4S 8C 9C QS 6C TH 7C', t0: 'QD', reserveTop: null, next: '7C 7S 8D', fp: '8bc18518' },
  { v: 'winery', seed: 1, tops: 'TD 2D AC 6D TC 9H QD AH KC 5S', t0: '9S 4H 2H JS KH TD', reserveTop: null, next: '', fp: '9763fd19' },
  { v: 'winery', seed: 12345, tops: '8H JC QS 5C 3S 6S 9H 9S 4S KD', t0: '4C 2H QC AD 9C 8H', reserveTop: null, next: '', fp: '7f273a0d' },
  { v: 'freecell', seed: 1, tops: 'KC 5S TD 2D TC 9H QD AH', t0: '9S 4C 6C 2S TS KH KC', reserveTop: null, next: '', fp: '1de4723f' },
  { v: 'freecell', seed: 12345, tops: '4S KD 8H JC 3S 6S 9H 9S', t0: '4C TS AS 3D 8C 9C 4S', reserveTop: null, next: '', fp: 'cedd2ad1' },
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
    rejects(dup, new RegExp(`${replaced} appears 1 times, signora has 2|appears 3 times, signora has 2`));
    const missing = { ...j, stock: j.stock.slice(1) };
    rejects(missing, new RegExp(`${j.stock[0]} appears 1 times, signora has 2`));
    const extra = { ...json('winery'), cells: ['AS', null] };
    rejects(extra, /AS appears 2 times, winery has 1/);
    // Even non-strict reading checks the cards.
    rejects(missing, /appears 1 times/, false);
  });

  it('a malformed card name', () => {
    const j = json('signora');
    rejects({ ...j, tableau: [['1H'], ...j.tableau.slice(1)] }, /bad card "1H" at tableau\[0\]\[0\]/);
    rejects({ ...j, stock: [...j.stock.slice(0, -1), 'XX'] }, /bad card "XX" at stock\[83\]/);
    rejects({ ...j, reserve: [7, ...j.reserve.slice(1)] }, /bad card 7 at reserve\[0\]/);
    rejects({ ...json('winery'), cells: ['ZZ', null] }, /bad card "ZZ" at cells\[0\]/);
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
    const stock = s.stock.filter((x) => true);
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

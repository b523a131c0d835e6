// Every row of the RULES.md variant table and every numbered ruling (1-11), each on small
// hand-made positions (test/helpers.ts: cards the spec does not mention are put on complete
// foundations, or at the bottom of the stock / another pile named by `rest`).
//
// Legality is asserted twice where it matters: with moveError (the checker written from RULES.md)
// and with the fast generator (which lists one representative of symmetric moves only).
import { describe, expect, it } from 'vitest';
import { dealFromSeed } from '../src/engine/deal';
import { moveError, playChecked } from '../src/engine/legality';
import { encodeMove, MAX_MOVES, moveFrom } from '../src/engine/move';
import { generateMoves } from '../src/engine/movegen';
import { describeMove, formatPosition, moveToSpec } from '../src/engine/notation';
import { GameState } from '../src/engine/state';
import { cellsVariants, getRules, tableProblems, VARIANTS } from '../src/rules/variants';
import type { RuleTable } from '../src/rules/vocabulary';
import { accepted, ALT_COLOUR, c, generated, isLegal, pileIdx, play, position, show, TERRACE, why } from './helpers';

/** Filler piles of black Fours and Sixes (no test uses them): they make every pile non-empty. */
function fillers(variant: string, n: number): string[] {
  const pool = ['4C', '4S', '6C', '6S', '4C', '4S', '6C', '6S', '4C', '4S'];
  const T = getRules(variant).tableauDeal.length;
  return pool.slice(0, Math.min(n, T));
}

function tableauOf(variant: string, first: string[]): string[] {
  const T = getRules(variant).tableauDeal.length;
  return [...first, ...fillers(variant, T - first.length)];
}

// ---------------------------------------------------------------------------------------------
describe('RULES.md: common to all five', () => {
  it('only the top card of a pile can move', () => {
    // Signora: t0 = 9S 8H; 8H may go to the foundation (7C), 9S under it may not move.
    const s = position('signora', { tableau: tableauOf('signora', ['9S 8H', 'TD']), foundations: { 0: '7C' } });
    expect(why(s, 't0', 'f0')).toBeNull();
    expect(why(s, 't0', 't1', 2)).not.toBeNull(); // the 9S beneath cannot come along
    expect(why(s, 't0', 'f0', 2)).not.toBeNull();
    expect(why(s, 't0', 't1', 3)).toMatch(/has 2 card/);
    // Winery: the same with a run in the tableau.
    const w = position('winery', { tableau: ['KC QH JS', 'KS', 'QD'], rest: 't9' });
    expect(why(w, 't0', 't1', 2)).not.toBeNull();
    expect(why(w, 't0', 't2')).toBeNull(); // JS on QD: the top card moves
    // Red and Black: two top cards that are not a run do not move together.
    const rb = position('red-and-black', { tableau: ['9S 7H', 'TD', '8C'] });
    expect(why(rb, 't0', 't2')).toBeNull(); // 7H on 8C
    expect(why(rb, 't0', 't1', 2)).not.toBeNull(); // 9S would fit TD, but 7H is not run-built on 9S
  });

  it('cards never leave a foundation, even onto a fitting tableau card', () => {
    const s = position('signora', { tableau: tableauOf('signora', ['9C']), foundations: { 0: '7C 8H' } });
    expect(why(s, 'f0', 't0')).toMatch(/never leave a foundation/);
    for (const v of ['double-signora', 'empress-of-italy', 'red-and-black', 'winery', 'freecell']) {
      const p =
        v === 'red-and-black'
          ? position(v, { tableau: ['3H'], foundations: { 0: 'AC 2D' } })
          : v === 'winery' || v === 'freecell'
            ? position(v, { tableau: ['3H'], rest: 't5' })
            : position(v, { tableau: ['9C'], foundations: { 0: '7C 8H' } });
      for (let f = p.FOUND0; f < p.CELL0; f++) for (let q = 0; q < p.nPiles; q++) for (const k of [1, 2]) expect(moveError(p, f, q, k)).not.toBeNull();
      // Never generated either.
      const buf = new Int32Array(MAX_MOVES);
      const n = generateMoves(p, buf, 0);
      for (let i = 0; i < n; i++) expect(moveFrom(buf[i]) >= p.FOUND0 && moveFrom(buf[i]) < p.CELL0).toBe(false);
      expect(why(p, 'f0', 't0')).not.toBeNull();
    }
  });

  it('the stock deals one card at a time to the waste, face up; there is no redeal', () => {
    for (const v of ['signora', 'double-signora', 'empress-of-italy', 'red-and-black']) {
      const spec =
        v === 'red-and-black'
          ? { tableau: ['9S'], foundations: { 0: 'AC' }, stock: '5C 6D', waste: '', rest: 't7' as const }
          : { tableau: tableauOf(v, ['9S']), foundations: { 0: '7C' }, stock: '5C 6D', waste: '', rest: `t${getRules(v).tableauDeal.length - 1}` as const };
      const s = position(v, spec);
      expect(show(s, 'stock')).toBe('5C 6D');
      expect(why(s, 'stock', 'waste', 2)).not.toBeNull();
      expect(why(s, 'stock', 't0')).not.toBeNull();
      expect(why(s, 'stock', 'f1')).not.toBeNull();
      play(s, 'stock', 'waste');
      expect(show(s, 'waste')).toBe('6D');
      expect(show(s, 'stock')).toBe('5C');
      play(s, 'stock', 'waste');
      expect(show(s, 'waste')).toBe('6D 5C');
      expect(s.len[s.STOCK]).toBe(0);
      // No redeal: nothing goes back to the stock, and an empty stock deals nothing.
      expect(why(s, 'stock', 'waste')).not.toBeNull();
      expect(why(s, 'waste', 'stock')).not.toBeNull();
      expect(generated(s)).not.toContain('stock>waste');
      expect(generated(s)).not.toContain('waste>stock');
      // The waste top is playable (face up): 5C... goes nowhere here, 6D is under it.
      expect(why(s, 'waste', 'f0')).not.toBeNull();
    }
  });

  it('won: every card on a foundation (then no move is left)', () => {
    const cases: [string, object][] = [
      ['signora', { base: '7', rest: 'none' }],
      ['double-signora', { base: 'K', rest: 'none' }],
      ['empress-of-italy', { base: 'A', rest: 'none' }],
      ['red-and-black', { rest: 'none' }],
      ['winery', {}],
      ['freecell', {}],
    ];
    for (const [v, spec] of cases) {
      const s = position(v, spec);
      expect(s.isWon()).toBe(true);
      expect(s.onFoundation).toBe(s.total);
      expect(generated(s)).toEqual([]);
    }
    // One card short: not won until it is played.
    const s = position('signora', { tableau: ['6D'], foundations: { 0: '7H 8S 9H TC JD QS KH AS 2D 3C 4H 5S' }, rest: 'none' });
    expect(s.isWon()).toBe(false);
    play(s, 't0', 'f0');
    expect(s.isWon()).toBe(true);
    s.undo();
    expect(s.isWon()).toBe(false);
  });

  it('alternate colour: a card goes on a card of the other colour, suits do not matter', () => {
    const s = position('signora', { tableau: tableauOf('signora', ['8S', '7H', '7D', '7C', '7S', '8C', '9C', '9S', '9H']), foundations: { 0: '7C 8H' } });
    expect(why(s, 't1', 't0')).toBeNull(); // 7H on 8S
    expect(why(s, 't2', 't0')).toBeNull(); // 7D on 8S
    expect(why(s, 't3', 't0')).toMatch(/alternate colour/); // 7C on 8S
    expect(why(s, 't4', 't5')).toMatch(/alternate colour/); // 7S on 8C
    expect(why(s, 't1', 't5')).toBeNull(); // 7H on 8C
    // Foundations too: on 8H go 9C and 9S, not 9H.
    expect(why(s, 't6', 'f0')).toBeNull();
    expect(why(s, 't7', 'f0')).toBeNull();
    expect(why(s, 't8', 'f0')).toMatch(/alternate colour/);
  });

  it('copies are indistinguishable: moving either copy of 7H gives the same position', () => {
    const s = position('double-signora', { tableau: tableauOf('double-signora', ['7H', '7H', '8S']), base: 'K' });
    play(s, 't0', 't2');
    const a = [s.h1, s.h2];
    s.undo();
    play(s, 't1', 't2');
    expect([s.h1, s.h2]).toEqual(a);
  });
});

function whyIdx(s: GameState, f: number, t: number, k: number): string | null {
  return why(s, s.pileName(f), s.pileName(t), k);
}

// ---------------------------------------------------------------------------------------------
describe('RULES.md table: decks, foundations, tableau, reserve, cells, stock', () => {
  it('the rule tables and a dealt GameState agree with the table', () => {
    const rows: Record<string, [number, number, number, number, number, number]> = {
      // decks, foundations, tableau piles, reserve, cells, stock
      signora: [2, 8, 9, 11, 0, 84],
      'double-signora': [4, 16, 11, 21, 0, 176],
      'empress-of-italy': [4, 16, 11, 0, 0, 197],
      'red-and-black': [2, 8, 8, 0, 0, 88],
      winery: [1, 4, 10, 0, 2, 0],
    };
    for (const [v, [decks, F, T, reserve, cells, stock]] of Object.entries(rows)) {
      const s = new GameState(dealFromSeed(getRules(v), 9));
      expect([s.rules.decks, s.F, s.T, s.len[s.RESERVE], s.C, s.len[s.STOCK]]).toEqual([decks, F, T, reserve, cells, stock]);
      expect(s.total).toBe(52 * decks);
    }
    // Piles the variant does not have cannot be named.
    const e = new GameState(dealFromSeed(getRules('empress-of-italy'), 1));
    expect(e.pileIndex('reserve')).toBe(-1);
    expect(playChecked(e, { from: 'reserve', to: 'f0' })).toMatch(/no pile named "reserve"/);
    const w = new GameState(dealFromSeed(getRules('winery'), 1));
    expect(w.pileIndex('stock')).toBe(-1);
    expect(w.pileIndex('waste')).toBe(-1);
    expect(w.pileIndex('reserve')).toBe(-1);
    expect(w.pileIndex('c1')).toBe(w.CELL0 + 1);
    expect(w.pileIndex('c2')).toBe(-1);
    expect(playChecked(w, { from: 'stock', to: 'waste' })).toMatch(/no pile named "stock"/);
    const rb = new GameState(dealFromSeed(getRules('red-and-black'), 1));
    expect(rb.pileIndex('c0')).toBe(-1);
    expect(rb.pileIndex('reserve')).toBe(-1);
    expect(rb.pileIndex('t8')).toBe(-1);
    expect(rb.pileIndex('f7')).toBe(rb.FOUND0 + 7);
    // Pile names round-trip.
    for (const s of [e, w, rb, new GameState(dealFromSeed(getRules('signora'), 1))])
      for (let p = 0; p < s.nPiles; p++) {
        const q = s.pileIndex(s.pileName(p));
        if (q >= 0) expect(q).toBe(p);
      }
  });
});

describe('rule tables: presets and invariants', () => {
  it('every table is consistent: terrace family iff the base is not the Ace, suits matter iff foundations build by suit', () => {
    for (const v of VARIANTS) expect(tableProblems(v)).toEqual([]);
    const bad: RuleTable = { ...getRules('winery'), terraceFamily: true, suitsIrrelevant: true };
    expect(tableProblems(bad)).toHaveLength(2);
  });
  it('the Terrace games differ from Signora exactly where RULES.md says', () => {
    const diff = (a: RuleTable, b: RuleTable) =>
      Object.keys(a)
        .filter((k) => JSON.stringify(a[k as keyof RuleTable]) !== JSON.stringify(b[k as keyof RuleTable]))
        .filter((k) => !['name', 'title', 'summary', 'source'].includes(k))
        .sort();
    const sig = getRules('signora');
    expect(diff(getRules('double-signora'), sig)).toEqual(['baseRule', 'decks', 'emptyPile', 'foundations', 'reserveSize', 'reserveToTableau', 'tableauDeal']);
    expect(diff(getRules('empress-of-italy'), sig)).toEqual(['autoFill', 'baseRule', 'decks', 'emptyPile', 'foundations', 'reserveSize', 'tableauDeal']);
    expect(diff(getRules('freecell'), getRules('winery'))).toEqual(['cells', 'options', 'tableauDeal']);
  });
  it('--cells is a table option: FreeCell 0-4, refused elsewhere', () => {
    expect(cellsVariants()).toEqual(['freecell']);
    expect(getRules('freecell', { cells: 0 }).cells).toBe(0);
    expect(() => getRules('freecell', { cells: 5 })).toThrow(/0-4/);
    expect(() => getRules('winery', { cells: 1 })).toThrow(/freecell only/);
  });
});

describe('RULES.md table: foundation building', () => {
  for (const v of TERRACE) {
    it(`${v}: up in alternate colour, wrapping (A on K), 13 cards from the base rank`, () => {
      const s = position(v, {
        tableau: tableauOf(v, ['AH', 'AS', '2D', 'JD', 'QS']),
        foundations: { 0: 'JC QH KC', 1: 'JC QD KS AH 2C 3D 4S 5H 6C 7D 8S 9H TC', 2: '' },
      });
      expect(s.base).toBe(10);
      expect(why(s, 't0', 'f0')).toBeNull(); // AH on KC: wrapping
      expect(why(s, 't1', 'f0')).not.toBeNull(); // AS on KC: same colour
      expect(why(s, 't2', 'f0')).not.toBeNull(); // 2D on KC: not one up
      expect(why(s, 't3', 'f1')).toMatch(/complete/); // 13 cards: full
      expect(why(s, 't3', 'f2')).toBeNull(); // JD starts an empty foundation
      expect(why(s, 't4', 'f2')).not.toBeNull(); // QS is not of the base rank
      expect(generated(s)).toContain('t0>f0');
      play(s, 't0', 'f0');
      expect(show(s, 'f0')).toBe('JC QH KC AH');
    });
  }

  it('red-and-black: up in alternate colour from the Ace, suits do not matter; a complete foundation takes nothing', () => {
    const s = position('red-and-black', { tableau: ['4D', '4C', '5H', '4H', '2D'], foundations: { 0: 'AC 2H 3S' } });
    expect(why(s, 't0', 'f0')).toBeNull();
    expect(why(s, 't3', 'f0')).toBeNull();
    expect(why(s, 't1', 'f0')).not.toBeNull();
    expect(why(s, 't2', 'f0')).not.toBeNull();
    const full = Array.from({ length: s.F }, (_, i) => s.FOUND0 + i).filter((f) => s.len[f] === 13);
    expect(full.length).toBeGreaterThan(0);
    for (const f of full) for (let t = 0; t < 5; t++) expect(whyIdx(s, t, f, 1)).not.toBeNull();
    // Only 2s of the other colour go on an ace foundation.
    const aceOnly = Array.from({ length: s.F }, (_, i) => s.FOUND0 + i).find((f) => s.len[f] === 1)!;
    expect(aceOnly).toBeDefined();
    const aceRed = (s.top(aceOnly) & 3) === 1 || (s.top(aceOnly) & 3) === 2;
    expect(whyIdx(s, 4, aceOnly, 1) === null).toBe(!aceRed); // 2D goes on a black ace only
  });

  it('winery: up by suit from the Ace to the King', () => {
    const s = position('winery', { tableau: ['3H', '3D', '4H', 'AS'], foundations: { 0: 'AH 2H', 1: '' }, rest: 't9' });
    expect(show(s, 'f3')).toBe('AD 2D');
    expect(why(s, 't0', 'f0')).toBeNull(); // 3H on 2H
    expect(why(s, 't1', 'f0')).toMatch(/by suit/); // 3D on 2H: same colour, other suit
    expect(why(s, 't2', 'f0')).not.toBeNull(); // 4H: not one up
    expect(why(s, 't1', 'f3')).toBeNull(); // 3D on 2D
    // Base rank Ace: an empty foundation takes an Ace only.
    expect(s.base).toBe(0);
    expect(why(s, 't3', 'f1')).toBeNull();
    expect(why(s, 't0', 'f1')).not.toBeNull();
    expect(why(s, 't2', 'f1')).not.toBeNull();
  });
});

describe('RULES.md table: base rank', () => {
  it('red-and-black and winery: the Ace, fixed from the start', () => {
    const rb = new GameState(dealFromSeed(getRules('red-and-black'), 4));
    expect(rb.base).toBe(0);
    const w = new GameState(dealFromSeed(getRules('winery'), 4));
    expect(w.base).toBe(0);
  });
  it('terrace games: not fixed at the deal', () => {
    for (const v of TERRACE) expect(new GameState(dealFromSeed(getRules(v), 4)).base).toBe(-1);
  });
});

describe('RULES.md table: tableau building', () => {
  for (const v of ALT_COLOUR) {
    it(`${v}: down in alternate colour${v === 'red-and-black' ? ', no wrap' : ', wrapping (K on A)'}`, () => {
      const first = ['8S', '7H', '7D', '7S', '9H', '6H'];
      if (v !== 'red-and-black') first.push('AH', 'KS', 'KD');
      const s = position(v, v === 'red-and-black' ? { tableau: first } : { tableau: tableauOf(v, first), base: '5' });
      expect(why(s, 't1', 't0')).toBeNull(); // 7H on 8S
      expect(why(s, 't2', 't0')).toBeNull(); // 7D on 8S
      expect(why(s, 't3', 't0')).not.toBeNull(); // same colour
      expect(why(s, 't4', 't0')).not.toBeNull(); // up
      expect(why(s, 't5', 't0')).not.toBeNull(); // two down
      expect(why(s, 't0', 't4')).toBeNull(); // 8S on 9H
      if (v !== 'red-and-black') {
        expect(why(s, 't7', 't6')).toBeNull(); // KS on AH
        expect(why(s, 't8', 't6')).not.toBeNull(); // KD on AH: same colour
        expect(why(s, 't6', 't7')).not.toBeNull(); // AH on KS: up
        expect(generated(s)).toContain('t7>t6');
      } else {
        // No wrap, and no ace ever reaches the tableau in Red and Black: the rule table says so.
        expect(getRules(v).tableauWrap).toBe(false);
      }
      expect(generated(s)).toEqual(expect.arrayContaining(['t1>t0', 't2>t0', 't0>t4']));
      expect(generated(s)).not.toContain('t3>t0');
    });
  }

  it('winery: down in alternate colour, no wrap', () => {
    const s = position('winery', { tableau: ['8S', '7H', '7S', '9H', 'AH', 'KS'], rest: 't9' });
    expect(why(s, 't1', 't0')).toBeNull();
    expect(why(s, 't2', 't0')).not.toBeNull();
    expect(why(s, 't0', 't3')).toBeNull();
    expect(why(s, 't5', 't4')).not.toBeNull(); // KS on AH: no wrap
    expect(generated(s)).not.toContain('t5>t4');
  });
});

describe('RULES.md table: what moves', () => {
  for (const v of [...TERRACE, 'winery']) {
    it(`${v}: one card at a time, even a run built down in alternate colour`, () => {
      const spec = v === 'winery' ? { tableau: ['TC', '9D 8S', 'QC'], rest: 't9' as const } : { tableau: tableauOf(v, ['TC', '9D 8S']), base: 'K' };
      const s = position(v, spec);
      expect(why(s, 't1', 't0', 2)).toMatch(/one card at a time/);
      expect(generated(s).some((m) => /x\d/.test(m))).toBe(false);
    });
  }
  it('red-and-black: one card, or any run from the top built down in alternate colour', () => {
    const s = position('red-and-black', { tableau: ['TC', '9D 8S', '9H'] });
    expect(why(s, 't1', 't0', 2)).toBeNull();
    expect(why(s, 't1', 't2')).toBeNull(); // the top card alone: 8S on 9H
    expect(generated(s)).toEqual(expect.arrayContaining(['t1>t0x2', 't1>t2']));
  });
});

describe('RULES.md table: reserve', () => {
  it('signora: 11 cards; the top card goes to the foundations only', () => {
    const s = position('signora', { tableau: tableauOf('signora', ['', '9C']), reserve: '3D 8H', foundations: { 0: '7S' }, stock: '', waste: '', rest: 't8' });
    expect(new GameState(dealFromSeed(getRules('signora'), 1)).len[s.RESERVE]).toBe(11);
    expect(why(s, 'reserve', 'f0')).toBeNull();
    expect(why(s, 'reserve', 't1')).toMatch(/foundation only/); // 8H would fit 9C
    expect(why(s, 'reserve', 't0')).not.toBeNull(); // nor into an empty pile
    expect(why(s, 'reserve', 'waste')).not.toBeNull();
    expect(why(s, 'reserve', 'f0', 2)).not.toBeNull();
    expect(generated(s)).toContain('reserve>f0');
    expect(generated(s).filter((m) => m.startsWith('reserve'))).toEqual(['reserve>f0']);
    play(s, 'reserve', 'f0');
    expect(show(s, 'reserve')).toBe('3D');
  });

  it('double-signora: 21 cards; the top card goes to a foundation or onto a tableau card (ruling 6)', () => {
    const dealt = new GameState(dealFromSeed(getRules('double-signora'), 1));
    expect(dealt.len[dealt.RESERVE]).toBe(21);
    const s = position('double-signora', {
      tableau: tableauOf('double-signora', ['', '9C', '8D 7S']),
      reserve: '3D 8H',
      foundations: { 0: '7S' },
      stock: '',
      waste: '',
      rest: 't10',
    });
    expect(why(s, 'reserve', 'f0')).toBeNull();
    expect(why(s, 'reserve', 't1')).toBeNull(); // onto 9C
    expect(why(s, 'reserve', 't0')).not.toBeNull(); // never into an empty pile
    expect(why(s, 't2', 't0')).toBeNull(); // though a tableau card may go there
    expect(why(s, 'reserve', 't3')).not.toBeNull(); // 8H on 2C: not one down
    expect(generated(s)).toEqual(expect.arrayContaining(['reserve>f0', 'reserve>t1', 't2>t0']));
    expect(generated(s)).not.toContain('reserve>t0');
    play(s, 'reserve', 't1');
    expect(show(s, 't1')).toBe('9C 8H');
  });

  it('empress, red-and-black, winery: none', () => {
    for (const v of ['empress-of-italy', 'red-and-black', 'winery']) {
      const d = dealFromSeed(getRules(v), 2);
      expect(d.reserve).toEqual([]);
      expect(new GameState(d).pileIndex('reserve')).toBe(-1);
    }
  });
});

describe('RULES.md table: cells', () => {
  it('winery: 2 cells, one card each; the others none', () => {
    const s = position('winery', { tableau: ['KC QH JS', 'KS', 'AS', 'KD'], rest: 't9' });
    expect(s.C).toBe(2);
    play(s, 't3', 'c0');
    expect(show(s, 'c0')).toBe('KD');
    expect(why(s, 't2', 'c0')).toMatch(/occupied/);
    expect(why(s, 't2', 'c1')).toBeNull();
    play(s, 't2', 'c1');
    // Both cells full: no more cell moves.
    expect(why(s, 't0', 'c0')).not.toBeNull();
    expect(why(s, 't0', 'c1')).not.toBeNull();
    expect(generated(s).some((m) => />c\d/.test(m))).toBe(false);
    for (const v of ['signora', 'double-signora', 'empress-of-italy', 'red-and-black']) expect(new GameState(dealFromSeed(getRules(v), 1)).C).toBe(0);
  });

  it('freecell: 0-4 cells by rule option', () => {
    for (let n = 0; n <= 4; n++) {
      const s = new GameState(dealFromSeed(getRules('freecell', { cells: n }), 3));
      expect(s.C).toBe(n);
      const toCells = generated(s).filter((m) => />c\d/.test(m));
      // One representative target (the first empty cell) per tableau pile; none without cells.
      expect(toCells.length).toBe(n > 0 ? 8 : 0);
      if (n > 0) {
        for (let i = 0; i < n; i++) {
          expect(why(s, 't0', `c${i}`)).toBeNull();
          play(s, `t${i}`, `c${i}`);
        }
        expect(generated(s).some((m) => />c\d/.test(m))).toBe(false);
        expect(why(s, 't7', 'c0')).toMatch(/occupied/);
      }
    }
  });
});

// ---------------------------------------------------------------------------------------------
describe('RULES.md table: empty tableau pile (and ruling 4, automatic filling)', () => {
  const terraceSpec = (v: string, waste: string, stock: string, rest: string) => {
    const tab = tableauOf(v, ['8S', '3H 2C']);
    return { tableau: tab, foundations: { 0: '7H' }, waste, stock, rest: rest as 'stock' };
  };

  for (const v of ['signora', 'double-signora']) {
    it(`${v}: filled at once from the waste top`, () => {
      const s = position(v, terraceSpec(v, 'JH QD', 'KS', 'stock'));
      play(s, 't0', 'f0');
      expect(show(s, 't0')).toBe('QD');
      expect(show(s, 'waste')).toBe('JH');
      expect(s.top(s.STOCK)).toBe(c('KS'));
      // Part of the move: one history entry, and one undo takes both back.
      expect(s.history().length).toBe(1);
      s.undo();
      expect(show(s, 't0')).toBe('8S');
      expect(show(s, 'waste')).toBe('JH QD');
      expect(show(s, 'f0')).toBe('7H');
      expect([s.h1, s.h2]).toEqual(s.scratchHash());
    });

    it(`${v}: else from the stock top`, () => {
      const s = position(v, terraceSpec(v, '', 'KS', 'stock'));
      const stockBefore = s.len[s.STOCK];
      play(s, 't0', 'f0');
      expect(show(s, 't0')).toBe('KS');
      expect(s.len[s.STOCK]).toBe(stockBefore - 1);
      // Also when the pile empties by a move onto another tableau pile.
      const s2 = position(v, { ...terraceSpec(v, 'QD', 'KS', 'stock'), tableau: tableauOf(v, ['7H', '8S']), foundations: { 0: '7C' } });
      play(s2, 't0', 't1');
      expect(show(s2, 't0')).toBe('QD');
      expect(show(s2, 't1')).toBe('8S 7H');
    });
  }

  it('empress-of-italy: filled at once from the stock top, else the waste top', () => {
    const v = 'empress-of-italy';
    const s = position(v, terraceSpec(v, 'JH QD', 'KS', 'stock'));
    play(s, 't0', 'f0');
    expect(show(s, 't0')).toBe('KS');
    expect(show(s, 'waste')).toBe('JH QD');
    expect(s.history().length).toBe(1);
    s.undo();
    expect(show(s, 't0')).toBe('8S');
    expect(s.top(s.STOCK)).toBe(c('KS'));
    const w = position(v, terraceSpec(v, 'JH QD', '', 'waste')); // stock empty: the rest lies under the waste
    expect(w.len[w.STOCK]).toBe(0);
    play(w, 't0', 'f0');
    expect(show(w, 't0')).toBe('QD');
    expect(w.top(w.WASTE)).toBe(c('JH'));
  });

  it('signora: if waste and stock are both empty the pile stays empty for good', () => {
    const v = 'signora';
    const s = position(v, { ...terraceSpec(v, '', '', 't8'), tableau: tableauOf(v, ['8S', '3H 2C', '9H']) });
    expect(s.len[s.STOCK] + s.len[s.WASTE]).toBe(0);
    play(s, 't0', 'f0');
    expect(s.len[0]).toBe(0);
    for (const from of ['t1', 't2', 't3', 'reserve'].filter((p) => s.pileIndex(p) >= 0 && s.len[pileIdx(s, p)] > 0)) expect(why(s, from, 't0')).not.toBeNull();
    expect(why(s, 't1', 't0')).toMatch(/stays empty/);
    expect(generated(s).some((m) => m.endsWith('>t0'))).toBe(false);
    // For good: whatever is played next, it stays empty.
    const buf = new Int32Array(256);
    const n = generateMoves(s, buf, 0);
    expect(n).toBeGreaterThan(0);
    for (let i = 0; i < n; i++) {
      s.apply(buf[i]);
      expect(s.len[0]).toBe(0);
      expect(generated(s).some((m) => m.endsWith('>t0'))).toBe(false);
      s.undo();
    }
    play(s, 't2', 'f0'); // 9H on 8S: t2 empties as well, and nothing can fill either
    expect(s.len[0] + s.len[2]).toBe(0);
    expect(accepted(s).some((m) => m.endsWith('>t0') || m.endsWith('>t2'))).toBe(false);
  });

  for (const v of ['double-signora', 'empress-of-italy']) {
    it(`${v}: if waste and stock are both empty, any single tableau card may move into it`, () => {
      const s = position(v, { ...terraceSpec(v, '', '', 't10'), reserve: v === 'double-signora' ? '5D KD' : '' });
      play(s, 't0', 'f0');
      expect(s.len[0]).toBe(0);
      expect(why(s, 't1', 't0')).toBeNull(); // 2C from 3H 2C
      expect(why(s, 't2', 't0')).toBeNull(); // a whole one-card pile: legal (a no-op up to symmetry)
      expect(why(s, 't1', 't0', 2)).not.toBeNull(); // one card only
      if (v === 'double-signora') expect(why(s, 'reserve', 't0')).not.toBeNull(); // ruling 6
      const g = generated(s);
      expect(g).toContain('t1>t0');
      expect(g).not.toContain('t2>t0'); // the no-op is not generated
      expect(g).not.toContain('reserve>t0');
      play(s, 't1', 't0');
      expect(show(s, 't0')).toBe('2C');
      expect(show(s, 't1')).toBe('3H');
    });
  }

  it('red-and-black: any card or run may move into it; nothing is filled automatically (ruling 7)', () => {
    const s = position('red-and-black', {
      tableau: ['9S 8H 7C 6D 5S 4H 3C 2D', 'TH', '5C', 'KC', '8D 7H', '8D 6C', 'KS', '4D'],
      foundations: { 0: 'AC 2H 3S' },
      waste: 'QD',
      stock: 'JC',
    });
    // Any run of any length, whole, with no empty pile and no cells (no free-space limit).
    expect(why(s, 't0', 't1', 8)).toBeNull();
    expect(why(s, 't0', 't2', 3)).toBeNull(); // 4H 3C 2D onto 5C
    expect(why(s, 't0', 't2', 4)).not.toBeNull(); // 5S onto 5C
    expect(why(s, 't0', 't2', 1)).not.toBeNull(); // 2D onto 5C
    expect(why(s, 't0', 't1', 9)).not.toBeNull(); // only 8 cards
    expect(why(s, 't4', 't1', 2)).toMatch(/not a run/); // 8D 7H: same colour
    expect(why(s, 't5', 't1', 2)).toMatch(/not a run/); // 8D 6C: not one down
    expect(why(s, 't0', 'f0', 2)).not.toBeNull(); // runs go to the tableau only
    expect(why(s, 'waste', 't6')).toBeNull(); // QD on KS
    expect(generated(s)).toEqual(expect.arrayContaining(['t0>t1x8', 't0>t2x3', 'waste>t6', 't7>f0']));
    // t7 empties: nothing fills it, though waste and stock hold cards.
    play(s, 't7', 'f0');
    expect(s.len[7]).toBe(0);
    expect(show(s, 'waste')).toBe('QD');
    expect(s.top(s.STOCK)).toBe(c('JC'));
    // Any card or run may go there: waste top, tableau top, runs of every length, the whole pile.
    expect(why(s, 'waste', 't7')).toBeNull();
    for (let k = 1; k <= 8; k++) expect(why(s, 't0', 't7', k)).toBeNull();
    expect(why(s, 't4', 't7', 1)).toBeNull();
    expect(why(s, 't4', 't7', 2)).not.toBeNull();
    expect(why(s, 'stock', 't7')).not.toBeNull();
    const g = generated(s);
    for (let k = 1; k < 8; k++) expect(g).toContain(k === 1 ? 't0>t7' : `t0>t7x${k}`);
    expect(g).not.toContain('t0>t7x8'); // the whole pile: a no-op up to symmetry
    expect(g).toContain('waste>t7');
    play(s, 't0', 't1', 8);
    expect(show(s, 't1')).toBe('TH 9S 8H 7C 6D 5S 4H 3C 2D');
    expect(s.len[0]).toBe(0); // still no automatic filling
    play(s, 't1', 't0', 5);
    expect(show(s, 't0')).toBe('6D 5S 4H 3C 2D');
    expect(show(s, 't1')).toBe('TH 9S 8H 7C');
  });

  it('winery: any single card, from the tableau or a cell, may move into it; no automatic filling', () => {
    const s = position('winery', { tableau: ['KC QH JS', 'KS', 'AS', 'KD'], rest: 't9' });
    // t4..t8 are empty.
    expect(why(s, 't0', 't4')).toBeNull();
    expect(why(s, 't0', 't5', 2)).not.toBeNull();
    play(s, 't3', 'c0');
    expect(s.len[3]).toBe(0); // nothing fills it
    expect(why(s, 'c0', 't3')).toBeNull();
    expect(why(s, 'c0', 't4')).toBeNull();
    const g = generated(s);
    expect(g).toContain('c0>t3'); // the first empty pile only
    expect(g).not.toContain('c0>t4');
    expect(g).toContain('t0>t3');
  });
});

// ---------------------------------------------------------------------------------------------
describe('ruling 1: Signora base card', () => {
  it('at the deal the only legal moves put a tableau or reserve top on a foundation', () => {
    for (const seed of [1, 2, 3]) {
      const s = new GameState(dealFromSeed(getRules('signora'), seed));
      const g = generated(s);
      expect(g.sort()).toEqual(['reserve>f0', ...Array.from({ length: 9 }, (_, i) => `t${i}>f0`)].sort());
      // moveError: every exposed card to every (empty) foundation, nothing else.
      const ok = accepted(s, 2);
      const want: string[] = [];
      for (const from of ['reserve', ...Array.from({ length: 9 }, (_, i) => `t${i}`)]) for (let f = 0; f < 8; f++) want.push(`${from}>f${f}`);
      expect(ok).toEqual(want.sort());
      expect(why(s, 'stock', 'waste')).toMatch(/first move/);
    }
  });

  it('nothing else, not even a deal or a fitting tableau move; the card chosen fixes the base', () => {
    const s = position('signora', { tableau: tableauOf('signora', ['8S', '7H']), reserve: '3D 5C', stock: 'KH' });
    expect(s.base).toBe(-1);
    expect(why(s, 't1', 't0')).toMatch(/first move/); // 7H on 8S would be fine later
    expect(why(s, 'stock', 'waste')).toMatch(/first move/);
    expect(generated(s)).not.toContain('stock>waste');
    expect(generated(s)).not.toContain('t1>t0');
    play(s, 't1', 'f3');
    expect(s.base).toBe(6);
    expect(show(s, 't1')).toBe('KH'); // refilled from the stock (the waste is empty)
    expect(why(s, 'stock', 'waste')).toBeNull();
    expect(why(s, 't0', 'f3')).toBeNull(); // 8S on 7H
    expect(why(s, 'reserve', 'f0')).toMatch(/base rank is 7/); // 5C cannot start a foundation now
    expect(generated(s)).toContain('stock>waste');
    s.undo();
    expect(s.base).toBe(-1);
    expect(why(s, 'stock', 'waste')).not.toBeNull();
  });

  it('the reserve top may be the base card', () => {
    const s = position('signora', { tableau: tableauOf('signora', ['8S', '7H']), reserve: '3D 5C', stock: 'KH' });
    play(s, 'reserve', 'f0');
    expect(s.base).toBe(4);
    expect(show(s, 'reserve')).toBe('3D');
  });

  it('with the base rank as a parameter, only that rank may start (setConstraint)', () => {
    const s = position('signora', { tableau: tableauOf('signora', ['8S', '7H']), reserve: '3D 5C', stock: 'KH' });
    const h = [s.h1, s.h2];
    s.setConstraint(6);
    expect([s.h1, s.h2]).not.toEqual(h); // the constraint is part of the hash
    expect([s.h1, s.h2]).toEqual(s.scratchHash());
    expect(generated(s)).toEqual(['t1>f0']);
    expect(why(s, 't0', 'f0')).toMatch(/chosen base rank/);
    expect(why(s, 'reserve', 'f0')).not.toBeNull();
    s.setConstraint(-1);
    expect([s.h1, s.h2]).toEqual(h);
  });
});

describe('ruling 2: Double Signora and Empress base card', () => {
  for (const v of ['double-signora', 'empress-of-italy']) {
    it(`${v}: play proceeds normally; the first card to reach a foundation fixes the base`, () => {
      const ds = v === 'double-signora';
      const s = position(v, { tableau: tableauOf(v, ['9S', '8H', 'QS']), reserve: ds ? '3D 5C' : '', waste: 'QD', stock: 'KH' });
      expect(s.base).toBe(-1);
      expect(why(s, 't1', 't0')).toBeNull(); // a tableau move before any foundation card
      expect(why(s, 'stock', 'waste')).toBeNull(); // a deal
      // Any card that may move to a foundation may start one: waste, reserve, tableau; any foundation.
      expect(why(s, 'waste', 'f0')).toBeNull();
      expect(why(s, 'waste', 'f9')).toBeNull();
      expect(why(s, 't1', 'f15')).toBeNull();
      if (ds) expect(why(s, 'reserve', 'f3')).toBeNull();
      const g = generated(s);
      expect(g).toEqual(expect.arrayContaining(['t1>t0', 'stock>waste', 'waste>f0', 't0>f0', 't2>f0']));
      if (ds) expect(g).toContain('reserve>f0');
      play(s, 't1', 't0');
      expect(s.base).toBe(-1);
      s.undo();
      play(s, 'stock', 'waste');
      expect(s.base).toBe(-1);
      play(s, 'waste', 'f0'); // KH: the base is King
      expect(s.base).toBe(12);
      expect(why(s, 'waste', 'f1')).not.toBeNull(); // QD is not a King
      if (ds) expect(why(s, 'reserve', 'f1')).toMatch(/base rank is K/);
      expect(why(s, 't0', 'f1')).not.toBeNull();
      expect(why(s, 't2', 'f1')).not.toBeNull(); // QS
      // Undo frees the base again; any foundation may take the first card.
      s.undo();
      expect(s.base).toBe(-1);
      play(s, 'waste', 'f7');
      expect(s.base).toBe(12);
      expect(show(s, 'f7')).toBe('KH');
    });
  }
});

describe('ruling 3: empty foundations accept only a card of the base rank, on any of them', () => {
  for (const v of TERRACE) {
    it(v, () => {
      const s = position(v, { tableau: tableauOf(v, ['7D', '8S', '9S', '7C']), foundations: { 0: '7C 8H', 1: '', 2: '', 3: '' } });
      expect(s.base).toBe(6);
      for (const f of ['f1', 'f2', 'f3']) {
        expect(why(s, 't0', f)).toBeNull(); // 7D
        expect(why(s, 't3', f)).toBeNull(); // 7C
        expect(why(s, 't1', f)).toMatch(/cannot start a foundation/); // 8S
      }
      expect(why(s, 't2', 'f0')).toBeNull(); // 9S on 8H
      expect(why(s, 't0', 'f0')).not.toBeNull();
      // The generator names one representative: the first empty foundation.
      const g = generated(s);
      expect(g).toContain('t0>f1');
      expect(g).not.toContain('t0>f2');
      // Whichever empty foundation it starts, the position is the same up to symmetry.
      play(s, 't0', 'f1');
      const a = [s.h1, s.h2];
      s.undo();
      play(s, 't0', 'f3');
      expect([s.h1, s.h2]).toEqual(a);
    });
  }
});

describe('ruling 5: tableau wrapping in all three Terrace games', () => {
  for (const v of TERRACE) {
    it(`${v}: a King goes on an Ace of the other colour, from the tableau, the waste${v === 'double-signora' ? ' or the reserve' : ''}`, () => {
      const s = position(v, {
        tableau: tableauOf(v, ['AH', 'KS', 'AD', 'KH', 'AC']),
        waste: 'KC',
        reserve: v === 'empress-of-italy' ? '' : '2C KD',
        base: '7',
      });
      expect(why(s, 't1', 't0')).toBeNull(); // KS on AH
      expect(why(s, 'waste', 't2')).toBeNull(); // KC on AD
      expect(why(s, 't3', 't0')).not.toBeNull(); // KH on AH: same colour
      expect(why(s, 't3', 't4')).toBeNull(); // KH on AC
      if (v === 'double-signora') expect(why(s, 'reserve', 't4')).toBeNull(); // KD on AC
      if (v === 'signora') expect(why(s, 'reserve', 't4')).not.toBeNull(); // reserve to foundations only
      expect(generated(s)).toEqual(expect.arrayContaining(['t1>t0', 'waste>t2', 't3>t4']));
      play(s, 't1', 't0');
      expect(show(s, 't0')).toBe('AH KS');
    });
  }
});

describe('ruling 6: the reserve', () => {
  it('double-signora: onto a non-empty tableau pile, never into an empty one; signora: foundations only', () => {
    // (the detailed positions are in "RULES.md table: reserve"; here both games side by side)
    for (const v of ['signora', 'double-signora']) {
      const T = getRules(v).tableauDeal.length;
      const s = position(v, { tableau: tableauOf(v, ['', '9C']), reserve: '8H', foundations: { 0: '7S' }, stock: '', waste: '', rest: `t${T - 1}` as 'stock' });
      expect(why(s, 'reserve', 'f0')).toBeNull();
      expect(why(s, 'reserve', 't1') === null).toBe(v === 'double-signora');
      expect(why(s, 'reserve', 't0')).not.toBeNull();
    }
  });
});

describe('ruling 7 and 8: Red and Black', () => {
  it('the aces start on the foundations and the waste starts empty', () => {
    for (const seed of [1, 2]) {
      const s = new GameState(dealFromSeed(getRules('red-and-black'), seed));
      expect(s.len[s.WASTE]).toBe(0);
      for (let f = s.FOUND0; f < s.CELL0; f++) {
        expect(s.len[f]).toBe(1);
        expect(s.top(f) >> 2).toBe(0);
      }
      expect(s.onFoundation).toBe(8);
      expect(generated(s)).toContain('stock>waste');
    }
  });
  // Ruling 7 (runs of any length, empty piles, no automatic filling): see "empty tableau pile" above.
});

describe('ruling 9: Winery cells, no wrapping, no sequence moves', () => {
  it('a run moves only card by card through the cells; cells take any tableau card and give to tableau or foundation', () => {
    const s = position('winery', { tableau: ['KC QH JS', 'KS', 'AS', 'KD'], rest: 't9' });
    expect(why(s, 't0', 't1', 2)).toMatch(/one card at a time/); // QH JS onto KS
    expect(why(s, 't0', 'c0')).toBeNull();
    expect(why(s, 't0', 'c1')).toBeNull();
    play(s, 't0', 'c0'); // JS
    play(s, 't0', 't1'); // QH on KS
    play(s, 'c0', 't1'); // JS on QH
    expect(show(s, 't1')).toBe('KS QH JS');
    expect(show(s, 't0')).toBe('KC');
    // Cells: any tableau card; to a foundation or the tableau; not to another cell.
    play(s, 't2', 'c1'); // AS
    expect(why(s, 'c1', 'c0')).not.toBeNull();
    const emptyF = Array.from({ length: 4 }, (_, i) => `f${i}`).find((f) => s.len[pileIdx(s, f)] === 0)!;
    expect(why(s, 'c1', emptyF)).toBeNull();
    expect(generated(s)).toContain(`c1>${emptyF}`);
    play(s, 'c1', emptyF);
    expect(show(s, emptyF)).toBe('AS');
    play(s, 't3', 'c0'); // KD
    expect(why(s, 'c0', 't2')).toBeNull(); // into an empty pile
    expect(why(s, 'c0', 't0')).not.toBeNull(); // KD on KC: no
  });

  it('no wrapping in the tableau', () => {
    const s = position('winery', { tableau: ['AH', 'KS'], rest: 't9' });
    expect(why(s, 't1', 't0')).not.toBeNull();
    expect(generated(s)).not.toContain('t1>t0');
  });
});

describe("ruling 10: dealing from the stock is legal at any time (after Signora's first move)", () => {
  for (const v of ['signora', 'double-signora', 'empress-of-italy', 'red-and-black']) {
    it(v, () => {
      const s =
        v === 'red-and-black'
          ? position(v, { tableau: ['2D', 'KS', 'QH'], foundations: { 0: 'AC' } })
          : position(v, { tableau: tableauOf(v, ['8S', 'KS', 'QH']), foundations: { 0: '7H' } });
      // Other moves are available (to the foundation, in the tableau), and the deal still is legal.
      expect(why(s, 't0', 'f0')).toBeNull();
      expect(why(s, 't2', 't1')).toBeNull();
      expect(why(s, 'stock', 'waste')).toBeNull();
      expect(generated(s)).toEqual(expect.arrayContaining(['t0>f0', 't2>t1', 'stock>waste']));
    });
  }
});

describe('ruling 11: a position with no legal move, not won, is lost', () => {
  const stuck: [string, Parameters<typeof position>[1]][] = [
    [
      'signora',
      // f7 needs a black Ten, buried at the reserve's bottom; the reserve goes to foundations only.
      { tableau: ['2D', '4H', '6D'], reserve: 'TC JD QS KH AS 3C 5S', foundations: { 7: '7H 8S 9H' }, rest: 'none' },
    ],
    [
      'double-signora',
      // Eleven red tops (they never build on each other), every foundation waits for a black Ten.
      {
        tableau: ['6D 5S 4H 3C 2D AS KH QS JD', 'AS KH', '3C 2D', '5S 4H', 'TC 6D', 'QC JH', 'AC KD', '3S 2H', '5C 4D', 'TC TS 6H', 'QS JD'],
        foundations: { 13: '7H 8S 9H', 14: '7D 8C 9D', 15: '7H 8C 9H' },
        rest: 'none',
      },
    ],
    [
      'empress-of-italy',
      {
        tableau: ['6D 5S 4H 3C 2D AS KH QS JD', 'AS KH', '3C 2D', '5S 4H', 'TC 6D', 'QC JH', 'AC KD', '3S 2H', '5C 4D', 'TC TS 6H', 'QS JD'],
        foundations: { 13: '7H 8S 9H', 14: '7D 8C 9D', 15: '7H 8C 9H' },
        rest: 'none',
      },
    ],
    [
      'red-and-black',
      // Red tops only; the foundations wait for the red Fours, buried.
      {
        tableau: ['5C 6H', '5S 8D', '7C TH', '7S QD', '9C 4D 6D', '9S 4H 8H', 'JC KC TD', 'JS KS QH'],
        foundations: { 6: 'AC 2D 3S', 7: 'AS 2H 3C' },
        rest: 'none',
      },
    ],
    [
      'winery',
      // Red tops, red cells; the foundations wait for the Sixes, buried.
      {
        tableau: ['6C 6S 7D', '7C 7S 8D', '8C 8S 9D', '9C 9S TD', 'TC TS JD', 'JC JS QD', 'QC QS KD', 'KC KS 7H', '6D QH 8H', '6H KH 9H'],
        cells: ['TH', 'JH'],
        foundations: { 0: 'AC 2C 3C 4C 5C', 1: 'AD 2D 3D 4D 5D', 2: 'AH 2H 3H 4H 5H', 3: 'AS 2S 3S 4S 5S' },
        rest: 'none',
      },
    ],
  ];
  for (const [v, spec] of stuck) {
    it(`${v}: generateMoves returns 0 and moveError rejects every move`, () => {
      const s = position(v, spec);
      expect(s.isWon()).toBe(false);
      expect(s.len[s.STOCK] + s.len[s.WASTE]).toBe(0);
      const buf = new Int32Array(1024);
      expect(generateMoves(s, buf, 0)).toBe(0);
      expect(accepted(s, 13)).toEqual([]);
    });
  }

  it('a won position has no move either, but it is won', () => {
    const s = position('winery', {});
    expect(s.isWon()).toBe(true);
    expect(generateMoves(s, new Int32Array(16), 0)).toBe(0);
  });
});

// ---------------------------------------------------------------------------------------------
describe('checked play and notation', () => {
  it('playChecked applies legal moves and explains illegal ones', () => {
    const s = position('signora', { tableau: tableauOf('signora', ['8S', '7H']), foundations: { 0: '7H' } });
    expect(playChecked(s, { from: 'x1', to: 'f0' })).toMatch(/no pile named "x1"/);
    expect(playChecked(s, { from: 't0', to: 't99' })).toMatch(/no pile named "t99"/);
    expect(playChecked(s, { from: 't0', to: 't0' })).toMatch(/own pile/);
    expect(playChecked(s, { from: 't0', to: 'f0', count: 0 })).toMatch(/bad count/);
    expect(playChecked(s, { from: 't0', to: 'reserve' })).toMatch(/reserve/);
    expect(playChecked(s, { from: 't0', to: 'waste' })).toMatch(/waste/);
    expect(s.history()).toEqual([]);
    expect(playChecked(s, { from: 't0', to: 'f0' })).toBeNull();
    expect(s.history()).toEqual([encodeMove(0, s.FOUND0, 1)]);
  });

  it('moves print as FORMATS.md specs and readable text', () => {
    const s = position('red-and-black', { tableau: ['TC', '9D 8S', '9H'], foundations: { 0: 'AC' } });
    const m = encodeMove(1, 0, 2);
    expect(moveToSpec(s, m)).toEqual({ from: 't1', to: 't0', count: 2 });
    expect(moveToSpec(s, encodeMove(s.STOCK, s.WASTE, 1))).toEqual({ from: 'stock', to: 'waste' });
    expect(describeMove(s, m)).toBe('9D+1 t1 → t0');
    expect(describeMove(s, encodeMove(1, 2, 1))).toBe('8S t1 → t2');
    expect(formatPosition(s)).toContain('t1      9D 8S');
  });

  it('isLegal agrees with playChecked', () => {
    const s = position('winery', { tableau: ['KC QH JS', 'KS'], rest: 't9' });
    expect(isLegal(s, 't0', 'c0')).toBe(true);
    expect(isLegal(s, 'c0', 't0')).toBe(false);
  });
});

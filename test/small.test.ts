// Small games (src/engine/small.ts): the variant's rules over a shrunk pack and layout, played by
// the same engine; won means every card of the pack on a foundation.
import { describe, expect, it } from 'vitest';
import { rankOf, suitOf } from '../src/cards/card';
import { smallDeal, smallRules } from '../src/engine/small';
import { GameState } from '../src/engine/state';
import { getRules } from '../src/rules/variants';
import { solve } from '../src/solver/solve';
import { playChecked } from '../src/engine/legality';

describe('small games', () => {
  for (const v of ['signora', 'double-signora', 'empress-of-italy', 'red-and-black'])
    it(`${v}: the pack is m ranks from b in every suit and deck, laid out as the shape says`, () => {
      const rules = getRules(v);
      for (let seed = 1; seed <= 20; seed++) {
        const shape = { ranks: 2 + (seed % 5), piles: 2 + (seed % 3), reserve: 4 };
        const { deal, base } = smallDeal(rules, shape, seed);
        const all = [...deal.tableau.flat(), ...deal.reserve, ...deal.stock, ...deal.foundations.flat()];
        expect(all).toHaveLength(rules.decks * 4 * shape.ranks);
        const count = new Map<number, number>();
        for (const c of all) count.set(c, (count.get(c) ?? 0) + 1);
        for (const [c, n] of count) {
          expect(n).toBe(rules.decks);
          expect((rankOf(c) - base + 13) % 13).toBeLessThan(shape.ranks);
          expect(suitOf(c)).toBeLessThan(4);
        }
        expect(deal.tableau).toHaveLength(shape.piles);
        expect(deal.reserve).toHaveLength(rules.reserveSize > 0 ? shape.reserve : 0);
        if (!rules.terraceFamily) expect(base).toBe(0);
        expect(new GameState(deal).total).toBe(all.length);
        expect(smallDeal(rules, shape, seed)).toEqual({ deal, base }); // reproducible
      }
    });

  it('a won small game replays to every card of its pack on the foundations', () => {
    const rules = getRules('signora');
    let won = 0;
    for (let seed = 1; seed <= 30 && won < 5; seed++) {
      const { deal, base } = smallDeal(rules, { ranks: 4, piles: 3, reserve: 4 }, seed);
      const r = solve(deal, { base, maxNodes: 200_000, search: 'dfs-scored' });
      if (r.result !== 'won') continue;
      won++;
      const s = new GameState(deal);
      for (const m of r.moves) expect(playChecked(s, m)).toBeNull();
      expect(s.onFoundation).toBe(s.total);
      expect(s.total).toBe(2 * 4 * 4);
    }
    expect(won).toBe(5);
  });

  it('Winery and FreeCell small games: every search plays them (cards the pack lacks lie nowhere)', () => {
    // Meta-moves look for a card's parents where the pack holds them; a small pack lacks the ranks
    // above its top, which once read as lying at the bottom of pile 0 and made illegal moves.
    let decided = 0;
    for (const [v, shape] of [
      ['freecell', { ranks: 7, piles: 4, reserve: 0 }],
      ['winery', { ranks: 6, piles: 4, reserve: 0 }],
    ] as const)
      for (let seed = 1; seed <= 10; seed++) {
        const { deal } = smallDeal(getRules(v), shape, seed);
        for (const search of ['auto', 'dfs-meta', 'soft-threads', 'dfs-restart-scored']) {
          const r = solve(deal, { maxNodes: 100_000, search });
          if (r.result !== 'unknown') decided++;
          if (r.result === 'won') expect(new GameState(deal).total).toBe(4 * shape.ranks); // and solve() replayed it
        }
      }
    expect(decided).toBeGreaterThan(60);
  });

  it('smallRules changes the layout only', () => {
    const r = getRules('signora');
    const s = smallRules(r, { ranks: 5, piles: 4, reserve: 3 });
    expect({ ...s, tableauDeal: r.tableauDeal, reserveSize: r.reserveSize }).toEqual(r);
    expect(s.tableauDeal).toEqual([1, 1, 1, 1]);
    expect(s.reserveSize).toBe(3);
  });
});

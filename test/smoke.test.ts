import { describe, expect, it } from 'vitest';
import { getRules } from '../src/rules/variants';
import { dealFromSeed } from '../src/engine/deal';
import { GameState } from '../src/engine/state';

describe('smoke', () => {
  it('deals a Signora game with 104 cards', () => {
    const s = new GameState(dealFromSeed(getRules('signora'), 1));
    let n = 0;
    for (let p = 0; p < s.nPiles; p++) n += s.len[p];
    expect(n).toBe(104);
  });
});

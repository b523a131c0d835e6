// bench/relaxed.ts, the foundation-order relaxation (an experiment of issue 26): relaxed-dead must
// mean lost. Checked against exhaustive search on small games of Empress of Italy, and along
// winning lines, where every position is won and so may never be called dead.
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEAD, FoundationRelaxation } from '../bench/relaxed';
import { smallDeal } from '../src/engine/small';
import { GameState } from '../src/engine/state';
import { getRules } from '../src/rules/variants';
import { solve } from '../src/solver/solve';
import { TranspositionTable } from '../src/solver/tt';

const empress = getRules('empress-of-italy');

describe('the foundation-order relaxation (bench/relaxed.ts)', () => {
  it('calls no deal of small Empress of Italy dead that exhaustive search wins, and proves some lost', () => {
    const tt = new TranspositionTable(64);
    const tally = { deadLost: 0, deadWon: 0 };
    for (let seed = 1; seed <= 60; seed++) {
      const { deal, base } = smallDeal(empress, { ranks: 3, piles: 1, reserve: 0 }, seed);
      const r = new FoundationRelaxation(200_000).decide(new GameState(deal), base);
      const truth = solve(deal, { tt, base, maxNodes: 2_000_000, search: 'dfs-scored', deadlocks: true }).result;
      if (r === DEAD && truth === 'won') tally.deadWon++;
      if (r === DEAD && truth === 'lost') tally.deadLost++;
    }
    expect(tally.deadWon).toBe(0);
    expect(tally.deadLost).toBeGreaterThan(0);
  });

  it('never calls a position of a winning line dead', () => {
    let asked = 0;
    for (const [ranks, piles] of [
      [3, 1],
      [5, 2],
    ])
      for (let seed = 1; seed <= 8; seed++) {
        const { deal, base } = smallDeal(empress, { ranks, piles, reserve: 0 }, seed);
        const won = solve(deal, { base, maxNodes: 200_000 });
        if (won.result !== 'won') continue;
        const s = new GameState(deal);
        won.moveInts.forEach((m, i) => {
          s.apply(m);
          if (i % 3 !== 0) return;
          asked++;
          expect(new FoundationRelaxation(20_000).decide(s, base)).not.toBe(DEAD);
        });
      }
    expect(asked).toBeGreaterThan(50);
  });
});

describe('npm run bench:relaxed', () => {
  const script = resolve(__dirname, '..', 'dist', 'bench', 'relaxed.js');
  const run = (...args: string[]) => spawnSync(process.execPath, [script, ...args], { encoding: 'utf8', timeout: 120_000 });

  it('explains itself for --help, and refuses a bad option or a game with a reserve with one line and exit 2', () => {
    const help = run('--help');
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^usage: npm run bench:relaxed/);
    for (const bad of [
      ['--seed', '1-3'],
      ['--variant', 'signora'],
    ]) {
      const r = run(...bad);
      expect(r.status, bad.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
  });

  it('counts relaxed verdicts against solve() on a small game, with no dead pair won', () => {
    const r = run('--ranks', '3', '--piles', '1', '--seeds', '1-30', '--cap', '20000', '--solve', '200k');
    expect(r.status).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^empress-of-italy, 3 ranks, 1 piles, seeds 1-30, cap 20000 relaxed positions; relaxed \/ solve\(\) at 200000 nodes/);
    const counts = lines.slice(1, -1).map((l) => Number(/: (\d+)$/.exec(l)![1]));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(30);
    expect(lines.at(-1)).toBe('  relaxed dead but won: 0 (must be 0)');
  });
});

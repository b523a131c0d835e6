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
import { prng } from './helpers';

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

/** R of tableau counts t: the piles its cards need as runs (bench/relaxed.ts), by plain loops. */
function runsNeeded(t: number[]): number {
  let r = 0;
  for (let c = 0; c < 26; c++) {
    const parent = c % 13 < 12 ? c + 1 : c < 13 ? 13 : 0;
    r += Math.max(0, t[c] - t[parent]);
  }
  return r;
}

/** Every minimal profile g >= f with R(out - g) <= piles, by breadth-first search over single foundation moves. */
function minimalByBrute(out: number[], f: number[], piles: number, copies: number): string[] | null {
  const feasible: number[][] = [];
  const seen = new Set([f.join()]);
  let frontier = [f];
  while (frontier.length > 0) {
    const next: number[][] = [];
    for (const g of frontier)
      for (let c = 0; c < 26; c++) {
        const ready = c % 13 === 0 ? g[c] < copies : g[c - 1] > g[c];
        if (out[c] - g[c] < 1 || !ready) continue;
        const h = [...g];
        h[c]++;
        if (seen.has(h.join())) continue;
        seen.add(h.join());
        if (seen.size > 200_000) return null;
        (runsNeeded(out.map((v, i) => v - h[i])) <= piles ? feasible : next).push(h);
      }
    frontier = next;
  }
  return feasible.filter((a) => !feasible.some((b) => b !== a && b.every((v, i) => v <= a[i]))).map((g) => g.join());
}

describe('rises() of the foundation-order relaxation', () => {
  it('finds exactly the minimal foundation rises that a brute-force search finds, on random positions one pile over', () => {
    const rnd = prng(2611);
    let compared = 0;
    let withRise = 0;
    for (let trial = 0; trial < 3000 && compared < 400; trial++) {
      const copies = 2 + 2 * Math.floor(rnd() * 2);
      // Foundations: each chain's copies foundations at random heights; then some cards out beyond them.
      const f = new Array<number>(26).fill(0);
      for (let T = 0; T < 2; T++)
        for (let n = 0; n < copies; n++) {
          const height = rnd() < 0.5 ? 0 : Math.floor(rnd() * 14);
          for (let k = 0; k < height; k++) f[T * 13 + k]++;
        }
      const out = f.map((v) => v + (rnd() < 0.45 ? Math.floor(rnd() * (copies - v + 1)) : 0));
      const piles = runsNeeded(out.map((v, i) => v - f[i])) - 1;
      if (piles < 1) continue;
      const brute = minimalByBrute(out, f, piles, copies);
      if (brute === null) continue;
      const got = new FoundationRelaxation(1).risesFor(Int32Array.from(out), Int32Array.from(f), piles, copies);
      expect(got).not.toBeNull();
      const profiles = got!.map((ups) => {
        const g = [...f];
        for (const c of ups) g[c]++;
        return g.join();
      });
      expect(new Set(profiles), JSON.stringify({ out, f, piles, copies })).toEqual(new Set(brute));
      compared++;
      if (brute.length > 0) withRise++;
    }
    expect(compared).toBeGreaterThanOrEqual(300);
    expect(withRise).toBeGreaterThan(100);
  });
});

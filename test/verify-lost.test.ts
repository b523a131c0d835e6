// A claim of `lost` is checkable: `verify` proves it again with a plain exhaustive DFS (and the
// deadlock tests its proof names), says why when the tests prove it at the deal, and refuses a
// claim that a search can win.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { smallDeal } from '../src/engine/small';
import { dealFromSeed } from '../src/engine/deal';
import { getRules } from '../src/rules/variants';
import { checkLost } from '../src/cli/verify';

const ROOT = resolve(__dirname, '..');
const MAIN = join(ROOT, 'dist', 'src', 'cli', 'main.js');
const dir = mkdtempSync(join(tmpdir(), 'verify-lost-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

function cli(args: string[], input?: string) {
  return spawnSync(process.execPath, [MAIN, ...args], { cwd: dir, encoding: 'utf8', input, timeout: 60_000 });
}

describe('verify: a lost solution', () => {
  it('solve --json | verify -: confirmed, with the reason the deadlock test gives', () => {
    const solved = cli(['solve', 'signora', '--seed', '10002', '--base', '5', '--json']);
    expect(solved.status).toBe(0);
    const sol = JSON.parse(solved.stdout);
    expect(sol.result).toBe('lost');
    expect(sol.proof).toBe('exhaustive+deadlock:reserve');
    expect(sol.reason).toMatch(/^2S, card 8 from the reserve top, is level 10 of the black-start chain/);
    const r = cli(['verify', '-'], solved.stdout);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(
      /^lost: confirmed by exhaustive search with the reserve deadlock test, each cut checked again by a second, plain version of its test \(0 nodes\)\n {2}why with base 5: 2S/,
    );
  });

  it('solve prints the proof and the reason of a loss proved at the deal; --base all names the proof', () => {
    const one = cli(['solve', 'signora', '--seed', '10002', '--base', '5']);
    expect(one.status).toBe(0);
    const lines = one.stdout.split('\n');
    expect(lines[0]).toBe('lost (proved: exhaustive search, cutting positions the reserve deadlock test proves lost)');
    expect(lines[1]).toBe('base: 5');
    expect(lines[2]).toMatch(/^why: 2S, card 8 from the reserve top, is level 10 of the black-start chain \(base 5\)/);
    const all = cli(['solve', 'signora', '--seed', '10002', '--base', 'all', '--max-nodes', '20000']);
    expect(all.stdout).toContain('base 5: lost (proved: exhaustive+deadlock:reserve) (0 nodes,');
  });

  it('a false claim of lost is refused (exit 1), and so is one it cannot confirm within --max-nodes', () => {
    const claim = { variant: 'signora', seed: 10002, result: 'lost' as const, proof: 'exhaustive+deadlock:reserve' as const, base: '3' };
    writeFileSync(join(dir, 'false.json'), JSON.stringify(claim));
    const r = cli(['verify', 'false.json']);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^solitaire: the claim is wrong: won with base 3 \(\d+ nodes, \d+ moves\)\n$/);
    const short = cli(['verify', 'false.json', '--max-nodes', '100']);
    expect(short.status).toBe(1);
    expect(short.stderr).toMatch(/not confirmed with base 3: .* ran out of its 100 nodes \(give --max-nodes more\)/);
  });

  it('a proof name verify does not know is bad input', () => {
    writeFileSync(join(dir, 'odd.json'), JSON.stringify({ variant: 'signora', seed: 1, result: 'lost' as const, proof: 'intuition' as const, base: '3' }));
    const r = cli(['verify', 'odd.json']);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/"proof" must be one of exhaustive, exhaustive\+deadlock:reserve, exhaustive\+deadlock:waste/);
  });

  it('checkLost: an order proof is confirmed with every order cut checked by the plain version', () => {
    // Small Empress of Italy, 3 ranks, 1 pile, seed 106: the order test proves it at the deal, where
    // exhaustive search with the waste test alone needs 88,758,566 nodes (test/deadlock.test.ts).
    const { deal, base } = smallDeal(getRules('empress-of-italy'), { ranks: 3, piles: 1, reserve: 0 }, 106);
    const sol = { result: 'lost' as const, proof: 'exhaustive+deadlock:order' as const, base: 'A23456789TJQK'[base], moves: [] };
    const r = checkLost(deal, sol, 200_000);
    expect(r.ok, r.lines.join('\n')).toBe(true);
    expect(r.lines[0]).toMatch(
      /^lost: confirmed by exhaustive search with the order deadlock test, each cut checked again by a second, plain version of its test \(\d+ nodes\)$/,
    );
    // The same claim for a deal that wins is refused.
    const other = smallDeal(getRules('empress-of-italy'), { ranks: 3, piles: 1, reserve: 0 }, 1);
    const won = checkLost(other.deal, { ...sol, base: 'A23456789TJQK'[other.base] }, 200_000);
    expect(won.lines[0]).toMatch(/^the claim is wrong: won/);
  });

  it('checkLost: an exhaustive proof without the tests, on a small game plain search decides', () => {
    // Small Signora, 3 ranks, 3 piles, reserve 6, seed 172: lost, and plain search proves it.
    const { deal, base } = smallDeal(getRules('signora'), { ranks: 3, piles: 3, reserve: 6 }, 172);
    const sol = { result: 'lost' as const, proof: 'exhaustive' as const, base: 'A23456789TJQK'[base], moves: [] };
    const plain = checkLost(deal, sol, 10_000_000);
    expect(plain.ok).toBe(true);
    expect(plain.lines[0]).toMatch(/^lost: confirmed by exhaustive search \(\d+ nodes\)$/);
    expect(Number(/\((\d+) nodes\)/.exec(plain.lines[0])![1])).toBeGreaterThan(100_000);
    const cut = checkLost(deal, { ...sol, proof: 'exhaustive+deadlock:reserve' as const }, 10_000_000);
    expect(cut.lines[0]).toBe(
      'lost: confirmed by exhaustive search with the reserve deadlock test, each cut checked again by a second, plain version of its test (0 nodes)',
    );
  });

  it('checkLost: a lost claim without a base is checked for every candidate rank', () => {
    const deal = dealFromSeed(getRules('signora'), 10002);
    const r = checkLost(deal, { result: 'lost', proof: 'exhaustive+deadlock:reserve', moves: [] }, 200_000);
    expect(r.ok).toBe(false);
    expect(r.lines[0]).toMatch(/^the claim is wrong: won with base 3/);
  });
});

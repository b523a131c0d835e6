// The benchmarks the issues' targets are checked with (bench/decide.ts, bench/small.ts) read their
// command line like the CLI: --help explains and exits 0, an unknown option (a typo such as --seed)
// exits 2 with one line instead of running the default seeds.
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const DECIDE = resolve(__dirname, '..', 'dist', 'bench', 'decide.js');
const run = (...args: string[]) => spawnSync(process.execPath, [DECIDE, ...args], { encoding: 'utf8', timeout: 60_000 });

describe('bench:decide options', () => {
  it('prints its usage for --help and -h, and runs nothing', () => {
    for (const h of ['--help', '-h']) {
      const r = run(h);
      expect(r.status).toBe(0);
      expect(r.stdout).toMatch(/^npm run bench:decide -- \[--seeds/);
      expect(r.stdout).toContain('--per-rank');
      expect(r.stdout).not.toContain('unknown%');
    }
  });

  it('refuses an unknown option with one line and exit 2', () => {
    for (const bad of [['--seed', '1-3'], ['--timeout', '100', '--lists'], ['extra']]) {
      const r = run(...bad);
      expect(r.status, bad.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(/^bench:decide: unknown option "/);
    }
  });

  it('refuses a valued option without its value', () => {
    for (const bad of [['--seeds'], ['--seeds', '--list'], ['--list', '--timeout']]) {
      const r = run(...bad);
      expect(r.status, bad.join(' ')).toBe(2);
      expect(r.stderr).toMatch(/^bench:decide: --(seeds|timeout) needs a value \(--help\)\n$/);
    }
  });

  it('runs with known options', () => {
    const r = run('--seeds', '20001', '--variants', 'signora', '--timeout', '2000', '--list');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^signora +1 +1 +0 +0 /m);
  });

  it('takes another random stream, and refuses a bad one', () => {
    const r = run('--seeds', '20001', '--variants', 'signora', '--timeout', '2000', '--stream', '3');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(', stream 3,');
    expect(r.stdout).toMatch(/^signora +1 +1 +0 +0 /m);
    for (const text of ['-2', '3-1', 'x', '42949672']) {
      const bad = run('--seeds', '20001', '--stream', text);
      expect(bad.status, text).toBe(2);
      expect(bad.stdout).toBe('');
      expect(bad.stderr).toBe(`bench:decide: bad --stream "${text}": expected N or A-B with A <= B <= 42949671\n`);
    }
  });

  it('with a range of streams, runs each and sums them up', () => {
    const r = run('--seeds', '20001', '--variants', 'signora', '--timeout', '2000', '--stream', '1-2', '--list');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^signora s1 +1 +1 +0 +0 /m);
    expect(r.stdout).toMatch(/^signora s2 +1 +1 +0 +0 /m);
    expect(r.stdout).toContain('  signora: unknown deals per stream 0 0, mean 0.0 (0.0%); unknown on every stream: -\n');
  });
});

describe('bench:small options', () => {
  const SMALL = resolve(__dirname, '..', 'dist', 'bench', 'small.js');
  it('prints its usage for --help and refuses an unknown option with exit 2', () => {
    const h = spawnSync(process.execPath, [SMALL, '--help'], { encoding: 'utf8', timeout: 60_000 });
    expect(h.status).toBe(0);
    expect(h.stdout).toMatch(/^npm run bench:small -- \[--variant/);
    const bad = spawnSync(process.execPath, [SMALL, '--rank', '3'], { encoding: 'utf8', timeout: 60_000 });
    expect(bad.status).toBe(2);
    expect(bad.stdout).toBe('');
    expect(bad.stderr.trim()).toBe('bench:small: unknown option "--rank" (--help lists them)');
  });

  const small = (...args: string[]) => spawnSync(process.execPath, [SMALL, ...args], { encoding: 'utf8', timeout: 120_000 });
  /** The proof each --list line names (its seventh field; empty where the claim is not lost). */
  const proofsNamed = (stdout: string) =>
    stdout
      .split('\n')
      .filter((l) => /^\d+ /.test(l))
      .map((l) => l.split(' ')[6] ?? '');

  it('--tests names the tests the claim asks, and refuses a name that is not one with exit 2', () => {
    const bad = small('--tests', 'waste,orders');
    expect(bad.status).toBe(2);
    expect(bad.stdout).toBe('');
    expect(bad.stderr.trim()).toBe("bench:small: --tests takes reserve, waste, order joined by commas, not 'orders'");
    const both = small('--tests', 'waste', '--marks');
    expect(both.status).toBe(2);
    expect(both.stdout).toBe('');
    expect(both.stderr.trim()).toBe("bench:small: --tests names the claim's tests, and --marks has no claim: leave one out");
    // Small Red and Black deals that both the waste and the order test prove lost: with every test
    // most proofs name the order test, so a claim that ignored --tests would name it here too.
    const args = ['--variant', 'red-and-black', '--ranks', '6', '--piles', '1', '--seeds', '1-12', '--max-nodes', '300000', '--list'];
    const waste = small(...args, '--tests', 'waste');
    expect(waste.status).toBe(0);
    expect(waste.stdout).toContain('tests waste (');
    const proofs = proofsNamed(waste.stdout);
    expect(proofs).toContain('exhaustive+deadlock:waste');
    expect(proofs.some((p) => p.includes('order'))).toBe(false);
    const named = proofsNamed(small(...args, '--tests', 'order').stdout);
    expect(named).toContain('exhaustive+deadlock:order');
    expect(named.some((p) => p.includes('waste'))).toBe(false);
  });
});

describe('bench (the held-out comparison with fc-solve) options', () => {
  const HELDOUT = resolve(__dirname, '..', 'dist', 'bench', 'heldout.js');
  const run = (...args: string[]) => spawnSync(process.execPath, [HELDOUT, ...args], { encoding: 'utf8', timeout: 60_000 });
  it('prints its usage for --help, naming the blocks, and runs nothing', () => {
    const h = run('--help');
    expect(h.status).toBe(0);
    expect(h.stdout).toMatch(/^npm run bench -- \[--block check\|final\|tuning\]/);
    expect(h.stdout).toContain('200001-202000');
    expect(h.stdout).toContain('300001-302000');
    expect(h.stdout).not.toContain('fc-solve/ours');
  });

  it('refuses a bad block, game or option with one line and exit 2', () => {
    for (const [bad, msg] of [
      [['--block', 'mine'], 'bench: --block must be one of check, final, tuning'],
      [['--games', 'signora'], 'bench: --games: "signora" is not one of winery, freecell'],
      [['--rounds', '0'], 'bench: --rounds must be a positive whole number'],
      [['--seeds', '1-10'], 'bench: unknown option "--seeds" (--help lists them)'],
    ] as const) {
      const r = run(...bad);
      expect(r.status, bad.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toBe(msg + '\n');
    }
  });
});

describe('bench/ab.ts: two builds taking turns', () => {
  const AB = resolve(__dirname, '..', 'dist', 'bench', 'ab.js');
  const ROOT = resolve(__dirname, '..');
  const run = (...args: string[]) => spawnSync(process.execPath, [AB, ...args], { encoding: 'utf8', timeout: 60_000 });

  it('compares a build with itself: every round, the median and its range, no verdict that differs', () => {
    const r = run('--old', ROOT, '--variant', 'signora', '--pairs', '1/5,2/-', '--nodes', '20000', '--rounds', '2');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^round 1: old \d+ ms, new \d+ ms, old\/new [\d.]+$/m);
    expect(r.stdout).toMatch(/^round 2: /m);
    expect(r.stdout).toMatch(/^signora, 2 pairs at 20000 nodes, 2 rounds: old\/new median [\d.]+ \(rounds [\d.]+-[\d.]+\)$/m);
    expect(r.stdout).not.toContain('DIFFERENT');
  });

  it('refuses a bad pair or a missing build with one line and exit 2', () => {
    for (const [bad, msg] of [
      [['--old', ROOT, '--variant', 'signora', '--pairs', '1/Z'], /^ab: bad pair "1\/Z"/],
      [['--variant', 'signora', '--pairs', '1/5'], /^ab: --old, --variant and --pairs are needed/],
      [['--old', ROOT, '--variant', 'signora', '--pairs', '1/5', '--seeds', '1-2'], /^ab: unknown option "--seeds"/],
    ] as const) {
      const r = run(...bad);
      expect(r.status, bad.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(msg);
    }
  });
});

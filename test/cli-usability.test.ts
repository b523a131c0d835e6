// Issue 27's table, "The CLI": one test (or more) per row, run as child processes from dist (npm
// test builds first). Budgets are small: the file runs in seconds.
import * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCount } from '../src/cli/io';
import { unknownReason } from '../src/cli/solve';
import { suggestVariant } from '../src/rules/variants';
import type { SolveResult } from '../src/solver/solve';
import { RECOMMENDED } from '../src/strategy/learned-model';
import { cli, expectUsageError } from './cli-helpers';

let dir = '';
beforeAll(() => {
  dir = fs.mkdtempSync(join(tmpdir(), 'solitaire-usability-'));
});
afterAll(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('counts with suffixes (--max-nodes 2M, 200k, 1e6)', () => {
  it('parseCount reads plain numbers, k/M/G in either case and powers of ten', () => {
    expect(parseCount('200000')).toBe(200_000);
    expect(parseCount('200k')).toBe(200_000);
    expect(parseCount('200K')).toBe(200_000);
    expect(parseCount('2M')).toBe(2_000_000);
    expect(parseCount('1.5M')).toBe(1_500_000);
    expect(parseCount('1G')).toBe(1_000_000_000);
    expect(parseCount('1e6')).toBe(1_000_000);
    expect(parseCount('2.5e5')).toBe(250_000);
    expect(parseCount(' 3k ')).toBe(3000);
    for (const bad of ['', 'k', '1.5', '1e-3', '2x', '-5', '1e6k', '1.0001k', '0x10']) expect(parseCount(bad), bad).toBeNaN();
  });
  it('every command that takes a count accepts them', () => {
    const j = JSON.parse(cli('solve', 'winery', '--seed', '1', '--max-nodes', '2k', '--json').stdout);
    expect(j.stats.nodes).toBeLessThanOrEqual(2000);
    expect(cli('solve', 'signora', '--seed', '1', '--max-nodes', '1e3', '--timeout', '5k').status).toBe(0);
    expect(cli('advise', 'signora', '--seed', '1', '--max-nodes', '1k').status).toBe(0);
    const sol = join(dir, 'sol.json');
    fs.writeFileSync(sol, cli('solve', 'winery', '--seed', '1', '--max-nodes', '200k', '--json').stdout);
    expect(cli('verify', sol, '--max-nodes', '2M').status).toBe(0);
    const out = join(dir, 'counts');
    const r = cli('analyze', 'winery', '--seeds', '1-2', '--workers', '1', '--max-nodes', '5k', '--batch', '1', '--out', out, '--quiet');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('--max-nodes 5000');
  });
  it('a count that is not one is refused with an example of what is', () => {
    expectUsageError(cli('solve', 'signora', '--seed', '1', '--max-nodes', '2x'), /bad --max-nodes "2x".*200k, 2M and 1e6/);
    expectUsageError(cli('analyze', 'signora', '--max-nodes', '1.5', '--out', join(dir, 'x')), /bad --max-nodes "1.5"/);
  });
});

describe('variant names: case-insensitive, and "did you mean"', () => {
  it('Signora, SIGNORA and "Empress of Italy" are the variants', () => {
    const want = cli('deal', 'signora', '--seed', '3').stdout;
    expect(cli('deal', 'Signora', '--seed', '3').stdout).toBe(want);
    expect(cli('deal', 'SIGNORA', '--seed', '3').stdout).toBe(want);
    expect(cli('deal', 'Empress of Italy', '--seed', '3').stdout).toBe(cli('deal', 'empress-of-italy', '--seed', '3').stdout);
    const j = JSON.parse(cli('solve', 'Winery', '--seed', '2', '--max-nodes', '1k', '--json').stdout);
    expect(j.variant).toBe('winery');
  });
  it('a near miss is answered with the name meant, on one line, exit 2', () => {
    expectUsageError(cli('solve', 'signra', '--seed', '1'), /unknown variant "signra": did you mean signora\?/);
    expectUsageError(cli('deal', 'winnery', '--seed', '1'), /did you mean winery\?/);
    expectUsageError(cli('advise', 'empress', '--seed', '1'), /did you mean empress-of-italy\?/);
    expectUsageError(cli('analyze', 'dubble-signora', '--out', join(dir, 'y')), /did you mean double-signora\?/);
    expectUsageError(cli('solve', 'klondike', '--seed', '1'), /unknown variant "klondike": expected one of signora/);
    expect(suggestVariant('freecel')).toBe('freecell');
    expect(suggestVariant('red')).toBe('red-and-black');
    expect(suggestVariant('spider')).toBeNull();
  });
});

describe('solve --base all: which budget ran out, and the option to raise', () => {
  it('nodes', () => {
    const r = cli('solve', 'signora', '--seed', '5', '--base', 'all', '--max-nodes', '500');
    expect(r.status, r.stderr).toBe(0);
    const unknown = r.stdout.split('\n').filter((l) => l.includes('unknown'));
    expect(unknown.length).toBeGreaterThan(0);
    for (const l of unknown) expect(l).toMatch(/^base [A2-9TJQK]: unknown \(node budget ran out: 500 nodes; raise --max-nodes\) \(\d+ nodes, \d+ ms\)$/);
    expect(r.stdout).not.toMatch(/unknown \(budget ran out\)/);
  });
  it('time and memory, and the single search says the same', () => {
    const res = (stopReason: 'nodes' | 'time' | 'memory') => ({ result: 'unknown', stats: { stopReason } }) as unknown as SolveResult;
    expect(unknownReason(res('time'), { timeoutMs: 10_000 })).toBe('time ran out: 10000 ms; raise --timeout');
    expect(unknownReason(res('memory'), { ttMb: 8 })).toBe('memory cap reached: 8 MB; raise --tt-mb');
    expect(unknownReason(res('nodes'), { maxNodes: 5000 })).toBe('node budget ran out: 5000 nodes; raise --max-nodes');
    const timed = cli('solve', 'empress-of-italy', '--seed', '5', '--base', 'all', '--max-nodes', '50M', '--timeout', '10');
    const slow = timed.stdout.split('\n').filter((l) => l.includes('unknown'));
    expect(slow.length).toBeGreaterThan(0);
    for (const l of slow) expect(l).toMatch(/unknown \(time ran out: 10 ms; raise --timeout\)/);
    const one = cli('solve', 'empress-of-italy', '--seed', '5', '--max-nodes', '300');
    expect(one.stdout.split('\n')[0]).toBe('unknown (node budget ran out: 300 nodes; raise --max-nodes)');
  });
});

describe('advise: the score, the command for the winning line, the next step, --json', () => {
  it('prints the score that ordered the ranks, what it means, and the command that shows the win', () => {
    const r = cli('advise', 'signora', '--seed', '5', '--max-nodes', '20k');
    expect(r.status, r.stderr).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines[1]).toMatch(/^\s+rank\s+score\s+exp/);
    const scores = lines.filter((l) => /^\s+\d+\s+[A2-9TJQK]\s/.test(l)).map((l) => Number(l.trim().split(/\s+/)[2]));
    expect(scores.every(Number.isFinite)).toBe(true);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores); // the order is the score's
    expect(r.stdout).toMatch(/^score = the model's log-odds/m);
    const m = /the winning line of base ([A2-9TJQK]): solitaire (solve .*)$/m.exec(r.stdout);
    expect(m).not.toBeNull();
    const shown = cli(...m![2].split(' '));
    expect(shown.status, shown.stderr).toBe(0);
    expect(shown.stdout).toMatch(/^won\nbase: /);
    expect(shown.stdout).toContain(`base: ${m![1]}`);
  });
  it('when no rank won, names the options that raise the budget', () => {
    const r = cli('advise', 'empress-of-italy', '--seed', '5', '--max-nodes', '2000');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout.trim().split('\n').pop()).toMatch(/^no base rank won within 2000 nodes .*raise --max-nodes \(e\.g\. --max-nodes 20k\).*--timeout/);
  });
  it('--json: one object with every rank, its score, measured rate and verdict', () => {
    const r = cli('advise', 'double-signora', '--seed', '3', '--max-nodes', '3k', '--json', '--search', 'dfs', '--timeout', '20000');
    expect(r.status, r.stderr).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.variant).toBe('double-signora');
    expect(j.strategy).toBe(RECOMMENDED['double-signora']);
    expect(j.budget).toEqual({ maxNodes: 3000, timeoutMs: 20000, search: 'dfs' });
    expect(j.ranks).toHaveLength(13);
    for (const rk of j.ranks) {
      expect(rk.rank).toMatch(/^[A2-9TJQK]$/);
      expect(typeof rk.score).toBe('string');
      expect(['won', 'lost', 'unknown']).toContain(rk.verdict.result);
    }
    if (j.wonWith.length) expect(j.show).toMatch(/^solitaire solve double-signora --seed 3 --base /);
    else expect(j.next).toMatch(/--max-nodes/);
  });
  it('refuses a bad --search like solve does', () => {
    expectUsageError(cli('advise', 'signora', '--seed', '1', '--search', 'bfs'), /bad --search "bfs"/);
  });
});

describe('analyze: --search recorded in run.json, --json, totals and end time', () => {
  it('--search dfs --json: one JSON object on stdout; run.json has the search, totals and finished', () => {
    const out = join(dir, 'an');
    const r = cli(
      'analyze',
      'signora',
      'winery',
      '--seeds',
      '1-3',
      '--workers',
      '1',
      '--max-nodes',
      '3k',
      '--search',
      'dfs',
      '--out',
      out,
      '--json',
      '--quiet',
    );
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout.trim().split('\n')).toHaveLength(1);
    const j = JSON.parse(r.stdout);
    expect(j.command).toContain('--search dfs');
    expect(j.search).toBe('dfs');
    expect(j.seeds).toEqual({ from: 1, to: 3 });
    expect(j.variants.map((v: { variant: string }) => v.variant)).toEqual(['signora', 'winery']);
    for (const v of j.variants) {
      expect(v.deals).toBe(3);
      expect(v.won + v.lost + v.unknown).toBe(3);
      expect(v.summary.length).toBeGreaterThan(0);
    }
    expect(j.variants[0].strategies.length).toBeGreaterThan(0);
    const m = JSON.parse(fs.readFileSync(join(out, 'run.json'), 'utf8'));
    for (const v of ['signora', 'winery']) {
      const e = m.variants[v];
      expect(e.search).toBe('dfs');
      expect(Date.parse(e.finished)).toBeGreaterThanOrEqual(Date.parse(e.started));
      const jv = j.variants.find((x: { variant: string }) => x.variant === v);
      expect(e.totals).toMatchObject({ deals: 3, won: jv.won, lost: jv.lost, unknown: jv.unknown });
      expect(e.totals.searches).toBeGreaterThanOrEqual(3);
    }
    // A resume goes on with run.json's search; one under another search is refused: the rows were made with dfs.
    const again = cli('analyze', 'winery', '--seeds', '1-3', '--workers', '1', '--max-nodes', '3k', '--search', 'auto', '--out', out, '--resume', '--quiet');
    expectUsageError(again, /run.json says --search dfs, this run has --search auto/);
    const resumed = cli('analyze', 'winery', '--workers', '1', '--out', out, '--resume', '--quiet', '--json');
    expect(resumed.status, resumed.stderr).toBe(0);
    expect(JSON.parse(resumed.stdout).search).toBe('dfs');
  });
  it('refuses a bad --search', () => {
    expectUsageError(cli('analyze', 'signora', '--search', 'bfs', '--out', join(dir, 'z')), /bad --search "bfs"/);
  });
});

describe('strategies: the non-significant pairs as a count, or a table with --all', () => {
  it('counts them by default and lists them with --all', () => {
    const r = cli('strategies', 'results/published', '--no-write');
    expect(r.status, r.stderr).toBe(0);
    const counts = [...r.stdout.matchAll(/(\d+) of (\d+) paired comparisons significant .*; (\d+) not significant \(list them with --all\)/g)];
    expect(counts.length).toBeGreaterThan(0);
    for (const c of counts) expect(Number(c[1]) + Number(c[3])).toBe(Number(c[2]));
    expect(r.stdout).not.toMatch(/ vs /);
    const all = cli('strategies', 'results/published', '--no-write', '--all');
    expect(all.status, all.stderr).toBe(0);
    expect(all.stdout).toMatch(/pair \(A vs B\)\s+A - B, points \[95% CI\]\s+p\s+Holm p/);
    const rows = all.stdout.split('\n').filter((l) => /^ {4}\S+ vs \S+\s+[+-]\d/.test(l));
    expect(rows).toHaveLength(counts.reduce((a, c) => a + Number(c[3]), 0));
  });
  it('--json: one object with the strategy rows and paired tests of every game', () => {
    const r = cli('strategies', 'results/published', '--no-write', '--json');
    expect(r.status, r.stderr).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.variants.map((v: { variant: string }) => v.variant)).toEqual(['signora', 'double-signora', 'empress-of-italy']);
    const s = j.variants[0];
    expect(s.strategies[0]).toMatchObject({ strategy: 'best', deals: s.deals });
    expect(s.paired.filter((p: { measure: string; seeds: string }) => p.measure === 'budget').length).toBeGreaterThan(0);
    expect(s.heldOut.bestFixed).toBeTruthy();
  });
});

describe('options across commands', () => {
  it('--help of solve, analyze and advise explains why their defaults differ', () => {
    for (const cmd of ['solve', 'analyze', 'advise']) {
      const r = cli(cmd, '--help');
      expect(r.status).toBe(0);
      expect(r.stdout).toMatch(/Defaults differ between commands on purpose/);
      expect(r.stdout).toMatch(/solve\s+--base any, --max-nodes 2M/);
      expect(r.stdout).toMatch(/analyze\s+--base all, --max-nodes 200k per search/);
      expect(r.stdout).toMatch(/--search <kind>/);
    }
  });
  it('--quiet and --json mean the same on solve, analyze and advise', () => {
    expect(cli('solve', 'signora', '--help').stdout).toMatch(/--quiet/);
    expect(cli('analyze', '--help').stdout).toMatch(/--quiet/);
    for (const cmd of ['deal', 'solve', 'analyze', 'advise']) expect(cli(cmd, '--help').stdout, cmd).toMatch(/--json/);
    const r = cli('solve', 'winery', '--seed', '1', '--max-nodes', '1k', '--quiet', '--json');
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout).variant).toBe('winery');
  });
  it('--json on variants, verify and merge too: one JSON value on stdout', () => {
    const vs = JSON.parse(cli('variants', '--json').stdout);
    expect(vs.map((v: { name: string }) => v.name)).toContain('signora');
    const sol = join(dir, 'w3.json');
    fs.writeFileSync(sol, cli('solve', 'winery', '--seed', '3', '--max-nodes', '200k', '--json').stdout);
    const ok = cli('verify', sol, '--json');
    expect(ok.status).toBe(0);
    expect(JSON.parse(ok.stdout)).toEqual({ ok: true, messages: [expect.stringMatching(/^won in \d+ moves$/)] });
    const bad = join(dir, 'bad.json');
    fs.writeFileSync(bad, JSON.stringify({ variant: 'winery', seed: 3, result: 'won', moves: [{ from: 't0', to: 'f0' }] }));
    const no = cli('verify', bad, '--json');
    expect(no.status).toBe(1);
    expect(JSON.parse(no.stdout).ok).toBe(false);
    expect(no.stderr).toMatch(/^solitaire: move 1/);
    const part = join(dir, 'part');
    expect(cli('analyze', 'winery', '--seeds', '1-2', '--workers', '1', '--max-nodes', '2k', '--out', part, '--quiet').status).toBe(0);
    const m = cli('merge', part, '--out', join(dir, 'merged'), '--json');
    expect(m.status, m.stderr).toBe(0);
    const j = JSON.parse(m.stdout);
    expect(j.seeds).toEqual({ from: 1, to: 2 });
    expect(j.maxNodes).toBe(2000);
    expect(j.variants[0]).toMatchObject({ variant: 'winery', deals: 2 });
  });
});

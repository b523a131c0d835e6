// The compiled command line (dist/src/cli/main.js), run as a child process. `npm test` runs tsc
// before vitest, so dist is assumed to be built. Budgets are small: the file runs in seconds.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseCandidates, dealFromJson, dealFromSeed } from '../src/engine/deal';
import { getRules, variantNames } from '../src/rules/variants';
import { rankName } from '../src/cards/card';

const ROOT = resolve(__dirname, '..');
const MAIN = join(ROOT, 'dist', 'src', 'cli', 'main.js');

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

function cli(...args: string[]): Run {
  const r = spawnSync(process.execPath, [MAIN, ...args], { cwd: ROOT, encoding: 'utf8', timeout: 30_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

function lines(text: string): string[] {
  return text.split('\n').filter((l) => l.length > 0);
}

/** A usage error: exit 2, exactly one line `solitaire: ...` on stderr, nothing on stdout. */
function expectUsageError(r: Run, pattern?: RegExp): void {
  expect(r.status, r.stderr).toBe(2);
  expect(r.stdout).toBe('');
  const err = lines(r.stderr);
  expect(err).toHaveLength(1);
  expect(err[0]).toMatch(/^solitaire: /);
  if (pattern) expect(err[0]).toMatch(pattern);
}

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'solitaire-cli-'));
});
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('solitaire variants', () => {
  it('lists the six variants, one line each, with title and summary', () => {
    const r = cli('variants');
    expect(r.status).toBe(0);
    expect(r.stderr).toBe('');
    const ls = lines(r.stdout);
    expect(ls).toHaveLength(6);
    expect(ls.map((l) => l.split(/\s+/)[0])).toEqual(variantNames());
    expect(ls[0]).toContain(getRules('signora').title);
    expect(ls[0]).toContain(getRules('signora').summary);
  });
});

describe('solitaire deal', () => {
  it('--json prints a deal that dealFromJson accepts and that equals dealFromSeed', () => {
    for (const v of ['signora', 'winery']) {
      const r = cli('deal', v, '--seed', '7', '--json');
      expect(r.status).toBe(0);
      const obj = JSON.parse(r.stdout);
      expect(obj.variant).toBe(v);
      expect(obj.seed).toBe(7);
      expect(dealFromJson(obj)).toEqual(dealFromSeed(getRules(v), 7));
      expect(r.stdout).toMatch(/^\{\n {2}"variant"/); // pretty-printed, 2-space indent
    }
  });

  it("--seeds A-B prints one compact deal JSON per line, each the seed's deal", () => {
    const r = cli('deal', 'empress-of-italy', '--seeds', '9-12');
    expect(r.status).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines.map((l) => JSON.parse(l).seed)).toEqual([9, 10, 11, 12]);
    lines.forEach((l, i) => expect(dealFromJson(JSON.parse(l))).toEqual(dealFromSeed(getRules('empress-of-italy'), 9 + i)));
  });

  it('--cells applies to freecell', () => {
    const r = cli('deal', 'freecell', '--seed', '3', '--cells', '2', '--json');
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).cells).toEqual([null, null]);
  });

  it('prints a readable layout with one line per tableau pile', () => {
    const r = cli('deal', 'signora', '--seed', '1');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^\s*t0\s/m);
    const tab = lines(r.stdout).filter((l) => /^\s*t\d+\s/.test(l));
    expect(tab).toHaveLength(9);
    expect(r.stdout).toMatch(/^\s*reserve\s/m);
    expect(r.stdout).toMatch(/^\s*stock\s+84 cards/m);
    const w = cli('deal', 'winery', '--seed', '1');
    expect(lines(w.stdout).filter((l) => /^\s*t\d+\s/.test(l))).toHaveLength(10);
    expect(w.stdout).toMatch(/^\s*c1\s/m);
  });
});

describe('solve and verify', () => {
  // The first of a few small deals the solver wins within a small budget.
  let found: { variant: string; seed: number; json: string } | null = null;
  const solved = () => {
    if (found) return found;
    for (const variant of ['signora', 'winery'])
      for (let seed = 1; seed <= 10; seed++) {
        const r = cli('solve', variant, '--seed', String(seed), '--max-nodes', '200000', '--json');
        expect(r.status).toBe(0);
        if (JSON.parse(r.stdout).result === 'won') return (found = { variant, seed, json: r.stdout });
      }
    throw new Error('no deal won within the budget');
  };

  it('solve --json prints a FORMATS.md solution', () => {
    const { variant, seed, json } = solved();
    const sol = JSON.parse(json);
    expect(sol).toMatchObject({ variant, seed, result: 'won' });
    expect(Array.isArray(sol.moves) && sol.moves.length).toBeGreaterThan(0);
    for (const m of sol.moves) expect(typeof m.from === 'string' && typeof m.to === 'string').toBe(true);
    expect(sol.stats.nodes).toBeGreaterThan(0);
    for (const k of ['ms', 'unique', 'ttHits', 'maxDepth', 'nodesPerSec']) expect(typeof sol.stats[k]).toBe('number');
    if (getRules(variant).terraceFamily) expect(sol.base).toMatch(/^[A2-9TJQK]$/);
    else expect(sol.base).toBeUndefined();
  });

  it('verify accepts the solution, from a deal file and from --variant/--seed', () => {
    const { variant, seed, json } = solved();
    const n = JSON.parse(json).moves.length;
    const solFile = join(dir, 'solution.json');
    writeFileSync(solFile, json);
    const dealFile = join(dir, 'deal.json');
    writeFileSync(dealFile, cli('deal', variant, '--seed', String(seed), '--json').stdout);
    for (const r of [cli('verify', dealFile, solFile), cli('verify', '--variant', variant, '--seed', String(seed), solFile)]) {
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout.trim()).toBe(`won in ${n} moves`);
    }
  });

  it('verify reads the solution from standard input (-), and needs no deal when the solution names its variant and seed (issue 29)', () => {
    for (const [variant, seed] of [
      ['winery', 7],
      ['signora', 2],
      ['freecell', 3],
    ] as const) {
      const extra = variant === 'freecell' ? ['--cells', '2'] : [];
      const sol = cli('solve', variant, '--seed', String(seed), '--max-nodes', '200000', '--json', ...extra);
      const s = JSON.parse(sol.stdout);
      expect(s.result).toBe('won');
      const solFile = join(dir, `alone-${variant}-${seed}.json`);
      writeFileSync(solFile, sol.stdout);
      const want = `won in ${s.moves.length} moves\n`;
      for (const r of [
        spawnSync(process.execPath, [MAIN, 'verify', '-'], { input: sol.stdout, encoding: 'utf8' }),
        cli('verify', solFile),
        spawnSync(process.execPath, [MAIN, 'verify', '--variant', variant, '--seed', String(seed), ...extra, '-'], { input: sol.stdout, encoding: 'utf8' }),
      ]) {
        expect(r.stderr).toBe('');
        expect(r.status).toBe(0);
        expect(r.stdout).toBe(want);
      }
    }
    const deal = cli('deal', 'winery', '--seed', '7', '--json');
    const sol = cli('solve', 'winery', '--seed', '7', '--json');
    const dealFile = join(dir, 'stdin-deal.json');
    writeFileSync(dealFile, deal.stdout);
    const r = spawnSync(process.execPath, [MAIN, 'verify', dealFile, '-'], { input: sol.stdout, encoding: 'utf8' });
    expect(r.stdout).toBe(`won in ${JSON.parse(sol.stdout).moves.length} moves\n`);
    // A corrupted solution from stdin fails as from a file: exit 1, the move named.
    const bad = JSON.parse(sol.stdout);
    bad.moves = bad.moves.slice(1);
    const b = spawnSync(process.execPath, [MAIN, 'verify', '-'], { input: JSON.stringify(bad), encoding: 'utf8' });
    expect(b.status).toBe(1);
    expect(b.stderr).toMatch(/^solitaire: move \d+ \(/);
  });

  it('verify rejects a corrupted solution with exit 1, naming the move', () => {
    const { variant, seed, json } = solved();
    const sol = JSON.parse(json);
    const i = sol.moves.findIndex((m: { from: string }) => m.from !== 'stock');
    sol.moves[i].to = 'stock';
    const solFile = join(dir, 'corrupt.json');
    writeFileSync(solFile, JSON.stringify(sol));
    const r = cli('verify', '--variant', variant, '--seed', String(seed), solFile);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(new RegExp(`^solitaire: move ${i + 1} \\(${sol.moves[i].from} -> stock\\): \\S[^\\n]*\\n$`));
    // All moves legal but the game unfinished.
    const short = JSON.parse(json);
    short.moves = short.moves.slice(0, -2);
    writeFileSync(solFile, JSON.stringify(short));
    const s = cli('verify', '--variant', variant, '--seed', String(seed), solFile);
    expect(s.status).toBe(1);
    expect(s.stdout).toBe('');
    expect(s.stderr).toMatch(new RegExp(`^solitaire: not won: after ${short.moves.length} moves \\d+ cards are not on the foundations\\n$`));
  });

  it('verify refuses a solution for another deal, or with nothing to verify (exit 2)', () => {
    const { variant, seed, json } = solved();
    const solFile = join(dir, 'other.json');
    writeFileSync(solFile, json);
    expectUsageError(cli('verify', '--variant', variant, '--seed', String(seed + 1), solFile), /seed/);
    const unknown = { ...JSON.parse(json), result: 'unknown' };
    delete unknown.moves;
    writeFileSync(solFile, JSON.stringify(unknown));
    expectUsageError(cli('verify', '--variant', variant, '--seed', String(seed), solFile), /nothing to verify/);
  });

  it('a FreeCell solution records its cell count, and verify refuses it for a deal with other cells', () => {
    const r = cli('solve', 'freecell', '--seed', '3', '--cells', '2', '--json', '--max-nodes', '200000');
    expect(r.status).toBe(0);
    const sol = JSON.parse(r.stdout);
    expect(sol.cells).toBe(2);
    expect(sol.result).toBe('won');
    const solFile = join(dir, 'fc2.json');
    writeFileSync(solFile, r.stdout);
    expect(cli('verify', '--variant', 'freecell', '--seed', '3', '--cells', '2', solFile).status).toBe(0);
    expectUsageError(cli('verify', '--variant', 'freecell', '--seed', '3', solFile), /played with 2 cells, the deal has 4 \(give --cells 2\)/);
    // Variants whose cell count is fixed by their rules do not carry it.
    expect(JSON.parse(cli('solve', 'winery', '--seed', '2', '--json').stdout).cells).toBeUndefined();
  });

  it('solve prints the verdict, numbered moves and statistics', () => {
    const { variant, seed } = solved();
    const r = cli('solve', variant, '--seed', String(seed), '--max-nodes', '200000');
    expect(r.status).toBe(0);
    const ls = lines(r.stdout);
    expect(ls[0]).toBe('won');
    if (getRules(variant).terraceFamily) expect(ls.filter((l) => l.startsWith('base:'))).toEqual([expect.stringMatching(/^base: [A2-9TJQK]$/)]);
    expect(r.stdout).toMatch(/^\s*1\. \S+ \S+ → \S+/m);
    for (const k of ['nodes', 'unique positions', 'transposition hits', 'max depth', 'time', 'nodes per second'])
      expect(r.stdout).toMatch(new RegExp(`^\\s*${k}\\s+\\d`, 'm'));
  });
});

describe('solve --base', () => {
  it('--base all on a Signora deal prints one line per candidate base rank', () => {
    const cands = baseCandidates(dealFromSeed(getRules('signora'), 2)).map(rankName);
    const r = cli('solve', 'signora', '--seed', '2', '--base', 'all', '--max-nodes', '20000');
    expect(r.status).toBe(0);
    const ls = lines(r.stdout);
    expect(ls).toHaveLength(cands.length);
    ls.forEach((l, i) => void expect(l).toMatch(new RegExp(`^base ${cands[i]}: (won in \\d+ moves|lost|unknown).*\\(\\d+ nodes, \\d+ ms\\)$`)));
  });

  it('--base all --json prints one solution per line (JSON Lines), which verify replays', () => {
    const cands = baseCandidates(dealFromSeed(getRules('signora'), 2)).map(rankName);
    const r = cli('solve', 'signora', '--seed', '2', '--base', 'all', '--max-nodes', '20000', '--json');
    expect(r.status).toBe(0);
    const sols = lines(r.stdout).map((l) => JSON.parse(l));
    expect(sols.map((s) => s.base)).toEqual(cands);
    for (const s of sols) expect(s).toMatchObject({ variant: 'signora', seed: 2 });
    const won = sols.filter((s) => s.result === 'won');
    expect(won.length).toBeGreaterThan(0);
    const file = join(dir, 'all.jsonl');
    writeFileSync(file, r.stdout);
    const v = cli('verify', '--variant', 'signora', '--seed', '2', file);
    expect(v.status, v.stderr).toBe(0);
    expect(lines(v.stdout)).toEqual(
      sols.map((s, i) => `line ${i + 1}, base ${s.base}: ${s.result === 'won' ? `won in ${s.moves.length} moves` : `${s.result}: nothing to verify`}`),
    );
    // One bad move in one of them: exit 1, naming the line; the others are still verified (issue 55).
    const k = sols.indexOf(won[0]);
    won[0].moves = won[0].moves.slice(0, -1);
    writeFileSync(file, sols.map((s) => JSON.stringify(s)).join('\n') + '\n');
    const bad = cli('verify', '--variant', 'signora', '--seed', '2', file);
    expect(bad.status).toBe(1);
    const failure = `line ${k + 1}, base ${won[0].base}: not won: after ${won[0].moves.length} moves 1 cards are not on the foundations`;
    expect(lines(bad.stdout)).toHaveLength(sols.length);
    expect(lines(bad.stdout)[k]).toBe(failure.replace(': not won', ': failed: not won'));
    expect(bad.stderr).toBe(`solitaire: 1 of ${sols.length} solutions failed: ${failure}\n`);
  });

  it('a rank with no exposed card is a usage error naming the ranks that can be chosen, not a 0-node "lost"; --base all lists only those', () => {
    const deal = dealFromSeed(getRules('signora'), 5);
    const cands = baseCandidates(deal).map(rankName);
    expect(cands).not.toContain('4');
    for (const json of [[], ['--json']])
      expectUsageError(
        cli('solve', 'signora', '--seed', '5', '--base', '4', ...json),
        new RegExp(`^solitaire: --base 4 cannot be chosen in signora seed 5: no card of that rank is exposed; choose one of ${cands.join(' ')}, any or all$`),
      );
    const all = cli('solve', 'signora', '--seed', '5', '--base', 'all', '--max-nodes', '1000', '--json');
    expect(all.status).toBe(0);
    expect(lines(all.stdout).map((l) => JSON.parse(l).base)).toEqual(cands);
  });

  it('--seeds A-B solves a range: one line per search, or with --json the same solutions as one --seed run each', () => {
    const text = cli('solve', 'signora', '--seeds', '2-3', '--base', 'all', '--max-nodes', '20000');
    expect(text.status).toBe(0);
    const cands = [2, 3].flatMap((seed) => baseCandidates(dealFromSeed(getRules('signora'), seed)).map((b) => `seed ${seed} base ${rankName(b)}: `));
    expect(lines(text.stdout).map((l) => l.slice(0, l.indexOf(': ') + 2))).toEqual(cands);
    const json = cli('solve', 'red-and-black', '--seeds', '4-6', '--max-nodes', '50000', '--json');
    expect(json.status).toBe(0);
    const sols = lines(json.stdout).map((l) => JSON.parse(l));
    expect(sols.map((x) => x.seed)).toEqual([4, 5, 6]);
    for (const x of sols) {
      const one = JSON.parse(cli('solve', 'red-and-black', '--seed', String(x.seed), '--max-nodes', '50000', '--json').stdout);
      expect({ ...x, stats: undefined }).toEqual({ ...one, stats: undefined });
      expect(x.stats.nodes).toBe(one.stats.nodes);
    }
  });

  it('--base is refused outside the Terrace family', () => {
    expectUsageError(cli('solve', 'winery', '--seed', '1', '--base', '7'), /Terrace/);
  });
});

describe('bad input: exit 2, one stderr line, empty stdout', () => {
  it('bad variant', () => expectUsageError(cli('deal', 'no-such-game', '--seed', '1'), /unknown variant/));
  it('--seed -3', () => expectUsageError(cli('deal', 'signora', '--seed', '-3'), /seed/));
  it('--seed abc', () => expectUsageError(cli('solve', 'signora', '--seed', 'abc'), /seed/));
  it('no --seed', () => expectUsageError(cli('deal', 'signora'), /--seed/));
  it('bad option values', () => {
    expectUsageError(cli('solve', 'winery', '--seed', '1', '--search', 'bfs'), /--search/);
    expectUsageError(cli('deal', 'freecell', '--seed', '1', '--cells', '9'), /cells/);
  });
  it('malformed deal JSON', () => {
    const f = join(dir, 'broken.json');
    writeFileSync(f, '{"variant": "signora", ');
    expectUsageError(cli('solve', '--deal', f), /is not valid JSON/);
  });
  it('a deal that is not a deal', () => {
    const f = join(dir, 'wrong.json');
    const obj = JSON.parse(cli('deal', 'signora', '--seed', '5', '--json').stdout);
    obj.tableau[0][obj.tableau[0].length - 1] = 'ZZ';
    writeFileSync(f, JSON.stringify(obj));
    expectUsageError(cli('solve', '--deal', f), /bad card "ZZ"/);
  });
  it('missing file', () => expectUsageError(cli('verify', join(dir, 'nope.json'), join(dir, 'nope2.json')), /cannot read/));
  it("commander's own usage errors", () => {
    expectUsageError(cli('solve', 'signora', '--seed', '1', '--no-such-option'));
    expectUsageError(cli('no-such-command'));
  });
});

describe('issue 55: pipes between the commands', () => {
  const pipe = (input: string, ...args: string[]): Run => {
    const r = spawnSync(process.execPath, [MAIN, ...args], { cwd: ROOT, input, encoding: 'utf8', timeout: 60_000 });
    return { status: r.status, stdout: r.stdout, stderr: r.stderr };
  };
  /** A verdict line without its time, which varies. */
  const timeless = (text: string) => lines(text).map((l) => l.replace(/, \d+ ms\)$/, ')'));

  it('solve --seeds A-B in text names the base that won in each verdict line', () => {
    const text = cli('solve', 'signora', '--seeds', '1-3', '--max-nodes', '200k', '--quiet');
    expect(text.status, text.stderr).toBe(0);
    const json = cli('solve', 'signora', '--seeds', '1-3', '--max-nodes', '200k', '--json', '--quiet');
    const sols = lines(json.stdout).map((l) => JSON.parse(l));
    expect(sols.map((s) => s.result)).toEqual(['won', 'won', 'won']);
    expect(timeless(text.stdout)).toEqual(sols.map((s) => `seed ${s.seed}: won in ${s.moves.length} moves with base ${s.base} (${s.stats.nodes} nodes)`));
  });

  it('verify - checks each solution of a JSON Lines stream against the deal it names: one result per solution, exit 1 if any fails', () => {
    const json = cli('solve', 'signora', '--seeds', '1-3', '--max-nodes', '200k', '--json', '--quiet');
    expect(json.status, json.stderr).toBe(0);
    const sols = lines(json.stdout).map((l) => JSON.parse(l));
    const ok = pipe(json.stdout, 'verify', '-');
    expect(ok.stderr).toBe('');
    expect(ok.status).toBe(0);
    expect(lines(ok.stdout)).toEqual(sols.map((s, i) => `line ${i + 1}, seed ${s.seed}, base ${s.base}: won in ${s.moves.length} moves`));
    // The second cut short: the others still verified, exit 1, one line on stderr naming it.
    sols[1].moves = sols[1].moves.slice(0, -1);
    const bad = pipe(sols.map((s) => JSON.stringify(s)).join('\n') + '\n', 'verify', '-');
    expect(bad.status).toBe(1);
    const failure = `line 2, seed 2, base ${sols[1].base}: not won: after ${sols[1].moves.length} moves 1 cards are not on the foundations`;
    expect(lines(bad.stdout)).toEqual([
      `line 1, seed 1, base ${sols[0].base}: won in ${sols[0].moves.length} moves`,
      failure.replace(': not won', ': failed: not won'),
      `line 3, seed 3, base ${sols[2].base}: won in ${sols[2].moves.length} moves`,
    ]);
    expect(bad.stderr).toBe(`solitaire: 1 of 3 solutions failed: ${failure}\n`);
    // Given one deal, every solution is still checked against it: another seed is bad input.
    const dealFile = join(dir, 'signora-1.json');
    writeFileSync(dealFile, cli('deal', 'signora', '--seed', '1', '--json').stdout);
    expectUsageError(pipe(json.stdout, 'verify', dealFile, '-'), /^solitaire: stdin line 2 is a solution for seed 2, the deal is seed 1$/);
  });

  it('solve --deal - solves each deal of a JSON Lines stream as --seeds does; one deal JSON still gets the full output', () => {
    const deals = cli('deal', 'signora', '--seeds', '1-3');
    expect(deals.status).toBe(0);
    for (const extra of [[], ['--base', 'all', '--max-nodes', '2k']]) {
      const want = cli('solve', 'signora', '--seeds', '1-3', '--max-nodes', '200k', '--quiet', ...extra);
      expect(want.status, want.stderr).toBe(0);
      for (const variant of [['signora'], []]) {
        const got = pipe(deals.stdout, 'solve', ...variant, '--deal', '-', '--max-nodes', '200k', '--quiet', ...extra);
        expect(got.stderr).toBe('');
        expect(got.status).toBe(0);
        expect(timeless(got.stdout)).toEqual(timeless(want.stdout));
      }
    }
    const wantJson = cli('solve', 'signora', '--seeds', '1-3', '--max-nodes', '200k', '--quiet', '--json');
    const gotJson = pipe(deals.stdout, 'solve', '--deal', '-', '--max-nodes', '200k', '--quiet', '--json');
    expect(gotJson.status).toBe(0);
    const noTimes = (text: string) => lines(text).map((l) => ({ ...JSON.parse(l), stats: JSON.parse(l).stats.nodes }));
    expect(noTimes(gotJson.stdout)).toEqual(noTimes(wantJson.stdout));
    // A variant that is not the deals' is refused, as are options that need one deal.
    expectUsageError(pipe(deals.stdout, 'solve', 'double-signora', '--deal', '-'), /^solitaire: stdin line 1 is a signora deal, not double-signora$/);
    expectUsageError(pipe(deals.stdout, 'solve', '--deal', '-', '--show'), /^solitaire: --show prints the boards of one winning line/);
    expectUsageError(pipe(deals.stdout, 'solve', '--deal', '-', '--base', '7'), /--base is any or all/);
    // One deal, pretty-printed or compact: the verdict, the base, the moves and the statistics, as
    // `solve --seed` gives them.
    const direct = cli('solve', 'signora', '--seed', '2', '--quiet').stdout;
    expect(direct).toMatch(/^won\nbase: \w\nmoves \(\d+\):\n/);
    const head = (text: string) => text.split('statistics:')[0];
    for (const one of [cli('deal', 'signora', '--seed', '2', '--json').stdout, lines(deals.stdout)[1]]) {
      const r = pipe(one, 'solve', '--deal', '-', '--quiet');
      expect(r.status, r.stderr).toBe(0);
      expect(head(r.stdout)).toBe(head(direct));
    }
  });
});

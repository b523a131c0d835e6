// `solitaire advise` and `solitaire strategies` (issue 13), run as child processes from dist (npm
// test builds first). Small budgets and a synthetic per-deal directory: the file runs in seconds.
import * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RANKS } from '../src/cards/card';
import { DEAL_COLUMNS, csvHeader, csvLines, dealRecord } from '../src/records/records';
import { PAIRED_COLUMNS } from '../src/strategy/strategy-eval';
import { baseCandidates, dealFromSeed, dealToJson } from '../src/engine/deal';
import { getRules } from '../src/rules/variants';
import { solve } from '../src/solver/solve';
import { cli, expectUsageError } from './cli-helpers';

let dir = '';
beforeAll(() => {
  dir = fs.mkdtempSync(join(tmpdir(), 'solitaire-advise-'));
});
afterAll(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('solitaire advise', () => {
  it("lists every candidate rank in the recommended order with measured rates and this deal's verdicts", () => {
    const r = cli('advise', 'signora', '--seed', '2', '--max-nodes', '5000');
    expect(r.status, r.stderr).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^Signora, seed 2: base ranks in the order of /);
    const deal = dealFromSeed(getRules('signora'), 2);
    const cands = baseCandidates(deal);
    const rows = lines.filter((l) => /^\s+\d+\s+[A2-9TJQK]\s/.test(l));
    expect(rows).toHaveLength(cands.length);
    const listed = rows.map((l) => l.trim().split(/\s+/)[1]);
    expect([...listed].sort()).toEqual(cands.map((c) => RANKS[c]).sort());
    // Each verdict is what solve() says with that base and budget (node budgets are deterministic).
    for (const l of rows) {
      const rank = RANKS.indexOf(l.trim().split(/\s+/)[1]);
      const v = solve(deal, { base: rank, maxNodes: 5000 }).result;
      expect(l).toMatch(v === 'won' ? /won \(\d+ moves\)$/ : new RegExp(`${v}$`));
      expect(l).toMatch(/\d+ \/ \d+\s+\d+\.\d%\s+\[\d+\.\d%, \d+\.\d%\]/);
    }
    expect(lines[lines.length - 1]).toMatch(/^this deal is won with base|^no base rank won/);
  });
  it('reads a deal file, and --no-solve prints no verdicts', () => {
    const f = join(dir, 'deal.json');
    fs.writeFileSync(f, JSON.stringify(dealToJson(dealFromSeed(getRules('empress-of-italy'), 9))));
    const r = cli('advise', '--deal', f, '--no-solve', '--strategy', 'lowest-exposed');
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/order of lowest-exposed/);
    expect(r.stdout).not.toMatch(/this deal|won \(\d+ moves\)|unknown$/m);
    expect(
      r.stdout
        .trim()
        .split('\n')
        .filter((l) => /^\s+(\d+|-)\s+[A2-9TJQK]\s/.test(l)),
    ).toHaveLength(13);
  });
  it('explains itself', () => {
    const r = cli('advise', '--help');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/like this/);
    expect(r.stdout).toMatch(/--max-nodes/);
  });
  it('bad input: one line on stderr, exit 2', () => {
    expectUsageError(cli('advise', 'winery', '--seed', '1'), /Terrace family/);
    expectUsageError(cli('advise', 'nope', '--seed', '1'), /unknown variant/);
    expectUsageError(cli('advise', 'signora'), /needs --seed/);
    expectUsageError(cli('advise', 'signora', '--seed', 'x'), /bad seed/);
    expectUsageError(cli('advise', 'signora', '--seed', '1', '--max-nodes', '0'), /--max-nodes/);
    expectUsageError(cli('advise', 'signora', '--seed', '1', '--strategy', 'magic'), /bad --strategy/);
    expectUsageError(cli('advise', '--deal', join(dir, 'missing.json')), /cannot read/);
  });
});

describe('solitaire strategies', () => {
  it('writes strategies.csv and strategies-paired.csv from per-deal files, and compares two directories', () => {
    const a = join(dir, 'a');
    fs.mkdirSync(a);
    const recs: (string | number)[][] = [];
    for (let seed = 1; seed <= 8; seed++)
      for (const r of baseCandidates(dealFromSeed(getRules('signora'), seed))) {
        const won = (r + seed) % 3 === 0;
        recs.push(
          dealRecord({
            variant: 'signora',
            seed,
            base: RANKS[r],
            result: won ? 'won' : 'unknown',
            moves: won ? 9 : null,
            nodes: 7,
            ms: 1,
            proof: '',
            cells: 0,
          }),
        );
      }
    // The legacy format, as in the first published files.
    fs.writeFileSync(join(a, 'signora-deals.csv'), csvHeader(DEAL_COLUMNS.slice(0, 7)) + csvLines(recs.map((x) => x.slice(0, 7))));
    const r = cli('strategies', a);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^Signora: 8 deals \(seeds 1-8\)/);
    const paired = fs.readFileSync(join(a, 'strategies-paired.csv'), 'utf8').trim().split('\n');
    expect(paired[0]).toBe(PAIRED_COLUMNS.join(','));
    expect(paired).toHaveLength(1 + 2 * 21); // best + 6 strategies: 21 pairs, two measures
    expect(fs.readFileSync(join(a, 'strategies.csv'), 'utf8').split('\n')[1]).toMatch(/^signora,best,8,/);
    const cmp = cli('strategies', a, '--compare', a);
    expect(cmp.status, cmp.stderr).toBe(0);
    expect(cmp.stdout).toMatch(/leader the same; Kendall tau-b 1\.00/);
  });
  it('bad input: one line on stderr, exit 2', () => {
    expectUsageError(cli('strategies', join(dir, 'nowhere')), /not a directory/);
    fs.mkdirSync(join(dir, 'empty'));
    expectUsageError(cli('strategies', join(dir, 'empty')), /no per-deal file/);
    fs.mkdirSync(join(dir, 'bad'));
    fs.writeFileSync(join(dir, 'bad', 'signora-deals.csv'), 'variant,seed\n1,2\n');
    expectUsageError(cli('strategies', join(dir, 'bad')), /header/);
  });
});

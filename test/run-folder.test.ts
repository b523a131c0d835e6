// An output folder as a user meets it across several commands: --resume takes the run's definition
// from run.json, the per-deal file is in seed order, strategies/chart/merge refuse a folder whose
// files disagree, two configurations of FreeCell cannot mix, and the report's times say what they
// are. Runs the compiled command line (dist/src/cli/main.js; `npm test` builds it first).
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDealFile } from '../src/records/records';

const MAIN = resolve(__dirname, '..', 'dist', 'src', 'cli', 'main.js');
let root = '';

function cli(args: string[], cwd?: string) {
  const env = { ...process.env };
  delete env.SOLITAIRE_KILL_AT;
  return spawnSync(process.execPath, [MAIN, ...args], { encoding: 'utf8', cwd, env });
}
function ok(args: string[], cwd?: string): string {
  const r = cli(args, cwd);
  expect(r.status, r.stderr).toBe(0);
  return r.stdout;
}
function refused(args: string[], message: RegExp): void {
  const r = cli(args);
  expect(r.stdout).toBe('');
  expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(r.stderr).toMatch(message);
  expect(r.status).toBe(2);
}
const files = (dir: string) => Object.fromEntries(fs.readdirSync(dir).map((f) => [f, fs.readFileSync(join(dir, f), 'utf8')]));

beforeAll(() => {
  root = fs.mkdtempSync(join(os.tmpdir(), 'run-folder-'));
});
afterAll(() => {
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

describe('--resume goes on with the run that run.json defines', () => {
  it('takes the variants, the seed range and the budget from run.json', () => {
    const dir = join(root, 'range');
    const r = cli(['analyze', 'winery', '--seeds', '1-12', '--max-nodes', '3000', '--workers', '1', '--quiet', '--out', dir], undefined);
    expect(r.status).toBe(0);
    // As if stopped after seed 5: the rows of seeds 6-12 gone, the end of run.json too.
    const file = join(dir, 'winery-deals.csv');
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    fs.writeFileSync(file, lines.filter((l, i) => i === 0 || (l !== '' && Number(l.split(',')[1]) <= 5)).join('\n') + '\n');
    const m = JSON.parse(fs.readFileSync(join(dir, 'run.json'), 'utf8'));
    delete m.variants.winery.finished;
    fs.writeFileSync(join(dir, 'run.json'), JSON.stringify(m));
    ok(['analyze', '--resume', '--quiet', '--out', dir]);
    expect(readDealFile(file).map((x) => x.seed)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    const e = JSON.parse(fs.readFileSync(join(dir, 'run.json'), 'utf8')).variants.winery;
    expect([e.seeds, e.maxNodes, e.totals.deals]).toEqual([{ from: 1, to: 12 }, 3000, 12]);
  });

  it('refuses a narrower --seeds, and a budget or search that contradicts run.json, changing nothing', () => {
    const dir = join(root, 'narrow');
    ok(['analyze', 'winery', '--seeds', '1-6', '--max-nodes', '3000', '--workers', '1', '--quiet', '--out', dir]);
    const before = files(dir);
    refused(['analyze', 'winery', '--seeds', '1-3', '--resume', '--out', dir], /--seeds 1-3 leaves out some of run.json's 1-6 \(leave --seeds out/);
    refused(['analyze', 'winery', '--max-nodes', '5000', '--resume', '--out', dir], /run.json says --max-nodes 3000, this run has --max-nodes 5000/);
    refused(['analyze', '--search', 'dfs', '--resume', '--out', dir], /run.json says --search auto, this run has --search dfs/);
    expect(files(dir)).toEqual(before);
    // A wider range adds its seeds.
    ok(['analyze', 'winery', '--seeds', '1-8', '--resume', '--quiet', '--out', dir]);
    expect(readDealFile(join(dir, 'winery-deals.csv')).map((x) => x.seed)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('refuses variants whose entries disagree on a setting not given, and names nothing to resume without run.json', () => {
    const dir = join(root, 'mixed');
    ok(['analyze', 'winery', '--seeds', '1-3', '--max-nodes', '3000', '--workers', '1', '--quiet', '--out', dir]);
    ok(['analyze', 'red-and-black', '--seeds', '1-3', '--max-nodes', '4000', '--workers', '1', '--quiet', '--out', dir]);
    refused(['analyze', '--resume', '--out', dir], /--resume without --max-nodes takes it from .*run.json, where red-and-black and winery differ/);
    refused(['analyze', '--resume', '--out', join(root, 'none')], /--resume without a variant takes them from .*run.json, which does not exist/);
    refused(['analyze', '--out', dir], /name a variant to analyse, or all/);
  });
});

describe('the per-deal file of a finished run', () => {
  it('is in seed order, base ranks A..K then any, one row per search', () => {
    const dir = join(root, 'order');
    ok(['analyze', 'signora', '--seeds', '1-6', '--max-nodes', '2000', '--workers', '2', '--quiet', '--out', dir]);
    const rank = (b: string) => (b === 'any' ? 13 : 'A23456789TJQK'.indexOf(b));
    const keys = readDealFile(join(dir, 'signora-deals.csv')).map((r) => r.seed * 100 + rank(r.base));
    expect(keys).toEqual([...keys].sort((a, b) => a - b));
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('strategies, chart and merge refuse a folder whose files disagree', () => {
  it('a summary that does not count the per-deal file, and a run without its end, are refused with the repair', () => {
    const dir = join(root, 'disagree');
    ok(['analyze', 'signora', '--seeds', '1-4', '--max-nodes', '2000', '--workers', '1', '--quiet', '--out', dir]);
    const good = files(dir);
    const summary = join(dir, 'signora-summary.csv');
    // One deal fewer in the best row, its counts still adding up.
    const fewer = good['signora-summary.csv'].replace(/^signora,best,4,(\d+),/m, (_m, won: string) => `signora,best,3,${Number(won) - 1},`);
    expect(fewer).not.toBe(good['signora-summary.csv']);
    fs.writeFileSync(summary, fewer);
    for (const cmd of [
      ['strategies', dir, '--no-write'],
      ['chart', dir],
    ])
      refused(cmd, /signora-summary.csv disagrees with .*signora-deals.csv \(best: .*\); finish it with: solitaire analyze signora --out .* --resume/);
    fs.rmSync(summary);
    refused(['chart', dir], /signora-summary.csv is missing; finish it with/);
    // The repair the message names.
    ok(['analyze', 'signora', '--out', dir, '--resume', '--quiet']);
    expect(fs.readFileSync(summary, 'utf8')).toBe(good['signora-summary.csv']);
    const m = JSON.parse(good['run.json']);
    delete m.variants.signora.finished;
    fs.writeFileSync(join(dir, 'run.json'), JSON.stringify(m));
    refused(['strategies', dir, '--no-write'], /the run of signora did not finish/);
    refused(['merge', dir, '--out', join(root, 'merged')], /the run of signora did not finish/);
  });

  it('strategies without a directory reads the published results from anywhere', () => {
    const out = ok(['strategies', '--no-write'], os.tmpdir());
    expect(out).toMatch(/^Signora: 10000 deals/m);
  });
});

describe('FreeCell with other cells, into a folder of FreeCell rows', () => {
  it('is told to use another --out (or --force), not --resume, and changes nothing', () => {
    const dir = join(root, 'cells');
    ok(['analyze', 'freecell', '--seeds', '1-3', '--max-nodes', '3000', '--workers', '1', '--quiet', '--out', dir]);
    const before = files(dir);
    refused(
      ['analyze', 'freecell', '--seeds', '1-3', '--max-nodes', '3000', '--cells', '2', '--out', dir],
      /freecell-deals.csv already holds 3 rows made with --cells 4 \(run.json\), this run has 2: give another --out to keep them, or --force/,
    );
    expect(files(dir)).toEqual(before);
  });
});

describe("the report's times", () => {
  it('time is the wall clock of the run, search time the sum of the searches, and the total line gives the CPU', () => {
    const dir = join(root, 'times');
    const t0 = Date.now();
    const r = cli(['analyze', 'signora', '--seeds', '1-3', '--max-nodes', '2000', '--workers', String(os.availableParallelism() + 1), '--out', dir]);
    const wall = (Date.now() - t0) / 1000;
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toMatch(new RegExp(`warning: --workers ${os.availableParallelism() + 1} is more than this machine's ${os.availableParallelism()} cores`));
    expect(r.stdout).toMatch(/unknown best\/any\s+time\s+search time/);
    expect(r.stdout).toMatch(/; total \S+, CPU \S+/);
    const json = JSON.parse(
      ok(['analyze', 'signora', '--seeds', '1-3', '--max-nodes', '2000', '--workers', '1', '--quiet', '--json', '--out', join(root, 'times2')]),
    );
    expect(json.variants[0].seconds).toBeLessThanOrEqual(json.seconds);
    expect(json.variants[0].seconds).toBeGreaterThan(0);
    expect(json.cpuSeconds).toBeGreaterThan(0);
    expect(json.seconds).toBeLessThan(wall * 10);
  });
});

describe('the dealing column', () => {
  it("says ms where the seed column numbers Microsoft's deals, and the referee checks those rows on Microsoft's deals", () => {
    const dir = join(root, 'ms');
    ok(['analyze', 'freecell', '--ms-deals', '5-7', '--cells', '2', '--max-nodes', '150000', '--workers', '1', '--quiet', '--out', dir]);
    const rows = readDealFile(join(dir, 'freecell-deals.csv'));
    expect(rows.map((r) => [r.seed, r.dealing])).toEqual([
      [5, 'ms'],
      [6, 'ms'],
      [7, 'ms'],
    ]);
    expect(rows.find((r) => r.seed === 6)!.result).toBe('lost');
    const deals = join(root, 'ms.jsonl');
    fs.writeFileSync(
      deals,
      [5, 6, 7].map((n) => JSON.stringify(JSON.parse(ok(['deal', 'freecell', '--ms', String(n), '--cells', '2', '--json'])))).join('\n') + '\n',
    );
    const r = spawnSync(process.execPath, [resolve(__dirname, '..', 'referee', 'referee.mjs'), '--deals', deals, join(dir, 'freecell-deals.csv')], {
      encoding: 'utf8',
    });
    expect(r.stdout).toMatch(/freecell ms 6: confirmed/);
    expect(r.status, r.stderr).toBe(0);
  });

  it('a per-deal file from before the column is read, appended to in its own form, and rewritten with it when the run ends', () => {
    const dir = join(root, 'legacy-columns');
    ok(['analyze', 'winery', '--seeds', '1-4', '--max-nodes', '3000', '--workers', '1', '--quiet', '--out', dir]);
    const file = join(dir, 'winery-deals.csv');
    const full = fs.readFileSync(file, 'utf8');
    const old = full
      .split('\n')
      .filter((l) => !/^winery,[34],/.test(l))
      .map((l) => l.replace(/,(dealing|seed)$/, ''))
      .join('\n');
    fs.writeFileSync(file, old);
    const m = JSON.parse(fs.readFileSync(join(dir, 'run.json'), 'utf8'));
    delete m.variants.winery.finished;
    fs.writeFileSync(join(dir, 'run.json'), JSON.stringify(m));
    expect(readDealFile(file).map((r) => r.seed)).toEqual([1, 2]);
    ok(['analyze', '--resume', '--quiet', '--out', dir]);
    const mask = (t: string) => t.replace(/^((?:[^,\n]*,){6})[^,\n]*,/gm, '$1-,');
    expect(mask(fs.readFileSync(file, 'utf8'))).toBe(mask(full));
  });
});

// Sharding, run manifests and merge (issue 10): shards run as separate processes by the GNU
// parallel recipe (examples/parallel.sh) merge into exactly the summaries of a straight run, and
// merges or resumes that would mix settings, overlap or miss seeds are refused, writing nothing.
// Needs the compiled CLI (npm test runs tsc first).
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MANIFEST_FILE, type Manifest } from '../src/analysis/manifest';
import { readDealFile } from '../src/records/records';
import { parseShard, shardSeeds } from '../src/analysis/shard';

const ROOT = path.resolve(__dirname, '..');
const MAIN = path.join(ROOT, 'dist', 'src', 'cli', 'main.js');
const VARIANTS = ['signora', 'winery', 'freecell'];
const SETTINGS = ['--seeds', '1-12', '--max-nodes', '3000', '--cells', '2'];
let tmp: string;
let straight: string;
let sharded: string;
let recipe: ReturnType<typeof spawnSync>;

function cli(args: string[]) {
  return spawnSync(process.execPath, [MAIN, ...args], { encoding: 'utf8' });
}
function manifest(dir: string): Manifest {
  return JSON.parse(fs.readFileSync(path.join(dir, MANIFEST_FILE), 'utf8'));
}
/** Every file of a directory tree with its bytes, to check that a refusal changed nothing. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out[path.relative(dir, p)] = fs.readFileSync(p, 'latin1');
    }
  };
  walk(dir);
  return out;
}
/** A refused command: exit 2, one line on stderr matching `err`, nothing on stdout, `dir` unchanged. */
function expectRefused(args: string[], err: RegExp, dir = tmp): void {
  const before = snapshot(dir);
  const r = cli(args);
  expect(r.status).toBe(2);
  expect(r.stdout).toBe('');
  expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(r.stderr).toMatch(err);
  expect(snapshot(dir)).toEqual(before);
}
const rowKeys = (file: string) =>
  readDealFile(file)
    .map((r) => [r.seed, r.base, r.result, r.moves, r.nodes, r.proof, r.cells].join(','))
    .sort();

beforeAll(() => {
  if (!fs.existsSync(MAIN)) throw new Error('dist/src/cli/main.js missing: compile with `npx tsc -p .` (npm test does)');
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'shard-test-'));
  straight = path.join(tmp, 'straight');
  sharded = path.join(tmp, 'sharded');
  const r = cli(['analyze', ...VARIANTS, ...SETTINGS, '--workers', '2', '--quiet', '--out', straight]);
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  // The README's GNU parallel recipe: three shard processes, then the merge.
  recipe = spawnSync('bash', [path.join(ROOT, 'examples', 'parallel.sh')], {
    encoding: 'utf8',
    env: {
      ...process.env,
      N: '3',
      JOBS: '2',
      SEEDS: '1-12',
      VARIANTS: VARIANTS.join(' '),
      ARGS: '--max-nodes 3000 --cells 2',
      OUT: sharded,
      SOLITAIRE: `${process.execPath} ${MAIN}`,
    },
  });
}, 300_000);
afterAll(() => {
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

describe('the shard partition', () => {
  it('interleaves: every seed in exactly one shard, shard sizes within one of each other', () => {
    for (const [from, to, n] of [
      [1, 12, 3],
      [5, 104, 7],
      [0, 0, 4],
      [10, 12, 5],
    ]) {
      const shares = Array.from({ length: n }, (_, k) => shardSeeds(from, to, { index: k + 1, count: n }));
      const all = shares.flat().sort((a, b) => a - b);
      expect(all).toEqual(shardSeeds(from, to, null));
      const sizes = shares.map((s) => s.length);
      expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
    }
    expect(shardSeeds(1, 12, { index: 2, count: 3 })).toEqual([2, 5, 8, 11]);
  });
  it('parses K/N and refuses the rest', () => {
    expect(parseShard('2/8')).toEqual({ index: 2, count: 8 });
    for (const bad of ['0/3', '4/3', '1/0', '3', '1/2/3', 'a/b', '-1/3']) expect(() => parseShard(bad)).toThrow(/--shard/);
  });
});

describe('three shards merged', () => {
  it('the recipe ran the shards under GNU parallel when it is installed, and merged them', () => {
    expect(recipe.stderr).not.toMatch(/solitaire:/);
    expect(recipe.status).toBe(0);
    const hasParallel = spawnSync('sh', ['-c', 'command -v parallel']).status === 0;
    expect(recipe.stderr.includes('GNU parallel not found')).toBe(!hasParallel);
    for (const k of [1, 2, 3]) {
      const m = manifest(path.join(sharded, `shard-${k}`));
      expect(Object.keys(m.variants)).toEqual(VARIANTS);
      expect(m.variants.signora.shard).toEqual({ index: k, count: 3 });
    }
  });

  it('writes summaries and strategies.csv byte-identical to a straight run, and the same per-deal rows', () => {
    for (const v of VARIANTS) {
      const f = `${v}-summary.csv`;
      expect(fs.readFileSync(path.join(sharded, f), 'utf8')).toBe(fs.readFileSync(path.join(straight, f), 'utf8'));
      expect(rowKeys(path.join(sharded, `${v}-deals.csv`))).toEqual(rowKeys(path.join(straight, `${v}-deals.csv`)));
    }
    expect(fs.readFileSync(path.join(sharded, 'strategies.csv'), 'utf8')).toBe(fs.readFileSync(path.join(straight, 'strategies.csv'), 'utf8'));
  });

  it('records the cell count in the rows, the summaries and the manifest', () => {
    expect(new Set(readDealFile(path.join(sharded, 'freecell-deals.csv')).map((r) => r.cells))).toEqual(new Set([2]));
    expect(new Set(readDealFile(path.join(sharded, 'winery-deals.csv')).map((r) => r.cells))).toEqual(new Set([2]));
    expect(fs.readFileSync(path.join(straight, 'freecell-summary.csv'), 'utf8')).toMatch(/^variant,.*,cells\nfreecell,any,12,.*,2\n$/);
    const m = manifest(sharded).variants.freecell;
    expect(m.cells).toBe(2);
    expect(m.shard).toBeNull();
    expect(m.seeds).toEqual({ from: 1, to: 12 });
    expect(m.mergedFrom).toEqual([1, 2, 3].map((k) => path.join(sharded, `shard-${k}`)));
    const s = manifest(straight).variants.signora;
    expect(s).toMatchObject({ maxNodes: 3000, ttMb: 32, base: 'all', timeoutMs: null, cells: 0, node: process.version });
    expect(s.command).toContain('--max-nodes 3000');
  });
});

describe('a slice (merge --seeds)', () => {
  it('of the straight run, or of the three shards, writes the files a straight run of those seeds writes', () => {
    const part = path.join(tmp, 'straight-4-9');
    const r = cli(['analyze', ...VARIANTS, '--seeds', '4-9', '--max-nodes', '3000', '--cells', '2', '--workers', '1', '--quiet', '--out', part]);
    expect(r.status).toBe(0);
    const shards = [1, 2, 3].map((k) => path.join(sharded, `shard-${k}`));
    for (const [name, inputs] of [
      ['slice-of-straight', [straight]],
      ['slice-of-shards', shards],
    ] as const) {
      const dir = path.join(tmp, name);
      const m = cli(['merge', ...inputs, '--seeds', '4-9', '--out', dir]);
      expect(m.stderr).toBe('');
      expect(m.status).toBe(0);
      for (const v of VARIANTS) {
        const f = `${v}-summary.csv`;
        expect(fs.readFileSync(path.join(dir, f), 'utf8')).toBe(fs.readFileSync(path.join(part, f), 'utf8'));
        expect(rowKeys(path.join(dir, `${v}-deals.csv`))).toEqual(rowKeys(path.join(part, `${v}-deals.csv`)));
      }
      expect(fs.readFileSync(path.join(dir, 'strategies.csv'), 'utf8')).toBe(fs.readFileSync(path.join(part, 'strategies.csv'), 'utf8'));
      const e = manifest(dir).variants.signora;
      expect(e.seeds).toEqual({ from: 4, to: 9 });
      expect(e.mergedFrom).toEqual([...inputs]);
      expect(e.command).toBe(`solitaire merge ${inputs.join(' ')} --seeds 4-9 --out ${dir}`);
    }
  });

  it('then analyze --retry-unknown searches its unknown rows again, with the slice as the earlier run', () => {
    const dir = path.join(tmp, 'slice-retry');
    expect(cli(['merge', straight, '--seeds', '1-6', '--out', dir]).status).toBe(0);
    const before = readDealFile(path.join(dir, 'signora-deals.csv'));
    const r = cli(['analyze', 'signora', '--out', dir, '--max-nodes', '30000', '--retry-unknown', '--workers', '1', '--quiet']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const e = manifest(dir).variants.signora;
    expect(e.seeds).toEqual({ from: 1, to: 6 });
    expect(e.earlier?.map((x) => x.command)).toEqual([`solitaire merge ${straight} --seeds 1-6 --out ${dir}`]);
    // One row per search still; every decided row kept as it was; some unknown ones decided now.
    const after = readDealFile(path.join(dir, 'signora-deals.csv'));
    const key = (x: (typeof before)[number]) => `${x.seed}/${x.base}`;
    expect(after.map(key).sort()).toEqual(before.map(key).sort());
    const decided = (rows: typeof before) => rows.filter((x) => x.result !== 'unknown').map((x) => `${key(x)} ${x.result} ${x.nodes}`);
    expect(decided(after)).toEqual(expect.arrayContaining(decided(before)));
    expect(decided(after).length).toBeGreaterThan(decided(before).length);
  });

  it("a range outside the runs' seeds, or no range, is refused and writes nothing", () => {
    const out = path.join(tmp, 'no-slice');
    expectRefused(['merge', straight, '--seeds', '10-20', '--out', out], /cannot merge signora: --seeds 10-20 is not within the runs' seeds 1-12/);
    expectRefused(['merge', straight, '--seeds', '9-4', '--out', out], /bad --seeds "9-4": the range is empty/);
    expect(fs.existsSync(out)).toBe(false);
  });
});

describe('refusals', () => {
  it('a merge with a shard missing names the missing seeds', () => {
    const out = path.join(tmp, 'no-merge');
    expectRefused(
      ['merge', path.join(sharded, 'shard-1'), path.join(sharded, 'shard-2'), '--out', out],
      /cannot merge signora: 4 of seeds 1-12 missing or incomplete: 3, 6, 9, 12/,
    );
    expect(fs.existsSync(out)).toBe(false);
  });

  it('a merge of a shard that lost a row names its seed', () => {
    const copy = path.join(tmp, 'torn-shard');
    fs.cpSync(path.join(sharded, 'shard-2'), copy, { recursive: true });
    const f = path.join(copy, 'winery-deals.csv');
    fs.writeFileSync(
      f,
      fs
        .readFileSync(f, 'utf8')
        .split('\n')
        .filter((l) => !l.startsWith('winery,8,'))
        .join('\n'),
    );
    expectRefused(
      ['merge', path.join(sharded, 'shard-1'), copy, path.join(sharded, 'shard-3'), '--out', path.join(tmp, 'm')],
      /torn-shard\/winery-deals.csv lacks 1 of run.json's seeds 1-12 \(8\); finish it with: solitaire analyze winery --out .* --resume/,
    );
  });

  it('overlapping shards are refused', () => {
    expectRefused(['merge', path.join(sharded, 'shard-1'), straight, '--out', path.join(tmp, 'm')], /overlap, both hold seed 1\b/);
    expectRefused(['merge', path.join(sharded, 'shard-1'), path.join(sharded, 'shard-1'), '--out', path.join(tmp, 'm')], /overlap/);
  });

  it('shards run with other settings are refused', () => {
    const other = path.join(tmp, 'other-budget');
    expect(cli(['analyze', 'winery', '--seeds', '1-12', '--shard', '3/3', '--max-nodes', '3001', '--quiet', '--out', other]).status).toBe(0);
    expectRefused(
      ['merge', path.join(sharded, 'shard-1'), path.join(sharded, 'shard-2'), other, '--out', path.join(tmp, 'm')],
      /cannot merge winery: .* were run with --max-nodes 3000 and 3001/,
    );
  });

  it('a merge into a directory holding rows that are not a merge of the same directories is refused; --force replaces them', () => {
    const shards = [1, 2, 3].map((k) => path.join(sharded, `shard-${k}`));
    const dir = path.join(tmp, 'merge-over');
    fs.cpSync(straight, dir, { recursive: true });
    expectRefused(
      ['merge', ...shards, '--out', dir],
      /signora-deals.csv already holds \d+ rows that are not a merge of these directories: give --force to replace them, or another --out/,
    );
    const r = cli(['merge', ...shards, '--out', dir, '--force']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(manifest(dir).variants.signora.mergedFrom).toEqual(shards);
    // The same merge again (the recipe run once more after a shard was resumed) replaces its own rows.
    const again = cli(['merge', ...shards, '--out', dir]);
    expect(again.status).toBe(0);
    for (const v of VARIANTS)
      expect(fs.readFileSync(path.join(dir, `${v}-summary.csv`), 'utf8')).toBe(fs.readFileSync(path.join(straight, `${v}-summary.csv`), 'utf8'));
  });

  it('a rerun of a shard into its directory without --resume is refused and changes nothing', () => {
    expectRefused(
      ['analyze', ...VARIANTS, ...SETTINGS, '--shard', '2/3', '--workers', '1', '--quiet', '--out', path.join(sharded, 'shard-2')],
      /shard-2\/signora-deals.csv already holds \d+ rows: add --resume .* --force to replace them, or give another --out/,
    );
  });

  it('a merge into one of its inputs, or of a directory without a manifest, is refused', () => {
    expectRefused(['merge', path.join(sharded, 'shard-1'), '--out', path.join(sharded, 'shard-1')], /is one of the directories to merge/);
    const bare = path.join(tmp, 'bare');
    fs.mkdirSync(bare);
    fs.copyFileSync(path.join(straight, 'winery-deals.csv'), path.join(bare, 'winery-deals.csv'));
    expectRefused(['merge', bare, '--out', path.join(tmp, 'm')], /bare has no run.json/);
  });

  it('--resume with another budget, cell count or shard is refused and changes nothing', () => {
    const dir = path.join(tmp, 'resume');
    expect(cli(['analyze', 'winery', 'freecell', '--seeds', '1-4', '--max-nodes', '1000', '--quiet', '--out', dir]).status).toBe(0);
    expectRefused(
      ['analyze', 'winery', '--seeds', '1-8', '--max-nodes', '50000', '--quiet', '--resume', '--out', dir],
      /cannot resume winery in .*: run.json says --max-nodes 1000, this run has --max-nodes 50000/,
    );
    expectRefused(
      ['analyze', 'freecell', '--seeds', '1-8', '--max-nodes', '1000', '--cells', '3', '--quiet', '--resume', '--out', dir],
      /cannot resume freecell in .*: run.json says --cells 4, this run has --cells 3/,
    );
    expectRefused(
      ['analyze', 'winery', '--seeds', '1-4', '--max-nodes', '1000', '--shard', '1/2', '--quiet', '--resume', '--out', dir],
      /run.json says --shard none, this run has --shard 1\/2/,
    );
    expectRefused(
      ['analyze', 'winery', '--seeds', '1-4', '--max-nodes', '1000', '--tt-mb', '16', '--quiet', '--resume', '--out', dir],
      /run.json says --tt-mb 32, this run has --tt-mb 16/,
    );
    // The same settings over a longer range go on.
    const r = cli(['analyze', 'winery', '--seeds', '1-8', '--max-nodes', '1000', '--quiet', '--resume', '--out', dir]);
    expect(r.status).toBe(0);
    expect(
      readDealFile(path.join(dir, 'winery-deals.csv'))
        .map((x) => x.seed)
        .sort((a, b) => a - b),
    ).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(manifest(dir).variants.winery.seeds).toEqual({ from: 1, to: 8 });
  });

  it('the seed cap applies to what one shard holds', () => {
    expectRefused(
      ['analyze', 'winery', '--seeds', '1-300000', '--shard', '1/2', '--out', path.join(tmp, 'big')],
      /150000 seeds in shard 1\/2, a run takes at most 100000/,
    );
    expectRefused(
      ['analyze', 'winery', '--seeds', '1-100001', '--out', path.join(tmp, 'big')],
      /100001 seeds, a run takes at most 100000 \(split the range with --shard/,
    );
  });

  it('--resume of rows no manifest describes is refused', () => {
    const dir = path.join(tmp, 'legacy');
    fs.mkdirSync(dir);
    fs.copyFileSync(path.join(straight, 'winery-deals.csv'), path.join(dir, 'winery-deals.csv'));
    expectRefused(['analyze', 'winery', '--seeds', '1-12', '--quiet', '--resume', '--out', dir], /does not say how its 12 rows were made/);
  });
});

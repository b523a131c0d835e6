// run.json's legs (FORMATS.md, "Run manifest"): the parts of a run that stopped and was resumed,
// each with its wall time, and totals.seconds over all of them. The kill harness
// (kill-resume.test.ts) checks them on real stopped runs; these check the rules on their own.
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { spawnSync } from 'child_process';
import { describe, expect, it } from 'vitest';
import { ManifestError, type RunEntry, legSeconds, legsAfter, readManifest } from '../src/analysis/manifest';
import { startedText } from '../src/cli/report';

const ENTRY: RunEntry = {
  program: 'solitaire',
  version: '0.1.0',
  commit: null,
  node: 'v20',
  command: 'solitaire analyze signora --seeds 1-4 --out x',
  started: '2026-11-29T04:00:00.000Z',
  seeds: { from: 1, to: 4 },
  shard: null,
  base: 'all',
  maxNodes: 1000,
  timeoutMs: null,
  ttMb: 32,
  search: 'auto',
  cells: 0,
};
const at = (iso: string) => Date.parse(iso);

describe('legsAfter', () => {
  it('ends a stopped part when its per-deal file last changed, and times it', () => {
    expect(legsAfter(ENTRY, at('2026-11-29T04:01:30.250Z'))).toEqual([
      { command: ENTRY.command, started: ENTRY.started, ended: '2026-11-29T04:01:30.250Z', seconds: 90.25 },
    ]);
  });

  it('ends a finished part at its finish, whatever the file says', () => {
    const done = { ...ENTRY, finished: '2026-11-29T04:00:10.000Z' };
    expect(legsAfter(done, at('2026-11-29T05:00:00.000Z'))[0]).toMatchObject({ ended: done.finished, seconds: 10 });
  });

  it('appends to the legs before it, oldest first', () => {
    const first = legsAfter(ENTRY, at('2026-11-29T04:00:05.000Z'));
    const second = { ...ENTRY, command: ENTRY.command + ' --resume', started: '2026-11-29T06:00:00.000Z', legs: first };
    const legs = legsAfter(second, at('2026-11-29T06:00:07.000Z'));
    expect(legs.map((l) => l.seconds)).toEqual([5, 7]);
    expect(legs[1].command).toMatch(/--resume$/);
    expect(legSeconds({ ...ENTRY, legs })).toBe(12);
  });

  it('leaves the time unknown without a start or an end, or with an end before the start', () => {
    expect(legsAfter({ ...ENTRY, started: null }, at('2026-11-29T04:00:05.000Z'))[0].seconds).toBeNull();
    expect(legsAfter(ENTRY, null)[0]).toMatchObject({ ended: null, seconds: null });
    expect(legsAfter(ENTRY, at('2026-11-29T03:59:00.000Z'))[0]).toMatchObject({ ended: null, seconds: null });
    const legs = [...legsAfter(ENTRY, null), ...legsAfter(ENTRY, at('2026-11-29T04:00:03.000Z'))];
    expect(legSeconds({ ...ENTRY, legs })).toBe(3);
  });
});

describe('readManifest and legs', () => {
  const write = (legs: unknown) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'legs-'));
    fs.writeFileSync(path.join(dir, 'run.json'), JSON.stringify({ format: 1, variants: { signora: { ...ENTRY, legs } } }));
    return dir;
  };

  it('reads well-formed legs and refuses malformed ones', () => {
    const good = legsAfter(ENTRY, at('2026-11-29T04:00:05.000Z'));
    expect(readManifest(write(good))!.variants.signora.legs).toEqual(good);
    expect(readManifest(write([...good, { ...good[0], seconds: null, ended: null }]))!.variants.signora.legs).toHaveLength(2);
    for (const bad of [{}, [{ ...good[0], seconds: '5' }], [{ ...good[0], seconds: -1 }], [{ ...good[0], command: 3 }], [{ ...good[0], ended: 5 }]])
      expect(() => readManifest(write(bad))).toThrow(ManifestError);
  });
});

describe("the report's start of a run", () => {
  it("is the first part's start, with the last resume when the run stopped", () => {
    expect(startedText(ENTRY)).toBe(ENTRY.started);
    const once = { ...ENTRY, started: '2026-11-29T06:00:00.000Z', legs: legsAfter(ENTRY, at('2026-11-29T04:00:05.000Z')) };
    expect(startedText(once)).toBe('2026-11-29T04:00:00.000Z; resumed once, last at 2026-11-29T06:00:00.000Z');
    const twice = { ...once, started: '2026-11-29T07:00:00.000Z', legs: legsAfter(once, at('2026-11-29T06:00:05.000Z')) };
    expect(startedText(twice)).toBe('2026-11-29T04:00:00.000Z; resumed 2 times, last at 2026-11-29T07:00:00.000Z');
  });
});

describe('merge and legs', () => {
  const MAIN = path.resolve(__dirname, '..', 'dist', 'src', 'cli', 'main.js');
  const cli = (args: string[]) => {
    const r = spawnSync(process.execPath, [MAIN, ...args], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
  };
  const entryOf = (dir: string) => JSON.parse(fs.readFileSync(path.join(dir, 'run.json'), 'utf8')).variants.winery;

  it("starts at the earliest part's first start, and has no legs of its own", () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'legs-merge-'));
    const [a, b, m] = ['a', 'b', 'm'].map((x) => path.join(root, x));
    cli(['analyze', 'winery', '--seeds', '1-2', '--workers', '1', '--quiet', '--out', a]);
    cli(['analyze', 'winery', '--seeds', '3-4', '--workers', '1', '--quiet', '--out', b]);
    // a as if it had stopped once, an hour before either run started.
    const manifest = JSON.parse(fs.readFileSync(path.join(a, 'run.json'), 'utf8'));
    const first = new Date(Date.parse(entryOf(b).started) - 3_600_000).toISOString();
    manifest.variants.winery.legs = [{ command: 'solitaire analyze winery --seeds 1-2 --out a', started: first, ended: first, seconds: 0 }];
    fs.writeFileSync(path.join(a, 'run.json'), JSON.stringify(manifest));
    cli(['merge', b, a, '--out', m]);
    const merged = entryOf(m);
    expect(merged.started).toBe(first);
    expect(merged.legs).toBeUndefined();
    expect(merged.mergedFrom).toEqual([b, a]);
    fs.rmSync(root, { recursive: true, force: true });
  });
});

// The kill harness: `analyze`, `analyze --resume`, `analyze --retry-unknown` and `merge` stopped by
// SIGINT, SIGTERM or SIGKILL at many points (after k rows, once run.json is written, before the
// summaries, before strategies.csv, before run.json's end, before the charts; a merge before its
// files and before its end), then finished by `--resume` (a merge: the same merge again). Every
// folder must then equal the one an uninterrupted run writes: the same bytes in every file but the
// timings (the per-deal file's ms column, run.json's times, commands and commit), and no row
// decided before a kill may be missing after it. The runs stop themselves at exact points
// (SOLITAIRE_KILL_AT, src/records/kill-points.ts). Runs the compiled command line
// (dist/src/cli/main.js; `npm test` builds it first).
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDealFile, readDealFile } from '../src/records/records';

const MAIN = resolve(__dirname, '..', 'dist', 'src', 'cli', 'main.js');
const GAMES = ['signora', 'red-and-black'];
const RUN = ['analyze', ...GAMES, '--seeds', '1-6', '--workers', '1', '--batch', '1', '--quiet'];
const SMALL = ['--max-nodes', '1500'];
const LARGE = ['--max-nodes', '6000'];
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGKILL'] as const;
const EXIT: Record<string, number | null> = { SIGINT: 130, SIGTERM: 143, SIGKILL: null };

let root = '';
/** The uninterrupted folders: a run at SMALL, that run retried at LARGE, and the merge of its two shards. */
const ref = { run: '', retry: '', merge: '', shards: [] as string[] };
let count = 0;

function cli(args: string[], killAt?: string) {
  const env = { ...process.env };
  delete env.SOLITAIRE_KILL_AT;
  if (killAt) env.SOLITAIRE_KILL_AT = killAt;
  return spawnSync(process.execPath, [MAIN, ...args], { encoding: 'utf8', env });
}

function ok(args: string[]): void {
  const r = cli(args);
  expect(r.status, r.stderr).toBe(0);
}

/** Runs `args` told to stop at `point` with `signal`, and checks that it stopped there as that signal does. */
function killed(args: string[], point: string, signal: (typeof SIGNALS)[number]): void {
  const r = cli(args, `${point} ${signal}`);
  // merge has no handler: it is one synchronous step, which any of the three ends at once.
  if (signal === 'SIGKILL' || args[0] === 'merge') expect(r.signal, r.stderr).toBe(signal);
  else {
    expect(r.status, r.stderr).toBe(EXIT[signal]);
    expect(r.stderr).toMatch(new RegExp(`interrupted \\(${signal}\\)`));
  }
}

/** A fresh folder copied from `from` (or empty). */
function folder(from?: string): string {
  const d = join(root, `case-${++count}`);
  if (from) fs.cpSync(from, d, { recursive: true });
  return d;
}

/** The (seed, base) -> outcome of every decided row of the folder's per-deal files. */
function decided(dir: string): Map<string, string> {
  const m = new Map<string, string>();
  for (const g of GAMES)
    for (const r of readDealFile(join(dir, `${g}-deals.csv`), g))
      if (r.result !== 'unknown') m.set(`${g}:${r.seed}:${r.base}`, [r.result, r.moves, r.nodes, r.proof].join(','));
  return m;
}

function expectKept(before: Map<string, string>, dir: string): void {
  const after = decided(dir);
  for (const [k, v] of before) expect(after.get(k), k).toBe(v);
}

/** Every file of a folder, timings blanked: what two runs of the same work must agree on. */
function contents(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of fs.readdirSync(dir).sort()) {
    let text = fs.readFileSync(join(dir, f), 'utf8');
    if (f.endsWith('-deals.csv')) text = text.replace(/^([^,\n]*,[^,\n]*,[^,\n]*,[^,\n]*,[^,\n]*,[^,\n]*),[^,\n]*,/gm, '$1,-,');
    if (f === 'run.json') text = JSON.stringify(manifestShape(JSON.parse(text)), null, 1);
    if (f.endsWith('.svg')) text = text.replace(/finished \d{4}-\d{2}-\d{2}/g, 'finished -'); // the footers' run.json dates
    out[f] = text;
  }
  return out;
}

type Entry = Record<string, unknown> & { totals?: Record<string, unknown>; earlier?: Entry[] };
function manifestShape(m: { variants: Record<string, Entry> }) {
  const times = ['command', 'started', 'finished', 'commit', 'node', 'cpuSeconds', 'seconds', 'legs'];
  const strip = (e: Entry): Entry => {
    const o: Entry = {};
    for (const [k, v] of Object.entries(e)) if (!times.includes(k)) o[k] = v;
    if (e.totals) o.totals = strip(e.totals as Entry);
    if (e.earlier) o.earlier = e.earlier.map(strip);
    o.finished = !!e.finished;
    return o;
  };
  return Object.fromEntries(Object.entries(m.variants).map(([v, e]) => [v, strip(e)]));
}

beforeAll(() => {
  root = fs.mkdtempSync(join(tmpdir(), 'kill-resume-'));
  ref.run = folder();
  ok([...RUN, ...SMALL, '--out', ref.run]);
  ref.retry = folder(ref.run);
  ok([...RUN, ...LARGE, '--retry-unknown', '--out', ref.retry]);
  ref.shards = [1, 2].map((k) => {
    const d = folder();
    ok([...RUN, ...SMALL, '--shard', `${k}/2`, '--out', d]);
    return d;
  });
  ref.merge = folder();
  ok(['merge', ...ref.shards, '--out', ref.merge]);
}, 120_000);
afterAll(() => {
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

describe('the uninterrupted runs', () => {
  it('have rows to kill between, unknown rows to retry, and a retry that decides some of them', () => {
    const rows = readDealFile(join(ref.run, 'signora-deals.csv'), 'signora');
    expect(rows.length).toBeGreaterThan(30);
    const unknown = rows.filter((r) => r.result === 'unknown').length;
    expect(unknown).toBeGreaterThan(2);
    expect(readDealFile(join(ref.retry, 'signora-deals.csv'), 'signora').filter((r) => r.result === 'unknown').length).toBeLessThan(unknown);
    expect(contents(ref.merge)['signora-deals.csv']).toBe(contents(ref.run)['signora-deals.csv']);
  });
});

describe.each(SIGNALS)('stopped by %s, then finished', (signal) => {
  it.each(['start', 'row:1', 'row:15', 'summary', 'strategies', 'finish', 'charts'])('analyze stopped at %s; --resume', (point) => {
    const d = folder();
    killed([...RUN, ...SMALL, '--out', d], point, signal);
    if (point.startsWith('row:')) {
      // SIGKILL stops the process at the point itself. SIGINT and SIGTERM reach its handler in a
      // later turn of the event loop, after the rows the workers had already sent in the meantime.
      const records = parseDealFile(join(d, 'signora-deals.csv')).records;
      const k = Number(point.slice(4));
      if (signal === 'SIGKILL') expect(records).toBe(k);
      else expect(records).toBeGreaterThanOrEqual(k);
    }
    ok(['analyze', '--resume', '--quiet', '--out', d]);
    expect(contents(d)).toEqual(contents(ref.run));
  });

  it('analyze stopped at row:4, resumed twice: run.json lists the stopped parts as legs and counts their time', () => {
    const d = folder();
    const entry = () => JSON.parse(fs.readFileSync(join(d, 'run.json'), 'utf8')).variants.signora;
    killed([...RUN, ...SMALL, '--out', d], 'row:4', signal);
    const first = entry();
    const firstEnd = Math.trunc(fs.statSync(join(d, 'signora-deals.csv')).mtimeMs);
    killed(['analyze', '--resume', '--quiet', '--out', d], 'row:3', 'SIGKILL');
    const second = entry();
    expect(second.legs).toEqual([
      {
        command: first.command,
        started: first.started,
        ended: new Date(firstEnd).toISOString(),
        seconds: Math.round(firstEnd - Date.parse(first.started)) / 1000,
      },
    ]);
    ok(['analyze', '--resume', '--quiet', '--out', d]);
    const last = entry();
    expect(last.legs.map((l: { started: string }) => l.started)).toEqual([first.started, second.started]);
    expect(last.legs[1].command).toMatch(/--resume/);
    for (const l of last.legs) expect(l.seconds).toBe((Date.parse(l.ended) - Date.parse(l.started)) / 1000);
    const legs = last.legs[0].seconds + last.legs[1].seconds;
    const own = (Date.parse(last.finished) - Date.parse(last.started)) / 1000;
    expect(last.totals.seconds).toBeGreaterThan(legs);
    expect(last.totals.seconds).toBeLessThanOrEqual(legs + own + 0.001);
  });

  it.each(['row:3', 'finish'])('analyze --resume stopped at %s; --resume again', (point) => {
    const d = folder();
    killed([...RUN, ...SMALL, '--out', d], 'row:5', 'SIGKILL');
    const before = decided(d);
    killed(['analyze', '--resume', '--quiet', '--out', d], point, signal);
    expectKept(before, d);
    ok(['analyze', '--resume', '--quiet', '--out', d]);
    expect(contents(d)).toEqual(contents(ref.run));
  });

  it.each(['start', 'row:2', 'summary'])('analyze --retry-unknown stopped at %s; --resume', (point) => {
    const d = folder(ref.run);
    const before = decided(d);
    const rows = parseDealFile(join(d, 'signora-deals.csv')).rows.length;
    killed([...RUN, ...LARGE, '--retry-unknown', '--out', d], point, signal);
    expectKept(before, d);
    // Every search of the run still has its row: the unknown ones stay until their new row is written.
    expect(parseDealFile(join(d, 'signora-deals.csv')).rows.length).toBe(rows);
    ok(['analyze', '--resume', '--quiet', '--out', d]);
    expect(contents(d)).toEqual(contents(ref.retry));
  });

  it.each(['merge:files', 'merge:finish'])('merge stopped at %s; strategies and chart refuse the folder; the same merge again', (point) => {
    const d = folder();
    killed(['merge', ...ref.shards, '--out', d], point, signal);
    for (const cmd of [
      ['strategies', d, '--no-write'],
      ['chart', d],
    ]) {
      const r = cli(cmd);
      expect(r.status).toBe(2);
      expect(r.stderr).toMatch(/did not finish .*; finish it with/);
    }
    ok(['merge', ...ref.shards, '--out', d]);
    expect(contents(d)).toEqual(contents(ref.merge));
  });
});

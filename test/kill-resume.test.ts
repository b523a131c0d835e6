// kill -9 during `analyze`, at several moments, then `--resume`: the per-deal rows (timings aside),
// the summary and strategies.csv must equal those of a straight run. Runs the compiled command line
// (dist/src/cli/main.js; `npm test` builds it first) on a small Signora range.
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDealFile } from '../src/records/records';

const MAIN = resolve(__dirname, '..', 'dist', 'src', 'cli', 'main.js');
const ARGS = ['analyze', 'signora', '--seeds', '1-8', '--max-nodes', '20000', '--workers', '1', '--batch', '1', '--quiet'];
const FILES = ['signora-summary.csv', 'strategies.csv'];

let root = '';
let straight = '';

/** Rows without the timing, sorted: what a resumed run must reproduce. */
function rows(dir: string): string[] {
  return readDealFile(join(dir, 'signora-deals.csv'), 'signora')
    .map((r) => [r.seed, r.base, r.result, r.moves, r.nodes, r.proof].join(','))
    .sort();
}

/** Starts the analysis into `out` and kills it (SIGKILL) once its per-deal file holds `rowsWritten` rows. */
function killAfter(out: string, rowsWritten: number): Promise<NodeJS.Signals | null> {
  const file = join(out, 'signora-deals.csv');
  const child = spawn(process.execPath, [MAIN, ...ARGS, '--out', out], { stdio: 'ignore' });
  return new Promise((done) => {
    const timer = setInterval(() => {
      const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
      if (text.split('\n').length - 2 >= rowsWritten) child.kill('SIGKILL'); // header and final newline
    }, 2);
    child.on('exit', (_code, signal) => {
      clearInterval(timer);
      done(signal);
    });
  });
}

beforeAll(() => {
  root = fs.mkdtempSync(join(tmpdir(), 'kill-resume-'));
  straight = join(root, 'straight');
  const r = spawnSync(process.execPath, [MAIN, ...ARGS, '--out', straight], { encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
});
afterAll(() => {
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

describe('kill -9 during analyze, then --resume', () => {
  it('the straight run has enough rows to be killed in the middle', () => expect(rows(straight).length).toBeGreaterThan(50));

  it.each([
    ['after the header', 0, false],
    ['after the first row', 1, false],
    ['after 20 rows, with a torn last line', 20, true],
    ['after 40 rows', 40, false],
  ])('%s', async (_name, at, torn) => {
    const out = join(root, `killed-${at}`);
    expect(await killAfter(out, at)).toBe('SIGKILL');
    const file = join(out, 'signora-deals.csv');
    if (torn) fs.appendFileSync(file, 'signora,8,Q,wo'); // as if killed in the middle of a write
    expect(rows(out).length).toBeLessThan(rows(straight).length);
    for (const f of FILES) expect(fs.existsSync(join(out, f))).toBe(false); // summaries of finished runs only
    const r = spawnSync(process.execPath, [MAIN, ...ARGS, '--out', out, '--resume'], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    expect(rows(out)).toEqual(rows(straight));
    for (const f of FILES) expect(fs.readFileSync(join(out, f), 'utf8')).toBe(fs.readFileSync(join(straight, f), 'utf8'));
  });
});

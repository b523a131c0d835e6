// A few bad inputs of every command, run in process through main(), the entry point the binary
// calls: exit status 2, exactly one line `solitaire: ...` on stderr, nothing on stdout, nothing
// written. The whole corpus runs each case as a process (test/bad-input.test.ts, in `npm run
// test:full`); these are the fast guard of `npm test`.
import * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { main } from '../src/cli/main';

let dir = '';
beforeAll(() => {
  dir = fs.mkdtempSync(join(tmpdir(), 'cli-inprocess-'));
  fs.writeFileSync(join(dir, 'afile'), 'not a directory\n');
});
afterAll(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});
afterEach(() => {
  vi.restoreAllMocks();
  process.exitCode = undefined;
});

/** Runs `solitaire ARGS` in process: its exit status and what it wrote. */
function run(args: string[]): { status: number; stdout: string; stderr: string } {
  let stdout = '';
  let stderr = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((s) => ((stdout += String(s)), true));
  vi.spyOn(process.stderr, 'write').mockImplementation((s) => ((stderr += String(s)), true));
  const status = main(['node', 'solitaire', ...args]);
  vi.restoreAllMocks();
  return { status, stdout, stderr };
}

const CASES: [string[], RegExp][] = [
  [['nosuchcommand'], /unknown command 'nosuchcommand'/],
  [['deal', 'nope', '--seed', '1'], /unknown variant "nope"/],
  [['deal', 'signora', '--seed', 'x'], /bad seed "x"/],
  [['solve', 'signora', '--seed', '1', '--max-nodes', '0'], /bad --max-nodes "0"/],
  [['solve', 'signora', '--seed', '1', '--base', 'Z'], /base/],
  [['verify', join('/nonexistent', 'sol.json')], /cannot read|no such file|not found|does not exist/i],
  [['analyze', 'signora', '--seeds', '10-5'], /the range is empty/],
  [['analyze', 'signora', '--workers', '0'], /bad --workers "0"/],
  [['analyze'], /name a variant to analyse/],
  [['merge', '--out', join('/nonexistent', 'y')], /missing required argument/],
  [['strategies', 'afile'], /afile is not a directory/],
  [['advise', 'red-and-black', '--seed', '1'], /Terrace|base/],
  [['chart', join('/nonexistent', 'dir')], /is not a directory/],
  [['report', 'afile'], /afile is not a directory/],
];

describe('bad input through main(), in process', () => {
  it.each(CASES.map(([args, err]) => [args.join(' '), args, err] as const))('solitaire %s', (_name, args, err) => {
    const before = fs.readdirSync(dir).sort();
    const r = run(args.map((a) => (a === 'afile' ? join(dir, a) : a)));
    expect(r.stdout).toBe('');
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^solitaire: /);
    expect(r.stderr).toMatch(err);
    expect(r.status).toBe(2);
    expect(fs.readdirSync(dir).sort()).toEqual(before);
  });
});

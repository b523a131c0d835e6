// Running the compiled command line (dist/src/cli/main.js; `npm test` builds it first) from tests.
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { expect } from 'vitest';

export const ROOT = resolve(__dirname, '..');
export const MAIN = join(ROOT, 'dist', 'src', 'cli', 'main.js');

export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** `solitaire ARGS` from the repository root: its exit status and output. */
export function cli(...args: string[]): CliRun {
  const r = spawnSync(process.execPath, [MAIN, ...args], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** A usage error: exit 2, exactly one line `solitaire: ...` on stderr matching `pattern`, nothing on stdout. */
export function expectUsageError(r: CliRun, pattern: RegExp): void {
  expect(r.status, r.stderr).toBe(2);
  expect(r.stdout).toBe('');
  const lines = r.stderr.split('\n').filter((l) => l);
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^solitaire: /);
  expect(lines[0]).toMatch(pattern);
}

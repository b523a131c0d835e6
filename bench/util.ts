// Shared by the bench scripts: argument reading, seed ranges, order statistics, table cells.
import { parseCount } from '../src/cli/io';

/** The value after --name on the command line, or def. */
export function arg(name: string, def: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && i + 1 < process.argv.length ? process.argv[i + 1] : def;
}

/** A count after --name (200000, 200k, 2M, 1e6: parseCount), or def; exits 2 on a bad one. */
export function countArg(name: string, def: string): number {
  const text = arg(name, def);
  const n = parseCount(text);
  if (!Number.isSafeInteger(n)) fail('bench', `bad --${name} ${JSON.stringify(text)}: expected a count such as 200000, 200k, 2M or 1e6`);
  return n;
}

/** True when --name is on the command line. */
export const flag = (name: string): boolean => process.argv.includes(`--${name}`);

/**
 * The command line checked before a bench runs: with --help (or -h) prints `usage` and exits 0;
 * an option not among `valued` (options that take a value) or `flags`, or a valued option without
 * its value, exits 2 with one line.
 */
export function checkOptions(who: string, usage: string, valued: string[], flags: string[]): void {
  const argv = process.argv.slice(2);
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(usage);
    process.exit(0);
  }
  for (let i = 0; i < argv.length; i++) {
    const name = argv[i].startsWith('--') ? argv[i].slice(2) : null;
    if (name !== null && valued.includes(name)) {
      if (i + 1 >= argv.length || argv[i + 1].startsWith('--')) fail(who, `--${name} needs a value (--help)`);
      i++;
    } else if (name === null || !flags.includes(name)) fail(who, `unknown option ${JSON.stringify(argv[i])} (--help lists them)`);
  }
}

/** Prints `who: msg` on stderr and exits 2 (bad input). */
export function fail(who: string, msg: string): never {
  console.error(`${who}: ${msg}`);
  process.exit(2);
}

/** "A-B" (or "A") with 1 <= A <= B; throws with a one-line message otherwise. */
export function parseRange(text: string, what: string): { from: number; to: number } {
  const m = /^(\d+)(?:-(\d+))?$/.exec(text.trim());
  if (!m) throw new Error(`bad ${what} ${JSON.stringify(text)}: expected A-B, e.g. 1-100`);
  const from = Number(m[1]);
  const to = m[2] !== undefined ? Number(m[2]) : from;
  if (from < 1 || to < from) throw new Error(`bad ${what} ${text}: expected 1 <= A <= B`);
  return { from, to };
}

/** The q-quantile of sorted values as the order statistic at floor(q * n) (0 when empty). */
export function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

export const sum = (a: number[]): number => a.reduce((x, y) => x + y, 0);
export const sortNum = (a: number[]): number[] => [...a].sort((x, y) => x - y);
export const median = (a: number[]): number => quantile(sortNum(a), 0.5);

/** A table cell: right-aligned to width n, or left-aligned. */
export function pad(s: string | number, n: number, left = false): string {
  const t = String(s);
  return left ? t.padEnd(n) : t.padStart(n);
}

// The command-line examples of the README and docs/ are real runs: every `$ ` line of the ```text
// blocks of the README section "The command line" and then of docs/cli.md and docs/strategies.md is run (in a temporary
// directory, in order: later examples read the files earlier ones write) and its output compared
// with the lines under it. Times are masked; a line `...` stands for any number of lines.
// Supported commands: `solitaire ARGS [> FILE]` (the compiled dist/src/cli/main.js; `npm test`
// builds it first), `node referee/referee.mjs ARGS` and `echo 'TEXT' > FILE`. A `$ solitaire` example anywhere else in the README or
// docs/ fails the test: every example is covered wherever it lives.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '..');
const MAIN = join(ROOT, 'dist', 'src', 'cli', 'main.js');
/** The docs files whose every example runs, after the README's, in this order. */
const DOCS = ['docs/cli.md', 'docs/strategies.md'];

interface Example {
  command: string;
  output: string[];
  file: string;
}

/** The README's section "The command line". */
function readmeSection(): string {
  const readme = fs.readFileSync(join(ROOT, 'README.md'), 'utf8');
  const start = readme.indexOf('\n## The command line\n');
  return readme.slice(start, readme.indexOf('\n## ', start + 1));
}

/** The examples of a text, in order: ```text blocks whose first line is a `$ ` command. */
function examplesIn(text: string, file: string): Example[] {
  const out: Example[] = [];
  for (const block of text.matchAll(/```text\n([\s\S]*?)```/g)) {
    const lines = block[1].replace(/\n$/, '').split('\n');
    if (!lines[0].startsWith('$ ')) continue;
    for (const line of lines) {
      if (line.startsWith('$ ')) out.push({ command: line.slice(2), output: [], file });
      else out[out.length - 1].output.push(line);
    }
  }
  for (const e of out) while (e.output.length && e.output[e.output.length - 1] === '') e.output.pop();
  return out;
}

/** Every example the test runs: the README's section "The command line", then each of DOCS. */
function examples(): Example[] {
  return [...examplesIn(readmeSection(), 'README.md'), ...DOCS.flatMap((f) => examplesIn(fs.readFileSync(join(ROOT, f), 'utf8'), f))];
}

/** Runs one example command in `dir`: its output (stdout and stderr) and exit status. */
function run(command: string, dir: string): { text: string; status: number | null } {
  const echo = /^echo '([^']*)' > (\S+)$/.exec(command);
  if (echo) {
    fs.writeFileSync(join(dir, echo[2]), echo[1] + '\n');
    return { text: '', status: 0 };
  }
  const m = /^(solitaire|node referee\/referee.mjs) (.*?)(?: > (\S+))?$/.exec(command.replace(/\s+#.*$/, ''));
  if (!m) throw new Error(`README example not understood: ${command}`);
  const program = m[1] === 'solitaire' ? MAIN : join(ROOT, 'referee', 'referee.mjs');
  const r = spawnSync(process.execPath, [program, ...m[2].split(/\s+/)], { cwd: dir, encoding: 'utf8' });
  if (m[3]) fs.writeFileSync(join(dir, m[3]), r.stdout);
  return { text: (m[3] ? '' : r.stdout) + r.stderr, status: r.status };
}

/** Times vary from run to run: `142.9 ms`, `nodes per second 232005`. */
function mask(line: string): string {
  return line
    .replace(/\d+(\.\d+)? ms\b/g, '# ms')
    .replace(/(nodes per second\s+)\d+/, '$1#')
    .trimEnd();
}

/** Whether `actual` matches `expected`, where a line `...` stands for any number of lines. */
function matches(expected: string[], actual: string[]): boolean {
  if (expected.length === 0) return actual.length === 0;
  if (expected[0].trim() === '...') return actual.some((_, k) => matches(expected.slice(1), actual.slice(k))) || matches(expected.slice(1), []);
  return actual.length > 0 && mask(expected[0]) === mask(actual[0]) && matches(expected.slice(1), actual.slice(1));
}

/** 1 for a replay that fails (or a claim the referee refutes), 2 for any other `solitaire: ` error line, else 0. */
function expectedStatus(first: string): number {
  if (/^solitaire: (move \d+|not won)/.test(first) || /^[a-z-]+ seed \d+( base \w)?: refuted, /.test(first)) return 1;
  return first.startsWith('solitaire: ') ? 2 : 0;
}

let dir = '';
beforeAll(() => {
  dir = fs.mkdtempSync(join(tmpdir(), 'readme-'));
});
afterAll(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('README and docs/cli.md command-line examples', () => {
  const all = examples();

  it('are there, in the README and in docs/cli.md', () => {
    expect(all.filter((e) => e.file === 'README.md').length).toBeGreaterThanOrEqual(8);
    expect(all.filter((e) => e.file === 'docs/cli.md').length).toBeGreaterThanOrEqual(10);
  });

  it('are all covered: no `$ solitaire` example elsewhere in the README or docs/', () => {
    const readme = fs.readFileSync(join(ROOT, 'README.md'), 'utf8');
    const elsewhere = readme.replace(readmeSection(), '');
    const files: [string, string][] = [['README.md outside "The command line"', elsewhere]];
    for (const f of fs.readdirSync(join(ROOT, 'docs')))
      if (f.endsWith('.md') && !DOCS.includes(`docs/${f}`)) files.push([`docs/${f}`, fs.readFileSync(join(ROOT, 'docs', f), 'utf8')]);
    for (const [name, text] of files)
      expect(
        examplesIn(text, name).map((e) => e.command),
        name,
      ).toEqual([]);
  });

  it.each(all.map((e) => [`${e.file}: ${e.command}`, e] as const))('%s', (_c, e) => {
    const { text, status } = run(e.command, dir);
    const actual = text === '' ? [] : text.replace(/\n$/, '').split('\n');
    if (!matches(e.output, actual)) expect(actual.map(mask).join('\n')).toBe(e.output.map(mask).join('\n'));
    expect(status).toBe(expectedStatus(e.output[0] ?? ''));
  });
});

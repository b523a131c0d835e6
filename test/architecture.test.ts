// docs/architecture.md names only files that exist, and the rooms of issue 28 keep their size:
// no file over 600 lines anywhere in src (but the generated model data), no function over 100
// lines. (The direction of imports is eslint.config.mjs's, run by `npm run lint`.)
import * as fs from 'fs';
import * as path from 'path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '..');

function filesUnder(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const p = path.posix.join(dir, e.name);
    return e.isDirectory() ? filesUnder(p) : e.name.endsWith('.ts') ? [p] : [];
  });
}

describe('docs/architecture.md', () => {
  const text = fs.readFileSync(path.join(root, 'docs/architecture.md'), 'utf8');

  it('names only src paths that exist', () => {
    const named = [...new Set(text.match(/\bsrc\/[\w./-]*\w/g) ?? [])];
    expect(named.length).toBeGreaterThan(10);
    expect(named.filter((p) => !fs.existsSync(path.join(root, p)))).toEqual([]);
  });

  it('names only .ts files that exist somewhere in src', () => {
    const have = new Set(filesUnder('src').map((f) => path.posix.basename(f)));
    const bare = [...new Set(text.match(/[\w-]+\.ts\b/g) ?? [])];
    expect(bare.filter((f) => !have.has(f))).toEqual([]);
  });
});

describe('room sizes', () => {
  /** Generated data (`npm run fit:strategy`), not code: exempt from the file size. */
  const GENERATED = ['src/strategy/learned-model.ts'];
  const files = filesUnder('src');

  it('no file over 600 lines', () => {
    const long = files.filter((f) => !GENERATED.includes(f) && fs.readFileSync(path.join(root, f), 'utf8').split('\n').length > 600);
    expect(long).toEqual([]);
  });

  it('no function over 100 lines', () => {
    const long: string[] = [];
    for (const f of files) {
      const src = ts.createSourceFile(f, fs.readFileSync(path.join(root, f), 'utf8'), ts.ScriptTarget.Latest, true);
      const visit = (n: ts.Node): void => {
        if (ts.isFunctionLike(n) && 'body' in n && n.body) {
          const first = src.getLineAndCharacterOfPosition(n.getStart()).line;
          const last = src.getLineAndCharacterOfPosition(n.end).line;
          if (last - first + 1 > 100) long.push(`${f}:${first + 1} (${last - first + 1} lines)`);
        }
        ts.forEachChild(n, visit);
      };
      visit(src);
    }
    expect(long).toEqual([]);
  });
});

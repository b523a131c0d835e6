// docs/architecture.md names only files that exist, and the rooms of issue 28 keep their size:
// no file over 600 lines anywhere in src (but the generated model data), no function over 100
// lines. No import circle in src, and the lint rules of eslint.config.mjs (the direction of
// imports, run by `npm run lint`) reject a wrong import between the rooms.
import { ESLint } from 'eslint';
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

describe('imports in src', () => {
  /** Each src file's relative imports (type-only ones too), resolved to src files. */
  function importGraph(): Map<string, string[]> {
    const graph = new Map<string, string[]>();
    for (const f of filesUnder('src')) {
      const text = fs.readFileSync(path.join(root, f), 'utf8');
      const specs = [...text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^;]*?\bfrom\s+'(\.[^']*)'/g)].map((m) => m[1]);
      const to = specs.map((spec) => {
        const base = path.posix.normalize(path.posix.join(path.posix.dirname(f), spec));
        const hit = [`${base}.ts`, `${base}/index.ts`].find((c) => fs.existsSync(path.join(root, c)));
        if (!hit) throw new Error(`${f}: import '${spec}' names no file`);
        return hit;
      });
      graph.set(f, to);
    }
    return graph;
  }

  it('form no circle (Tarjan: every strongly connected component is one file)', () => {
    const graph = importGraph();
    const index = new Map<string, number>();
    const low = new Map<string, number>();
    const stack: string[] = [];
    const circles: string[][] = [];
    const visit = (v: string): void => {
      index.set(v, index.size);
      low.set(v, index.get(v)!);
      stack.push(v);
      for (const w of graph.get(v)!) {
        if (!index.has(w)) {
          visit(w);
          low.set(v, Math.min(low.get(v)!, low.get(w)!));
        } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
      if (low.get(v) === index.get(v)) {
        const scc: string[] = [];
        let w: string;
        do scc.push((w = stack.pop()!));
        while (w !== v);
        if (scc.length > 1 || graph.get(v)!.includes(v)) circles.push(scc);
      }
    };
    for (const v of graph.keys()) if (!index.has(v)) visit(v);
    expect(graph.size).toBeGreaterThan(80);
    expect(circles).toEqual([]);
  });

  // One wrong import per rule, linted as if it stood in that file: each must fail.
  const WRONG: [file: string, imported: string][] = [
    ['src/engine/x.ts', '../proof/proof'],
    ['src/proof/x.ts', '../search/dfs'],
    ['src/proof/x.ts', '../solver/solve'],
    ['src/search/x.ts', '../solver/policy'],
    ['src/search/x.ts', './freecell'],
    ['src/search/freecell/x.ts', '../../solver/registry'],
    ['src/search/core/x.ts', '../dfs'],
    ['src/search/order/x.ts', '../search'],
    ['src/solver/x.ts', '../records/records'],
    ['src/solver/x.ts', '../search/freecell/soft'],
    ['src/records/x.ts', '../analysis/run'],
    ['src/strategy/x.ts', '../analysis/run'],
    ['src/analysis/x.ts', '../strategy/strategies'],
    ['src/analysis/x.ts', '../cli/io'],
    ['src/records/x.ts', '../search/freecell/soft'],
    ['src/analysis/x.ts', '../search/freecell'],
    ['src/cli/x.ts', '../search/freecell/meta'],
  ];
  // And right ones, which must pass.
  const RIGHT: [file: string, imported: string][] = [
    ['src/proof/x.ts', '../engine/state'],
    ['src/search/x.ts', '../proof/cuts'],
    ['src/search/x.ts', './core/tt'],
    ['src/search/freecell/x.ts', '../order/order'],
    ['src/search/core/x.ts', './tt'],
    ['src/solver/x.ts', '../search/freecell'],
    ['src/solver/x.ts', '../proof/proof'],
    ['src/records/x.ts', '../proof/proof'],
    ['src/cli/x.ts', '../solver/solve'],
    ['src/cli/x.ts', '../search/core/tt'],
  ];
  const eslint = new ESLint({ cwd: root });
  const lint = async (file: string, imported: string) =>
    (await eslint.lintText(`import { x } from '${imported}';\nexport const y = x;\n`, { filePath: path.join(root, file) }))[0].messages
      .filter((m) => m.ruleId === 'no-restricted-imports')
      .map((m) => m.message);

  it.each(WRONG)('reject %s importing %s', async (file, imported) => {
    expect(await lint(file, imported)).toHaveLength(1);
  });

  it.each(RIGHT)('accept %s importing %s', async (file, imported) => {
    expect(await lint(file, imported)).toEqual([]);
  });
});

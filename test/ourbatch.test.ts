// bench/ourbatch.cjs, our side of the Solvitaire comparison (docs/benchmarks.md): one line per deal
// with solve()'s own verdict and nodes, a total, and exit 2 without its arguments.
import { execFileSync, spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { getRules } from '../src/rules/variants';
import { dealFromSeed } from '../src/engine/deal';
import { solve } from '../src/solver/solve';

const script = resolve(__dirname, '..', 'bench', 'ourbatch.cjs');
const dist = resolve(__dirname, '..', 'dist');

describe('bench/ourbatch.cjs', () => {
  it("prints each deal's verdict and nodes as solve() finds them, then the total", () => {
    const out = execFileSync('node', [script, dist, 'freecell', '1', '3', '2', '100000'], { encoding: 'utf8' }).trim().split('\n');
    expect(out).toHaveLength(4);
    let nodes = 0;
    for (const [i, line] of out.slice(0, 3).entries()) {
      const [seed, result, ms, n] = line.split(' ');
      const res = solve(dealFromSeed(getRules('freecell', { cells: 2 }), i + 1), { maxNodes: 100_000 });
      expect([Number(seed), result, Number(n)]).toEqual([i + 1, res.result, res.stats.nodes]);
      expect(Number(ms)).toBeGreaterThanOrEqual(0);
      nodes += res.stats.nodes;
    }
    expect(out[3]).toMatch(new RegExp(`^total [0-9.]+ ms ${nodes} nodes$`));
  });

  it('exits 2 with its usage when arguments are missing', () => {
    const r = spawnSync('node', [script, dist, 'freecell'], { encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('usage:');
  });
});

// The memory cap of a solve (issue 9): the budget, A* stopping with `memory` at the cap, the solve's
// stop reason. What the cap means for the process's RSS is measured by `npm run bench:memory`.
import { describe, expect, it } from 'vitest';
import { dealFromSeed } from '../src/engine/deal';
import { getRules } from '../src/rules/variants';
import { MemoryBudget } from '../src/search/core/memory';
import { solve } from '../src/solver/solve';

const MB = 1024 * 1024;
const empress5 = () => dealFromSeed(getRules('empress-of-italy'), 5);

describe('memory budget', () => {
  it('takes what fits, refuses what does not, counts the peak', () => {
    const b = new MemoryBudget(100);
    expect(b.take(60)).toBe(true);
    expect(b.take(50)).toBe(false);
    expect(b.free).toBe(40);
    b.give(60);
    expect(b.take(100)).toBe(true);
    expect(b.peak).toBe(100);
  });
});

describe('solve under a memory cap', () => {
  it('A* stops at the cap: unknown, stop reason memory, never more than the cap', () => {
    const res = solve(empress5(), { search: 'astar', ttMb: 2, maxNodes: 3_000_000 });
    expect(res.result).toBe('unknown');
    expect(res.stats.stopReason).toBe('memory');
    expect(res.stats.nodes).toBeLessThan(3_000_000);
    expect(res.stats.memoryBytes).toBeLessThanOrEqual(2 * MB);
    expect(res.stats.memoryBytes).toBeGreaterThan(1.9 * MB); // the cap is used, not wasted
  });

  it('a search that stops for memory leaves the budget to the others', () => {
    const res = solve(empress5(), { search: 'astar+dfs-scored', ttMb: 1, maxNodes: 300_000 });
    expect(res.result).toBe('unknown');
    expect(res.stats.stopReason).toBe('nodes');
    expect(res.stats.nodes).toBe(300_000);
  });

  it('an A* that fits its cap searches as if it had no cap', () => {
    const deal = dealFromSeed(getRules('winery'), 9); // some 57,000 nodes
    const small = solve(deal, { search: 'astar', ttMb: 16 });
    const big = solve(deal, { search: 'astar', ttMb: 256 });
    expect(small.result).toBe('won');
    expect(small.stats.ttEvictions).toBe(0); // it fits: nothing was lost from the table
    expect(small.moves).toEqual(big.moves);
    expect(small.stats.nodes).toBe(big.stats.nodes);
    expect(small.stats.stopReason).toBeUndefined();
  });

  it('names the node and time budgets as stop reasons', () => {
    expect(solve(empress5(), { maxNodes: 5000 }).stats.stopReason).toBe('nodes');
    expect(solve(empress5(), { maxNodes: 1e9, timeoutMs: 20 }).stats.stopReason).toBe('time');
  });
});

// The pool's crash handling, driven without threads: given what a failed task was given and what it
// reported, onCrash must blame exactly one search and hand back every other unfinished one.
import { describe, expect, it } from 'vitest';
import { key, onCrash, type PoolHooks, type TaskState } from '../src/analysis/pool';
import type { DealRow } from '../src/records/records';

function recorder() {
  const failed: string[] = [];
  const crashed: string[] = [];
  const hooks: PoolHooks = {
    started: () => undefined,
    row: (_r: DealRow) => undefined,
    failed: (v, seed, base) => failed.push(`${v}:${seed}:${base}`),
    crashed: (_v, msg) => crashed.push(msg),
  };
  return { hooks, failed, crashed };
}

const task = (received: string[], lastStarted: TaskState['lastStarted']): TaskState => ({
  variant: 'signora',
  items: [
    { seed: 1, bases: [0, 1] },
    { seed: 2, bases: [0, 'any'] },
    { seed: 3, bases: [4] },
  ],
  lastStarted,
  received: new Set(received),
});

describe('pool crash handling', () => {
  it('blames the search last started and retries the rest of the batch', () => {
    const r = recorder();
    const retry = onCrash(task([key(1, 'A'), key(1, '2')], { seed: 2, base: 'A' }), 'boom', r.hooks);
    expect(r.failed).toEqual(['signora:2:A']);
    expect(retry).toEqual([
      { seed: 2, bases: ['any'] },
      { seed: 3, bases: [4] },
    ]);
    expect(r.crashed).toHaveLength(1);
    expect(r.crashed[0]).toMatch(/seed 2 \(base A\): boom/);
  });

  it('blames the next search when the one last started had finished', () => {
    const r = recorder();
    const retry = onCrash(task([key(1, 'A'), key(1, '2'), key(2, 'A')], { seed: 2, base: 'A' }), 'died', r.hooks);
    expect(r.failed).toEqual(['signora:2:any']);
    expect(retry).toEqual([{ seed: 3, bases: [4] }]);
  });

  it('fails every search without retry when the worker failed before starting any', () => {
    const r = recorder();
    const retry = onCrash(task([], null), 'cannot load', r.hooks);
    expect(retry).toEqual([]);
    expect(r.failed).toEqual(['signora:1:A', 'signora:1:2', 'signora:2:A', 'signora:2:any', 'signora:3:5']);
    expect(r.crashed[0]).toMatch(/before starting signora seeds 1,2,3: cannot load/);
  });
});

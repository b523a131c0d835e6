// The progress line of a long `solve` (src/cli/progress.ts), driven by a real solve and a fake
// clock that advances 100 ms per search slice.
import { describe, expect, it } from 'vitest';
import { SolveProgress } from '../src/cli/progress';
import { dealFromSeed } from '../src/engine/deal';
import { getRules } from '../src/rules/variants';
import { solve } from '../src/solver/solve';

function run(isTTY: boolean): { text: string; slices: number } {
  let text = '';
  let clock = 0;
  const stream = {
    isTTY,
    write: (t: string) => {
      text += t;
      return true;
    },
  };
  const p = new SolveProgress(stream, 'base 9: ', () => clock);
  let slices = 0;
  solve(dealFromSeed(getRules('empress-of-italy'), 5), {
    maxNodes: 600_000,
    onProgress: (nodes, search) => {
      clock += 100;
      slices++;
      p.onProgress(nodes, search);
    },
  });
  p.done();
  return { text, slices };
}

describe('solve progress on stderr', () => {
  it('on a terminal: after a second, nodes, nodes/s and the best foundation count, then erased', () => {
    const { text, slices } = run(true);
    const shown = text.split('\r').filter((l) => l.trim() !== '');
    expect(slices).toBeGreaterThan(20);
    // The first line after 1 s (10 slices), then one every 250 ms (every third slice).
    expect(shown.length).toBe(Math.floor((slices - 10) / 3) + 1);
    for (const l of shown) expect(l.trimEnd()).toMatch(/^base 9: [\d,]+ nodes, [\d,]+ nodes\/s, best \d+\/208 cards on the foundations$/);
    expect(text).toMatch(/\r +\r$/); // erased at the end
  });

  it('silent when stderr is not a terminal', () => {
    expect(run(false).text).toBe('');
  });
});

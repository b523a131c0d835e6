// Memory benchmark (issue 9): peak resident set size of one solve, per search, memory cap (--tt-mb)
// and node budget, each in a fresh process. The figure that matters is the growth of the peak RSS
// over the process's RSS before the solve, against the cap: it may pass the cap by a small constant
// (the searches' states and stacks, the code the JIT compiles), never by a share of it.
// A benchmark, not a test: RSS depends on the machine.
//
//   npm run bench:memory -- [--variant empress-of-italy] [--seed 5] [--max-nodes 3000000,10000000]
//                           [--caps 8,256] [--searches dfs,astar]
import { spawnSync } from 'node:child_process';
import { dealFromSeed } from '../src/engine/deal';
import { getRules } from '../src/rules/variants';
import { solve } from '../src/solver/solve';
import { arg, countArg, flag } from './util';

const MB = 1024 * 1024;
/** Peak RSS so far, MB (resourceUsage reports KB). */
const peakRssMb = () => process.resourceUsage().maxRSS / 1024;

interface Measure {
  search: string;
  capMb: number;
  maxNodes: number;
  result: string;
  stopReason: string;
  nodes: number;
  seconds: number;
  /** Peak RSS before the solve (modules loaded, deal made) and after it, MB. */
  before: number;
  peak: number;
  /** The search's own count of its structures at the end, MB. */
  structures: number;
}

/** In the child: one solve, measured. */
function child(): void {
  const deal = dealFromSeed(getRules(arg('variant', 'empress-of-italy')), Number(arg('seed', '5')));
  const capMb = countArg('tt-mb', '8');
  const maxNodes = countArg('max-nodes', '3000000');
  const search = arg('search', 'dfs');
  const before = peakRssMb();
  const res = solve(deal, { search, ttMb: capMb, maxNodes });
  const m: Measure = {
    search,
    capMb,
    maxNodes,
    result: res.result,
    stopReason: res.stats.stopReason ?? '',
    nodes: res.stats.nodes,
    seconds: res.stats.ms / 1000,
    before,
    peak: peakRssMb(),
    structures: res.stats.memoryBytes / MB,
  };
  process.stdout.write(JSON.stringify(m) + '\n');
}

function measure(search: string, capMb: number, maxNodes: number): Measure {
  const args = [__filename, '--child', '--search', search, '--tt-mb', String(capMb), '--max-nodes', String(maxNodes)];
  for (const k of ['variant', 'seed']) args.push(`--${k}`, arg(k, k === 'seed' ? '5' : 'empress-of-italy'));
  const r = spawnSync(process.execPath, args, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`child failed (${r.status ?? r.signal}): ${r.stderr}`);
  return JSON.parse(r.stdout) as Measure;
}

/** The small constant the growth may pass the cap by, MB. */
const SLACK_MB = 8;

function main(): void {
  const caps = arg('caps', '8,256').split(',').map(Number);
  const searches = arg('searches', 'dfs,astar').split(',');
  const budgets = arg('max-nodes', '3000000,10000000').split(',').map(Number);
  console.log(`${arg('variant', 'empress-of-italy')} seed ${arg('seed', '5')}, node ${process.version}; MB; "within": growth <= cap + ${SLACK_MB} MB`);
  const head = ['search', 'cap', 'max nodes', 'result', 'stop', 'nodes', 's', 'RSS before', 'RSS peak', 'growth', 'structures', 'within'];
  const fmt = (cells: string[]) => cells.map((v, i) => (i === 0 || i === 3 || i === 4 ? v.padEnd(8) : v.padStart(i === 2 || i === 5 ? 9 : 6))).join(' ');
  console.log(fmt(head));
  for (const search of searches)
    for (const cap of caps)
      for (const maxNodes of budgets) {
        const m = measure(search, cap, maxNodes);
        const growth = m.peak - m.before;
        const within = growth <= cap + SLACK_MB ? 'yes' : 'NO';
        console.log(
          fmt([
            m.search,
            String(cap),
            String(maxNodes),
            m.result,
            m.stopReason || '-',
            String(m.nodes),
            m.seconds.toFixed(1),
            m.before.toFixed(0),
            m.peak.toFixed(0),
            growth.toFixed(0),
            m.structures.toFixed(1),
            within,
          ]),
        );
      }
}

if (flag('child')) child();
else main();

// How many deals the solver decides (issue "Decide more deals"): a fixed time budget per deal,
// one deal at a time on one core, won / lost / unknown per deal and, with --per-rank, per
// (deal, base rank) for the Terrace family.
//
//   npm run bench:decide -- [--seeds 20001-20200] [--timeout 5000] [--variants a,b]
//                           [--per-rank] [--rank-timeout 2000] [--search auto|dfs|...] [--list]
//                           [--no-deadlocks | --all-deadlocks] [--no-marks | --marks] [--stream N|A-B]
//
// --no-marks: without the sound dead marks (dfs.ts), likewise; --marks: with them in every game
// (by default the policy uses them in Winery and FreeCell only).
// --stream N: every search's other random stream (solve.ts's SolveOptions.stream): near the time
// budget, whether a deal is won in time is partly luck, and other streams measure how much. With
// A-B, every deal on each stream in turn, then per variant the mean and the deals unknown on all.
// --no-deadlocks: without deadlock.ts's tests (the solver before them), for a before-and-after on
// the same deals; --all-deadlocks: with every test that applies (by default the policy's,
// policy.ts's deadlockTests).
//
// Seeds 20001 and up are the held-out range: the search policy was tuned on seeds 10001-10200
// (see the README). The budget is wall time, so the figures depend on the machine; the node
// counts of a deal do not.
import { getRules, VARIANTS } from '../src/rules/variants';
import { baseCandidates, dealFromSeed } from '../src/engine/deal';
import { MAX_STREAM } from '../src/search/core/streams';
import type { SearchKind } from '../src/solver/policy';
import { solve } from '../src/solver/solve';
import { isSearchKind, SEARCH_KINDS } from '../src/solver/registry';
import { TranspositionTable } from '../src/search/core/tt';
import { arg, checkOptions, countArg, fail as failWith, flag, parseRange } from './util';

function fail(msg: string): never {
  return failWith('bench:decide', msg);
}

interface Tally {
  won: number;
  lost: number;
  unknown: number;
  ms: number;
  unknownSeeds: string[];
}

const tally = (): Tally => ({ won: 0, lost: 0, unknown: 0, ms: 0, unknownSeeds: [] });

function count(t: Tally, result: string, ms: number, label: string): void {
  if (result === 'won') t.won++;
  else if (result === 'lost') t.lost++;
  else {
    t.unknown++;
    t.unknownSeeds.push(label);
  }
  t.ms += ms;
}

function line(name: string, t: Tally): string {
  const n = t.won + t.lost + t.unknown;
  const pct = (x: number) => ((100 * x) / Math.max(1, n)).toFixed(1) + '%';
  return `${name.padEnd(26)} ${String(n).padStart(6)} ${String(t.won).padStart(6)} ${String(t.lost).padStart(5)} ${String(t.unknown).padStart(8)} ${pct(t.unknown).padStart(9)} ${(t.ms / 1000).toFixed(1).padStart(8)}`;
}

const USAGE = `npm run bench:decide -- [--seeds 20001-20200] [--timeout 5000] [--variants a,b]
                        [--per-rank] [--rank-timeout 2000] [--search auto|dfs|...] [--list]
                        [--no-deadlocks | --all-deadlocks] [--no-marks | --marks] [--stream N|A-B]
How many deals the solver decides within a time budget per deal (one deal at a time, one core):
won / lost / unknown per variant, and with --per-rank per (deal, base rank) in the Terrace family.
  --seeds A-B       deal numbers (default 20001-20200, held out from tuning)
  --timeout MS      time per deal (default 5000)
  --variants a,b    variants (default: all five)
  --per-rank        also each (deal, base rank), --rank-timeout MS each (default 2000)
  --search KIND     the solve policy (default auto)
  --list            name the unknown deals, each with (in brackets) the most cards home at the
                    end of a line, where a search counts them (the nested Monte Carlo search)
  --no-deadlocks    without deadlock.ts's tests; --all-deadlocks: with every one that applies
  --no-marks        without dead marks; --marks: with them in every game
  --stream N        the searches' random stream (default 0): other streams, other luck; A-B: each
                    stream in turn, then the mean unknown and the deals unknown on every stream`;

function main(): void {
  checkOptions(
    'bench:decide',
    USAGE,
    ['seeds', 'timeout', 'rank-timeout', 'search', 'variants', 'stream'],
    ['per-rank', 'list', 'no-deadlocks', 'all-deadlocks', 'no-marks', 'marks'],
  );
  let range: { from: number; to: number };
  try {
    range = parseRange(arg('seeds', '20001-20200'), '--seeds');
  } catch (e) {
    fail((e as Error).message);
  }
  const [a, b] = [range.from, range.to];
  const timeoutMs = countArg('timeout', '5000');
  const rankTimeoutMs = countArg('rank-timeout', '2000');
  if (!(timeoutMs > 0) || !(rankTimeoutMs > 0)) fail('--timeout and --rank-timeout must be positive numbers of ms');
  const search = arg('search', 'auto') as SearchKind;
  if (!isSearchKind(search)) fail(`--search must be one of ${SEARCH_KINDS.join(', ')}, or search names joined by +`);
  const defaults = VARIANTS.filter((v) => v.name !== 'freecell').map((v) => v.name);
  const names = arg('variants', defaults.join(',')).split(',');
  for (const n of names) if (!VARIANTS.some((v) => v.name === n)) fail(`unknown variant "${n}"`);
  const perRank = flag('per-rank');
  const deadlocks = flag('no-deadlocks') ? false : flag('all-deadlocks') ? true : undefined;
  const marks = flag('no-marks') ? false : flag('marks') ? true : undefined;
  const streams = streamRange(arg('stream', '0'));
  const tt = new TranspositionTable(64);
  console.log(
    `seeds ${a}-${b}, ${timeoutMs} ms per deal${perRank ? `, ${rankTimeoutMs} ms per (deal, base)` : ''}, search ${search}${deadlocks === undefined ? '' : deadlocks ? ', every deadlock test' : ', no deadlock tests'}${marks === undefined ? '' : marks ? ', dead marks everywhere' : ', no dead marks'}${streams.to > 0 ? `, stream ${streams.from}${streams.to > streams.from ? `-${streams.to}` : ''}` : ''}, one core, node ${process.version}`,
  );
  console.log('variant                     deals    won  lost  unknown  unknown%   time s');
  const run: Run = { a, b, tt, timeoutMs, rankTimeoutMs, search, perRank, deadlocks, marks };
  for (const name of names) {
    const rules = getRules(name);
    const several = streams.to > streams.from;
    const unknown: number[] = [];
    const unknownSeeds: Set<number>[] = [];
    for (let stream = streams.from; stream <= streams.to; stream++) {
      const { deals, pairs } = runStream(run, name, stream);
      const label = several ? `${name} s${stream}` : name;
      console.log(line(label, deals));
      if (perRank && rules.terraceFamily) console.log(line(`${label} (deal, base)`, pairs));
      if (flag('list')) {
        console.log(`  unknown deals: ${deals.unknownSeeds.join(' ') || '-'}`);
        if (perRank && rules.terraceFamily) console.log(`  unknown (deal, base): ${pairs.unknownSeeds.join(' ') || '-'}`);
      }
      unknown.push(deals.unknown);
      unknownSeeds.push(new Set(deals.unknownSeeds.map((x) => parseInt(x, 10))));
    }
    if (several) {
      const always = [...unknownSeeds[0]].filter((x) => unknownSeeds.every((u) => u.has(x)));
      console.log(streamSummary(name, unknown, b - a + 1, always));
    }
  }
}

/** --stream's N or A-B, each from 0 to MAX_STREAM; exits 2 otherwise. */
function streamRange(text: string): { from: number; to: number } {
  const m = /^(\d+)(?:-(\d+))?$/.exec(text);
  const from = m ? Number(m[1]) : NaN;
  const to = m ? Number(m[2] ?? m[1]) : NaN;
  if (!(from <= to && to <= MAX_STREAM)) fail(`bad --stream ${JSON.stringify(text)}: expected N or A-B with A <= B <= ${MAX_STREAM}`);
  return { from, to };
}

/** What every stream of a run shares. */
interface Run {
  a: number;
  b: number;
  tt: TranspositionTable;
  timeoutMs: number;
  rankTimeoutMs: number;
  search: SearchKind;
  perRank: boolean;
  deadlocks: boolean | undefined;
  marks: boolean | undefined;
}

/** Every deal of the run (and with --per-rank every (deal, base)) on one stream. */
function runStream(run: Run, name: string, stream: number): { deals: Tally; pairs: Tally } {
  const { tt, search, deadlocks, marks } = run;
  const rules = getRules(name);
  const deals = tally();
  const pairs = tally();
  for (let seed = run.a; seed <= run.b; seed++) {
    const deal = dealFromSeed(rules, seed);
    const r = solve(deal, { tt, timeoutMs: run.timeoutMs, maxNodes: Number.MAX_SAFE_INTEGER, search, deadlocks, marks, stream });
    count(deals, r.result, r.stats.ms, `${seed}${home(r.stats.progress)}`);
    if (run.perRank && rules.terraceFamily)
      for (const base of baseCandidates(deal)) {
        const rr = solve(deal, { tt, timeoutMs: run.rankTimeoutMs, maxNodes: Number.MAX_SAFE_INTEGER, search, base, deadlocks, marks, stream });
        count(pairs, rr.result, rr.stats.ms, `${seed}/${base + 1}${home(rr.stats.progress)}`);
      }
  }
  return { deals, pairs };
}

/** After several streams: the unknown deals per stream, their mean, and the deals unknown on every one. */
function streamSummary(name: string, unknown: number[], deals: number, always: number[]): string {
  const mean = unknown.reduce((x, y) => x + y, 0) / unknown.length;
  const pct = ((100 * mean) / Math.max(1, deals)).toFixed(1);
  return `  ${name}: unknown deals per stream ${unknown.join(' ')}, mean ${mean.toFixed(1)} (${pct}%); unknown on every stream: ${always.sort((x, y) => x - y).join(' ') || '-'}`;
}

/** An unknown's label suffix: the most cards any line brought home, where a search counts them. */
function home(progress: number | undefined): string {
  return progress === undefined ? '' : `(${progress})`;
}

if (require.main === module) main();

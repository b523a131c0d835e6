// How many deals the solver decides (issue "Decide more deals"): a fixed time budget per deal,
// one deal at a time on one core, won / lost / unknown per deal and, with --per-rank, per
// (deal, base rank) for the Terrace family.
//
//   npm run bench:decide -- [--seeds 20001-20200] [--timeout 5000] [--variants a,b]
//                           [--per-rank] [--rank-timeout 2000] [--search auto|dfs|...] [--list]
//                           [--no-deadlocks | --all-deadlocks] [--no-marks | --marks] [--stream N]
//
// --no-marks: without the sound dead marks (dfs.ts), likewise; --marks: with them in every game
// (by default the policy uses them in Winery and FreeCell only).
// --stream N: every search's other random stream (solve.ts's SolveOptions.stream): near the time
// budget, whether a deal is won in time is partly luck, and other streams measure how much.
// --no-deadlocks: without deadlock.ts's tests (the solver before them), for a before-and-after on
// the same deals; --all-deadlocks: with every test that applies (by default the policy's,
// policy.ts's deadlockTests).
//
// Seeds 20001 and up are the held-out range: the search policy was tuned on seeds 10001-10200
// (see the README). The budget is wall time, so the figures depend on the machine; the node
// counts of a deal do not.
import { getRules, VARIANTS } from '../src/rules/variants';
import { dealFromSeed } from '../src/engine/deal';
import { baseCandidates, isSearchKind, SEARCH_KINDS, type SearchKind, solve } from '../src/solver/solve';
import { TranspositionTable } from '../src/solver/tt';
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
                        [--no-deadlocks | --all-deadlocks] [--no-marks | --marks] [--stream N]
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
  --stream N        the searches' random stream (default 0): other streams, other luck`;

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
  const stream = countArg('stream', '0');
  const tt = new TranspositionTable(64);
  console.log(
    `seeds ${a}-${b}, ${timeoutMs} ms per deal${perRank ? `, ${rankTimeoutMs} ms per (deal, base)` : ''}, search ${search}${deadlocks === undefined ? '' : deadlocks ? ', every deadlock test' : ', no deadlock tests'}${marks === undefined ? '' : marks ? ', dead marks everywhere' : ', no dead marks'}${stream ? `, stream ${stream}` : ''}, one core, node ${process.version}`,
  );
  console.log('variant                     deals    won  lost  unknown  unknown%   time s');
  for (const name of names) {
    const rules = getRules(name);
    const deals = tally();
    const pairs = tally();
    for (let seed = a; seed <= b; seed++) {
      const deal = dealFromSeed(rules, seed);
      const r = solve(deal, { tt, timeoutMs, maxNodes: Number.MAX_SAFE_INTEGER, search, deadlocks, marks, stream });
      count(deals, r.result, r.stats.ms, `${seed}${home(r.stats.progress)}`);
      if (perRank && rules.terraceFamily)
        for (const base of baseCandidates(deal)) {
          const rr = solve(deal, { tt, timeoutMs: rankTimeoutMs, maxNodes: Number.MAX_SAFE_INTEGER, search, base, deadlocks, marks, stream });
          count(pairs, rr.result, rr.stats.ms, `${seed}/${base + 1}${home(rr.stats.progress)}`);
        }
    }
    console.log(line(name, deals));
    if (perRank && rules.terraceFamily) console.log(line(`${name} (deal, base)`, pairs));
    if (flag('list')) {
      console.log(`  unknown deals: ${deals.unknownSeeds.join(' ') || '-'}`);
      if (perRank && rules.terraceFamily) console.log(`  unknown (deal, base): ${pairs.unknownSeeds.join(' ') || '-'}`);
    }
  }
}

/** An unknown's label suffix: the most cards any line brought home, where a search counts them. */
function home(progress: number | undefined): string {
  return progress === undefined ? '' : `(${progress})`;
}

if (require.main === module) main();

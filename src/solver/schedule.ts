// The steps of one solve (solve.ts runs them in order): the prelude, the tight step, the opening,
// the groups, and the Run they share: its budgets, the searches made, and what they found.
import type { Deal } from '../engine/deal';
import type { GameState } from '../engine/state';
import type { DeadlockTest, Verdict } from '../proof/proof';
import type { MemoryBudget } from '../search/core/memory';
import { takeState } from '../search/core/states';
import { searchSalt } from '../search/core/streams';
import type { TranspositionTable } from '../search/core/tt';
import type { Search, SearchStatus } from '../search/search';
import { firstSlice, type Leaders, leading, type Opening, type Policy, type Tight } from './policy';
import { SEARCHES, type SearchOptions } from './registry';

/** What the steps read of a solve's options (solve.ts's SolveOptions). */
export interface RunOptions extends SearchOptions {
  stream?: number;
  onProgress?: (nodes: number, search: Search) => void;
}

/** The tests `x`'s proof of loss leaned on: those that cut in its run; with dead marks (which may stand on cuts), all its group's that ever cut. */
function testsUsed(run: Run, x: Search): DeadlockTest[] {
  if (!run.marks) return x.cuts?.used() ?? [];
  const rank = run.rankOf.get(x);
  return run.all.filter((y) => run.rankOf.get(y) === rank).flatMap((y) => y.cuts?.usedEver() ?? []);
}

/** Whether search `x`, which said `st`, proved its position lost: only a complete search may (search.ts). */
function provesLoss(x: Search, st: SearchStatus): boolean {
  if (st === 'lost' && !x.complete) throw new Error('internal error: a search that is not complete said lost');
  return st === 'lost';
}

/**
 * The salt of the sound dead marks of the searches under base constraint `rank` (-1: none), shared
 * by them all (dfs.ts's `marks`); never 0, and claimed from the table like every search's salt. A
 * position's mark says it is lost under that constraint.
 */
function marksSalt(run: Run, rank: number): number {
  let m = run.marksSalts.get(rank);
  if (m === undefined) {
    m = run.tt.claim((Math.imul(rank + 0x51ed, 0x2c1b3c6d) ^ 0x297a2d39) | 1);
    run.marksSalts.set(rank, m);
  }
  return m;
}

/**
 * Runs the opening (or one search alone: the prelude, whose searches never say `lost`, or the tight
 * step, whose `lost` is the deal's): searches[0]
 * alone for turns[0] nodes, then all of them in turns of turns[1] nodes, until `budget` nodes or
 * the deadline, never using more than `limit` (what the solve's node budget has left; at least
 * `budget`). Only searches[0]'s `lost` is the deal's (a partner may search only some moves); a
 * partner that stops ('exhausted', 'memory') leaves the turns.
 */
function runOpening(
  searches: Search[],
  turns: number[],
  budget: number,
  limit: number,
  deadline: number,
  onProgress?: RunOptions['onProgress'],
  offset = 0, // nodes the solve used before (for onProgress)
): { result: Verdict; used: number; winner?: Search; memory: boolean; exhausted: boolean } {
  let used = 0;
  let memory = false;
  let exhausted = false;
  let live = searches.slice();
  for (let k = 0; used < budget && live.length > 0 && Date.now() < deadline; k++) {
    const x = k === 0 ? searches[0] : live[k % live.length];
    const before = x.stats.nodes;
    const st = x.run(Math.min(k === 0 ? turns[0] : turns[1], budget - used), deadline, limit - used);
    used += x.stats.nodes - before;
    onProgress?.(offset + used, x);
    if (st === 'won') return { result: 'won', used, winner: x, memory, exhausted };
    if (provesLoss(x, st) && x === searches[0]) return { result: 'lost', used, memory, exhausted };
    if (st === 'memory') memory = true;
    if (st === 'exhausted' && x === searches[0]) exhausted = true;
    if (st !== 'paused') live = live.filter((y) => y !== x);
    if (turns.length === 1 && k === 0) break;
  }
  return { result: 'unknown', used, memory, exhausted };
}

/** One solve's state: its budgets, the searches made so far, and what they found. */
export interface Run {
  readonly deal: Deal;
  readonly opts: RunOptions;
  readonly tt: TranspositionTable;
  /** What the table leaves of the memory cap, for the searches' stores. */
  readonly memory: MemoryBudget;
  readonly maxNodes: number;
  /** ms since the epoch (Infinity: none). */
  readonly deadline: number;
  /** The caller's base rank in the Terrace family; -1: free, or another game. */
  readonly fixedBase: number;
  /** The states the searches use, given back at the end. */
  readonly taken: GameState[];
  /** Every search made, in the order made. */
  readonly all: Search[];
  /** Searches made so far (the next one's salt). */
  made: number;
  /** Nodes used by all searches. */
  used: number;
  result: Verdict;
  /** The winning line (engine moves, supermoves not yet expanded). */
  winMoves: number[];
  /** A search stopped at the memory cap. */
  outOfMemory: boolean;
  /** The deadlock tests (src/proof) that cut positions in a proof of loss (none: plain exhaustive). */
  usedDeadlocks: DeadlockTest[];
  /** The complete searches share sound dead marks (SolveOptions.marks; set with the policy). */
  marks: boolean;
  /** The marks' salt of each base constraint, claimed from the table when first needed. */
  readonly marksSalts: Map<number, number>;
  /** Each search's base constraint. */
  readonly rankOf: Map<Search, number>;
  /** Each group member's slices per turn (Policy.shares; 1 where missing). */
  readonly shareOf: Map<Search, number>;
  /** More turns for the most advanced groups (Policy.leaders; set with the policy). */
  leaders?: Leaders;
}

/** A state at the deal under base constraint `rank` (-1: none), kept for the end of the solve. */
export function stateFor(run: Run, rank: number): GameState {
  const s = takeState(run.deal, rank);
  run.taken.push(s);
  return s;
}

/** A new search of registry name `name` on the deal under base constraint `rank`, with the next salt. */
export function newSearch(run: Run, name: string, rank: number): Search {
  const x = SEARCHES[name]({
    state: stateFor(run, rank),
    tt: run.tt,
    salt: searchSalt(run.made++, run.opts.stream ?? 0),
    memory: run.memory,
    options: run.opts,
    marks: run.marks ? () => marksSalt(run, rank) : undefined,
  });
  run.rankOf.set(x, rank);
  run.all.push(x);
  return x;
}

/** The complete search `x` alone for up to `nodes` (runAlone), where its `lost` is the deal's. */
export function runProving(run: Run, x: Search, nodes: number): void {
  if (runAlone(run, x, nodes).result !== 'lost') return;
  run.result = 'lost';
  run.usedDeadlocks.push(...testsUsed(run, x));
}

/** Search `x` alone for up to `nodes`, under the solve's budgets; a win is the solve's. */
function runAlone(run: Run, x: Search, nodes: number): { result: Verdict; exhausted: boolean } {
  const left = run.maxNodes - run.used;
  const ran = runOpening([x], [nodes], Math.min(nodes, left), left, run.deadline, run.opts.onProgress, run.used);
  run.used += ran.used;
  run.outOfMemory ||= ran.memory;
  if (ran.result === 'won') {
    run.result = 'won';
    run.winMoves = x.solutionMoves();
  }
  return ran;
}

/**
 * Step 2, the prelude: search `name` (the soft threads, which can only win) for `nodes`. With a
 * Tight rule and a search made of threads, once t.dryThreads of its threads have run dry the
 * complete search t.search starts beside it, t.ratio nodes for each of the prelude's (in turns of
 * t.turn), where the deal has one group (so its `lost` is the deal's).
 */
export function runPrelude(run: Run, name: string, nodes: number, t?: Tight): Prelude {
  const x = newSearch(run, name, run.fixedBase);
  const oneGroup = !run.deal.rules.terraceFamily || run.fixedBase >= 0;
  if (!t || !oneGroup || x.dryThreads === undefined) return { search: x, exhausted: runAlone(run, x, nodes).exhausted, beside: null };
  let beside: Search | null = null;
  while (x.stats.nodes < nodes && run.result === 'unknown') {
    const before = x.stats.nodes;
    if (runAlone(run, x, Math.min(t.turn, nodes - before)).exhausted) return { search: x, exhausted: true, beside };
    if (run.result !== 'unknown' || x.stats.nodes === before) break; // won, or a budget ran out
    if (beside === null && x.dryThreads! >= t.dryThreads) beside = newSearch(run, t.search, run.fixedBase);
    if (beside !== null) runProving(run, beside, Math.min(t.turn * t.ratio, t.nodes - beside.stats.nodes));
  }
  return { search: x, exhausted: false, beside };
}

/** What the prelude leaves: its search, whether it tried all it has, and the complete search begun beside it (or null). */
export interface Prelude {
  search: Search;
  exhausted: boolean;
  beside: Search | null;
}

/**
 * Step 2b, after a prelude that looks tight (policy.ts's Tight): the complete search (the one begun
 * beside the prelude, or a new one) alone until it has run t.nodes. Its `lost` is the deal's (see
 * runPrelude). Returns it to go on in the groups (or the one begun beside a prelude that did not
 * look tight), or null.
 */
export function runTight(run: Run, pre: Prelude, t: Tight): Search | null {
  if (run.result !== 'unknown' || (run.deal.rules.terraceFamily && run.fixedBase < 0)) return null;
  if (!pre.exhausted && (pre.search.dryThreads ?? 0) < t.dryThreads) return pre.beside;
  const x = pre.beside ?? newSearch(run, t.search, run.fixedBase);
  runProving(run, x, t.nodes - x.stats.nodes);
  return run.result === 'unknown' ? x : null;
}

/**
 * Step 3, the opening, on the deal under the caller's constraint: its first search's `lost` (a run
 * that exhausted) is the deal's. Returns its searches by registry name.
 */
export function runOpeningOf(run: Run, o: Opening): Map<string, Search> {
  const opened = new Map<string, Search>();
  const searches = [o.search, ...(o.partner ? [o.partner.search] : [])].map((name) => {
    const x = newSearch(run, name, run.fixedBase);
    opened.set(name, x);
    return x;
  });
  const turns = o.partner ? [Math.min(o.partner.alone, o.nodes), o.partner.turn] : [o.nodes];
  const left = run.maxNodes - run.used;
  const ran = runOpening(searches, turns, Math.min(o.nodes, left), left, run.deadline, run.opts.onProgress, run.used);
  run.used += ran.used;
  if (ran.result === 'lost') run.usedDeadlocks = testsUsed(run, searches[0]);
  run.outOfMemory ||= ran.memory;
  if (ran.result === 'won') run.winMoves = ran.winner!.solutionMoves();
  run.result = ran.result;
  return opened;
}

/**
 * Step 4: one group of searches (`members`) per rank. With one group under the opening's own
 * constraint, the opening's searches go on as the group's members of the same names, instead of
 * fresh copies that would start their restarts over.
 */
export function makeGroups(run: Run, ranks: number[], pol: Policy, opened: Map<string, Search>): Search[][] {
  const goesOn = ranks.length === 1 && ranks[0] === run.fixedBase;
  return ranks.map((r) =>
    pol.members.map((name) => {
      const x = (goesOn && opened.get(name)) || newSearch(run, name, r);
      run.shareOf.set(x, pol.shares?.[name] ?? 1);
      return x;
    }),
  );
}

/**
 * Step 5: the groups' searches in turns, in slices that double up to 65,536 nodes, until a win,
 * every group proved lost, or a budget. A `lost` drops its whole group (the rank is proved lost);
 * 'memory' or 'exhausted' drops only that search. Returns how many groups were proved lost.
 */
export function runGroups(run: Run, groups: Search[][]): number {
  let open = groups.filter((g) => g.length > 0);
  let proved = 0;
  const turns = open.flat().reduce((a, x) => a + run.shareOf.get(x)!, 0);
  let slice = open.length > 1 ? firstSlice(run.maxNodes - run.used, turns) : 4096;
  for (let round = 0; open.length > 0 && run.used < run.maxNodes && Date.now() < run.deadline; round++) {
    const lead = leading(open, round, run.leaders);
    for (const g of [...lead, ...open.filter((x) => !lead.includes(x))]) {
      const times = lead.includes(g) ? run.leaders!.share : 1;
      for (const search of g) {
        if (run.used >= run.maxNodes) return proved;
        const before = search.stats.nodes;
        const left = run.maxNodes - run.used; // the slice may end a unit of work past its end (search.ts), never past this
        const st = search.run(Math.min(slice * times * run.shareOf.get(search)!, left), run.deadline, left);
        run.used += search.stats.nodes - before;
        run.opts.onProgress?.(run.used, search);
        if (st === 'won') {
          run.result = 'won';
          run.winMoves = search.solutionMoves();
          return proved;
        }
        if (provesLoss(search, st)) {
          g.length = 0; // this rank is proved lost: drop all of its searches
          proved++;
          run.usedDeadlocks.push(...testsUsed(run, search));
          break;
        }
        if (st === 'memory' || st === 'exhausted') {
          if (st === 'memory') run.outOfMemory = true;
          g.splice(g.indexOf(search), 1); // out of memory, or no moves left but no proof: this search stops, the others go on
          break;
        }
      }
    }
    open = open.filter((g) => g.length > 0);
    if (slice < 1 << 16) slice *= 2;
  }
  return proved;
}

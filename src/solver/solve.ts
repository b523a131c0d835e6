// Room src/solver: deciding one deal. This file is its API, solve(deal, options) -> { result, moves,
// base, stats } with no console output, and runs one solve's steps (schedule.ts) in order; the
// searches are made by name (registry.ts), and policy.ts says which run, in what order, with the
// values of each game from presets.ts; replay.ts replays a claimed win, checked, and recheck.ts
// proves a claimed loss again (verify). The searches themselves are src/search's, the proofs of loss
// src/proof's. The room may import src/search, src/proof, src/engine, src/rules and src/cards, never
// the rooms above it: src/records, src/analysis, src/strategy, src/cli (eslint.config.mjs).
import { baseCandidates, type Deal, dealCards } from '../engine/deal';
import type { MoveSpec } from '../engine/legality';
import { specOf } from '../engine/notation';
import { DeadlockCuts } from '../proof/cuts';
import { type DeadlockTest, type Proof, proofOf, type Verdict } from '../proof/proof';
import { MemoryBudget } from '../search/core/memory';
import { giveBack } from '../search/core/states';
import { checkStream } from '../search/core/streams';
import { TranspositionTable } from '../search/core/tt';
import { metaMovesApply } from '../search/freecell';
import type { Search, SearchStats } from '../search/search';
import { policy, type SearchKind } from './policy';
import { presetOf } from './presets';
import { isSearchKind } from './registry';
import { replayChecked } from './replay';
import { totalCards } from '../rules/vocabulary';
import { makeGroups, type Run, runGroups, runOpeningOf, runPrelude, runTight, stateFor } from './schedule';

export interface SolveOptions {
  /**
   * A policy (auto, the default; dfs; astar; portfolio: see policy.ts) or names from the registry
   * (registry.ts's SEARCHES) joined by '+'. In every case the Terrace family runs one search group per candidate base rank
   * when the base is free.
   */
  search?: SearchKind;
  /** Base rank 0..12 for the Terrace family, or 'any' (the search chooses; default). */
  base?: number | 'any';
  /** Node budget (moves applied), shared by all searches, which never use more in all. Default 2,000,000. */
  maxNodes?: number;
  /** Time budget in ms. Default: none. */
  timeoutMs?: number;
  /** The searches' random stream, 0 (default) to MAX_STREAM: other random choices (streams.ts). */
  stream?: number;
  /**
   * Memory cap in MB (default 32): the transposition table (half of it to all of it, tt.ts) and,
   * in what is left, A*'s node stores; or a table to reuse (cleared first; the cap is its size).
   */
  ttMb?: number;
  tt?: TranspositionTable;
  /** Policies with an opening (under `auto`, the suit-built games): its nodes (default: the game's preset, presets.ts). */
  openingNodes?: number;
  /** Policies with a prelude (under `auto`, Winery and FreeCell with cells): its nodes (default: the preset's; 0: none). */
  softNodes?: number;
  /**
   * Cut the positions the deadlock tests (src/proof) prove lost: true every test that applies,
   * false none, or those named; default: the game's preset's (policy.ts's testsAsked). A proof
   * names the tests that cut.
   */
  deadlocks?: boolean | readonly DeadlockTest[];
  /** Check each cut of the deadlock tests with the test's plain version (src/proof/plain.ts; verify does). */
  deadlockAudit?: boolean;
  /**
   * Sound dead marks (dfs.ts's `marks`): the complete searches of a group (one base rank) mark
   * the positions they prove lost in the shared table and skip the ones marked, so their work adds
   * up to one proof. Default: where the policy uses them (the preset's: Winery and FreeCell);
   * true: everywhere; false: nowhere, each search on its own.
   */
  marks?: boolean;
  /** A* weight W in f = g + W*h (default 2). */
  weight?: number;
  /**
   * Called after each slice of a search with the nodes used so far: a slice of the groups (up to
   * 65,536 nodes times the member's share and a leader's), a turn of the opening or prelude
   * (Tight.turn, and the complete search's beside it), or all of the tight step at once.
   * The search and its state are lent for the call: solve() reuses their storage once it returns.
   */
  onProgress?: (nodes: number, search: Search) => void;
}

export interface SolveStats extends SearchStats {
  ms: number;
  nodesPerSec: number;
  ttEntries: number;
  ttEvictions: number;
  /**
   * Why an `unknown` stopped: the node budget, the time budget, the memory cap (--tt-mb), or every
   * search left had tried all the moves it searches (dfs-meta alone) without a proof.
   */
  stopReason?: 'nodes' | 'time' | 'memory' | 'exhausted';
  /** Most memory the table and the searches' stores held at once, bytes. */
  memoryBytes: number;
  /** Most cards home at the end of any line (or playout stopped at a proved loss) of a search that counts them (nmcs.ts); absent if none does. */
  progress?: number;
}

export interface SolveResult {
  result: Verdict;
  /** Winning moves as FORMATS.md specs (empty unless won). */
  moves: MoveSpec[];
  /** The same moves as engine integers. */
  moveInts: number[];
  /**
   * How a `lost` was proved: 'exhaustive' (every reachable position searched), or
   * 'exhaustive+deadlock:<tests>' (every reachable position searched but those the deadlock tests
   * named prove lost, which were cut). Absent otherwise.
   */
  proof?: Proof;
  /**
   * A `lost` the deadlock tests prove at the deal itself (a fixed base): why, in words a player can
   * check by hand (src/proof/reserve.ts's explain). Absent otherwise.
   */
  reason?: string;
  /** Base rank 0..12 used by the solution (won) or asked for (fixed base); undefined otherwise. */
  base?: number;
  stats: SolveStats;
}

/** Node budget of one solve when none is given (the library, `solve`, and `verify` per base rank). */
export const SOLVE_MAX_NODES = 2_000_000;

/**
 * Solves one deal. A base rank applies to the Terrace family only and is ignored elsewhere.
 *
 * Policy (policy.ts): an optional prelude (one search alone, which can only win: the soft
 * threads), beside which a complete search starts once the prelude looks tight, and after a
 * prelude that looks tight that search alone for a while (its `lost` is the deal's); an optional
 * opening (one search, or two in turns), then one group of
 * searches per candidate base rank (a single group outside the Terrace family or with a fixed base;
 * the opening's searches go on in that single group, as its members of the same names). The
 * searches of the groups share the node budget round-robin in slices that double up to 65,536
 * nodes (policy.ts's firstSlice, Policy.leaders), so no single bad choice (a hopeless base rank,
 * an unlucky first move) can sink the whole budget. A rank is lost as soon as one of its searches
 * returns `lost` (only a complete search that tried every position does; dfs-meta and soft-threads,
 * which leave moves out, return 'exhausted' and just stop); the deal is lost when every rank is; it
 * is won when any search wins.
 */
export function solve(deal: Deal, opts: SolveOptions = {}): SolveResult {
  checkStream(opts.stream ?? 0);
  const tt = opts.tt ?? new TranspositionTable(opts.ttMb ?? 32);
  // A solve started from another's onProgress with the same table would clear it under the first.
  if (tt.inUse) throw new Error('internal error: the transposition table is in use by another solve');
  tt.inUse = true;
  try {
    return solveWith(deal, opts, tt);
  } finally {
    tt.inUse = false;
  }
}

/** Step 1: the budgets and an empty record; the table cleared when the caller lends it. */
function startRun(deal: Deal, opts: SolveOptions, tt: TranspositionTable): Run {
  const maxNodes = opts.maxNodes ?? SOLVE_MAX_NODES;
  const deadline = opts.timeoutMs !== undefined ? Date.now() + opts.timeoutMs : Infinity;
  if (opts.tt) tt.clear();
  const memory = new MemoryBudget(tt.megabytes * 1024 * 1024 - tt.bytes);
  const fixedBase = deal.rules.terraceFamily && typeof opts.base === 'number' ? opts.base : -1;
  return {
    deal,
    opts,
    tt,
    memory,
    maxNodes,
    deadline,
    fixedBase,
    taken: [],
    all: [],
    made: 0,
    used: 0,
    result: 'unknown',
    winMoves: [],
    outOfMemory: false,
    usedDeadlocks: [],
    marks: false,
    marksSalts: new Map(),
    rankOf: new Map(),
    shareOf: new Map(),
  };
}

/**
 * Step 6: the winning line replayed from the deal, each move checked (replay.ts), supermoves
 * expanded into the single-card moves they stand for (run.winMoves then holds those). Returns the
 * base the line played (Terrace family) and the pile names for the specs (they depend on the
 * layout only: any of the solve's states has them).
 */
function replayWin(run: Run): { base: number; names: readonly string[] } {
  const r = replayChecked(run.deal, run.winMoves, () => stateFor(run, -1));
  run.winMoves = r.moves;
  return { base: r.base, names: (r.state ?? run.taken[0] ?? stateFor(run, -1)).allPileNames() };
}

/** Step 7: the result (a win replayed first), the searches' storage and states handed back, the statistics. */
function finish(run: Run, t0: number): SolveResult {
  const { deal, tt, fixedBase, all, result, maxNodes, deadline } = run;
  let base: number | undefined = fixedBase >= 0 ? fixedBase : undefined;
  let names: readonly string[] = [];
  if (result === 'won') {
    const won = replayWin(run);
    if (deal.rules.terraceFamily) base = won.base;
    names = won.names;
  }
  let reason: string | undefined;
  const atDeal = result === 'lost' && run.usedDeadlocks.includes('reserve') && fixedBase >= 0 ? stateFor(run, fixedBase) : null;
  if (atDeal) reason = new DeadlockCuts(atDeal).explain(atDeal) ?? undefined;
  for (const search of all) search.release?.();
  giveBack(run.taken);
  const ms = performance.now() - t0;
  const sum = (f: (s: SearchStats) => number) => all.reduce((a, s) => a + f(s.stats), 0);
  const nodes = sum((s) => s.nodes);
  const progress = Math.max(-1, ...all.map((s) => s.progress ?? -1));
  const winMoves = run.winMoves;
  let specs: MoveSpec[] | undefined;
  return {
    result,
    ...(result === 'lost' ? { proof: proofOf(run.usedDeadlocks) } : {}),
    ...(reason ? { reason } : {}),
    // Made on first read: the checked replay above is the verdict's proof; spelling the moves out
    // is output, which callers that only count the moves (the analysis) never pay for.
    get moves(): MoveSpec[] {
      return (specs ??= winMoves.map((m) => specOf(names, m)));
    },
    moveInts: winMoves,
    base,
    stats: {
      nodes,
      unique: sum((s) => s.unique),
      ttHits: sum((s) => s.ttHits),
      maxDepth: Math.max(0, ...all.map((s) => s.stats.maxDepth)),
      ms,
      nodesPerSec: ms > 0 ? Math.round((nodes / ms) * 1000) : 0,
      ttEntries: tt.size,
      ttEvictions: tt.evictions,
      ...(result === 'unknown'
        ? { stopReason: run.used >= maxNodes ? 'nodes' : Date.now() >= deadline ? 'time' : run.outOfMemory ? 'memory' : 'exhausted' }
        : {}),
      memoryBytes: tt.bytes + run.memory.peak,
      ...(progress >= 0 ? { progress } : {}),
    },
  };
}

/** Whether the deal holds its game's whole pack: not one of the small games of engine/small.ts (fewer ranks). */
function wholePack(deal: Deal): boolean {
  return dealCards(deal).length === totalCards(deal.rules);
}

/** solve() with the table: the steps above, in order. */
function solveWith(deal: Deal, opts: SolveOptions, tt: TranspositionTable): SolveResult {
  const t0 = performance.now();
  const run = startRun(deal, opts, tt);
  const kind = opts.search ?? 'auto';
  if (!isSearchKind(kind)) throw new Error(`unknown search ${JSON.stringify(kind)}`);
  const pol = policy(presetOf(deal.rules), kind, metaMovesApply(deal.rules), opts.openingNodes, run.fixedBase >= 0 && wholePack(deal));
  run.marks = opts.marks ?? pol.marks ?? false;
  run.leaders = pol.leaders;
  const softNodes = opts.softNodes ?? pol.prelude?.nodes ?? 0;
  const pre = pol.prelude && softNodes > 0 ? runPrelude(run, pol.prelude.search, softNodes, pol.prelude.tight) : null;
  const tight = pre && pol.prelude?.tight ? runTight(run, pre, pol.prelude.tight) : null;
  const opened = pol.opening && run.result === 'unknown' ? runOpeningOf(run, pol.opening) : new Map<string, Search>();
  if (tight) opened.set(pol.prelude!.tight!.search, tight);
  const ranks = deal.rules.terraceFamily && run.fixedBase < 0 ? baseCandidates(deal) : [run.fixedBase];
  const groups = run.result === 'unknown' ? makeGroups(run, ranks, pol, opened) : [];
  const onTable = run.all.filter((x) => x.usesTable);
  if (onTable.length === 1) onTable[0].aloneOnTable?.();
  const proved = runGroups(run, groups);
  if (run.result === 'unknown' && proved === groups.length) run.result = 'lost';
  return finish(run, t0);
}

/** `--base all`: one solve per candidate rank, each with the full budget. */
export function solveAllBases(deal: Deal, opts: SolveOptions = {}): { base: number; res: SolveResult }[] {
  return baseCandidates(deal).map((base) => ({ base, res: solve(deal, { ...opts, base }) }));
}

// The solver's library API: solve(deal, options) -> { result, moves, base, stats }. No console output.
import { Deal } from '../engine/deal';
import { MoveSpec, moveError } from '../engine/legality';
import { moveCount, moveFrom, moveTo } from '../engine/movegen';
import { moveToSpec } from '../engine/notation';
import { GameState } from '../engine/state';
import { AStarSearch } from './astar';
import { DfsSearch, SearchStats } from './dfs';
import { OrderMode } from './order';
import { TranspositionTable } from './tt';

export type Verdict = 'won' | 'lost' | 'unknown';
export type SearchKind = 'dfs' | 'astar' | 'portfolio' | 'auto';

export interface SolveOptions {
  /**
   * dfs: depth-first searches (two move orders); astar: weighted A*; portfolio: both, sharing the
   * budget; auto (default): portfolio for suit-built games (Winery, FreeCell), where A* finds wins
   * the DFS misses, dfs for the others, where A* adds little (bench/solve.ts measures this).
   * In every case the Terrace family runs one search group per candidate base rank when the base
   * is free.
   */
  search?: SearchKind;
  /** Base rank 0..12 for the Terrace family, or 'any' (the search chooses; default). */
  base?: number | 'any';
  /** Node budget (moves applied), shared by all searches. Default 2,000,000. */
  maxNodes?: number;
  /** Time budget in ms. Default: none. */
  timeoutMs?: number;
  /** Transposition table size in MB (default 32), or a table to reuse (cleared first). */
  ttMb?: number;
  tt?: TranspositionTable;
  /** A* weight W in f = g + W*h (default 2). */
  weight?: number;
}

export interface SolveStats extends SearchStats {
  ms: number;
  nodesPerSec: number;
  ttEntries: number;
  ttEvictions: number;
}

export interface SolveResult {
  result: Verdict;
  /** Winning moves as FORMATS.md specs (empty unless won). */
  moves: MoveSpec[];
  /** The same moves as engine integers. */
  moveInts: number[];
  /** Base rank 0..12 used by the solution (won) or asked for (fixed base); undefined otherwise. */
  base?: number;
  stats: SolveStats;
}

export const DEFAULT_MAX_NODES = 2_000_000;

/** Ranks that may be chosen as base: Signora, those of exposed cards; DS/Empress, all 13; else none. */
export function baseCandidates(deal: Deal): number[] {
  const r = deal.rules;
  if (!r.terraceFamily) return [];
  if (r.baseRule !== 'first-move') return Array.from({ length: 13 }, (_, i) => i);
  const ranks = new Set<number>();
  for (const p of deal.tableau) if (p.length) ranks.add(p[p.length - 1] >> 2);
  if (deal.reserve.length) ranks.add(deal.reserve[deal.reserve.length - 1] >> 2);
  return [...ranks].sort((a, b) => a - b);
}

/** What the portfolio needs of a search. */
interface Search {
  readonly state: GameState;
  readonly stats: SearchStats;
  run(nodeBudget: number, deadline: number): 'won' | 'lost' | 'paused';
  solutionMoves(): number[];
}

/**
 * The move orders of the DFS searches in one group (order.ts). Suit-built games: the heuristic
 * order and plain generation order. The alternate-colour games: the scored order and three
 * randomly ordered searches (each with its own seed): on seeds 1-100 at 200,000 nodes this won
 * Signora 84 deals against 69 with the two fixed orders, Empress of Italy 68 against 58, Red and
 * Black 94 against 93, Double Signora 96 against 95 (restarts of the random searches added nothing
 * measurable). Suit-built games keep two searches: their lost proofs cost a full search each.
 */
function dfsOrders(deal: Deal): OrderMode[] {
  return deal.rules.foundationBuild === 'suit' ? [1, 0] : [1, 3, 3, 3];
}

/** Distinct table salts, one per search of a portfolio (see DfsSearch). */
function salt(i: number): number {
  return Math.imul(i + 1, 0x9e3779b9) | 0;
}

/**
 * Solves one deal. A base rank applies to the Terrace family only and is ignored elsewhere.
 *
 * Policy: one group of searches per candidate base rank (a single group outside the Terrace family
 * or with a fixed base): differently ordered DFS searches (dfsOrders) and/or A*. All searches share the node budget round-robin in slices that double up to
 * 65,536 nodes, so no single bad choice (a hopeless base rank, an unlucky first move) can sink the
 * whole budget. A rank is lost as soon as one of its searches is exhausted (each is complete by
 * itself); the deal is lost when every rank is; it is won when any search wins.
 */
export function solve(deal: Deal, opts: SolveOptions = {}): SolveResult {
  const t0 = performance.now();
  const maxNodes = opts.maxNodes ?? DEFAULT_MAX_NODES;
  const deadline = opts.timeoutMs !== undefined ? Date.now() + opts.timeoutMs : Infinity;
  const tt = opts.tt ?? new TranspositionTable(opts.ttMb ?? 32);
  if (opts.tt) tt.clear();
  const asked = opts.search ?? 'auto';
  const kind = asked === 'auto' ? (deal.rules.foundationBuild === 'suit' ? 'portfolio' : 'dfs') : asked;
  const terrace = deal.rules.terraceFamily;
  const fixedBase = terrace && typeof opts.base === 'number' ? opts.base : -1;
  const ranks = terrace && fixedBase < 0 ? baseCandidates(deal) : [fixedBase];

  let n = 0;
  const groups: Search[][] = ranks.map((r) => {
    const make = (): GameState => {
      const s = new GameState(deal);
      s.setConstraint(r);
      return s;
    };
    const g: Search[] = [];
    if (kind !== 'astar') for (const order of dfsOrders(deal)) g.push(new DfsSearch(make(), tt, salt(n++), order));
    if (kind !== 'dfs') g.push(new AStarSearch(make(), tt, opts.weight ?? 2, salt(n++)));
    return g;
  });
  const all = groups.flat();
  let result: Verdict = 'unknown';
  let winMoves: number[] = [];
  let open = groups.filter((g) => g.length > 0);
  let used = 0;
  let slice = 4096;
  outer: while (open.length > 0 && used < maxNodes && Date.now() < deadline) {
    for (const g of open) {
      for (const search of g) {
        if (used >= maxNodes) break outer;
        const before = search.stats.nodes;
        const st = search.run(Math.min(slice, maxNodes - used), deadline);
        used += search.stats.nodes - before;
        if (st === 'won') {
          result = 'won';
          winMoves = search.solutionMoves();
          break outer;
        }
        if (st === 'lost') {
          g.length = 0; // this rank is proved lost: drop all of its searches
          break;
        }
      }
    }
    open = open.filter((g) => g.length > 0);
    if (slice < 1 << 16) slice *= 2;
  }
  if (result !== 'won' && open.length === 0) result = 'lost';

  // Convert the winning line to specs by replaying it, checked, on a fresh state from the deal:
  // a `won` that does not replay would be a solver bug, and is never reported.
  let moves: MoveSpec[] = [];
  let base: number | undefined = fixedBase >= 0 ? fixedBase : undefined;
  if (result === 'won') {
    const replay = new GameState(deal);
    moves = winMoves.map((m, i) => {
      const err = moveError(replay, moveFrom(m), moveTo(m), moveCount(m));
      if (err) throw new Error(`internal error: solution move ${i + 1} does not replay: ${err}`);
      const spec = moveToSpec(replay, m);
      replay.apply(m);
      return spec;
    });
    if (!replay.isWon()) throw new Error('internal error: the solution does not end in a win');
    if (terrace) base = replay.base;
  }
  const ms = performance.now() - t0;
  const sum = (f: (s: SearchStats) => number) => all.reduce((a, s) => a + f(s.stats), 0);
  const nodes = sum((s) => s.nodes);
  return {
    result,
    moves,
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
    },
  };
}

/** `--base all`: one solve per candidate rank, each with the full budget. */
export function solveAllBases(deal: Deal, opts: SolveOptions = {}): { base: number; res: SolveResult }[] {
  return baseCandidates(deal).map((base) => ({ base, res: solve(deal, { ...opts, base }) }));
}

// The solver's library API: solve(deal, options) -> { result, moves, base, stats }. No console output.
import { Deal } from '../engine/deal';
import { MoveSpec } from '../engine/legality';
import { moveToSpec } from '../engine/notation';
import { GameState } from '../engine/state';
import { AStarSearch } from './astar';
import { DfsSearch, SearchStats } from './dfs';
import { TranspositionTable } from './tt';

export type Verdict = 'won' | 'lost' | 'unknown';

export interface SolveOptions {
  search?: 'dfs' | 'astar';
  /** Base rank 0..12 for the Terrace family, or 'any' (the search chooses; default). */
  base?: number | 'any';
  /** Node budget (moves applied). Default 2,000,000. */
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

/** Solves one deal. A base rank applies to the Terrace family only and is ignored elsewhere. */
export function solve(deal: Deal, opts: SolveOptions = {}): SolveResult {
  const t0 = performance.now();
  const maxNodes = opts.maxNodes ?? DEFAULT_MAX_NODES;
  const deadline = opts.timeoutMs !== undefined ? Date.now() + opts.timeoutMs : Infinity;
  const tt = opts.tt ?? new TranspositionTable(opts.ttMb ?? 32);
  if (opts.tt) tt.clear();
  const terrace = deal.rules.terraceFamily;
  const fixedBase = terrace && typeof opts.base === 'number' ? opts.base : -1;
  // With the base free, the Terrace family shares the budget among the candidate ranks.
  const ranks = terrace && fixedBase < 0 ? baseCandidates(deal) : [fixedBase];

  const states = ranks.map((r) => {
    const s = new GameState(deal);
    s.setConstraint(r);
    return s;
  });
  let result: Verdict = 'unknown';
  let winner: GameState | null = null;
  let winMoves: number[] = [];
  const allStats: SearchStats[] = [];

  if (opts.search === 'astar') {
    // One best-first search per rank, budget split evenly; unused budget passes on.
    let left = maxNodes;
    let lost = 0;
    for (let i = 0; i < states.length; i++) {
      const a = new AStarSearch(states[i], tt, opts.weight ?? 2);
      allStats.push(a.stats);
      const share = Math.floor(left / (states.length - i));
      const st = a.run(share, deadline);
      left -= a.stats.nodes;
      if (st === 'won') {
        result = 'won';
        winner = states[i];
        winMoves = a.solutionMoves();
        break;
      }
      if (st === 'lost') lost++;
    }
    if (result !== 'won' && lost === states.length) result = 'lost';
  } else {
    const searches = states.map((s) => new DfsSearch(s, tt));
    for (const d of searches) allStats.push(d.stats);
    const open = [...searches];
    let used = 0;
    let slice = 4096;
    while (open.length > 0 && used < maxNodes && Date.now() < deadline) {
      for (let i = 0; i < open.length && used < maxNodes; ) {
        const d = open[i];
        const before = d.stats.nodes;
        const st = d.run(Math.min(slice, maxNodes - used), deadline);
        used += d.stats.nodes - before;
        if (st === 'won') {
          result = 'won';
          winner = d.state;
          winMoves = d.path();
          break;
        }
        if (st === 'lost') open.splice(i, 1);
        else i++;
      }
      if (result === 'won') break;
      if (slice < 1 << 16) slice *= 2;
    }
    if (result !== 'won' && open.length === 0) result = 'lost';
  }

  // Convert the winning line to specs by replaying it on a fresh state (the searched state is not
  // at the root any more).
  let moves: MoveSpec[] = [];
  let base: number | undefined = fixedBase >= 0 ? fixedBase : undefined;
  if (result === 'won' && winner) {
    const replay = new GameState(deal);
    moves = winMoves.map((m) => {
      const spec = moveToSpec(replay, m);
      replay.apply(m);
      return spec;
    });
    if (terrace) base = replay.base;
  }
  const ms = performance.now() - t0;
  const sum = (f: (s: SearchStats) => number) => allStats.reduce((a, s) => a + f(s), 0);
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
      maxDepth: Math.max(0, ...allStats.map((s) => s.maxDepth)),
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

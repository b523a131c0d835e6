// The solution JSON of docs/FORMATS.md, one type for what `solve --json` writes (solutionJson) and
// what `verify` reads (readSolution, which checks a file's shape).
import { rankName } from '../cards/card';
import type { Deal } from '../engine/deal';
import type { MoveSpec } from '../engine/legality';
import { PROOFS, type Proof, type Verdict } from '../proof/proof';
import type { SolveResult } from '../solver/solve';

export interface SolutionJson {
  /** The variant (absent only in a hand-made file: verify then needs the deal). */
  variant?: string;
  seed?: number;
  /** FreeCell: the Microsoft deal number, for a deal dealt by it. */
  ms?: number;
  /** Free cells the game was played with (FreeCell only, where --cells changes it). */
  cells?: number;
  result: Verdict;
  /** How a `lost` was proved (FORMATS.md); absent otherwise. */
  proof?: Proof;
  /** A loss the deadlock tests prove at the deal: why, in words. */
  reason?: string;
  /** The base rank (the Terrace family), as a rank name. */
  base?: string;
  /** The winning line (a `won` only). */
  moves?: MoveSpec[];
  /** What the search did (solve writes them; verify does not read them). */
  stats?: { nodes: number; ms: number; unique: number; ttHits: number; maxDepth: number; nodesPerSec: number; stopReason?: string };
}

/** A solution as verify reads it: its moves always listed (none unless won). */
export type ReadSolution = SolutionJson & { moves: MoveSpec[] };

/** A file that is not a solution JSON (bad input: the command line exits 2). */
export class SolutionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SolutionError';
  }
}

export function solutionJson(deal: Deal, res: SolveResult): SolutionJson {
  const j = { variant: deal.rules.name } as SolutionJson;
  if (deal.seed !== undefined) j.seed = deal.seed;
  if (deal.ms !== undefined) j.ms = deal.ms;
  if (deal.rules.options?.cells) j.cells = deal.rules.cells;
  j.result = res.result;
  if (res.proof) j.proof = res.proof;
  if (res.reason) j.reason = res.reason;
  if (deal.rules.terraceFamily && res.base !== undefined) j.base = rankName(res.base);
  if (res.result === 'won') j.moves = res.moves;
  const st = res.stats;
  j.stats = {
    nodes: st.nodes,
    ms: Math.round(st.ms * 10) / 10,
    unique: st.unique,
    ttHits: st.ttHits,
    maxDepth: st.maxDepth,
    nodesPerSec: st.nodesPerSec,
    stopReason: st.stopReason,
  };
  return j;
}

/** Checks the shape of a solution JSON; `where` names the file (and line) in messages. */
export function readSolution(obj: unknown, where: string): ReadSolution {
  if (typeof obj !== 'object' || obj === null || Array.isArray(obj))
    throw new SolutionError(`${where}: a solution must be a JSON object (several solutions: one object per line)`);
  const o = obj as Record<string, unknown>;
  if (o.variant !== undefined && typeof o.variant !== 'string') throw new SolutionError(`${where}: "variant" must be a string`);
  if (o.seed !== undefined && !(typeof o.seed === 'number' && Number.isSafeInteger(o.seed) && o.seed >= 0))
    throw new SolutionError(`${where}: "seed" must be a whole number`);
  if (o.ms !== undefined && !(typeof o.ms === 'number' && Number.isSafeInteger(o.ms) && o.ms >= 1))
    throw new SolutionError(`${where}: "ms" (a Microsoft deal number) must be a whole number from 1`);
  if (o.result !== 'won' && o.result !== 'lost' && o.result !== 'unknown')
    throw new SolutionError(`${where}: "result" must be "won", "lost" or "unknown", not ${JSON.stringify(o.result ?? null)}`);
  if (o.cells !== undefined && !(typeof o.cells === 'number' && Number.isSafeInteger(o.cells) && o.cells >= 0))
    throw new SolutionError(`${where}: "cells" must be a whole number`);
  const base = typeof o.base === 'string' ? o.base : undefined;
  if (o.proof !== undefined && !(typeof o.proof === 'string' && (PROOFS as readonly string[]).includes(o.proof)))
    throw new SolutionError(`${where}: "proof" must be one of ${PROOFS.join(', ')}, not ${JSON.stringify(o.proof)}`);
  const proof = o.proof as Proof | undefined;
  const head = {
    variant: o.variant as string | undefined,
    seed: o.seed as number | undefined,
    ms: o.ms as number | undefined,
    cells: o.cells as number | undefined,
    result: o.result as Verdict,
    proof,
    base,
  };
  if (o.result !== 'won') return { ...head, moves: [] };
  if (!Array.isArray(o.moves)) throw new SolutionError(`${where}: no "moves" array: nothing to verify`);
  return { ...head, moves: o.moves.map((m: unknown, i: number) => readMove(m, `${where}: moves[${i}]`)) };
}

function readMove(m: unknown, where: string): MoveSpec {
  const mv = m as Record<string, unknown>;
  const ok =
    typeof m === 'object' &&
    m !== null &&
    !Array.isArray(m) &&
    typeof mv.from === 'string' &&
    typeof mv.to === 'string' &&
    (mv.count === undefined || (typeof mv.count === 'number' && Number.isSafeInteger(mv.count) && mv.count >= 1));
  if (!ok) throw new SolutionError(`${where} is not a move {"from", "to", "count"?}: ${JSON.stringify(m)}`);
  return mv.count === undefined
    ? { from: mv.from as string, to: mv.to as string }
    : { from: mv.from as string, to: mv.to as string, count: mv.count as number };
}

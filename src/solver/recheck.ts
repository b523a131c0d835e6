// A claim of `lost` proved again (verify's check): a plain exhaustive DFS, one search in the move
// generator's own order (not the policy, which chose and ordered its searches otherwise), cutting
// only with the deadlock tests the claim's proof names, each cut checked again by the test's plain
// version (src/proof/plain.ts), so that no cut rests on the fast code alone.
import { baseCandidates, type Deal } from '../engine/deal';
import { DeadlockAuditError } from '../proof/cuts';
import { type DeadlockTest, type Proof, testsOf } from '../proof/proof';
import { solve, type SolveResult } from './solve';

/** How the check went, rank by rank until one fails: every rank proved lost, or the first that was not and why. */
export type Recheck =
  /** Every rank proved lost again; `reasons` are the reserve test's words at the deal, per rank, where it proves it. */
  | { outcome: 'confirmed'; tests: DeadlockTest[]; nodes: number; reasons: { base?: number; reason: string }[] }
  /** The search won: the claim is wrong. */
  | { outcome: 'won'; tests: DeadlockTest[]; base?: number; nodes: number; moves: number }
  /** The budget ran out before the search had tried everything. */
  | { outcome: 'ran out'; tests: DeadlockTest[]; base?: number }
  /** A fast test cut a position its plain version does not find lost. */
  | { outcome: 'audit failed'; tests: DeadlockTest[]; base?: number; message: string };

/**
 * Proves a claim of `lost` again, with the tests `proof` names (none: plain exhaustive search), for
 * base rank `base` in the Terrace family (every candidate rank when undefined), within `maxNodes`
 * nodes per rank.
 */
export function recheckLoss(deal: Deal, proof: Proof | undefined, base: number | undefined, maxNodes: number): Recheck {
  const tests = proof !== undefined ? testsOf(proof) : [];
  const ranks = !deal.rules.terraceFamily ? [undefined] : base !== undefined ? [base] : baseCandidates(deal);
  let nodes = 0;
  const reasons: { base?: number; reason: string }[] = [];
  for (const rank of ranks) {
    let r: SolveResult;
    try {
      r = solve(deal, { search: 'dfs-plain', base: rank, maxNodes, deadlocks: tests.length > 0 ? tests : false, deadlockAudit: true, marks: false });
    } catch (e) {
      if (!(e instanceof DeadlockAuditError)) throw e;
      return { outcome: 'audit failed', tests, base: rank, message: e.message };
    }
    nodes += r.stats.nodes;
    if (r.result === 'won') return { outcome: 'won', tests, base: rank, nodes: r.stats.nodes, moves: r.moves.length };
    if (r.result !== 'lost') return { outcome: 'ran out', tests, base: rank };
    if (r.reason) reasons.push({ base: rank, reason: r.reason });
  }
  return { outcome: 'confirmed', tests, nodes, reasons };
}

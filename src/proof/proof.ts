// Room src/proof: proofs that a position can never be won, over the engine alone, so that a search
// may cut it (a proof of loss then names the tests that cut: exhaustive+deadlock:<tests>), and so
// that verify can check every cut again (the referee checks them with its own code). This file is
// the proof vocabulary: verdicts, the deadlock tests' names, the proofs a `lost` names, and which
// tests apply to a game. The rest: chains.ts (the alternate-colour foundations' classes and J,
// shared by the tests), reserve.ts, waste.ts and waste-order.ts (the tests, each argued where it is
// written), cuts.ts (the tests a search asks, with their counts), plain.ts (second, plain versions
// of the waste and order tests that verify asks at every cut) and safe-moves.ts (foundation moves
// played alone without losing a win). The room may import src/engine, src/rules and src/cards, and
// nothing above them: src/search and everything over it (eslint.config.mjs).
import type { GameState } from '../engine/state';

/** What a solve says of a deal: won (with a line the engine replays), lost (with a proof) or unknown. */
export type Verdict = 'won' | 'lost' | 'unknown';

/** The names of the tests, as a proof names them. */
export type DeadlockTest = 'reserve' | 'waste' | 'order';
/** Every test, in the order a proof lists them. */
export const DEADLOCK_TESTS: readonly DeadlockTest[] = ['reserve', 'waste', 'order'];
/** How a `lost` was proved: by exhaustive search alone, or with cuts by the tests named. */
export const PROOFS = [
  'exhaustive',
  'exhaustive+deadlock:reserve',
  'exhaustive+deadlock:waste',
  'exhaustive+deadlock:reserve,waste',
  'exhaustive+deadlock:order',
  'exhaustive+deadlock:reserve,order',
  'exhaustive+deadlock:waste,order',
  'exhaustive+deadlock:reserve,waste,order',
] as const;
export type Proof = (typeof PROOFS)[number];

/** The proof of an exhaustive search that cut positions with `tests` (none: plain exhaustive). */
export function proofOf(tests: readonly DeadlockTest[]): Proof {
  const named = DEADLOCK_TESTS.filter((t) => tests.includes(t));
  return (named.length === 0 ? 'exhaustive' : `exhaustive+deadlock:${named.join(',')}`) as Proof;
}

/** The tests a proof names (none for plain exhaustive search). */
export function testsOf(proof: Proof): DeadlockTest[] {
  const at = proof.indexOf(':');
  return at < 0 ? [] : (proof.slice(at + 1).split(',') as DeadlockTest[]);
}

/**
 * The tests that apply to a game: "reserve" in the Terrace family with a reserve (Signora, Double
 * Signora); "waste" and "order" in the alternate-colour games with a stock and no cells (all four).
 */
export function testsThatApply(s: GameState): DeadlockTest[] {
  const r = s.rules;
  const out: DeadlockTest[] = [];
  if (r.terraceFamily && r.reserveSize > 0) out.push('reserve');
  if (r.suitsIrrelevant && r.hasStock && s.C === 0) out.push('waste', 'order');
  return out;
}

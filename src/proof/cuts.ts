// The deadlock tests one search asks (those asked that apply to its game) and how many positions
// each has cut: a search cuts a position they prove lost instead of searching under it, and its
// proof of loss names the tests that cut (proof.ts's proofOf).
import { rankName } from '../cards/card';
import type { RunBoard } from '../engine/runboard';
import type { GameState } from '../engine/state';
import { chainBase } from './chains';
import { DEADLOCK_TESTS, type DeadlockTest, testsThatApply } from './proof';
import { ReserveTest } from './reserve';
import { WasteTest } from './waste';
import { WasteOrder } from './waste-order';

export class DeadlockCuts {
  /** Positions each test cut since the search's run began (newRun). */
  readonly cuts: Record<DeadlockTest, number> = { reserve: 0, waste: 0, order: 0 };
  /** Positions each test cut in the search's earlier runs. */
  readonly cutsBefore: Record<DeadlockTest, number> = { reserve: 0, waste: 0, order: 0 };
  /** The tests asked, each only where it applies (testsThatApply); null: not asked here. */
  private readonly reserve: ReserveTest | null;
  private readonly waste: WasteTest | null;
  readonly order: WasteOrder | null;

  /**
   * The tests `tests` among those that apply to this game (testsThatApply). `audit`, if given, is
   * asked again wherever a test cuts (plain.ts's versions), and a disagreement throws: verify's
   * second opinion. `pileBottoms`: the waste test asks its bottoms' condition where it applies
   * (waste.ts); the playouts' test leaves it out (nmcs.ts), so that their play stays the same.
   */
  constructor(
    s: GameState,
    tests: readonly DeadlockTest[] = DEADLOCK_TESTS,
    private readonly audit?: DeadlockAudit,
    pileBottoms = true,
  ) {
    const apply = testsThatApply(s);
    this.reserve = apply.includes('reserve') && tests.includes('reserve') ? new ReserveTest() : null;
    // The waste test rests on every tableau pile being a run (no card on one it may not be built on:
    // the state's disorder count is 0); legal moves keep that, and every deal has it, but a position
    // made by hand (the library's non-strict deals) may not: no test there.
    this.waste = apply.includes('waste') && tests.includes('waste') && s.disorder === 0 ? new WasteTest(undefined, pileBottoms) : null;
    // The order test rests on the same J as the waste test, so on the same runs.
    this.order = apply.includes('order') && tests.includes('order') && s.disorder === 0 ? new WasteOrder() : null;
  }

  /** The tests asked that apply here. */
  get tests(): DeadlockTest[] {
    return DEADLOCK_TESTS.filter((t) => (t === 'reserve' ? this.reserve : t === 'waste' ? this.waste : this.order) !== null);
  }

  /** The tests that have cut a position in this run. */
  used(): DeadlockTest[] {
    return DEADLOCK_TESTS.filter((t) => this.cuts[t] > 0);
  }

  /** The search starts a new run: this run's counts go to the earlier runs'. */
  newRun(): void {
    this.cutsBefore.reserve += this.cuts.reserve;
    this.cutsBefore.waste += this.cuts.waste;
    this.cutsBefore.order += this.cuts.order;
    this.cuts.reserve = this.cuts.waste = this.cuts.order = 0;
  }

  /** The tests that have cut a position in any run. */
  usedEver(): DeadlockTest[] {
    return DEADLOCK_TESTS.filter((t) => this.cuts[t] + this.cutsBefore[t] > 0);
  }

  /** True when a test proves s lost, counted as a cut of that test (false when no base is known yet). */
  provesLost(s: GameState): boolean {
    if (this.reserve !== null && this.reserve.provesLost(s)) {
      if (this.audit && !this.audit.reserve(s)) throw new DeadlockAuditError('reserve', chainBase(s));
      this.cuts.reserve++;
      return true;
    }
    if (this.waste !== null && this.waste.provesLost(s)) {
      if (this.audit && !this.audit.waste(s)) throw new DeadlockAuditError('waste', this.waste.base);
      this.cuts.waste++;
      return true;
    }
    if (this.order !== null && s.len[s.RESERVE] === 0) {
      const base = chainBase(s);
      if (base >= 0 && this.order.provesLost(s, base)) {
        if (this.audit && !this.audit.order(s)) throw new DeadlockAuditError('order', base);
        this.cuts.order++;
        return true;
      }
    }
    return false;
  }

  /**
   * provesLost for a RunBoard's position (the nested Monte Carlo search's playouts), where the
   * waste test is the only test asked: the same answer it gives for the state the board holds.
   */
  provesLostBoard(b: RunBoard): boolean {
    if (this.reserve !== null || this.order !== null) throw new Error('internal error: a board is asked only the waste test (src/proof/cuts.ts)');
    if (this.waste !== null && this.waste.provesLostBoard(b)) {
      this.cuts.waste++;
      return true;
    }
    return false;
  }

  /** The reserve test's reason why s is lost, in words a player can check by hand (null: it does not prove it). */
  explain(s: GameState): string | null {
    return this.reserve?.explain(s) ?? null;
  }
}

/** Plain second versions of the three tests (plain.ts), asked where the fast ones cut. */
export interface DeadlockAudit {
  reserve(s: GameState): boolean;
  waste(s: GameState): boolean;
  order(s: GameState): boolean;
}

/** A test found a position dead that its plain version (the audit) does not. */
export class DeadlockAuditError extends Error {
  constructor(test: DeadlockTest, base: number) {
    super(
      `the ${test} test cut a position (base ${rankName(base)}) that its plain check does not find dead, so this proof is not confirmed (the loss may still hold)` +
        (test === 'order' ? ': the plain check may have run out of its relaxed positions, or a bug' : ': a bug') +
        ', please report it with the deal and the solution',
    );
  }
}

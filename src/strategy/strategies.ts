// Room src/strategy: the science of choosing the base card in the Terrace family. This file holds
// the strategies and scores them on a run's deals (scoreRun); features.ts, learned.ts and the
// generated learned-model.ts the learned strategy, strategy-eval.ts and strategy-report.ts the
// evaluation from per-deal files (paired tests, held-out, sensitivity), advice.ts what `advise`
// prints, chart.ts strategies.svg. It may import src/records, src/solver, src/engine, src/rules and
// src/cards, never src/analysis or src/cli (eslint.config.mjs): src/cli/compose.ts hands scoreRun
// to a run.
//
// Base-card selection strategies for the Terrace family (Signora, Double Signora, Empress of Italy).
//
// A strategy is what a player could do at the start: it sees the dealt cards and the variant's
// rules, never the stock. Every card but the stock is dealt face up (docs/RULES.md; the Signora and
// Double Signora seeds say the reserve is dealt face up), so a player sees the top card of every
// tableau pile and the whole reserve, in order, though only the reserve's top can move. The six
// rules below use only the exposed cards (tableau tops and reserve top); the learned strategy
// (learned.ts) also reads the reserve below its top. A strategy returns a base rank 0..12.
//
// Every honest strategy picks among the exposed ranks (in Signora they are exactly the ranks that
// may be chosen; in Double Signora and Empress any rank may start a foundation, but only an exposed
// one can do so at once). Ties are broken deterministically, always ending with "lowest rank
// (A < 2 < ... < K)"; the order of the keys before that is given with each strategy.
//
// A strategy is scored from the per-rank verdicts the analysis already computed: its pick for a
// deal is won iff that rank's row is won (unknown if that row is unknown or missing). The oracle
// `best` (won if any rank wins) bounds every strategy from above.
import { colourOf, RANKS, rankOf } from '../cards/card';
import { type Deal, dealFromSeed } from '../engine/deal';
import { getRules } from '../rules/variants';
import type { RuleTable } from '../rules/vocabulary';
import type { Verdict } from '../proof/proof';
import { type StrategyRow, baseLabel } from '../records/records';
import { winRate } from '../records/stats';
import type { DealVerdicts } from '../records/verdicts';

/** What a player sees before choosing the base rank. */
export interface DealView {
  /** Top card of each tableau pile, left to right (card integers, src/cards/card.ts). */
  tableauTops: number[];
  /** Top card of the reserve; null when the variant has no reserve. */
  reserveTop: number | null;
  /** The whole reserve, bottom to top (face up, so visible); absent = only its top is known. */
  reserve?: number[];
}

export function viewOfDeal(deal: Deal): DealView {
  return {
    tableauTops: deal.tableau.filter((p) => p.length > 0).map((p) => p[p.length - 1]),
    reserveTop: deal.reserve.length > 0 ? deal.reserve[deal.reserve.length - 1] : null,
    reserve: [...deal.reserve],
  };
}

export function exposedCards(v: DealView): number[] {
  return v.reserveTop === null ? [...v.tableauTops] : [...v.tableauTops, v.reserveTop];
}

/** Exposed copies per rank (index 0..12). */
export function exposedCounts(v: DealView): number[] {
  const n = new Array(13).fill(0);
  for (const c of exposedCards(v)) n[rankOf(c)]++;
  return n;
}

export interface Strategy {
  name: string;
  description: string;
  pick(v: DealView): number;
  /** The ranks it would choose among, best first (pick(v) === order(v)[0]); for `solitaire advise`. */
  order(v: DealView): number[];
  /** What ordered rank r, in short (`3 exposed`, `0.84`); for `solitaire advise`. */
  score?(v: DealView, r: number): string;
  /** What the score is, in words. */
  scoreMeaning?: string;
}

/** The exposed ranks sorted by key vector (compared left to right), then by lowest rank. */
function orderBy(v: DealView, key: (r: number, counts: number[]) => number[]): number[] {
  const counts = exposedCounts(v);
  const ranks: { r: number; k: number[] }[] = [];
  for (let r = 0; r < 13; r++) if (counts[r] > 0) ranks.push({ r, k: key(r, counts) });
  if (ranks.length === 0) throw new Error('strategy: no exposed card');
  ranks.sort((a, b) => {
    for (let i = 0; i < a.k.length; i++) if (a.k[i] !== b.k[i]) return a.k[i] - b.k[i];
    return a.r - b.r;
  });
  return ranks.map((x) => x.r);
}

/**
 * A strategy from its sort key: it picks the exposed rank with the smallest key, then the lowest
 * rank. `score` says the key in words, `scoreMeaning` what it is.
 */
function keyed(
  name: string,
  description: string,
  key: (v: DealView, r: number, counts: number[]) => number[],
  score: (v: DealView, r: number, counts: number[]) => string,
  scoreMeaning: string,
): Strategy {
  return {
    name,
    description,
    pick: (v) => orderBy(v, (r, n) => key(v, r, n))[0],
    order: (v) => orderBy(v, (r, n) => key(v, r, n)),
    score: (v, r) => score(v, r, exposedCounts(v)),
    scoreMeaning,
  };
}

/**
 * Length of the longest foundation run that the exposed cards alone could start with base r:
 * r, r+1, ... (wrapping), alternating colours, each step an exposed card not used before.
 */
export function exposedRunLength(v: DealView, r: number): number {
  const left = new Array(52).fill(0);
  for (const c of exposedCards(v)) left[c]++;
  const has = (rank: number, colour: number) => [0, 1, 2, 3].some((s) => left[rank * 4 + s] > 0 && colourOf(rank * 4 + s) === colour);
  let best = 0;
  for (const start of [0, 1]) {
    let n = 0;
    let colour = start;
    // Each rank appears at most once in a run of length <= 13, so no card is used twice.
    while (n < 13 && has((r + n) % 13, colour)) {
      n++;
      colour ^= 1;
    }
    best = Math.max(best, n);
  }
  return best;
}

export const MOST_EXPOSED: Strategy = keyed(
  'most-exposed',
  'the rank with the most exposed copies (ties: lowest rank)',
  (_v, r, n) => [-n[r]],
  (_v, r, n) => `${n[r]} exp`,
  'exposed copies of the rank (more first; ties: lowest rank)',
);

export const STRATEGIES: readonly Strategy[] = [
  MOST_EXPOSED,
  {
    name: 'reserve-top',
    description: "the reserve top's rank; without a reserve (Empress), most-exposed",
    pick: (v) => (v.reserveTop !== null ? rankOf(v.reserveTop) : MOST_EXPOSED.pick(v)),
    // The reserve top first, then the others as most-exposed orders them.
    order: (v) => {
      const rest = MOST_EXPOSED.order(v);
      if (v.reserveTop === null) return rest;
      const top = rankOf(v.reserveTop);
      return [top, ...rest.filter((r) => r !== top)];
    },
    score: (v, r) => (v.reserveTop !== null && rankOf(v.reserveTop) === r ? 'reserve top' : `${exposedCounts(v)[r]} exp`),
    scoreMeaning: "the reserve top's rank first, then exposed copies (more first)",
  },
  keyed(
    'least-predecessor',
    'the exposed rank whose predecessor (rank-1, K before A) has the fewest exposed copies, as those cards go up last (ties: most exposed copies, then lowest rank)',
    (_v, r, n) => [n[(r + 12) % 13], -n[r]],
    (_v, r, n) => `pred ${n[(r + 12) % 13]}`,
    'exposed copies of the rank below (fewer first; ties: more exposed copies, then lowest rank)',
  ),
  keyed(
    'lowest-exposed',
    'the lowest exposed rank (A lowest, K highest)',
    (_v, r) => [r],
    (_v, r) => `rank ${RANKS[r]}`,
    'the rank (lowest first)',
  ),
  keyed(
    'highest-exposed',
    'the highest exposed rank',
    (_v, r) => [-r],
    (_v, r) => `rank ${RANKS[r]}`,
    'the rank (highest first)',
  ),
  keyed(
    'longest-run',
    'the rank whose foundation run from exposed cards alone is longest (ties: most exposed copies, then lowest rank)',
    (v, r, n) => [-exposedRunLength(v, r), -n[r]],
    (v, r) => `run ${exposedRunLength(v, r)}`,
    'the foundation run the exposed cards alone build from the rank (longer first; ties: more exposed copies)',
  ),
];

export function strategyByName(name: string): Strategy | undefined {
  return STRATEGIES.find((s) => s.name === name);
}

/** One deal as the strategy evaluation sees it: what the player saw, and the per-rank verdicts. */
export interface StrategyDeal extends DealVerdicts {
  view: DealView;
}

function scoreRow(variant: string, strategy: string, verdicts: Verdict[]): StrategyRow {
  const won = verdicts.filter((v) => v === 'won').length;
  const unknown = verdicts.filter((v) => v === 'unknown').length;
  const e = winRate(won, unknown, verdicts.length);
  const lost = verdicts.length - won - unknown;
  return { variant, strategy, deals: verdicts.length, won, unknown, lost, win_rate: e.rate, ci_low: e.low, ci_high: e.high };
}

/**
 * The verdict of the oracle over the exposed ranks: won if an exposed rank's row is won, lost if all
 * are lost. In Double Signora and Empress (base = first foundation card) it is the best a player
 * can do by putting an exposed card on a foundation at once, rather than waiting for another rank.
 */
export function bestExposedVerdict(d: StrategyDeal): Verdict {
  const n = exposedCounts(d.view);
  const v: Verdict[] = [];
  for (let r = 0; r < 13; r++) if (n[r] > 0) v.push(d.rows.get(baseLabel(r))?.result ?? 'unknown');
  if (v.includes('won')) return 'won';
  return v.length > 0 && v.every((x) => x === 'lost') ? 'lost' : 'unknown';
}

/**
 * Rows of strategies.csv for one variant: the oracle `best` first; in Double Signora and Empress
 * (any rank may be the base) then `best-exposed`, the oracle over the exposed ranks; then every
 * strategy.
 */
export function evaluateStrategies(variant: string, deals: StrategyDeal[], strategies: readonly Strategy[] = STRATEGIES): StrategyRow[] {
  const out = [
    scoreRow(
      variant,
      'best',
      deals.map((d) => d.best),
    ),
  ];
  if (getRules(variant).baseRule !== 'first-move') out.push(scoreRow(variant, 'best-exposed', deals.map(bestExposedVerdict)));
  for (const s of strategies) {
    const verdicts = deals.map((d) => d.rows.get(baseLabel(s.pick(d.view)))?.result ?? 'unknown');
    out.push(scoreRow(variant, s.name, verdicts));
  }
  return out;
}

/**
 * The rows of strategies.csv of one variant of a finished run (analyze, merge: the scoring src/cli
 * passes to the run): each deal's view dealt again from its seed under the run's rules.
 */
export function scoreRun(rules: RuleTable, deals: DealVerdicts[]): StrategyRow[] {
  return evaluateStrategies(
    rules.name,
    deals.map((d) => ({ ...d, view: viewOfDeal(dealFromSeed(rules, d.seed)) })),
  );
}

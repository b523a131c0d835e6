// From per-deal rows to the summary rows of FORMATS.md. Pure functions: the run computes the final
// summary from the per-deal file with these, so an interrupted-then-resumed run and a straight run
// give the same file.
import { RANKS } from '../cards/card';
import type { Verdict } from '../proof/proof';
import type { DealRow, SummaryRow } from '../records/records';
import { winRate } from '../records/stats';
import { bestVerdict, groupBySeed } from '../records/verdicts';

export type BaseMode = 'all' | 'any';

function countRow(variant: string, base: string, verdicts: Verdict[]): SummaryRow {
  const won = verdicts.filter((v) => v === 'won').length;
  const lost = verdicts.filter((v) => v === 'lost').length;
  const unknown = verdicts.length - won - lost;
  const e = winRate(won, unknown, verdicts.length);
  return { variant, base, deals: verdicts.length, won, lost, unknown, win_rate: e.rate, ci_low: e.low, ci_high: e.high };
}

export interface SummariseOptions {
  variant: string;
  terraceFamily: boolean;
  /** `all`: per-rank rows, `best` and `any`; `any`: the `any` row only. Ignored outside the Terrace family. */
  mode: BaseMode;
  /** Only these seeds count (default: every seed in the rows). */
  seeds?: (seed: number) => boolean;
  /** Candidate rank letters of a deal (for `best`'s "lost only when every rank is lost"). */
  candidates?: (seed: number) => string[] | undefined;
}

/**
 * Summary rows: for the Terrace family in mode `all`, one row per rank A..K (each counting the
 * deals that have a row for that rank: in Signora, the deals where the rank could be chosen), then
 * `best` and `any`; otherwise a single `any` row. Rows of other variants are ignored.
 */
export function summarise(rows: DealRow[], o: SummariseOptions): SummaryRow[] {
  const mine = rows.filter((r) => r.variant === o.variant && (!o.seeds || o.seeds(r.seed)));
  const bySeed = groupBySeed(mine);
  const seeds = [...bySeed.keys()].sort((a, b) => a - b);
  const out: SummaryRow[] = [];
  const anyVerdicts: Verdict[] = [];
  for (const s of seeds) {
    const r = bySeed.get(s)!.get('any');
    if (r) anyVerdicts.push(r.result);
  }
  if (o.terraceFamily && o.mode === 'all') {
    for (const letter of RANKS) {
      const v: Verdict[] = [];
      for (const s of seeds) {
        const r = bySeed.get(s)!.get(letter);
        if (r) v.push(r.result);
      }
      out.push(countRow(o.variant, letter, v));
    }
    const best: Verdict[] = [];
    for (const s of seeds) {
      const b = bestVerdict(bySeed.get(s)!, o.candidates?.(s));
      if (b) best.push(b);
    }
    out.push(countRow(o.variant, 'best', best));
  }
  out.push(countRow(o.variant, 'any', anyVerdicts));
  return out;
}

/**
 * Deals whose `best` and `any` verdicts contradict each other (one proved won, the other proved
 * lost): never possible if the solver is right, so the run reports them.
 */
export function bestAnyConflicts(rows: DealRow[], variant: string, candidates?: (seed: number) => string[] | undefined): number[] {
  const out: number[] = [];
  for (const [seed, g] of groupBySeed(rows.filter((r) => r.variant === variant))) {
    const any = g.get('any')?.result;
    const best = bestVerdict(g, candidates?.(seed));
    if (!any || !best) continue;
    if ((any === 'won' && best === 'lost') || (any === 'lost' && best === 'won')) out.push(seed);
  }
  return out.sort((a, b) => a - b);
}

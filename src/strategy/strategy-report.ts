// Text tables of the strategy evaluation (`solitaire strategies`), from strategy-eval.ts results.
import { getRules } from '../rules/variants';
import { fmtP } from '../records/paired';
import type { HeldOut, PairedRow, SensitivityResult, VariantEvaluation } from './strategy-eval';
import type { StrategyRow } from '../records/records';
import { percent, points } from '../records/format';
import { learnedLabel, legendText } from '../records/strategy-notes';
import { strategyNames } from './legend';

const pct = (x: number) => percent(x);
const pts = (x: number) => points(x);

/** The paired row of A against B (either order in the file; flipped to read "A - B"). */
export function findPair(rows: PairedRow[], a: string, b: string, measure: 'budget' | 'decided', seeds?: string): PairedRow | null {
  for (const r of rows) {
    if (r.measure !== measure || (seeds !== undefined && r.seeds !== seeds)) continue;
    if (r.nameA === a && r.nameB === b) return r;
    if (r.nameA === b && r.nameB === a)
      return { ...r, nameA: a, nameB: b, a: r.a, b: r.c, c: r.b, wonA: r.wonB, wonB: r.wonA, diff: -r.diff, ciLow: -r.ciHigh, ciHigh: -r.ciLow };
  }
  return null;
}

/** The fixed strategy with the highest win rate (first in list order on ties). */
export function leader(rows: StrategyRow[]): StrategyRow {
  const fixed = rows.filter((r) => !r.strategy.startsWith('best'));
  return fixed.reduce((a, b) => (b.won > a.won ? b : a));
}

function pad(cells: string[], widths: number[]): string {
  return cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
}

/**
 * The evaluation of one game as text. The pairs whose difference is not significant are counted;
 * with `allPairs` they are listed as a table (pair, difference in points with its 95% interval,
 * p, Holm p), most different first.
 */
export function formatEvaluation(e: VariantEvaluation, allPairs = false): string[] {
  const rules = getRules(e.variant);
  const seeds = e.paired[0]?.seeds ?? '';
  const lead = leader(e.strategyRows);
  const out: string[] = [];
  out.push(`${rules.title}: ${e.deals.length} deals (seeds ${seeds}); won = won by the solver within the per-rank budget (a lower bound)`);
  const l = e.learned?.row ? e.learned : null;
  const widths = [Math.max(18, l ? learnedLabel(l).length : 0), 6, 7, 16, 24, 9, 9, 5];
  out.push(pad(['strategy', 'won', 'rate', '95% interval', `diff to ${lead.strategy} [95% CI]`, 'p', 'Holm p', 'sig.'], widths));
  const row = (label: string, r: StrategyRow, p: PairedRow | null) => {
    const cells = [label, String(r.won), pct(r.win_rate), `[${pct(r.ci_low)}, ${pct(r.ci_high)}]`];
    if (p) cells.push(`${pts(p.diff)} [${pts(p.ciLow)}, ${pts(p.ciHigh)}]`, fmtP(p.p), fmtP(p.pHolm), p.significant ? 'yes' : 'no');
    else cells.push('(leader)', '', '', '');
    return pad(cells, widths);
  };
  for (const r of e.strategyRows)
    out.push(row(r.strategy, r, r.strategy === lead.strategy ? null : findPair(e.paired, r.strategy, lead.strategy, 'budget', seeds)));
  // The learned strategy on its held-out seeds, against the leader on the same seeds.
  if (l) out.push(row(learnedLabel(l), l.row!, findPair(e.paired, 'learned', lead.strategy, 'budget', l.seeds)));
  const fam = e.paired.filter((r) => r.measure === 'budget' && r.seeds === seeds);
  const sig = fam.filter((r) => r.significant);
  const ns = fam.filter((r) => !r.significant).sort((a, b) => Math.abs(b.diff) - Math.abs(a.diff) || a.p - b.p);
  out.push(
    `  ${sig.length} of ${fam.length} paired comparisons significant at 5% after Holm's correction (exact McNemar); ${ns.length} not significant${ns.length && !allPairs ? ' (list them with --all)' : ns.length ? ':' : ''}`,
  );
  if (allPairs && ns.length) {
    const w = [40, 24, 9, 9];
    out.push('    ' + pad(['pair (A vs B)', 'A - B, points [95% CI]', 'p', 'Holm p'], w));
    for (const r of ns) out.push('    ' + pad([`${r.nameA} vs ${r.nameB}`, `${pts(r.diff)} [${pts(r.ciLow)}, ${pts(r.ciHigh)}]`, fmtP(r.p), fmtP(r.pHolm)], w));
  }
  const dec = e.paired.filter((r) => r.measure === 'decided' && r.seeds === seeds);
  const sizes = dec.map((r) => r.deals);
  const decLost = dec.reduce((a, r) => a + r.deals - r.a, 0);
  const decSig = dec.filter((r) => r.significant).length;
  out.push(
    `  decided subset (both compared verdicts won or lost): ${Math.min(...sizes)}-${Math.max(...sizes)} deals per pair; ${decLost === 0 ? 'no proved loss among them, so both sides win every deal of it and it cannot separate strategies' : `${decSig} significant`}`,
  );
  if (e.heldOut) out.push(...formatHeldOut(e.heldOut));
  else if (e.learnedLeftOut)
    out.push(
      `  learned strategy left out: every seed here (${seeds}) is in its training range ${e.learnedLeftOut.from}-${e.learnedLeftOut.to}, and it is evaluated only on seeds outside that range`,
    );
  return out;
}

/** The legend under the tables of the games `evals`: what each strategy name shown means. */
export function formatLegend(evals: VariantEvaluation[]): string[] {
  const shown = evals.flatMap((e) => [...e.strategyRows.map((r) => r.strategy), ...(e.learned?.row ? ['learned'] : [])]);
  return legendText(strategyNames(), shown);
}

/** What the fixed strategy the learned one is compared with was chosen on. */
function chosenOn(h: HeldOut): string {
  const t = h.model.trainSeeds;
  if (h.trainDeals === 0)
    return `best fixed strategy on these held-out seeds: this directory has none of the training seeds ${t.from}-${t.to} to choose it on, which favours it`;
  return `best fixed strategy on the ${h.trainDeals} training seeds here, ${h.bestFixedSeeds}`;
}

export function formatHeldOut(h: HeldOut): string[] {
  const rate = (n: string) => h.rates.find((r) => r.name === n)!;
  const out: string[] = [];
  const m = h.model;
  out.push(
    `  learned strategy (fitted on seeds ${m.trainSeeds.from}-${m.trainSeeds.to}), held-out seeds ${h.seeds} (${h.deals} deals): oracle ${pct(rate('best').rate)}, ${h.bestFixed} (${chosenOn(h)}) ${pct(rate(h.bestFixed).rate)}, learned ${pct(rate('learned').rate)}`,
  );
  const p = findPair(h.paired, 'learned', h.bestFixed, 'budget');
  if (p)
    out.push(
      `    learned - ${h.bestFixed}: ${pts(p.diff)} points [${pts(p.ciLow)}, ${pts(p.ciHigh)}], p ${fmtP(p.p)} (Holm ${fmtP(p.pHolm)}, ${p.significant ? 'significant' : 'not significant'}); gap to the oracle ${pts(rate('best').rate - rate(h.bestFixed).rate)} points, of which the learned strategy closes ${pct(h.gapClosed)}`,
    );
  return out;
}

export function formatSensitivity(r: SensitivityResult, labelA: string, labelB: string): string[] {
  const rules = getRules(r.variant);
  const out: string[] = [];
  out.push(`${rules.title}: ${r.deals} deals in both (seeds ${r.seeds}); deals won by each fixed strategy`);
  const widths = [18, 12, 12];
  out.push(pad(['strategy', labelA.slice(-12), labelB.slice(-12)], widths));
  for (const name of r.orderA) out.push(pad([name, String(r.wonA[name]), String(r.wonB[name])], widths));
  out.push(`  ranking A: ${r.orderA.join(' > ')}`);
  out.push(`  ranking B: ${r.orderB.join(' > ')}`);
  out.push(
    `  leader ${r.sameLeader ? 'the same' : 'changes'}; Kendall tau-b ${r.kendallTau.toFixed(2)}; significant pairs (Holm, 5%): ${r.significantA} in A, ${r.significantB} in B, ${r.significantBoth} in both; pairs whose difference changes sign: ${r.signFlips}`,
  );
  return out;
}

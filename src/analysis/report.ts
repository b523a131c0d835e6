// The table printed at the end of `solitaire analyze`.
import { fmtDuration } from './progress';
import { budgetOf } from './manifest';
import { percent } from '../records/format';
import type { StrategyRow, SummaryRow } from '../records/records';
import { type LearnedScore, type StrategyName, learnedLabel, legendText } from '../records/strategy-notes';
import type { AnalysisResult } from './run';

const pct = (x: number) => percent(x);

function rateCell(r: SummaryRow | undefined): string {
  if (!r || r.deals === 0) return '-';
  return `${pct(r.win_rate)} [${pct(r.ci_low)}, ${pct(r.ci_high)}]`;
}

function table(rows: string[][], rightAlign: boolean[]): string[] {
  const w = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  return rows.map((r) =>
    r
      .map((c, i) => (rightAlign[i] ? c.padStart(w[i]) : c.padEnd(w[i])))
      .join('  ')
      .trimEnd(),
  );
}

/** A rate for JSON: null for NaN (no deals), else rounded to 6 places. */
const rate = (x: number): number | null => (Number.isFinite(x) ? Math.round(x * 1e6) / 1e6 : null);

/**
 * The summary of a run as one JSON object (`analyze --json`): the command, settings and, per
 * variant, the verdict totals (the `best` row in the Terrace family with --base all, else `any`),
 * every summary row, the strategies, times and conflicts; then crashes and chart files.
 */
export function reportJson(res: AnalysisResult, charts: string[] = []): Record<string, unknown> {
  return {
    command: res.commandLine,
    seeds: { from: res.options.from, to: res.options.to },
    workers: res.options.workers,
    base: res.options.base,
    maxNodes: res.options.maxNodes,
    timeoutMs: res.options.timeoutMs ?? null,
    outDir: res.options.outDir,
    seconds: Math.round(res.seconds * 1000) / 1000,
    cpuSeconds: Math.round(res.cpuSeconds * 1000) / 1000,
    finished: new Date().toISOString(),
    variants: res.variants.map((v) => {
      const head = v.summary.find((r) => r.base === 'best') ?? v.summary.find((r) => r.base === 'any');
      return {
        variant: v.variant,
        cells: v.cells,
        deals: head?.deals ?? 0,
        won: head?.won ?? 0,
        lost: head?.lost ?? 0,
        unknown: head?.unknown ?? 0,
        winRate: head ? rate(head.win_rate) : null,
        ci: head ? [rate(head.ci_low), rate(head.ci_high)] : null,
        summary: v.summary.map((r) => ({
          base: r.base,
          deals: r.deals,
          won: r.won,
          lost: r.lost,
          unknown: r.unknown,
          winRate: rate(r.win_rate),
          ci: [rate(r.ci_low), rate(r.ci_high)],
        })),
        strategies:
          v.strategies?.map((s) => ({
            strategy: s.strategy,
            deals: s.deals,
            won: s.won,
            lost: s.lost,
            unknown: s.unknown,
            winRate: rate(s.win_rate),
            ci: [rate(s.ci_low), rate(s.ci_high)],
          })) ?? null,
        searches: v.searches,
        seconds: Math.round(v.seconds * 1000) / 1000,
        cpuSeconds: Math.round(v.cpuSeconds * 1000) / 1000,
        searchedDeals: v.searchedDeals,
        resumedDeals: v.resumedDeals,
        retried: v.retried,
        conflicts: v.conflicts,
      };
    }),
    crashes: res.crashes,
    charts,
  };
}

/** What the strategies table shows besides the run's rows: the names' meanings and the learned strategy held out (the composer's). */
export interface StrategyNotes {
  names: readonly StrategyName[];
  /** By variant: the learned strategy's score on the run's seeds outside its training range. */
  learned: ReadonlyMap<string, LearnedScore>;
}

/** The strategies table's rows of one game: its strategies.csv rows, then the learned strategy held out. */
function strategyRows(variant: string, rows: StrategyRow[], learned: LearnedScore | undefined): string[][] {
  const rate = (s: StrategyRow) => (s.deals ? `${pct(s.win_rate)} [${pct(s.ci_low)}, ${pct(s.ci_high)}]` : '-');
  const out = rows.map((s) => [variant, s.strategy, `${s.won}/${s.deals}`, rate(s)]);
  if (learned?.row) {
    const v = learned.versus;
    out.push([
      variant,
      learnedLabel(learned),
      `${learned.row.won}/${learned.row.deals}`,
      `${rate(learned.row)}${v ? `; ${v.strategy} on the same seeds: ${pct(v.win_rate)}` : ''}`,
    ]);
  } else if (learned) out.push([variant, 'learned', '-', `- (every seed is in its training range ${learned.trainSeeds})`]);
  return out;
}

/** Lines of the final report; `notes` (the composer's) for the learned strategy and the legend under the strategies. */
export function formatReport(res: AnalysisResult, notes: StrategyNotes): string[] {
  const out: string[] = [];
  out.push(`command: ${res.commandLine}`);
  const head = ['variant', 'deals', 'best: win rate [95% CI]', 'any: win rate [95% CI]', 'unknown best/any', 'time', 'search time'];
  const rows: string[][] = [head];
  for (const v of res.variants) {
    const best = v.summary.find((r) => r.base === 'best');
    const any = v.summary.find((r) => r.base === 'any');
    const deals = best ? best.deals : any ? any.deals : 0;
    rows.push([
      v.cells === null ? v.variant : `${v.variant} (${v.cells} cells)`,
      String(deals),
      best ? rateCell(best) : '-',
      rateCell(any),
      `${best ? best.unknown : '-'}/${any ? any.unknown : '-'}`,
      fmtDuration(v.seconds * 1000),
      fmtDuration(v.cpuSeconds * 1000),
    ]);
  }
  out.push(...table(rows, [false, true, false, false, true, true, true]));

  const strat = res.variants.filter((v) => v.strategies);
  if (strat.length) {
    out.push('');
    out.push('base-card strategies (won / deals; unknown counted both ways in the interval):');
    const srows: string[][] = [['variant', 'strategy', 'won', 'win rate [95% CI]']];
    for (const v of strat) srows.push(...strategyRows(v.variant, v.strategies!, notes.learned.get(v.variant)));
    out.push(...table(srows, [false, false, true, false]));
    const shown = strat.flatMap((v) => [...v.strategies!.map((s) => s.strategy), ...(notes.learned.has(v.variant) ? ['learned'] : [])]);
    out.push(...legendText(notes.names, shown));
  }

  for (const v of res.variants)
    if (res.retry)
      out.push(
        `${v.variant}: ${v.retried ? `${v.retried} unknown row${v.retried === 1 ? '' : 's'} searched again` : 'no unknown row to search again'} with ${budgetOf({ maxNodes: res.options.maxNodes, timeoutMs: res.options.timeoutMs ?? null })}`,
      );
  for (const v of res.variants)
    if (v.conflicts.length) out.push(`warning: ${v.variant}: best and any contradict each other (one won, one lost) on seeds ${v.conflicts.join(', ')}`);
  if (res.crashes.length) {
    out.push(`${res.crashes.length} search(es) crashed their worker; those deals are left out (rerun with --resume to retry):`);
    for (const c of res.crashes) out.push(`  ${c.variant} seed ${c.seed} base ${c.base}: ${c.error}`);
  }
  const cpu = res.cpuSeconds > 0 ? `, CPU ${fmtDuration(res.cpuSeconds * 1000)}` : '';
  out.push(`results in ${res.options.outDir} (per-deal, summary${strat.length ? ', strategies' : ''}); total ${fmtDuration(res.seconds * 1000)}${cpu}`);
  return out;
}

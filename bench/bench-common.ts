// What the bench's sections (bench.ts runs them) share: the options, our runs and fc-solve's per
// table, the CSV row and its columns, and the context the sections fill in turn.
import * as path from 'path';
import { getRules, VARIANTS } from '../src/rules/variants';
import type { RuleTable } from '../src/rules/vocabulary';
import type { Verdict } from '../src/proof/proof';
import type { SearchKind } from '../src/solver/policy';
import { isSearchKind } from '../src/solver/registry';
import { DEFAULT_FC_ITERS, type FcRun, type StartCost } from './fcsolve';
import { parseRange, quantile } from './util';

export interface BenchOptions {
  from: number;
  to: number;
  timeoutMs: number;
  search: SearchKind;
  variants: string[];
  analysis: { variant: string; from: number; to: number } | null;
  fcIters: number;
  /** Alternating timed rounds of ours and fc-solve's lg in the in-process comparison. */
  rounds: number;
  fcAtomic: boolean;
  /** The in-process comparison with fc-solve's library (section 4). */
  fcLib: boolean;
  /** The process-per-deal comparison (section 3, secondary). */
  fc: boolean;
  install: boolean;
  out: string;
  quick: boolean;
}

export function parseBenchArgs(argv: string[]): BenchOptions {
  const has = (name: string) => argv.includes(`--${name}`);
  const val = (name: string): string | undefined => {
    const i = argv.indexOf(`--${name}`);
    if (i < 0) return undefined;
    if (i + 1 >= argv.length || argv[i + 1].startsWith('--')) throw new Error(`--${name} needs a value`);
    return argv[i + 1];
  };
  const known = new Set([
    'seeds',
    'timeout',
    'quick',
    'search',
    'variants',
    'analysis-seeds',
    'analysis-variant',
    'fc-iters',
    'rounds',
    'fc-atomic',
    'no-fc',
    'no-fc-lib',
    'fc-process',
    'no-install',
    'no-analysis',
    'out',
    'help',
  ]);
  for (const a of argv) if (a.startsWith('--') && !known.has(a.slice(2))) throw new Error(`unknown option ${a}`);
  const quick = has('quick');
  const seeds = parseRange(val('seeds') ?? (quick ? '1-30' : '1-200'), '--seeds');
  const timeoutMs = Number(val('timeout') ?? (quick ? 500 : 1000));
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) throw new Error('bad --timeout: expected milliseconds > 0');
  const search = (val('search') ?? 'auto') as SearchKind;
  if (!isSearchKind(search)) throw new Error(`bad --search ${search}`);
  if (val('analysis-variant')) getRules(val('analysis-variant')!);
  const variants = (val('variants') ?? VARIANTS.map((v) => v.name).join(',')).split(',').filter(Boolean);
  for (const v of variants) getRules(v);
  const fcIters = Number(val('fc-iters') ?? DEFAULT_FC_ITERS * 5);
  if (!Number.isSafeInteger(fcIters) || fcIters < 1) throw new Error('bad --fc-iters');
  const rounds = Number(val('rounds') ?? (quick ? 1 : 5));
  if (!Number.isSafeInteger(rounds) || rounds < 1 || rounds > 20) throw new Error('bad --rounds: expected 1-20');
  return {
    from: seeds.from,
    to: seeds.to,
    timeoutMs,
    search,
    variants,
    analysis: has('no-analysis')
      ? null
      : { variant: val('analysis-variant') ?? 'signora', ...parseRange(val('analysis-seeds') ?? (quick ? '1-20' : '1-60'), '--analysis-seeds') },
    fc: !has('no-fc') && has('fc-process'),
    fcLib: !has('no-fc') && !has('no-fc-lib'),
    fcIters,
    rounds,
    fcAtomic: has('fc-atomic'),
    install: !has('no-install'),
    out: val('out') ?? path.join('results', 'bench.csv'),
    quick,
  };
}

export interface OurDeal {
  seed: number;
  result: Verdict;
  ms: number;
  nodes: number;
  moves: number;
  replayError?: string;
}

export interface OurRun {
  label: string;
  deals: OurDeal[];
  peakRssMb: number;
}

export interface FcDeal {
  seed: number;
  run: FcRun;
  netMs: number;
  replayError?: string;
}

export function tableRules(label: string): RuleTable {
  const m = /^freecell-(\d)$/.exec(label);
  return m ? getRules('freecell', { cells: Number(m[1]) }) : getRules(label);
}

export const COLUMNS = [
  'section',
  'variant',
  'solver',
  'seeds',
  'budget_ms',
  'deals',
  'won',
  'lost',
  'unknown',
  'median_ms',
  'p95_ms',
  'net_median_ms',
  'total_s',
  'deals_per_s',
  'net_deals_per_s',
  'work_per_s',
  'peak_rss_mb',
  'ratio_vs_ours',
  'net_ratio_vs_ours',
  'both_resolved',
  'agree',
  'conflicts',
  'replay_failures',
  'note',
] as const;
export type Row = Partial<Record<(typeof COLUMNS)[number], string | number>>;

export const f1 = (x: number) => (Number.isFinite(x) ? Number(x.toFixed(1)) : '');
export const f2 = (x: number) => (Number.isFinite(x) ? Number(x.toFixed(2)) : '');
export const f3 = (x: number) => (Number.isFinite(x) ? Number(x.toFixed(3)) : '');

/**
 * Verdict agreement of ours and fc-solve on the same deals (seeds[i]'s verdicts ours[i], theirs[i]):
 * the deals both decided, how many of those agree, and the seeds where they disagree or either is unknown.
 */
export function agreement(seeds: number[], ours: string[], theirs: string[]): { both: number; agree: number; disagree: string[]; unknown: string[] } {
  const out = { both: 0, agree: 0, disagree: [] as string[], unknown: [] as string[] };
  seeds.forEach((seed, i) => {
    const [u, v] = [ours[i], theirs[i]];
    if (u === 'unknown' || v === 'unknown') {
      out.unknown.push(`${seed} (ours ${u}, fc-solve ${v})`);
      return;
    }
    out.both++;
    if (u === v) out.agree++;
    else out.disagree.push(`seed ${seed}: ours ${u}, fc-solve ${v}`);
  });
  return out;
}

export function count(vs: Verdict[]): { won: number; lost: number; unknown: number } {
  return { won: vs.filter((v) => v === 'won').length, lost: vs.filter((v) => v === 'lost').length, unknown: vs.filter((v) => v === 'unknown').length };
}

/** The columns every timed row starts with: what ran, on how many deals, the verdicts, and the median and p95 times. */
export function timedRow(section: string, variant: string, solver: string, seeds: string, budgetMs: number, verdicts: Verdict[], sortedMs: number[]) {
  return {
    section,
    variant,
    solver,
    seeds,
    budget_ms: budgetMs,
    deals: verdicts.length,
    ...count(verdicts),
    median_ms: f2(quantile(sortedMs, 0.5)),
    p95_ms: f2(quantile(sortedMs, 0.95)),
  };
}
/** What the sections share: the options, the CSV rows, and our runs for the fc-solve tables. */
export interface Ctx {
  o: BenchOptions;
  seeds: string;
  rows: Row[];
  ours: Map<string, OurRun>;
  fcBin: string | null;
  fcNote: string;
  fcRuns: Map<string, { deals: FcDeal[]; start: StartCost }>;
}

export const FC_TABLES = ['winery', 'freecell', 'freecell-2'];

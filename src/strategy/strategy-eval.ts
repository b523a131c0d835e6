// Strategy evaluation from per-deal files, without re-solving (issue 13): strategies.csv,
// strategies-paired.csv, the held-out evaluation of the learned strategy, and the sensitivity check
// that compares two directories of per-deal files (e.g. two node budgets).
//
// Measures (a strategy "wins" a deal when the row of the rank it picks says so):
// - `budget`: won within the per-rank budget B of the per-deal file. Unknown and missing rows count
//   as not won, so every rate is a lower bound of the true rate (no loss needs proving). The
//   primary measure: reproducible for a given solver and budget.
// - `decided`: the same comparison restricted, pair by pair, to the deals on which both compared
//   verdicts are decided (won or lost). A strategy's verdict is that of its rank's row; an oracle's
//   is its OR-verdict (won if a rank in its set is won, lost only if all are lost). Lost rows are
//   proved losses, where the deadlock tests find them: the published Signora file holds 2,052 of
//   them, so there the subset holds lost deals too; the published Double Signora and Empress of
//   Italy files hold none, so there it is the deals both sides won. The files report its size.
import * as fs from 'fs';
import * as path from 'path';
import { baseCandidates, dealFromSeed } from '../engine/deal';
import { getRules, variantNames, VARIANTS } from '../rules/variants';
import { type LearnedModel, learnedStrategy } from './learned';
import { type PairedResult, comparePaired, fmtP, holmAdjust } from '../records/paired';

export { fmtP };
import {
  DEAL_COLUMNS,
  type DealRow,
  RecordsError,
  STRATEGY_COLUMNS,
  type StrategyRow,
  baseLabel,
  dealFile,
  fmtRate,
  parseBaseLabel,
  parseCsv,
  readDealFile,
  strategiesFile,
  strategyRecord,
  writeCsvFile,
} from '../records/records';
import type { LearnedScore } from '../records/strategy-notes';
import { STRATEGIES_CHART } from './chart';
import { LEARNED_MODELS } from './learned-model';
import { checkOutputs, prepareOutDir } from '../records/outputs';
import { STRATEGIES, type Strategy, type StrategyDeal, bestExposedVerdict, evaluateStrategies, viewOfDeal } from './strategies';
import { bestVerdict, groupBySeed } from '../records/verdicts';
import type { Verdict } from '../proof/proof';

/** The Terrace family's variants (the rules' terraceFamily flag), in the rules' order. */
export const TERRACE_VARIANTS: readonly string[] = VARIANTS.filter((v) => v.terraceFamily).map((v) => v.name);
export const PAIRED_FILE = 'strategies-paired.csv';
/** The chart of strategies.csv (drawn by chart.ts). */
export const CHART_FILE = STRATEGIES_CHART;
export const PAIRED_COLUMNS = [
  'variant',
  'seeds',
  'measure',
  'a',
  'b',
  'deals',
  'a_won',
  'b_won',
  'a_only',
  'b_only',
  'diff',
  'ci_low',
  'ci_high',
  'p_value',
  'p_holm',
  'significant',
] as const;
export type Measure = 'budget' | 'decided';
export const SIGNIFICANCE = 0.05;

/** The per-deal columns of earlier releases: before the `proof` column, and before the `cells` column. */
const LEGACY_DEAL_COLUMNS = [DEAL_COLUMNS.slice(0, 7), DEAL_COLUMNS.slice(0, 8)];

/**
 * Reads a per-deal file of any format: the current one (records.ts), or one published before the
 * `proof` column (read as if every proof field were empty; such files hold no `lost`) or before the
 * `cells` column (analyze could not change a cell count then: the rules' own count).
 */
export function readDealRowsAnyVersion(file: string): DealRow[] {
  if (!fs.existsSync(file)) return [];
  const text = fs.readFileSync(file, 'utf8');
  const nl = text.indexOf('\n');
  const header = (nl < 0 ? text : text.slice(0, nl)).replace(/\r$/, '');
  const legacy = LEGACY_DEAL_COLUMNS.find((cols) => cols.join(',') === header);
  if (!legacy) return readDealFile(file);
  const { records } = parseCsv(text);
  const rows: DealRow[] = [];
  for (let k = 1; k < records.length; k++) {
    const f = records[k];
    if (f.length === 1 && f[0] === '') continue;
    const where = `${file} line ${k + 1}`;
    if (f.length !== legacy.length) throw new RecordsError(`${where}: ${f.length} fields, expected ${legacy.length}`);
    const [variant, seed, base, result, moves, nodes, ms, proof = ''] = f;
    if (!/^\d+$/.test(seed)) throw new RecordsError(`${where}: bad seed "${seed}"`);
    if (parseBaseLabel(base) === -1) throw new RecordsError(`${where}: bad base "${base}"`);
    if (result !== 'won' && result !== 'unknown' && !(result === 'lost' && proof === 'exhaustive'))
      throw new RecordsError(`${where}: result "${result}"${proof ? ` with proof "${proof}"` : ''} in a file of an earlier format`);
    const cells = getRules(variant).cells;
    rows.push({
      variant,
      seed: Number(seed),
      base,
      result,
      moves: moves === '' ? null : Number(moves),
      nodes: Number(nodes),
      ms: Number(ms),
      proof: proof as DealRow['proof'],
      cells,
    });
  }
  return rows;
}

/** A deal for the evaluation: StrategyDeal plus its candidate rank letters. */
export interface EvalDeal extends StrategyDeal {
  candidates: string[];
}

/**
 * The deals of one Terrace variant that have per-rank rows in `dir`, by seed, optionally limited
 * to a seed range. The view is recomputed from the seed (dealing is frozen by golden tests).
 */
export function loadEvalDeals(dir: string, variant: string, seeds?: { from: number; to: number }): EvalDeal[] {
  const rules = getRules(variant);
  if (!rules.terraceFamily) throw new RecordsError(`${variant} is not in the Terrace family: it has no base card to choose`);
  const rows = readDealRowsAnyVersion(dealFile(dir, variant)).filter((r) => r.variant === variant && (!seeds || (r.seed >= seeds.from && r.seed <= seeds.to)));
  const out: EvalDeal[] = [];
  for (const [seed, g] of groupBySeed(rows)) {
    const deal = dealFromSeed(rules, seed);
    const candidates = baseCandidates(deal).map(baseLabel);
    const best = bestVerdict(g, candidates);
    if (!best) continue;
    out.push({ seed, view: viewOfDeal(deal), rows: g, best, candidates });
  }
  return out.sort((a, b) => a.seed - b.seed);
}

/** Something scored per deal: an oracle or a strategy. */
export interface Entity {
  name: string;
  verdict(d: EvalDeal): Verdict;
}

/** The oracle `best`: won if any candidate rank is won (lost only if every candidate is lost). */
export const BEST: Entity = { name: 'best', verdict: (d) => d.best };

/**
 * The oracle over the exposed ranks only: the best a player can do by putting an exposed card on a
 * foundation at once (Double Signora and Empress; in Signora it is `best`).
 */
export const BEST_EXPOSED: Entity = { name: 'best-exposed', verdict: bestExposedVerdict };

export function strategyEntity(s: Strategy): Entity {
  return { name: s.name, verdict: (d) => d.rows.get(baseLabel(s.pick(d.view)))?.result ?? 'unknown' };
}

/** Whether a variant's base is committed to later (any rank may start a foundation). */
export function commitsLater(variant: string): boolean {
  return getRules(variant).baseRule !== 'first-move';
}

/** The oracles and the six fixed strategies of a variant, in report order. */
export function standardEntities(variant: string): Entity[] {
  return [BEST, ...(commitsLater(variant) ? [BEST_EXPOSED] : []), ...STRATEGIES.map(strategyEntity)];
}

export interface PairedRow extends PairedResult {
  variant: string;
  seeds: string;
  measure: Measure;
  nameA: string;
  nameB: string;
  pHolm: number;
  significant: boolean;
}

/** Each entity's verdict on every deal, computed once: a strategy's pick is asked once per deal, not once per comparison. */
function verdictsOf(deals: EvalDeal[], pairs: [Entity, Entity][]): Map<Entity, Verdict[]> {
  return new Map([...new Set(pairs.flat())].map((e) => [e, deals.map((d) => e.verdict(d))]));
}

function outcomes(va: Verdict[], vb: Verdict[], measure: Measure): { wonA: boolean[]; wonB: boolean[] } {
  const wonA: boolean[] = [];
  const wonB: boolean[] = [];
  for (let i = 0; i < va.length; i++) {
    if (measure === 'decided' && (va[i] === 'unknown' || vb[i] === 'unknown')) continue;
    wonA.push(va[i] === 'won');
    wonB.push(vb[i] === 'won');
  }
  return { wonA, wonB };
}

export function seedsLabel(deals: { seed: number }[]): string {
  if (deals.length === 0) return '';
  return `${deals[0].seed}-${deals[deals.length - 1].seed}`;
}

/**
 * Paired comparisons of one family: the given pairs on the same deals, for each measure; Holm's
 * correction runs over the pairs of one (variant, seeds, measure).
 */
export function pairedFamily(variant: string, deals: EvalDeal[], pairs: [Entity, Entity][], seeds = seedsLabel(deals)): PairedRow[] {
  const out: PairedRow[] = [];
  const verdicts = verdictsOf(deals, pairs);
  for (const measure of ['budget', 'decided'] as Measure[]) {
    const res = pairs.map(([a, b]) => {
      const o = outcomes(verdicts.get(a)!, verdicts.get(b)!, measure);
      return { a, b, r: comparePaired(o.wonA, o.wonB) };
    });
    const adj = holmAdjust(res.map((x) => x.r.p));
    res.forEach((x, i) => {
      out.push({ ...x.r, variant, seeds, measure, nameA: x.a.name, nameB: x.b.name, pHolm: adj[i], significant: adj[i] < SIGNIFICANCE });
    });
  }
  return out;
}

/** Every pair of the entities, in order (oracles first, so each strategy is compared with them). */
export function allPairs(entities: Entity[]): [Entity, Entity][] {
  const out: [Entity, Entity][] = [];
  for (let i = 0; i < entities.length; i++) for (let j = i + 1; j < entities.length; j++) out.push([entities[i], entities[j]]);
  return out;
}

export function pairedRecord(r: PairedRow): (string | number)[] {
  return [
    r.variant,
    r.seeds,
    r.measure,
    r.nameA,
    r.nameB,
    r.deals,
    r.wonA,
    r.wonB,
    r.b,
    r.c,
    fmtRate(r.diff),
    fmtRate(r.ciLow),
    fmtRate(r.ciHigh),
    fmtP(r.p),
    fmtP(r.pHolm),
    r.significant ? 'yes' : 'no',
  ];
}

/** The records of a strategies-paired.csv as fields (null: no file); RecordsError on another header or a short row. */
export function readPairedFile(file: string): string[][] | null {
  if (!fs.existsSync(file)) return null;
  const { records, partial } = parseCsv(fs.readFileSync(file, 'utf8'));
  if (partial) throw new RecordsError(`${file} line ${records.length + 1}: the last line is incomplete (no newline)`);
  if ((records[0] ?? []).join(',') !== PAIRED_COLUMNS.join(',')) throw new RecordsError(`${file}: header is not "${PAIRED_COLUMNS.join(',')}"`);
  const rows = records.slice(1).filter((f) => !(f.length === 1 && f[0] === ''));
  rows.forEach((f, k) => {
    if (f.length !== PAIRED_COLUMNS.length) throw new RecordsError(`${file} line ${k + 2}: ${f.length} fields, expected ${PAIRED_COLUMNS.length}`);
    if (!variantNames().includes(f[0])) throw new RecordsError(`${file} line ${k + 2}: unknown variant "${f[0]}"`);
  });
  return rows;
}

/** Held-out evaluation of the learned strategy of one variant. */
export interface HeldOut {
  variant: string;
  model: LearnedModel;
  /** Seeds evaluated: those of the data outside the model's training range. */
  seeds: string;
  deals: number;
  /**
   * The fixed strategy the learned one is compared with: the one with the highest win rate on the
   * training seeds the data holds (chosen without the held-out ones), or, when the data holds none
   * of them, on the held-out seeds themselves (which favours it).
   */
  bestFixed: string;
  /** The training seeds of the data bestFixed was chosen on ('' when none: chosen on the held-out seeds). */
  bestFixedSeeds: string;
  /** How many deals of the data are training seeds. */
  trainDeals: number;
  rates: { name: string; won: number; rate: number }[];
  /** The rows of the oracles, the fixed strategies and `learned` (last) on the held-out seeds. */
  rows: StrategyRow[];
  /** (learned - bestFixed) / (oracle - bestFixed) on the held-out seeds. */
  gapClosed: number;
  paired: PairedRow[];
}

function wonCount(deals: EvalDeal[], e: Entity): number {
  return deals.filter((d) => e.verdict(d) === 'won').length;
}

export function evaluateHeldOut(variant: string, deals: EvalDeal[], model: LearnedModel): HeldOut | null {
  const inTrain = (d: EvalDeal) => d.seed >= model.trainSeeds.from && d.seed <= model.trainSeeds.to;
  const train = deals.filter(inTrain);
  const test = deals.filter((d) => !inTrain(d));
  if (test.length === 0) return null;
  const fixed = STRATEGIES.map(strategyEntity);
  // Without training seeds in the data, the first strategy would win every tie at 0: choose on the
  // held-out seeds instead, and say so (formatHeldOut).
  const chooseOn = train.length > 0 ? train : test;
  let bestFixed = fixed[0];
  for (const e of fixed) if (wonCount(chooseOn, e) > wonCount(chooseOn, bestFixed)) bestFixed = e;
  const learnedPick = learnedStrategy(model);
  const learned = strategyEntity(learnedPick);
  const entities = [...standardEntities(variant), learned];
  const rates = entities.map((e) => ({ name: e.name, won: wonCount(test, e), rate: wonCount(test, e) / test.length }));
  const rate = (n: string) => rates.find((r) => r.name === n)!.rate;
  const gap = rate('best') - rate(bestFixed.name);
  const paired = pairedFamily(
    variant,
    test,
    entities.filter((e) => e !== learned).map((e) => [learned, e] as [Entity, Entity]),
  );
  return {
    variant,
    model,
    seeds: seedsLabel(test),
    deals: test.length,
    bestFixed: bestFixed.name,
    bestFixedSeeds: train.length > 0 ? seedsLabel(train) : '',
    trainDeals: train.length,
    rates,
    rows: evaluateStrategies(variant, test, [...STRATEGIES, learnedPick]),
    gapClosed: gap > 0 ? (rate('learned') - rate(bestFixed.name)) / gap : NaN,
    paired,
  };
}

/** The learned strategy's score for the tables and charts: its held-out row, against the fixed strategy chosen on the training seeds. */
export function learnedScore(variant: string, model: LearnedModel, h: HeldOut | null): LearnedScore {
  const row = (name: string) => h?.rows.find((r) => r.strategy === name) ?? null;
  return {
    variant,
    trainSeeds: `${model.trainSeeds.from}-${model.trainSeeds.to}`,
    row: row('learned'),
    seeds: h?.seeds ?? '',
    versus: h ? row(h.bestFixed) : null,
  };
}

/** The learned strategy's score on the per-deal rows of `dir` (null: the game has no model or no deal with per-rank rows). */
export function learnedScoreOf(dir: string, variant: string): LearnedScore | null {
  const model = LEARNED_MODELS[variant];
  const deals = model ? loadEvalDeals(dir, variant) : [];
  return deals.length ? learnedScore(variant, model, evaluateHeldOut(variant, deals, model)) : null;
}

/** Everything `solitaire strategies DIR` computes for one variant. */
export interface VariantEvaluation {
  variant: string;
  deals: EvalDeal[];
  strategyRows: StrategyRow[];
  paired: PairedRow[];
  heldOut: HeldOut | null;
  /** The learned model's training range when it was left out because every seed of the data is in it; else null. */
  learnedLeftOut: { from: number; to: number } | null;
  /** The learned strategy's score for the tables and chart (null: evaluated without a model, --no-learned). */
  learned: LearnedScore | null;
}

export function evaluateVariant(dir: string, variant: string, model?: LearnedModel): VariantEvaluation | null {
  const deals = loadEvalDeals(dir, variant);
  if (deals.length === 0) return null;
  const strategyRows = evaluateStrategies(variant, deals);
  const paired = pairedFamily(variant, deals, allPairs(standardEntities(variant)));
  const heldOut = model ? evaluateHeldOut(variant, deals, model) : null;
  if (heldOut) paired.push(...heldOut.paired);
  return {
    variant,
    deals,
    strategyRows,
    paired,
    heldOut,
    learnedLeftOut: model && !heldOut ? model.trainSeeds : null,
    learned: model ? learnedScore(variant, model, heldOut) : null,
  };
}

/** Terrace variants with a per-deal file in `dir`. */
export function variantsIn(dir: string): string[] {
  return TERRACE_VARIANTS.filter((v) => fs.existsSync(dealFile(dir, v)));
}

/** The files writeStrategyFiles writes in `outDir`. */
export function strategyFiles(outDir: string): { strategies: string; paired: string; chart: string } {
  return { strategies: strategiesFile(outDir), paired: path.join(outDir, PAIRED_FILE), chart: path.join(outDir, CHART_FILE) };
}

/** Throws OutputError, changing nothing, when writeStrategyFiles could not write its files in `outDir`. */
export function checkStrategyOutputs(outDir: string): void {
  const f = strategyFiles(outDir);
  checkOutputs(outDir, [f.strategies, f.paired, f.chart]);
}

/**
 * Writes strategies.csv, strategies-paired.csv and the chart strategies.svg, whose SVG text
 * (chart.ts strategiesChartSvg, async) the caller renders first, so nothing is half-written.
 * Whole files, variants in the rules' order.
 */
export function writeStrategyFiles(outDir: string, evals: VariantEvaluation[], chartSvg: string): { strategies: string; paired: string; chart: string } {
  const { strategies, paired, chart } = strategyFiles(outDir);
  checkStrategyOutputs(outDir); // OutputError before anything is written
  prepareOutDir(outDir);
  const order = (v: string) => variantNames().indexOf(v);
  const sorted = [...evals].sort((a, b) => order(a.variant) - order(b.variant));
  writeCsvFile(
    strategies,
    STRATEGY_COLUMNS,
    sorted.flatMap((e) => e.strategyRows.map(strategyRecord)),
  );
  writeCsvFile(
    paired,
    PAIRED_COLUMNS,
    sorted.flatMap((e) => e.paired.map(pairedRecord)),
  );
  fs.writeFileSync(chart, chartSvg);
  return { strategies, paired, chart };
}

// ---- Sensitivity: does the ranking survive another budget? ----

export interface SensitivityResult {
  variant: string;
  /** Deals present in both directories with a row for every candidate rank. */
  deals: number;
  seeds: string;
  /** Strategy names best first, in A and in B (fixed strategies only; ties by name order). */
  orderA: string[];
  orderB: string[];
  wonA: Record<string, number>;
  wonB: Record<string, number>;
  sameLeader: boolean;
  /** Kendall's tau-b between the two win-rate vectors of the fixed strategies. */
  kendallTau: number;
  /** Pairs significant (Holm, budget measure) in A whose sign flips or that are not significant in B, and back. */
  significantA: number;
  significantB: number;
  significantBoth: number;
  signFlips: number;
}

export function kendallTauB(x: number[], y: number[]): number {
  let conc = 0;
  let disc = 0;
  let tx = 0;
  let ty = 0;
  for (let i = 0; i < x.length; i++)
    for (let j = i + 1; j < x.length; j++) {
      const a = Math.sign(x[i] - x[j]);
      const b = Math.sign(y[i] - y[j]);
      if (a === 0 && b === 0) continue;
      if (a === 0) tx++;
      else if (b === 0) ty++;
      else if (a === b) conc++;
      else disc++;
    }
  const denom = Math.sqrt((conc + disc + tx) * (conc + disc + ty));
  return denom > 0 ? (conc - disc) / denom : NaN;
}

export function compareBudgets(dirA: string, dirB: string, variant: string): SensitivityResult | null {
  // Only deals with a row for every candidate rank (a run stopped half way leaves some without).
  const complete = (d: EvalDeal) => d.candidates.every((c) => d.rows.has(c));
  const a = loadEvalDeals(dirA, variant).filter(complete);
  const b = loadEvalDeals(dirB, variant).filter(complete);
  const inB = new Set(b.map((d) => d.seed));
  const inA = new Set(a.map((d) => d.seed));
  const da = a.filter((d) => inB.has(d.seed));
  const db = b.filter((d) => inA.has(d.seed));
  if (da.length === 0) return null;
  const fixed = STRATEGIES.map(strategyEntity);
  const wonA = Object.fromEntries(fixed.map((e) => [e.name, wonCount(da, e)]));
  const wonB = Object.fromEntries(fixed.map((e) => [e.name, wonCount(db, e)]));
  const order = (w: Record<string, number>) => fixed.map((e) => e.name).sort((x, y) => w[y] - w[x]);
  const pa = pairedFamily(variant, da, allPairs(fixed)).filter((r) => r.measure === 'budget');
  const pb = pairedFamily(variant, db, allPairs(fixed)).filter((r) => r.measure === 'budget');
  let both = 0;
  let flips = 0;
  pa.forEach((r, i) => {
    if (r.significant && pb[i].significant) both++;
    if (Math.sign(r.diff) * Math.sign(pb[i].diff) < 0) flips++;
  });
  const oa = order(wonA);
  const ob = order(wonB);
  return {
    variant,
    deals: da.length,
    seeds: seedsLabel(da),
    orderA: oa,
    orderB: ob,
    wonA,
    wonB,
    sameLeader: wonA[oa[0]] === wonA[ob[0]] || oa[0] === ob[0],
    kendallTau: kendallTauB(
      fixed.map((e) => wonA[e.name]),
      fixed.map((e) => wonB[e.name]),
    ),
    significantA: pa.filter((r) => r.significant).length,
    significantB: pb.filter((r) => r.significant).length,
    significantBoth: both,
    signFlips: flips,
  };
}

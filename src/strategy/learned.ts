// The learned base-card strategy (issue 13): a logistic score per candidate rank over the visible
// features of features.ts, fitted on one seed range of the per-deal data and evaluated on another.
//
// Model: P(the deal is won with base r) = sigmoid(intercept + sum_i w_i * (x_i - mean_i) / scale_i),
// x = rankFeatures(view, r). The strategy plays the candidate rank with the highest score (ties:
// lowest rank). Fitting: L2-penalised maximum likelihood (penalty lambda/2 * |w|^2 on the
// standardised weights, intercept free) by Newton's method, on one row per (training deal,
// candidate rank) with target 1 when that rank's row is `won`. No dependency, deterministic.
import { RANKS } from '../cards/card';
import { FEATURE_NAMES, rankFeatures } from './features';
import type { DealView, Strategy } from './strategies';
import { exposedCounts } from './strategies';

export interface LearnedModel {
  variant: string;
  /** Feature names used, a subset of FEATURE_NAMES, in vector order of `weights`. */
  features: string[];
  mean: number[];
  scale: number[];
  /** Weights on standardised features. */
  weights: number[];
  intercept: number;
  /** Which ranks the strategy chooses among: the exposed ones, or all 13 (commit to a rank first). */
  candidates: 'exposed' | 'all';
  lambda: number;
  /** Seeds the model was fitted on, inclusive. */
  trainSeeds: { from: number; to: number };
  /** Where the training data came from (directory and node budget), for the record. */
  source: string;
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

/** Solves A x = b (A symmetric positive definite, small) by Gaussian elimination with pivoting. */
function solveLinear(A: number[][], b: number[]): number[] {
  const n = b.length;
  const M = A.map((row, i) => [...row, b[i]]);
  for (let col = 0; col < n; col++) {
    let piv = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(M[r][col]) > Math.abs(M[piv][col])) piv = r;
    [M[col], M[piv]] = [M[piv], M[col]];
    const d = M[col][col];
    if (Math.abs(d) < 1e-300) throw new Error('solveLinear: singular system');
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const f = M[r][col] / d;
      if (f !== 0) for (let k = col; k <= n; k++) M[r][k] -= f * M[col][k];
    }
  }
  return M.map((row, i) => row[n] / row[i]);
}

/**
 * Fits a penalised logistic regression on standardised columns. Returns the weights (standardised
 * scale), the intercept, and the standardisation. Columns with no spread get mean 0, scale 1 and
 * their weight is held at 0 by the penalty.
 */
export function fitLogistic(
  X: number[][],
  y: number[],
  lambda = 1,
  iterations = 50,
): { mean: number[]; scale: number[]; weights: number[]; intercept: number } {
  const n = X.length;
  if (n === 0 || y.length !== n) throw new RangeError('fitLogistic: need as many targets as rows, at least one');
  const p = X[0].length;
  const mean = new Array(p).fill(0);
  const scale = new Array(p).fill(1);
  for (let j = 0; j < p; j++) {
    let s = 0;
    for (const row of X) s += row[j];
    const m = s / n;
    let v = 0;
    for (const row of X) v += (row[j] - m) ** 2;
    const sd = Math.sqrt(v / n);
    mean[j] = sd > 1e-12 ? m : 0;
    scale[j] = sd > 1e-12 ? sd : 1;
  }
  const Z = X.map((row) => [1, ...row.map((x, j) => (x - mean[j]) / scale[j])]);
  const beta = new Array(p + 1).fill(0);
  for (let it = 0; it < iterations; it++) {
    const grad = new Array(p + 1).fill(0);
    const H = Array.from({ length: p + 1 }, () => new Array(p + 1).fill(0));
    for (let i = 0; i < n; i++) {
      const z = Z[i];
      let eta = 0;
      for (let j = 0; j <= p; j++) eta += beta[j] * z[j];
      const mu = sigmoid(eta);
      const w = mu * (1 - mu);
      for (let j = 0; j <= p; j++) {
        grad[j] += (y[i] - mu) * z[j];
        for (let k = j; k <= p; k++) H[j][k] += w * z[j] * z[k];
      }
    }
    for (let j = 0; j <= p; j++) for (let k = 0; k < j; k++) H[j][k] = H[k][j];
    for (let j = 1; j <= p; j++) {
      grad[j] -= lambda * beta[j];
      H[j][j] += lambda;
    }
    const step = solveLinear(H, grad);
    let max = 0;
    for (let j = 0; j <= p; j++) {
      beta[j] += step[j];
      max = Math.max(max, Math.abs(step[j]));
    }
    if (max < 1e-10) break;
  }
  return { mean, scale, weights: beta.slice(1), intercept: beta[0] };
}

/** The model's features of rank r (a subset of rankFeatures, in the model's order). */
export function modelFeatures(model: LearnedModel, v: DealView, r: number): number[] {
  const all = rankFeatures(v, r);
  return model.features.map((f) => {
    const i = (FEATURE_NAMES as readonly string[]).indexOf(f);
    if (i < 0) throw new Error(`learned model: unknown feature ${f}`);
    return all[i];
  });
}

/** Linear score (log-odds) of base rank r. */
export function modelScore(model: LearnedModel, v: DealView, r: number): number {
  const x = modelFeatures(model, v, r);
  let s = model.intercept;
  for (let j = 0; j < x.length; j++) s += (model.weights[j] * (x[j] - model.mean[j])) / model.scale[j];
  return s;
}

/** Ranks the model may choose for this deal. */
export function modelCandidates(model: LearnedModel, v: DealView): number[] {
  if (model.candidates === 'all') return RANKS.split('').map((_, i) => i);
  const n = exposedCounts(v);
  return n.map((k, r) => (k > 0 ? r : -1)).filter((r) => r >= 0);
}

/** The candidate ranks, best first (score descending, ties lowest rank first), with their scores. */
export function rankOrder(model: LearnedModel, v: DealView): { rank: number; score: number }[] {
  return modelCandidates(model, v)
    .map((rank) => ({ rank, score: modelScore(model, v, rank) }))
    .sort((a, b) => b.score - a.score || a.rank - b.rank);
}

export function learnedStrategy(model: LearnedModel): Strategy {
  return {
    name: 'learned',
    description: `logistic score over visible features (fitted on ${model.variant} seeds ${model.trainSeeds.from}-${model.trainSeeds.to}); the ${model.candidates === 'all' ? 'rank' : 'exposed rank'} with the highest score`,
    pick: (v) => rankOrder(model, v)[0].rank,
    order: (v) => rankOrder(model, v).map((x) => x.rank),
    score: (v, r) => modelScore(model, v, r).toFixed(2),
    scoreMeaning: "the model's log-odds that the deal is won with this base (higher first)",
  };
}

/**
 * Weights per unit of each feature (the standardised weight divided by the feature's scale): the
 * change in log-odds for one more unit of the feature. For the plain-word rules.
 */
export function unitWeights(model: LearnedModel): { feature: string; weight: number }[] {
  return model.features.map((f, j) => ({ feature: f, weight: model.weights[j] / model.scale[j] }));
}

// Fits the learned base-card strategy (issue 13) and the advice buckets, from per-deal files.
//
//   npm run fit:strategy -- [--data results/published] [--train 1-1000] [--out src/strategy/learned-model.ts]
//
// For each Terrace game: a logistic score over the visible features of src/strategy/features.ts
// (src/strategy/learned.ts), fitted on the training seeds only. The two choices the fit makes, the
// penalty lambda and whether Double Signora / Empress choose among all 13 ranks or only the exposed
// ones, are made by 2-fold cross-validation *inside* the training seeds (odd seeds against even
// seeds, by the number of training deals the picked rank wins), so the held-out seeds play no part
// in any choice. Then it writes the model and the advice table (bucket counts over every seed of
// the data, for `solitaire advise`) as a TypeScript constant, and prints the held-out evaluation.
import * as fs from 'fs';
import { RANKS } from '../src/cards/card';
import { type AdviceTable, bucketOf, quantile, releaseOf } from '../src/strategy/advice';
import { FEATURE_NAMES, rankFeatures } from '../src/strategy/features';
import { type LearnedModel, fitLogistic, learnedStrategy, unitWeights } from '../src/strategy/learned';
import { type EvalDeal, TERRACE_VARIANTS, evaluateHeldOut, loadEvalDeals, readDealRowsAnyVersion } from '../src/strategy/strategy-eval';
import { dealFile } from '../src/records/records';
import { readManifest } from '../src/analysis/manifest';
import { arg, fail as failWith } from './util';

function fail(msg: string): never {
  return failWith('fit:strategy', msg);
}

/** Features a variant's model uses: without a reserve, the reserve features are constant and left out. */
function featuresFor(variant: string): string[] {
  const reserve = variant !== 'empress-of-italy';
  return FEATURE_NAMES.filter((f) => reserve || !f.startsWith('reserve_'));
}

/** The per-rank budget of the data, as text: run.json's (with the retries of --retry-unknown), else the largest node count of an unknown row. */
function budgetOf(dir: string, variant: string): string {
  const e = readManifest(dir)?.variants[variant];
  if (e) {
    const [first, ...more] = [...(e.earlier ?? []).map((x) => x.maxNodes), e.maxNodes];
    return `${first} nodes per rank${more.length ? `, the unknown ones again at ${more.join(', then ')}` : ''}`;
  }
  let max = 0;
  for (const r of readDealRowsAnyVersion(dealFile(dir, variant))) if (r.result === 'unknown') max = Math.max(max, r.nodes);
  return `${max} nodes per rank`;
}

function fit(
  variant: string,
  deals: EvalDeal[],
  candidates: 'exposed' | 'all',
  lambda: number,
  train: { from: number; to: number },
  source: string,
): LearnedModel {
  const features = featuresFor(variant);
  const idx = features.map((f) => (FEATURE_NAMES as readonly string[]).indexOf(f));
  const X: number[][] = [];
  const y: number[] = [];
  for (const d of deals)
    for (const label of d.candidates) {
      const row = d.rows.get(label);
      if (!row) continue;
      const x = rankFeatures(d.view, RANKS.indexOf(label));
      X.push(idx.map((i) => x[i]));
      y.push(row.result === 'won' ? 1 : 0);
    }
  const m = fitLogistic(X, y, lambda);
  return { variant, features, mean: m.mean, scale: m.scale, weights: m.weights, intercept: m.intercept, candidates, lambda, trainSeeds: train, source };
}

function wins(model: LearnedModel, deals: EvalDeal[]): number {
  const s = learnedStrategy(model);
  return deals.filter((d) => d.rows.get(RANKS[s.pick(d.view)])?.result === 'won').length;
}

const round = (x: number) => Number(x.toPrecision(8));

function main(): void {
  const data = arg('data', 'results/published');
  const out = arg('out', 'src/strategy/learned-model.ts');
  const m = /^(\d+)-(\d+)$/.exec(arg('train', '1-1000'));
  if (!m) fail('--train must be A-B');
  const train = { from: Number(m[1]), to: Number(m[2]) };
  const models: Record<string, LearnedModel> = {};
  const tables: Record<string, AdviceTable> = {};
  const recommended: Record<string, string> = {};
  for (const variant of TERRACE_VARIANTS) {
    if (!fs.existsSync(dealFile(data, variant))) fail(`no ${dealFile(data, variant)}`);
    const all = loadEvalDeals(data, variant);
    const deals = all.filter((d) => d.seed >= train.from && d.seed <= train.to);
    if (deals.length === 0) fail(`${variant}: no deal in the training seeds ${train.from}-${train.to}`);
    const budget = budgetOf(data, variant);
    const source = `${data}, seeds ${train.from}-${train.to}, ${budget}`;
    // Model selection by 2-fold cross-validation within the training seeds.
    const odd = deals.filter((d) => d.seed % 2 === 1);
    const even = deals.filter((d) => d.seed % 2 === 0);
    let best: { candidates: 'exposed' | 'all'; lambda: number; score: number } | null = null;
    const choices: ('exposed' | 'all')[] = variant === 'signora' ? ['exposed'] : ['exposed', 'all'];
    for (const candidates of choices)
      for (const lambda of [100, 10, 1, 0.1]) {
        const score = wins(fit(variant, odd, candidates, lambda, train, source), even) + wins(fit(variant, even, candidates, lambda, train, source), odd);
        console.log(`${variant}: cross-validation, candidates ${candidates}, lambda ${lambda}: ${score} of ${deals.length} training deals won`);
        if (!best || score > best.score) best = { candidates, lambda, score };
      }
    const model = fit(variant, deals, best!.candidates, best!.lambda, train, source);
    model.mean = model.mean.map(round);
    model.scale = model.scale.map(round);
    model.weights = model.weights.map(round);
    model.intercept = round(model.intercept);
    models[variant] = model;
    console.log(`${variant}: chosen candidates ${model.candidates}, lambda ${model.lambda}; weights per unit:`);
    for (const w of unitWeights(model)) console.log(`    ${w.feature.padEnd(20)} ${w.weight.toFixed(3)}`);

    // Advice buckets: every (deal, candidate rank) pair of the data.
    const hasReserve = variant !== 'empress-of-italy';
    const releaseCuts: [number, number] | null = hasReserve
      ? (() => {
          const rel = deals.flatMap((d) => d.candidates.map((l) => releaseOf(d.view, RANKS.indexOf(l))));
          return [round(quantile(rel, 1 / 3)), round(quantile(rel, 2 / 3))] as [number, number];
        })()
      : null;
    const buckets: Record<string, { won: number; deals: number }> = {};
    for (const d of all)
      for (const label of d.candidates) {
        const row = d.rows.get(label);
        if (!row) continue;
        const key = bucketOf(d.view, RANKS.indexOf(label), releaseCuts);
        const b = (buckets[key] ??= { won: 0, deals: 0 });
        b.deals++;
        if (row.result === 'won') b.won++;
      }
    const sorted = Object.fromEntries(Object.entries(buckets).sort(([a], [b]) => a.localeCompare(b)));
    tables[variant] = { variant, source: `${data}, seeds ${all[0].seed}-${all[all.length - 1].seed}, ${budget}`, releaseCuts, buckets: sorted };

    // The strategy `solitaire advise` follows: the learned one if it beats the best fixed strategy
    // (chosen on the training seeds) significantly on the held-out seeds, else that fixed strategy.
    const h = evaluateHeldOut(variant, all, model);
    if (!h) fail(`${variant}: no held-out deal outside the training seeds`);
    const rate = (n: string) => h.rates.find((r) => r.name === n)!;
    const vsFixed = h.paired.find((r) => r.measure === 'budget' && r.nameB === h.bestFixed)!;
    recommended[variant] = vsFixed.significant && vsFixed.diff > 0 ? 'learned' : h.bestFixed;
    console.log(
      `${variant}: held-out seeds ${h.seeds} (${h.deals} deals): oracle ${rate('best').won}, best fixed strategy on the training seeds (${h.bestFixed}) ${rate(h.bestFixed).won}, learned ${rate('learned').won} (p ${vsFixed.p.toPrecision(3)}, Holm ${vsFixed.pHolm.toPrecision(3)}); gap closed ${(100 * h.gapClosed).toFixed(1)}%; advise follows ${recommended[variant]}`,
    );
  }
  const text = `// Generated by \`npm run fit:strategy\` (bench/fit-strategy.ts); do not edit by hand.
// The learned base-card strategy per Terrace game (src/strategy/learned.ts) and the advice buckets
// of \`solitaire advise\` (src/strategy/advice.ts). Refit after regenerating the per-deal files.
import type { AdviceTable } from './advice';
import type { LearnedModel } from './learned';

export const LEARNED_MODELS: Record<string, LearnedModel> = ${JSON.stringify(models, null, 2)};

export const ADVICE_TABLES: Record<string, AdviceTable> = ${JSON.stringify(tables, null, 2)};

/** The strategy \`solitaire advise\` follows per game (see bench/fit-strategy.ts). */
export const RECOMMENDED: Record<string, string> = ${JSON.stringify(recommended, null, 2)};
`;
  fs.writeFileSync(out, text);
  console.log(`wrote ${out}`);
}

main();

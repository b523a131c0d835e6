// What each strategy name of the tables and charts means (the legend under them): the oracles, the
// six fixed strategies of strategies.ts (their own descriptions) and the learned one (learned.ts),
// in one place, so that the analyze report, the strategies table and strategies.svg say the same.
import type { StrategyName } from '../records/strategy-notes';
import { LEARNED_MODELS } from './learned-model';
import { STRATEGIES } from './strategies';

/** The training ranges of the learned models, `from-to`, one per distinct range. */
function trainRanges(): string {
  const ranges = [...new Set(Object.values(LEARNED_MODELS).map((m) => `${m.trainSeeds.from}-${m.trainSeeds.to}`))];
  return ranges.join(' or ');
}

/** Every strategy name a table or chart may show, with its meaning, in report order. */
export function strategyNames(): StrategyName[] {
  return [
    { name: 'best', meaning: 'oracle: won when some base rank wins the deal (the rank chosen with hindsight; no strategy can do better)' },
    {
      name: 'best-exposed',
      meaning:
        'oracle over the exposed ranks: won when some rank with an exposed card wins (Double Signora and Empress of Italy, where any rank may become the base; in Signora only exposed ranks can be chosen)',
    },
    ...STRATEGIES.map((s) => ({ name: s.name, meaning: s.description })),
    {
      name: 'learned',
      meaning: `a logistic score over the visible cards, fitted per game on seeds ${trainRanges()}; the exposed rank with the highest score. Scored only on the seeds outside its training range (held out), so its row counts fewer deals and is compared with the others on those seeds`,
    },
  ];
}

// `solitaire advise <variant> --seed N` (or `--deal file.json`): which base card to choose in a
// Terrace-family deal (issue 13). Prints the candidate ranks in the order the recommended strategy
// ranks them, each with the measured win rate of deals like this one (src/strategy/advice.ts) and,
// unless --no-solve, whether the solver wins this very deal with that base within a small budget.
import type { Command } from 'commander';
import { rankName } from '../cards/card';
import { type RankAdvice, advise } from '../strategy/advice';
import { learnedStrategy } from '../strategy/learned';
import { ADVICE_TABLES, LEARNED_MODELS, RECOMMENDED } from '../strategy/learned-model';
import { type Strategy, STRATEGIES, strategyByName } from '../strategy/strategies';
import type { Deal } from '../engine/deal';
import { VARIANTS } from '../rules/variants';
import { UsageError } from './errors';
import { DEFAULTS_NOTE, loadDealFile, out, parseWhole, prettyJson, rulesFor, searchHelp, searchOption, seededDeal } from './io';

export const ADVISE_MAX_NODES = 200_000;

interface AdviseCliOptions {
  seed?: string;
  deal?: string;
  maxNodes: string;
  timeout?: string;
  search: string;
  solve: boolean;
  strategy?: string;
  json?: boolean;
}

function terraceNames(): string {
  return VARIANTS.filter((v) => v.terraceFamily)
    .map((v) => v.name)
    .join(', ');
}

function strategyFor(variant: string, name: string | undefined): Strategy {
  const n = name ?? RECOMMENDED[variant] ?? 'most-exposed';
  if (n === 'learned') {
    const m = LEARNED_MODELS[variant];
    if (!m) throw new UsageError(`no learned model for ${variant}: run npm run fit:strategy`);
    return learnedStrategy(m);
  }
  const s = strategyByName(n);
  if (!s) throw new UsageError(`bad --strategy ${JSON.stringify(n)}: expected learned or one of ${STRATEGIES.map((x) => x.name).join(', ')}`);
  return s;
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const round = (x: number) => Math.round(x * 1e6) / 1e6;

/** What to try when no rank won: a larger budget, named by the option that raises it. */
function nextStep(ranks: RankAdvice[], maxNodes: number, timeoutMs: number | undefined): string {
  const ranOut = ranks.filter((r) => r.verdict?.result === 'unknown');
  if (ranOut.length === 0) return 'every rank is proved lost: no base wins this deal';
  const byTime = ranOut.some((r) => r.verdict?.stopReason === 'time');
  const bigger = maxNodes * 10 >= 1e6 ? `${(maxNodes * 10) / 1e6}M` : `${(maxNodes * 10) / 1e3}k`;
  return byTime
    ? `the time ran out: raise --timeout (now ${timeoutMs} ms), or --max-nodes`
    : `next: raise --max-nodes (e.g. --max-nodes ${bigger}), or give --timeout in ms to bound the wait`;
}

export function register(program: Command): void {
  program
    .command('advise')
    .description(
      'which base card to choose: the ranks of a Terrace-family deal in the recommended order, with measured win rates and, solved per rank, which ones win this deal',
    )
    .argument('[variant]', `a Terrace-family variant: ${terraceNames()}`)
    .option('--seed <n>', 'deal number (with a variant)')
    .option('--deal <file>', 'deal JSON file (instead of a variant and seed)')
    .option('--max-nodes <n>', 'node budget of the search per base rank (200k, 2M, 1e6 ...)', String(ADVISE_MAX_NODES))
    .option('--timeout <ms>', 'time budget of the search per base rank, in milliseconds')
    .option('--search <kind>', searchHelp(), 'auto')
    .option('--json', 'print the advice as one JSON object')
    .option('--no-solve', 'do not solve the deal; print the order and the measured rates only')
    .option('--strategy <name>', `order by this strategy instead of the recommended one (learned, ${STRATEGIES.map((s) => s.name).join(', ')})`)
    .addHelpText(
      'after',
      `
Output, one line per rank, best first:
  score       what ordered the ranks: the strategy's score of the rank (its meaning is printed
              below the table)
  rank        the base rank, in the order of the recommended strategy (see the README,
              "Choosing the base card"; --strategy picks another):
${Object.entries(RECOMMENDED)
  .map(([v, n]) => `                ${v}: ${n}`)
  .join('\n')}
              In Double Signora and Empress the ranks with no exposed card follow, marked "-":
              committing to one of them means waiting for it to come up.
  exp / pred  exposed copies of the rank and of the rank below it (which goes up last)
  like this   the (deal, rank) pairs of the published data in the same bucket (exposed copies,
              predecessor copies and, with a reserve, how soon the reserve comes free): won / all,
              the rate and its 95% Wilson interval. Won means won by the solver within the
              published per-rank budget, so rates are lower bounds.
  this deal   won (a solution was found with this base), lost (proved), or unknown (not found
              within --max-nodes: not a proof that the rank loses).

Examples:
  solitaire advise signora --seed 17
  solitaire advise empress-of-italy --seed 5 --max-nodes 1000000
  solitaire advise --deal deal.json --no-solve
${DEFAULTS_NOTE}`,
    )
    .action((variant: string | undefined, o: AdviseCliOptions) => {
      let deal: Deal;
      if (o.deal !== undefined) {
        if (variant !== undefined || o.seed !== undefined) throw new UsageError('give a variant and --seed, or --deal, not both');
        deal = loadDealFile(o.deal);
      } else {
        if (variant === undefined) throw new UsageError('advise needs a variant and --seed, or --deal file.json');
        if (o.seed === undefined) {
          rulesFor(variant, undefined);
          throw new UsageError(`advise ${variant} needs --seed N`);
        }
        deal = seededDeal(variant, o.seed, undefined);
      }
      const name = deal.rules.name;
      if (!deal.rules.terraceFamily)
        throw new UsageError(`advise applies to the Terrace family (${terraceNames()}), not ${name}: it has no base card to choose`);
      const maxNodes = parseWhole('--max-nodes', o.maxNodes, 1);
      const timeoutMs = o.timeout !== undefined ? parseWhole('--timeout', o.timeout, 1) : undefined;
      const search = searchOption(o.search);
      const strategy = strategyFor(name, o.strategy);
      const table = ADVICE_TABLES[name] ?? null;

      const a = advise(deal, strategy, table, o.solve ? { maxNodes, timeoutMs, search } : undefined);
      const won = a.ranks.filter((r) => r.verdict?.result === 'won');
      // The command that shows the winning line of the first rank that won (the best placed one).
      const solveArgs = (r: RankAdvice) =>
        [
          'solitaire solve',
          deal.seed !== undefined ? `${name} --seed ${deal.seed}` : `--deal ${o.deal}`,
          `--base ${rankName(r.rank)}`,
          `--max-nodes ${maxNodes}`,
          timeoutMs !== undefined ? `--timeout ${timeoutMs}` : '',
          search !== 'auto' ? `--search ${search}` : '',
        ]
          .filter((x) => x)
          .join(' ');
      const show = won.length ? solveArgs(won[0]) : null;
      const budget = `${maxNodes} nodes${timeoutMs !== undefined ? ` or ${timeoutMs} ms` : ''}`;
      const next = o.solve && !won.length ? nextStep(a.ranks, maxNodes, timeoutMs) : null;
      if (o.json) {
        out(
          prettyJson({
            variant: name,
            seed: deal.seed,
            strategy: strategy.name,
            scoreMeaning: strategy.scoreMeaning ?? null,
            budget: o.solve ? { maxNodes, timeoutMs: timeoutMs ?? null, search } : null,
            ranks: a.ranks.map((r) => ({
              place: r.place,
              rank: rankName(r.rank),
              score: r.score,
              exposed: r.exposed,
              pred: r.pred,
              bucket: r.bucket,
              measured: r.measured
                ? { won: r.measured.won, deals: r.measured.deals, rate: round(r.measured.rate), ci: [round(r.measured.low), round(r.measured.high)] }
                : null,
              verdict: r.verdict
                ? { result: r.verdict.result, moves: r.verdict.result === 'won' ? r.verdict.moves : undefined, nodes: r.verdict.nodes }
                : undefined,
            })),
            wonWith: o.solve ? won.map((r) => rankName(r.rank)) : undefined,
            show: show ?? undefined,
            next: next ?? undefined,
          }),
        );
        return;
      }
      const lines: string[] = [];
      lines.push(
        `${deal.rules.title}${deal.seed !== undefined ? `, seed ${deal.seed}` : ''}: base ranks in the order of ${strategy.name} (${strategy.description})`,
      );
      const reserve = table?.releaseCuts != null;
      const scored = a.ranks.some((r) => r.score !== null);
      const head = ['', 'rank', scored ? 'score' : '', 'exp', 'pred', reserve ? 'reserve' : '', 'like this: won / deals', 'rate', '95% interval'];
      if (o.solve) head.push(`this deal (${budget})`);
      const scoreW = Math.max(5, ...a.ranks.map((r) => (r.score ?? '').length));
      const w = [3, 4, scored ? scoreW : 0, 4, 4, reserve ? 7 : 0, 22, 6, 16, 0];
      const left = [5, 6, 9];
      const row = (cells: string[]) =>
        cells
          .map((c, i) => (left.includes(i) ? c.padEnd(w[i]) : c.padStart(w[i])))
          .filter((_, i) => (reserve || i !== 5) && (scored || i !== 2))
          .join('  ')
          .trimEnd();
      lines.push(row(head));
      for (const r of a.ranks) {
        const m = r.measured;
        const cells = [
          r.place === null ? '-' : String(r.place),
          rankName(r.rank),
          r.score ?? '',
          String(r.exposed),
          String(r.pred),
          /release (\w+)/.exec(r.bucket)?.[1] ?? '',
          m ? `${m.won} / ${m.deals}` : 'no data',
          m ? pct(m.rate) : '',
          m ? `[${pct(m.low)}, ${pct(m.high)}]` : '',
        ];
        if (r.verdict) cells.push(r.verdict.result === 'won' ? `won (${r.verdict.moves} moves)` : r.verdict.result === 'lost' ? 'lost (proved)' : 'unknown');
        lines.push(row(cells));
      }
      if (scored && strategy.scoreMeaning) lines.push(`score = ${strategy.scoreMeaning}`);
      if (table)
        lines.push(
          `like this = the (deal, rank) pairs with the same exp (1, 2, 3+${name === 'signora' ? '' : '; 0'}) and pred (0, 1, 2+)${reserve ? ' and reserve band (how soon the reserve comes free with this base: low = soon)' : ''}, from ${table.source}; won within that budget`,
        );
      if (o.solve) {
        if (won.length)
          lines.push(`this deal is won with base ${won.map((r) => rankName(r.rank)).join(', ')}; the winning line of base ${rankName(won[0].rank)}: ${show}`);
        else lines.push(`no base rank won within ${budget} (unknown is not lost); ${next}`);
      }
      out(lines.join('\n'));
    });
}

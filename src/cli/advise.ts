// `solitaire advise <variant> --seed N` (or `--deal file.json`): which base card to choose in a
// Terrace-family deal (issue 13). Prints the candidate ranks in the order the recommended strategy
// ranks them, each with the measured win rate of deals like this one (src/strategy/advice.ts) and,
// unless --no-solve, whether the solver wins this very deal with that base within a small budget.
import type { Command } from 'commander';
import { rankName } from '../cards/card';
import { type AdviceTable, type RankAdvice, advise } from '../strategy/advice';
import { learnedStrategy } from '../strategy/learned';
import { ADVICE_TABLES, LEARNED_MODELS, RECOMMENDED } from '../strategy/learned-model';
import { type Strategy, STRATEGIES, strategyByName } from '../strategy/strategies';
import type { Deal } from '../engine/deal';
import { VARIANTS } from '../rules/variants';
import { percent } from '../records/format';
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

const pct = (x: number) => percent(x);
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

/** One advise request, checked: the deal, the strategy that orders its ranks and the search budget. */
interface Request {
  deal: Deal;
  name: string;
  /** The --deal file, to name it in the winning line's command. */
  dealFile: string | undefined;
  strategy: Strategy;
  table: AdviceTable | null;
  solve: boolean;
  maxNodes: number;
  timeoutMs: number | undefined;
  search: string;
}

/** The deal of a variant and --seed, or of --deal; throws UsageError. */
function dealOf(variant: string | undefined, o: AdviseCliOptions): Deal {
  if (o.deal !== undefined) {
    if (variant !== undefined || o.seed !== undefined) throw new UsageError('give a variant and --seed, or --deal, not both');
    return loadDealFile(o.deal);
  }
  if (variant === undefined) throw new UsageError('advise needs a variant and --seed, or --deal file.json');
  if (o.seed === undefined) {
    rulesFor(variant, undefined);
    throw new UsageError(`advise ${variant} needs --seed N`);
  }
  return seededDeal(variant, o.seed, undefined);
}

/** Checks the arguments, in the order their errors are reported; throws UsageError. */
function requestOf(variant: string | undefined, o: AdviseCliOptions): Request {
  const deal = dealOf(variant, o);
  const name = deal.rules.name;
  if (!deal.rules.terraceFamily) throw new UsageError(`advise applies to the Terrace family (${terraceNames()}), not ${name}: it has no base card to choose`);
  const maxNodes = parseWhole('--max-nodes', o.maxNodes, 1);
  const timeoutMs = o.timeout !== undefined ? parseWhole('--timeout', o.timeout, 1) : undefined;
  const search = searchOption(o.search);
  const strategy = strategyFor(name, o.strategy);
  return { deal, name, dealFile: o.deal, strategy, table: ADVICE_TABLES[name] ?? null, solve: o.solve, maxNodes, timeoutMs, search };
}

/** The command that shows the winning line of a rank. */
function solveCommand(q: Request, r: RankAdvice): string {
  return [
    'solitaire solve',
    q.deal.seed !== undefined ? `${q.name} --seed ${q.deal.seed}` : `--deal ${q.dealFile}`,
    `--base ${rankName(r.rank)}`,
    `--max-nodes ${q.maxNodes}`,
    q.timeoutMs !== undefined ? `--timeout ${q.timeoutMs}` : '',
    q.search !== 'auto' ? `--search ${q.search}` : '',
  ]
    .filter((x) => x)
    .join(' ');
}

/** What the advice says beyond the ranks: the ranks that won, the command that shows the first one's line, or what to try next. */
interface Outcome {
  won: RankAdvice[];
  show: string | null;
  next: string | null;
}

function outcomeOf(q: Request, ranks: RankAdvice[]): Outcome {
  const won = ranks.filter((r) => r.verdict?.result === 'won');
  // The command that shows the winning line of the first rank that won (the best placed one).
  const show = won.length ? solveCommand(q, won[0]) : null;
  const next = q.solve && !won.length ? nextStep(ranks, q.maxNodes, q.timeoutMs) : null;
  return { won, show, next };
}

/** advise --json. */
function adviceJson(q: Request, ranks: RankAdvice[], { won, show, next }: Outcome): Record<string, unknown> {
  const { strategy, maxNodes, timeoutMs, search } = q;
  return {
    variant: q.name,
    seed: q.deal.seed,
    strategy: strategy.name,
    scoreMeaning: strategy.scoreMeaning ?? null,
    budget: q.solve ? { maxNodes, timeoutMs: timeoutMs ?? null, search } : null,
    ranks: ranks.map((r) => ({
      place: r.place,
      rank: rankName(r.rank),
      score: r.score,
      exposed: r.exposed,
      pred: r.pred,
      bucket: r.bucket,
      measured: r.measured
        ? { won: r.measured.won, deals: r.measured.deals, rate: round(r.measured.rate), ci: [round(r.measured.low), round(r.measured.high)] }
        : null,
      verdict: r.verdict ? { result: r.verdict.result, moves: r.verdict.result === 'won' ? r.verdict.moves : undefined, nodes: r.verdict.nodes } : undefined,
    })),
    wonWith: q.solve ? won.map((r) => rankName(r.rank)) : undefined,
    show: show ?? undefined,
    next: next ?? undefined,
  };
}

const budgetText = (q: Request) => `${q.maxNodes} nodes${q.timeoutMs !== undefined ? ` or ${q.timeoutMs} ms` : ''}`;

/** The table of ranks, its header first; the score and reserve columns only when they say something. */
function rankTable(q: Request, ranks: RankAdvice[]): string[] {
  const reserve = q.table?.releaseCuts != null;
  const scored = ranks.some((r) => r.score !== null);
  const head = ['', 'rank', scored ? 'score' : '', 'exp', 'pred', reserve ? 'reserve' : '', 'like this: won / deals', 'rate', '95% interval'];
  if (q.solve) head.push(`this deal (${budgetText(q)})`);
  const scoreW = Math.max(5, ...ranks.map((r) => (r.score ?? '').length));
  const w = [3, 4, scored ? scoreW : 0, 4, 4, reserve ? 7 : 0, 22, 6, 16, 0];
  const left = [5, 6, 9];
  const row = (cells: string[]) =>
    cells
      .map((c, i) => (left.includes(i) ? c.padEnd(w[i]) : c.padStart(w[i])))
      .filter((_, i) => (reserve || i !== 5) && (scored || i !== 2))
      .join('  ')
      .trimEnd();
  const lines = [row(head)];
  for (const r of ranks) {
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
  return lines;
}

/** advise as text: the title, the table of ranks, what its columns mean, and what was won. */
function adviceLines(q: Request, ranks: RankAdvice[], { won, show, next }: Outcome): string[] {
  const { deal, strategy, table } = q;
  const lines = [
    `${deal.rules.title}${deal.seed !== undefined ? `, seed ${deal.seed}` : ''}: base ranks in the order of ${strategy.name} (${strategy.description})`,
    ...rankTable(q, ranks),
  ];
  if (ranks.some((r) => r.score !== null) && strategy.scoreMeaning) lines.push(`score = ${strategy.scoreMeaning}`);
  if (table)
    lines.push(
      `like this = the (deal, rank) pairs with the same exp (1, 2, 3+${q.name === 'signora' ? '' : '; 0'}) and pred (0, 1, 2+)${table.releaseCuts != null ? ' and reserve band (how soon the reserve comes free with this base: low = soon)' : ''}, from ${table.source}; won within that budget`,
    );
  if (q.solve) {
    if (won.length)
      lines.push(`this deal is won with base ${won.map((r) => rankName(r.rank)).join(', ')}; the winning line of base ${rankName(won[0].rank)}: ${show}`);
    else lines.push(`no base rank won within ${budgetText(q)} (unknown is not lost); ${next}`);
  }
  return lines;
}

function runAdvise(variant: string | undefined, o: AdviseCliOptions): void {
  const q = requestOf(variant, o);
  const { ranks } = advise(q.deal, q.strategy, q.table, q.solve ? { maxNodes: q.maxNodes, timeoutMs: q.timeoutMs, search: q.search } : undefined);
  const outcome = outcomeOf(q, ranks);
  out(o.json ? prettyJson(adviceJson(q, ranks, outcome)) : adviceLines(q, ranks, outcome).join('\n'));
}

/** The help after the options: the columns of the output, the recommended strategies, examples. */
function adviseHelp(): string {
  return `
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
${DEFAULTS_NOTE}`;
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
    .addHelpText('after', adviseHelp())
    .action(runAdvise);
}

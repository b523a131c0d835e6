// `solitaire verify <deal.json> <solution.json>` or `solitaire verify --variant V --seed N <solution.json>`:
// replays a solution's moves with checked play (automatic filling is applied by the engine).
// Exit 0: `won in K moves`; exit 1: the first illegal move, or a legal replay that does not win;
// exit 2: bad input, or a solution with nothing to verify.
import { Command } from 'commander';
import { rankName, tryParseRank } from '../cards/card';
import { Deal } from '../engine/deal';
import { MoveSpec, playChecked } from '../engine/legality';
import { GameState } from '../engine/state';
import { EXIT_FAILED, EXIT_OK, UsageError } from './errors';
import { loadDealFile, out, readJson, seededDeal } from './io';

interface VerifyOptions {
  variant?: string;
  seed?: string;
  cells?: string;
}

export interface Solution {
  variant?: string;
  seed?: number;
  base?: string;
  moves: MoveSpec[];
}

/** Checks the shape of a solution JSON; `where` names the file in messages. */
export function readSolution(obj: unknown, where: string): Solution {
  if (typeof obj !== 'object' || obj === null || Array.isArray(obj)) throw new UsageError(`${where}: a solution must be a JSON object`);
  const o = obj as Record<string, unknown>;
  if (o.variant !== undefined && typeof o.variant !== 'string') throw new UsageError(`${where}: "variant" must be a string`);
  if (o.seed !== undefined && !(typeof o.seed === 'number' && Number.isSafeInteger(o.seed) && o.seed >= 0))
    throw new UsageError(`${where}: "seed" must be a whole number`);
  if (o.result !== 'won') throw new UsageError(`${where}: result is ${JSON.stringify(o.result ?? null)}, not "won": nothing to verify`);
  if (!Array.isArray(o.moves)) throw new UsageError(`${where}: no "moves" array: nothing to verify`);
  const moves = o.moves.map((m: unknown, i: number): MoveSpec => {
    const mv = m as Record<string, unknown>;
    const ok =
      typeof m === 'object' && m !== null && !Array.isArray(m) && typeof mv.from === 'string' && typeof mv.to === 'string' &&
      (mv.count === undefined || (typeof mv.count === 'number' && Number.isSafeInteger(mv.count) && mv.count >= 1));
    if (!ok) throw new UsageError(`${where}: moves[${i}] is not a move {"from", "to", "count"?}: ${JSON.stringify(m)}`);
    return mv.count === undefined ? { from: mv.from as string, to: mv.to as string } : { from: mv.from as string, to: mv.to as string, count: mv.count as number };
  });
  return { variant: o.variant as string | undefined, seed: o.seed as number | undefined, base: typeof o.base === 'string' ? o.base : undefined, moves };
}

export interface VerifyResult {
  ok: boolean;
  lines: string[];
}

/** Replays `sol` on `deal` (their variant and seed already agree). */
export function replay(deal: Deal, sol: Solution): VerifyResult {
  const s = new GameState(deal);
  for (let i = 0; i < sol.moves.length; i++) {
    const m = sol.moves[i];
    const err = playChecked(s, m);
    if (err) {
      const what = `${m.from} -> ${m.to}${m.count !== undefined && m.count !== 1 ? `, ${m.count} cards` : ''}`;
      return { ok: false, lines: [`move ${i + 1} (${what}): ${err}`] };
    }
  }
  const k = sol.moves.length;
  if (!s.isWon()) return { ok: false, lines: [`not won: after ${k} moves ${s.total - s.onFoundation} cards are not on the foundations`] };
  const lines = [`won in ${k} moves`];
  // The base rank of a Terrace-family solution is informative only: say so when it disagrees.
  if (deal.rules.terraceFamily && sol.base !== undefined && s.base >= 0 && tryParseRank(sol.base) !== s.base)
    lines.push(`note: the solution says base ${sol.base}, its moves use base ${rankName(s.base)}`);
  return { ok: true, lines };
}

export function register(program: Command): void {
  program
    .command('verify')
    .description('replay a solution and check it wins: verify <deal.json> <solution.json>, or verify --variant V --seed N <solution.json>')
    .argument('<file>', 'deal.json (then solution.json), or solution.json with --variant and --seed')
    .argument('[solution]', 'solution.json when a deal file is given')
    .option('--variant <name>', 'variant of a seeded deal (instead of a deal file)')
    .option('--seed <n>', 'seed of the deal (with --variant)')
    .option('--cells <n>', 'freecell only: number of cells, 0-4 (with --variant)')
    .action((first: string, second: string | undefined, opts: VerifyOptions) => {
      const bySeed = opts.variant !== undefined || opts.seed !== undefined || opts.cells !== undefined;
      let deal: Deal;
      let solPath: string;
      if (second !== undefined) {
        if (bySeed) throw new UsageError('give a deal file or --variant and --seed, not both');
        deal = loadDealFile(first);
        solPath = second;
      } else {
        if (opts.variant === undefined || opts.seed === undefined)
          throw new UsageError('verify needs <deal.json> <solution.json>, or --variant V --seed N <solution.json>');
        deal = seededDeal(opts.variant, opts.seed, opts.cells);
        solPath = first;
      }
      const sol = readSolution(readJson(solPath), solPath);
      if (sol.variant !== undefined && sol.variant !== deal.rules.name)
        throw new UsageError(`${solPath} is a solution for ${sol.variant}, the deal is ${deal.rules.name}`);
      if (sol.seed !== undefined && deal.seed !== undefined && sol.seed !== deal.seed)
        throw new UsageError(`${solPath} is a solution for seed ${sol.seed}, the deal is seed ${deal.seed}`);
      const res = replay(deal, sol);
      out(res.lines.join('\n'));
      process.exitCode = res.ok ? EXIT_OK : EXIT_FAILED;
    });
}

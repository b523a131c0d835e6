// `solitaire verify <deal.json> <solution.json>`, `solitaire verify --variant V --seed N <solution.json>`,
// or `solitaire verify <solution.json>` alone when the solution names its variant and seed (`-`:
// standard input, so `solve ... --json | solitaire verify -` works):
// replays a solution's moves with checked play (automatic filling is applied by the engine), or
// proves a `lost` again by exhaustive search (checkLost). The solution file holds one solution
// object, or several as JSON Lines (one object per line, as `solve --base all --json` and `solve
// --seeds A-B --json` print them): each won one is replayed, each lost one checked, the unknown
// ones listed, each on the deal given or, with none, on the deal it names; one result per line.
// Exit 0: `won in K moves` / `lost: confirmed ...`; exit 1: an illegal move, a legal replay that
// does not win, or a lost claim the check wins or cannot confirm in --max-nodes (one line on
// stderr; of several solutions, every result is on stdout and the failures are counted on
// stderr); exit 2: bad input (a malformed solution, a pile the variant does not have, a solution
// for another deal than the one given), or nothing to verify.
import type { Command } from 'commander';
import { rankName, tryParseRank } from '../cards/card';
import type { Deal } from '../engine/deal';
import { playChecked } from '../engine/legality';
import { GameState } from '../engine/state';
import { EXIT_FAILED, EXIT_OK, UsageError, reportError } from './errors';
import { getRules } from '../rules/variants';
import { type ReadSolution as Solution, readSolution } from '../records/solution';
import { recheckLoss } from '../solver/recheck';
import { SOLVE_MAX_NODES } from '../solver/solve';
import { movesOfSpecs, showGame } from './show';
import { dealName, fileLabel, loadDealFile, msDealOf, out, parseWhole, readJsonValues, seededDeal } from './io';

interface VerifyOptions {
  variant?: string;
  seed?: string;
  ms?: string;
  cells?: string;
  maxNodes?: string;
  show?: boolean;
  json?: boolean;
}

/** A solution for another deal, or naming piles the deal does not have, is bad input (exit 2). */
export function checkFits(deal: Deal, sol: Solution, where: string): void {
  if (sol.variant !== undefined && sol.variant !== deal.rules.name)
    throw new UsageError(`${where} is a solution for ${sol.variant}, the deal is ${deal.rules.name}`);
  if (sol.seed !== undefined && deal.seed !== undefined && sol.seed !== deal.seed)
    throw new UsageError(`${where} is a solution for seed ${sol.seed}, the deal is seed ${deal.seed}`);
  if (sol.ms !== undefined && deal.ms !== undefined && sol.ms !== deal.ms)
    throw new UsageError(`${where} is a solution for Microsoft deal ${sol.ms}, the deal is Microsoft deal ${deal.ms}`);
  if ((sol.ms !== undefined && deal.seed !== undefined) || (sol.seed !== undefined && deal.ms !== undefined))
    throw new UsageError(
      `${where} is a solution for ${sol.ms !== undefined ? `Microsoft deal ${sol.ms}` : `seed ${sol.seed}`}, the deal is ${deal.ms !== undefined ? `Microsoft deal ${deal.ms}` : `seed ${deal.seed}`}`,
    );
  if (sol.cells !== undefined && sol.cells !== deal.rules.cells)
    throw new UsageError(
      `${where} is a solution played with ${sol.cells} cells, the deal has ${deal.rules.cells}${deal.rules.options?.cells ? ` (give --cells ${sol.cells})` : ''}`,
    );
  const s = new GameState(deal);
  sol.moves.forEach((m, i) => {
    for (const name of [m.from, m.to])
      if (s.pileIndex(name) < 0) throw new UsageError(`${where}: moves[${i}] names pile ${JSON.stringify(name)}, which ${deal.rules.name} does not have`);
  });
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

/**
 * The deal of the command line: a deal file (then `second` is the solution), --variant and --seed,
 * or, with neither, the variant and seed the solution names (null: read the solution first).
 */
function dealAndSolutionPath(first: string, second: string | undefined, opts: VerifyOptions): { deal: Deal | null; solPath: string } {
  const bySeed = opts.variant !== undefined || opts.seed !== undefined || opts.ms !== undefined || opts.cells !== undefined;
  if (second !== undefined) {
    if (bySeed) throw new UsageError('give a deal file or --variant and --seed, not both');
    if (first === '-' && second === '-') throw new UsageError('only one of the deal and the solution can be read from standard input (-)');
    return {
      deal: loadDealFile(first, 'verify needs <deal.json> <solution.json>, or <solution.json> alone when it names its variant and seed'),
      solPath: second,
    };
  }
  if (!bySeed) return { deal: null, solPath: first };
  if (opts.seed !== undefined && opts.ms !== undefined) throw new UsageError('give --seed or --ms, not both');
  if (opts.variant === undefined || (opts.seed === undefined && opts.ms === undefined))
    throw new UsageError('verify needs <deal.json> <solution.json>, --variant V --seed N <solution.json>, or a solution that names its variant and seed');
  return { deal: opts.ms !== undefined ? msDealOf(opts.variant, opts.ms, opts.cells) : seededDeal(opts.variant, opts.seed!, opts.cells), solPath: first };
}

/** A deal where a solution is expected (`verify deal.json`, `verify deal.json deal.json`): say so, rather than that it has no "result". */
function refuseDeal(value: unknown, where: string, dealGiven: boolean): void {
  const o = value as Record<string, unknown>;
  if (typeof o === 'object' && o !== null && Array.isArray(o.tableau) && o.result === undefined)
    throw new UsageError(
      dealGiven
        ? `the second file, ${where}, is a deal, not a solution: verify needs <deal.json> <solution.json>`
        : `${where} is a deal, not a solution: verify needs <deal.json> <solution.json>, or --variant V --seed N <solution.json>`,
    );
}

/**
 * The seeded deal a solution names (`verify sol.json` alone): its variant, seed and (FreeCell)
 * cells. `made` keeps the deals made so far, so that solutions of one deal share its object.
 */
function dealOfSolution(s: Solution, where: string, made: Map<string, Deal>): Deal {
  if (s.variant === undefined || (s.seed === undefined && s.ms === undefined))
    throw new UsageError(`${where} does not name its variant and seed: verify needs <deal.json> <solution.json>, or --variant V --seed N <solution.json>`);
  const rules = getRules(s.variant);
  const cells = rules.options?.cells !== undefined && s.cells !== undefined ? String(s.cells) : undefined;
  const key = `${rules.name} ${s.seed} ${s.ms} ${cells}`;
  let deal = made.get(key);
  if (!deal) {
    deal = s.ms !== undefined ? msDealOf(s.variant, String(s.ms), cells) : seededDeal(s.variant, String(s.seed), cells);
    made.set(key, deal);
  }
  return deal;
}

/**
 * Checks a claim of `lost` by proving it again (src/solver/recheck.ts), for the base rank the
 * solution names (every candidate rank when it names none), within `maxNodes` nodes per rank.
 */
export function checkLost(deal: Deal, sol: Solution, maxNodes: number): VerifyResult {
  const named = sol.base !== undefined ? tryParseRank(sol.base) : -1;
  if (deal.rules.terraceFamily && sol.base !== undefined && named < 0) throw new UsageError(`bad base ${JSON.stringify(sol.base)} in the solution`);
  const r = recheckLoss(deal, sol.proof, named >= 0 ? named : undefined, maxNodes);
  const tests = r.tests;
  const how = tests.length > 0 ? `exhaustive search with the ${tests.join(' and ')} deadlock test${tests.length > 1 ? 's' : ''}` : 'exhaustive search';
  const label = (base?: number) => (base === undefined ? '' : ` with base ${rankName(base)}`);
  switch (r.outcome) {
    case 'audit failed':
      return { ok: false, lines: [`not confirmed${label(r.base)}: ${r.message}`] };
    case 'won':
      return { ok: false, lines: [`the claim is wrong: won${label(r.base)} (${r.nodes} nodes, ${r.moves} moves)`] };
    case 'ran out':
      return { ok: false, lines: [`not confirmed${label(r.base)}: ${how} ran out of its ${maxNodes} nodes (give --max-nodes more)`] };
  }
  const audited = tests.length > 0 ? `, each cut checked again by a second, plain version of its test` : '';
  return { ok: true, lines: [`lost: confirmed by ${how}${audited} (${r.nodes} nodes)`, ...r.reasons.map((x) => `  why${label(x.base)}: ${x.reason}`)] };
}

/**
 * Replays every won solution and checks every lost one, each on its deal (`deals[i]`, or one deal
 * for all). One solution: its result. Several: one result per solution, a failure as `LABEL failed:
 * why`; `failures` lists the failures (labelled), so ok is false when any failed.
 */
export function verifyAll(deals: Deal | Deal[], sols: Solution[], labels: string[], maxNodes = SOLVE_MAX_NODES): VerifyResult & { failures: string[] } {
  const lines: string[] = [];
  const failures: string[] = [];
  for (let i = 0; i < sols.length; i++) {
    if (sols[i].result === 'unknown') {
      lines.push(`${labels[i]}${sols[i].result}: nothing to verify`);
      continue;
    }
    const deal = Array.isArray(deals) ? deals[i] : deals;
    const res = sols[i].result === 'lost' ? checkLost(deal, sols[i], maxNodes) : replay(deal, sols[i]);
    if (!res.ok) {
      failures.push(labels[i] + res.lines.join(' '));
      lines.push(sols.length === 1 ? failures[0] : `${labels[i]}failed: ${res.lines.join(' ')}`);
      continue;
    }
    lines.push(...res.lines.map((l, k) => (k === 0 ? labels[i] + l : l)));
  }
  return { ok: failures.length === 0, lines, failures };
}

export function register(program: Command): void {
  program
    .command('verify')
    .description(
      'replay a won solution and check it wins, or prove a lost one again by exhaustive search: verify <deal.json> <solution.json>, verify --variant V --seed N <solution.json>, or verify <solution.json> alone when the solution names its variant and seed (as solve --json writes it); - reads standard input',
    )
    .argument('<file>', 'deal.json (then solution.json), or solution.json (alone, or with --variant and --seed); - for standard input')
    .argument('[solution]', 'solution.json when a deal file is given (one solution, or one per line: docs/FORMATS.md); - for standard input')
    .option('--variant <name>', 'variant of a seeded deal (instead of a deal file)')
    .option('--seed <n>', 'seed of the deal (with --variant)')
    .option('--ms <n>', "freecell: Microsoft's deal number (with --variant freecell, instead of --seed)")
    .option('--cells <n>', 'freecell only: number of cells, 0-4 (with --variant)')
    .option('--max-nodes <n>', `a lost solution: node budget per base rank of the exhaustive search that checks it (default ${SOLVE_MAX_NODES})`)
    .option('--show', 'a won solution: print the board after each move')
    .option('--json', 'print the outcome as one JSON object on stdout: {"ok", "messages"} (a failure still exits 1 with its line on stderr)')
    .action((first: string, second: string | undefined, opts: VerifyOptions) => {
      if (opts.json && opts.show) throw new UsageError('--show prints boards as text: not with --json');
      const { deal: given, solPath } = dealAndSolutionPath(first, second, opts);
      const { values, lines } = readJsonValues(solPath);
      const name = fileLabel(solPath);
      const where = (i: number) => (lines ? `${name} line ${lines[i]}` : name);
      values.forEach((v, i) => refuseDeal(v, where(i), given !== null));
      const sols = values.map((v, i) => readSolution(v, where(i)));
      // Without a deal on the command line, each solution is checked on the deal it names.
      const made = new Map<string, Deal>();
      const deals = sols.map((sol, i) => given ?? dealOfSolution(sol, where(i), made));
      sols.forEach((sol, i) => {
        checkFits(deals[i], sol, where(i));
      });
      if (!sols.some((sol) => sol.result !== 'unknown'))
        throw new UsageError(sols.length === 1 ? `${name}: result is "unknown": nothing to verify` : `${name}: every solution is unknown: nothing to verify`);
      // Labels of several solutions: `line 2, base 9: `, naming the deal when they are of several
      // (`line 2, seed 2, base 9: `), and the variant when of several variants.
      const severalDeals = new Set(deals).size > 1;
      const severalVariants = new Set(deals.map((d) => d.rules.name)).size > 1;
      const dealLabel = (d: Deal) => (severalDeals ? `, ${severalVariants ? `${d.rules.name} ` : ''}${dealName(d)}` : '');
      const labels = sols.map((sol, i) => (lines ? `line ${lines[i]}${dealLabel(deals[i])}${sol.base !== undefined ? `, base ${sol.base}` : ''}: ` : ''));
      const res = verifyAll(deals, sols, labels, opts.maxNodes === undefined ? SOLVE_MAX_NODES : parseWhole('--max-nodes', opts.maxNodes, 1));
      if (res.ok && opts.show) {
        const shown: string[] = [];
        sols.forEach((sol, i) => {
          if (sol.result !== 'won') return;
          if (sols.length > 1) shown.push(`${labels[i]}the winning line:`);
          shown.push(...showGame(deals[i], movesOfSpecs(deals[i], sol.moves)).map((l) => '  ' + l));
        });
        res.lines.push(...shown);
      }
      // One solution: its result on stdout, or its failure on stderr. Several: one result each on
      // stdout, failures too, and the failures counted on stderr.
      if (opts.json) out(JSON.stringify({ ok: res.ok, messages: res.lines }));
      else if (res.ok || sols.length > 1) out(res.lines.join('\n'));
      if (!res.ok)
        reportError(
          sols.length === 1
            ? res.failures[0]
            : `${res.failures.length} of ${sols.length} solutions failed: ${res.failures[0]}${res.failures.length > 1 ? `; and ${res.failures.length - 1} more (on stdout)` : ''}`,
        );
      process.exitCode = res.ok ? EXIT_OK : EXIT_FAILED;
    });
}

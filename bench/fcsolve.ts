// fc-solve (Freecell Solver, Debian package `freecell-solver-bin`) as a reference solver for the
// FreeCell-like variants: Winery (10 piles, 2 cells) and FreeCell with 0-4 cells.
//
// - dealToFcBoard: a deal or position as fc-solve's board text (README.asciidoc of the package):
//   one line per tableau column, cards bottom (first) to top (last) separated by spaces, ranks
//   A 2-9 T J Q K and suits C D H S (our cardName already spells them so). An empty column is a
//   line holding just ":". `Foundations: H-5 C-A D-0 S-0` and `Freecells: 3H - QC` lines come
//   first, and only when a foundation or a cell holds a card (never at a starting deal).
// - fcGameArgs: the game parameters: --freecells-num N --stacks-num T --decks-num 1
//   --sequences-are-built-by alternate_color --sequence-move limited --empty-stacks-filled-by all.
//   fc-solve moves sequences as one move, limited by the free cells and empty columns: such a move
//   is a shorthand for single-card moves through the cells and empty piles, so it changes no
//   verdict; fcMovesToSpecs expands it back into our single-card moves.
// - runFcSolve: one fc-solve process on one board (board on stdin), with `-p -t -m -sel -mi N`.
//   Verdicts, from its status line (exit code is 0 in every case):
//     "This game is solveable."       -> won (the solution is parsed from the -m move lines)
//     "I could not solve this game."  -> lost: the search space was exhausted
//     "Iterations count exceeded."    -> unknown (the -mi limit; -sel makes fc-solve say this
//                                        instead of the "could not solve" it prints without -sel)
//     killed by our time limit        -> unknown
//   Caveat: fc-solve's default moves are "meta-moves", which are not complete: its own --help says
//   "If it erroneously reports a board as unsolvable, try adding the -to 01ABCDE flag" (atomic
//   moves only; the `crooked-nose` preset is described as atomic and "guarantees an accurate
//   verdict"). So a default-mode "lost" is not a proof; `atomic: true` runs `-to 01ABCDE`.
// - measureStartCost: wall time of fc-solve on a trivial board (one card left to play), i.e. the
//   cost of starting the process, reading the board and printing, to subtract from per-deal times.
// - ensureFcSolve: finds fc-solve on PATH (or $FC_SOLVE); if missing and we are root on a Debian
//   system, runs `apt-get update && apt-get install -y freecell-solver-bin`; else says how to
//   install it. Never throws.
import { spawnSync } from 'child_process';
import { cardName, rankOf, suitOf } from '../src/cards/card';
import type { Deal } from '../src/engine/deal';
import { type MoveSpec, playChecked } from '../src/engine/legality';
import { GameState } from '../src/engine/state';
import type { RuleTable } from '../src/rules/vocabulary';

export type FcVerdict = 'won' | 'lost' | 'unknown';

/** One move of an fc-solve solution (stacks and freecells 0-based, as fc-solve prints them). */
export type FcMove =
  | { kind: 'stack-to-foundation'; stack: number }
  | { kind: 'cell-to-foundation'; cell: number }
  | { kind: 'stack-to-cell'; stack: number; cell: number }
  | { kind: 'cell-to-stack'; cell: number; stack: number }
  | { kind: 'cell-to-cell'; cell: number; to: number }
  | { kind: 'stack-to-stack'; count: number; stack: number; to: number };

export interface FcRun {
  result: FcVerdict;
  /** fc-solve's status line, or why there is none ("timeout after 1000 ms", "exit 1: ..."). */
  status: string;
  /** "Total number of states checked" (fc-solve's iterations), when printed. */
  iterations: number | null;
  /** The solution (won only). A sequence move counts as one move here. */
  moves: FcMove[] | null;
  /** Move lines that could not be parsed (should be none). */
  unparsed: string[];
  /** Wall time of the whole process, ms (process start included). */
  ms: number;
  /** Set when fc-solve could not be run or gave no recognisable verdict. */
  error?: string;
}

export interface FcOptions {
  /** The fc-solve executable (default: $FC_SOLVE or `fc-solve`). */
  bin?: string;
  /** -mi: states to check before giving up (default 1,000,000). */
  maxIters?: number;
  /** Wall-time limit; the process is killed after it and the verdict is unknown. Default: none. */
  timeoutMs?: number;
  /** Atomic moves only (-to 01ABCDE): complete, so its "lost" is a proof; slower. */
  atomic?: boolean;
  /** More fc-solve flags (e.g. ['-l', 'crooked-nose']). */
  extraArgs?: string[];
}

export const DEFAULT_FC_ITERS = 1_000_000;
export const ATOMIC_MOVES = '01ABCDE';

export function defaultFcBin(): string {
  return process.env.FC_SOLVE || 'fc-solve';
}

/** Why fc-solve cannot play this variant, or null when it can (single-deck FreeCell-like rules). */
export function fcUnsupported(rules: RuleTable): string | null {
  if (rules.decks !== 1) return 'more than one deck';
  if (rules.foundationBuild !== 'suit' || rules.baseRule !== 'ace' || rules.acesStartOnFoundations) return 'foundations are not built by suit from the ace';
  if (rules.hasStock || rules.reserveSize > 0) return 'a stock or reserve';
  if (rules.tableauWrap) return 'a wrapping tableau';
  if (rules.emptyPile !== 'any-single-card') return `empty piles rule ${rules.emptyPile}`;
  if (rules.tableauDeal.length > 10) return 'more than 10 piles';
  if (rules.cells > 8) return 'more than 8 cells';
  return null;
}

/** fc-solve's game parameters for a FreeCell-like rule table. */
export function fcGameArgs(rules: RuleTable): string[] {
  const why = fcUnsupported(rules);
  if (why) throw new Error(`fc-solve cannot play ${rules.name}: ${why}`);
  return [
    '--freecells-num',
    String(rules.cells),
    '--stacks-num',
    String(rules.tableauDeal.length),
    '--decks-num',
    '1',
    '--sequences-are-built-by',
    'alternate_color',
    '--sequence-move',
    'limited',
    '--empty-stacks-filled-by',
    'all',
  ];
}

/** fc-solve's suit letters in the order of its Foundations line, with our suit numbers (C D H S = 0..3). */
const FC_FOUNDATION_SUITS: [string, number][] = [
  ['H', 2],
  ['C', 0],
  ['D', 1],
  ['S', 3],
];

/** The deal (or any position of a FreeCell-like variant) as fc-solve's board text. */
export function dealToFcBoard(deal: Deal): string {
  const lines: string[] = [];
  const topRank = [-1, -1, -1, -1];
  for (const f of deal.foundations) if (f.length) topRank[suitOf(f[0])] = Math.max(topRank[suitOf(f[0])], rankOf(f[f.length - 1]));
  if (topRank.some((r) => r >= 0))
    lines.push('Foundations: ' + FC_FOUNDATION_SUITS.map(([l, s]) => `${l}-${topRank[s] < 0 ? '0' : cardName(topRank[s] * 4)[0]}`).join(' '));
  if (deal.cells.some((c) => c >= 0)) lines.push('Freecells: ' + deal.cells.map((c) => (c < 0 ? '-' : cardName(c))).join(' '));
  for (const pile of deal.tableau) lines.push(pile.length ? pile.map(cardName).join(' ') : ':');
  return lines.join('\n') + '\n';
}

const MOVE_PATTERNS: [RegExp, (m: RegExpExecArray) => FcMove][] = [
  [/^Move a card from stack (\d+) to the foundations$/, (m) => ({ kind: 'stack-to-foundation', stack: +m[1] })],
  [/^Move a card from freecell (\d+) to the foundations$/, (m) => ({ kind: 'cell-to-foundation', cell: +m[1] })],
  [/^Move a card from stack (\d+) to freecell (\d+)$/, (m) => ({ kind: 'stack-to-cell', stack: +m[1], cell: +m[2] })],
  [/^Move a card from freecell (\d+) to stack (\d+)$/, (m) => ({ kind: 'cell-to-stack', cell: +m[1], stack: +m[2] })],
  [/^Move a card from freecell (\d+) to freecell (\d+)$/, (m) => ({ kind: 'cell-to-cell', cell: +m[1], to: +m[2] })],
  [/^Move (\d+) cards? from stack (\d+) to stack (\d+)$/, (m) => ({ kind: 'stack-to-stack', count: +m[1], stack: +m[2], to: +m[3] })],
];

/** Parses fc-solve's stdout (with -m): verdict, iterations, and the solution's moves. */
export function parseFcOutput(stdout: string): Omit<FcRun, 'ms'> {
  const lines = stdout.split('\n').map((l) => l.trim());
  const moves: FcMove[] = [];
  const unparsed: string[] = [];
  let result: FcVerdict | null = null;
  let status = '';
  let iterations: number | null = null;
  for (const line of lines) {
    if (line.startsWith('Move ')) {
      const hit = MOVE_PATTERNS.find(([re]) => re.test(line));
      if (hit) moves.push(hit[1](hit[0].exec(line)!));
      else unparsed.push(line);
    } else if (line === 'This game is solveable.') {
      result = 'won';
      status = line;
    } else if (line === 'I could not solve this game.') {
      result = 'lost';
      status = line;
    } else if (line === 'Iterations count exceeded.') {
      result = 'unknown';
      status = line;
    } else {
      const m = /^Total number of states checked is (\d+)\.$/.exec(line);
      if (m) iterations = Number(m[1]);
    }
  }
  if (result === null) {
    const text = stdout.trim().split('\n').slice(-3).join(' | ');
    return { result: 'unknown', status: 'no verdict', iterations, moves: null, unparsed, error: `fc-solve printed no verdict: ${text || '(nothing)'}` };
  }
  return { result, status, iterations, moves: result === 'won' ? moves : null, unparsed };
}

/** The command line (without the executable) runFcSolve uses for a deal. */
export function fcArgs(rules: RuleTable, opts: FcOptions = {}): string[] {
  const args = [...fcGameArgs(rules), '-p', '-t', '-m', '-sel', '-mi', String(opts.maxIters ?? DEFAULT_FC_ITERS)];
  if (opts.atomic) args.push('-to', ATOMIC_MOVES);
  if (opts.extraArgs) args.push(...opts.extraArgs);
  args.push('-'); // the board comes on stdin
  return args;
}

/** Runs fc-solve on one deal. Never throws: failures come back as `unknown` with `error`. */
export function runFcSolve(deal: Deal, opts: FcOptions = {}): FcRun {
  const bin = opts.bin ?? defaultFcBin();
  let args: string[];
  try {
    args = fcArgs(deal.rules, opts);
  } catch (e) {
    return { result: 'unknown', status: 'unsupported', iterations: null, moves: null, unparsed: [], ms: 0, error: (e as Error).message };
  }
  return runFcBoard(bin, args, dealToFcBoard(deal), opts.timeoutMs);
}

function runFcBoard(bin: string, args: string[], board: string, timeoutMs?: number): FcRun {
  const t0 = performance.now();
  const r = spawnSync(bin, args, {
    input: board,
    encoding: 'utf8',
    timeout: timeoutMs,
    killSignal: 'SIGKILL',
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, FREECELL_SOLVER_QUIET: '1' },
  });
  const ms = performance.now() - t0;
  const fail = (status: string, error?: string): FcRun => ({ result: 'unknown', status, iterations: null, moves: null, unparsed: [], ms, error });
  if (r.error) {
    const code = (r.error as NodeJS.ErrnoException).code;
    if (code === 'ETIMEDOUT') return fail(`timeout after ${timeoutMs} ms`);
    return fail('not run', `${bin}: ${r.error.message}`);
  }
  if (r.signal) return fail(`killed by ${r.signal}`, r.signal === 'SIGKILL' && timeoutMs !== undefined ? undefined : `fc-solve died of ${r.signal}`);
  const parsed = parseFcOutput(r.stdout ?? '');
  if (r.status !== 0 && !parsed.error) parsed.error = `fc-solve exited ${r.status}: ${(r.stderr ?? '').trim().slice(0, 200)}`;
  return { ...parsed, ms };
}

// ---- replaying solutions on our engine ----

export interface Replay {
  /** The position is won after the last move. */
  won: boolean;
  /** Single-card moves played. */
  played: number;
  /** The first illegal or untranslatable move, if any. */
  error?: string;
  /** Our single-card moves (fcMovesToSpecs only). */
  specs?: MoveSpec[];
}

/** Replays our solver's moves with the checked rules (playChecked on new GameState(deal)). */
export function replayOurs(deal: Deal, moves: MoveSpec[]): Replay {
  const s = new GameState(deal);
  for (let i = 0; i < moves.length; i++) {
    const err = playChecked(s, moves[i]);
    if (err) return { won: false, played: i, error: `move ${i + 1} ${JSON.stringify(moves[i])}: ${err}` };
  }
  return { won: s.isWon(), played: moves.length };
}

/**
 * Translates an fc-solve solution into our single-card moves and plays them with playChecked:
 * a sequence move of n cards is expanded the standard way (n <= free cells + 1: through the cells;
 * otherwise the top part goes to an empty pile, recursively). fc-solve's freecell numbers are mapped
 * to our cells as cards enter them. A won replay proves the deal winnable under our rules.
 */
export function fcMovesToSpecs(deal: Deal, moves: FcMove[]): Replay {
  const s = new GameState(deal);
  const specs: MoveSpec[] = [];
  const cellOf = new Map<number, number>(); // fc-solve freecell -> our cell pile index
  const T = s.T;
  const play = (from: number, to: number): void => {
    const spec: MoveSpec = { from: s.pileName(from), to: s.pileName(to) };
    const err = playChecked(s, spec);
    if (err) throw new Error(`${spec.from}->${spec.to}: ${err}`);
    specs.push(spec);
  };
  const freeCells = (): number[] => {
    const out: number[] = [];
    for (let p = s.CELL0; p < s.RESERVE; p++) if (s.len[p] === 0) out.push(p);
    return out;
  };
  const foundationFor = (card: number): number => {
    for (let f = s.FOUND0; f < s.CELL0; f++) {
      if (s.len[f] === 0 ? rankOf(card) === 0 : s.top(f) === card - 4) return f;
    }
    throw new Error(`${cardName(card)} goes on no foundation`);
  };
  const checkStack = (i: number): number => {
    if (!(i >= 0 && i < T)) throw new Error(`fc-solve stack ${i} does not exist`);
    return i;
  };
  const capacity = (cells: number, empties: number) => (cells + 1) * 2 ** empties;
  const superMove = (n: number, src: number, dst: number, empties: number[]): void => {
    const cells = freeCells();
    if (n <= cells.length + 1) {
      for (let i = 0; i < n - 1; i++) play(src, cells[i]);
      play(src, dst);
      for (let i = n - 2; i >= 0; i--) play(cells[i], dst);
      return;
    }
    if (empties.length === 0 || n > capacity(cells.length, empties.length))
      throw new Error(`a run of ${n} cannot move with ${cells.length} free cell(s) and ${empties.length} empty pile(s)`);
    const [e, ...rest] = empties;
    const m = Math.min(n - 1, capacity(cells.length, rest.length));
    superMove(m, src, e, rest);
    superMove(n - m, src, dst, rest);
    superMove(m, e, dst, rest);
  };
  let i = 0;
  try {
    for (; i < moves.length; i++) {
      const mv = moves[i];
      switch (mv.kind) {
        case 'stack-to-foundation': {
          const p = checkStack(mv.stack);
          if (s.len[p] === 0) throw new Error(`stack ${p} is empty`);
          play(p, foundationFor(s.top(p)));
          break;
        }
        case 'cell-to-foundation': {
          const c = cellOf.get(mv.cell);
          if (c === undefined || s.len[c] === 0) throw new Error(`fc-solve freecell ${mv.cell} is empty`);
          cellOf.delete(mv.cell);
          play(c, foundationFor(s.top(c)));
          break;
        }
        case 'stack-to-cell': {
          const free = freeCells();
          if (free.length === 0) throw new Error('no free cell');
          if (cellOf.has(mv.cell)) throw new Error(`fc-solve freecell ${mv.cell} is occupied`);
          play(checkStack(mv.stack), free[0]);
          cellOf.set(mv.cell, free[0]);
          break;
        }
        case 'cell-to-stack': {
          const c = cellOf.get(mv.cell);
          if (c === undefined) throw new Error(`fc-solve freecell ${mv.cell} is empty`);
          cellOf.delete(mv.cell);
          play(c, checkStack(mv.stack));
          break;
        }
        case 'cell-to-cell': {
          // Changes nothing in our model (cells are interchangeable).
          const c = cellOf.get(mv.cell);
          if (c === undefined) throw new Error(`fc-solve freecell ${mv.cell} is empty`);
          cellOf.delete(mv.cell);
          cellOf.set(mv.to, c);
          break;
        }
        case 'stack-to-stack': {
          const src = checkStack(mv.stack);
          const dst = checkStack(mv.to);
          if (s.len[src] < mv.count) throw new Error(`stack ${src} has ${s.len[src]} cards, not ${mv.count}`);
          const empties: number[] = [];
          for (let p = 0; p < T; p++) if (p !== src && p !== dst && s.len[p] === 0) empties.push(p);
          superMove(mv.count, src, dst, empties);
          break;
        }
      }
    }
  } catch (e) {
    return { won: false, played: specs.length, specs, error: `fc-solve move ${i + 1} (${describeFcMove(moves[i])}): ${(e as Error).message}` };
  }
  return { won: s.isWon(), played: specs.length, specs };
}

export function describeFcMove(m: FcMove): string {
  switch (m.kind) {
    case 'stack-to-foundation':
      return `stack ${m.stack} to foundation`;
    case 'cell-to-foundation':
      return `freecell ${m.cell} to foundation`;
    case 'stack-to-cell':
      return `stack ${m.stack} to freecell ${m.cell}`;
    case 'cell-to-stack':
      return `freecell ${m.cell} to stack ${m.stack}`;
    case 'cell-to-cell':
      return `freecell ${m.cell} to freecell ${m.to}`;
    case 'stack-to-stack':
      return `${m.count} card(s) from stack ${m.stack} to stack ${m.to}`;
  }
}

// ---- process start cost ----

export interface StartCost {
  /** Median wall time of fc-solve on a trivial board, ms: subtracted from every call for "net" times. */
  medianMs: number;
  minMs: number;
  maxMs: number;
  samples: number[];
}

/** A position one move from the end (KS on a column, the rest on the foundations), FreeCell game args. */
export const TRIVIAL_BOARD = 'Foundations: H-K C-K D-K S-Q\nKS\n' + ':\n'.repeat(7);
const TRIVIAL_ARGS = ['--freecells-num', '4', '--stacks-num', '8', '--decks-num', '1', '-p', '-t', '-m', '-sel', '-mi', '100', '-'];

/** Times fc-solve on TRIVIAL_BOARD `reps` times (after one warm-up call). */
export function measureStartCost(bin: string = defaultFcBin(), reps = 15): StartCost {
  runFcBoard(bin, TRIVIAL_ARGS, TRIVIAL_BOARD); // warm the page cache
  const samples: number[] = [];
  for (let i = 0; i < reps; i++) {
    const r = runFcBoard(bin, TRIVIAL_ARGS, TRIVIAL_BOARD);
    if (r.error || r.result !== 'won') throw new Error(`fc-solve failed on the trivial board: ${r.error ?? r.status}`);
    samples.push(r.ms);
  }
  const sorted = [...samples].sort((a, b) => a - b);
  return { medianMs: sorted[Math.floor(sorted.length / 2)], minMs: sorted[0], maxMs: sorted[sorted.length - 1], samples };
}

// ---- presence ----

export interface FcPresence {
  /** Executable to run, or null when fc-solve is not available. */
  bin: string | null;
  /** fc-solve's version line, when found. */
  version?: string;
  /** 'found' | 'installed' | 'missing'. */
  how: 'found' | 'installed' | 'missing';
  /** What happened, for the report (install hint when missing). */
  message: string;
}

export const INSTALL_HINT =
  'fc-solve not found: install Freecell Solver to compare with it, e.g. `sudo apt-get install freecell-solver-bin` ' +
  '(Debian/Ubuntu), `brew install freecell-solver` (macOS), or set FC_SOLVE=/path/to/fc-solve';

/** fc-solve's version line, or null when it cannot be run. */
export function fcVersion(bin: string = defaultFcBin()): string | null {
  const r = spawnSync(bin, ['--version'], { encoding: 'utf8', timeout: 10_000 });
  if (r.error || r.status !== 0) return null;
  const line = (r.stdout ?? '').split('\n').find((l) => /version/i.test(l));
  return (line ?? (r.stdout ?? '').trim()).trim() || 'fc-solve';
}

/**
 * Finds fc-solve; when it is missing, `install` is true and we run as root on a system with
 * apt-get, installs freecell-solver-bin. Never throws.
 */
export function ensureFcSolve(opts: { install?: boolean; log?: (line: string) => void } = {}): FcPresence {
  const bin = defaultFcBin();
  const log = opts.log ?? (() => undefined);
  const v = fcVersion(bin);
  if (v) return { bin, version: v, how: 'found', message: `${bin}: ${v}` };
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;
  if (opts.install !== false && isRoot && hasApt) {
    log('fc-solve not found: installing freecell-solver-bin (apt-get update && apt-get install -y freecell-solver-bin) ...');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const upd = spawnSync('apt-get', ['update'], { encoding: 'utf8', env, timeout: 300_000 });
    const inst = spawnSync('apt-get', ['install', '-y', 'freecell-solver-bin'], { encoding: 'utf8', env, timeout: 300_000 });
    const v2 = fcVersion('fc-solve');
    if (v2) return { bin: 'fc-solve', version: v2, how: 'installed', message: `installed freecell-solver-bin: ${v2}` };
    const tail = [upd, inst].map((r) => `${r.error?.message ?? ''} ${(r.stderr ?? '').trim().split('\n').slice(-2).join(' ')}`.trim()).join(' / ');
    return { bin: null, how: 'missing', message: `apt-get install freecell-solver-bin failed (${tail}); ${INSTALL_HINT}` };
  }
  return { bin: null, how: 'missing', message: INSTALL_HINT };
}

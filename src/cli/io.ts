// Small input/output helpers shared by the commands: reading JSON files, loading deals, parsing
// option values. Every failure is a UsageError with one clear line.
import { readFileSync } from 'node:fs';
import { type Deal, dealFromJson, dealFromSeed, parseSeed } from '../engine/deal';
import { dealFromFcs, msDeal, parseMsNumber } from '../engine/msdeal';
import { getRules } from '../rules/variants';
import type { RuleOptions, RuleTable } from '../rules/vocabulary';
import { UsageError } from './errors';
import { isSearchKind, SEARCH_KINDS, SEARCHES } from '../solver/registry';

const FS_REASONS: Record<string, string> = {
  ENOENT: 'no such file',
  EACCES: 'permission denied',
  EISDIR: 'it is a directory',
  ENOTDIR: 'a parent is not a directory',
};

/** Reads a file as UTF-8 text; `-` is standard input. */
export function readText(path: string): string {
  try {
    return readFileSync(path === '-' ? 0 : path, 'utf8');
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    throw new UsageError(`cannot read ${path === '-' ? 'standard input' : path || `""`}: ${(err.code && FS_REASONS[err.code]) || err.message}`);
  }
}

/** A file name for messages: `-` is standard input. */
export function fileLabel(path: string): string {
  return path === '-' ? 'stdin' : path;
}

/** Reads and parses a JSON file: `deal.json is not valid JSON: ...` when it does not parse. */
export function readJson(path: string): unknown {
  const text = readText(path);
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new UsageError(`${fileLabel(path)} is not valid JSON: ${(e as Error).message}`);
  }
}

/**
 * Reads a file of one JSON value, or of several as JSON Lines (one value per line). `lines` gives
 * the line number of each value for JSON Lines, null for a single value.
 */
export function readJsonValues(path: string): { values: unknown[]; lines: number[] | null } {
  const text = readText(path);
  try {
    return { values: [JSON.parse(text)], lines: null };
  } catch (whole) {
    const rows = text
      .split('\n')
      .map((l, i) => ({ l, n: i + 1 }))
      .filter((r) => r.l.trim() !== '');
    if (rows.length < 2 || !isJsonObject(rows[0].l)) throw new UsageError(`${fileLabel(path)} is not valid JSON: ${(whole as Error).message}`);
    const values = rows.map((r) => {
      try {
        return JSON.parse(r.l);
      } catch (e) {
        throw new UsageError(`${fileLabel(path)} line ${r.n} is not valid JSON: ${(e as Error).message}`);
      }
    });
    return { values, lines: rows.map((r) => r.n) };
  }
}

function isJsonObject(text: string): boolean {
  try {
    const v = JSON.parse(text);
    return typeof v === 'object' && v !== null && !Array.isArray(v);
  } catch {
    return false;
  }
}

/**
 * Loads and checks a deal file (FORMATS.md); DealError becomes a UsageError naming the file.
 * `hint` follows the message when the file is a solution (what the command does with one).
 */
export function loadDealFile(path: string, hint?: string): Deal {
  return dealOfJson(readJson(path), fileLabel(path), hint);
}

/**
 * Loads a file of one deal, or of several as JSON Lines (`deal --seeds` writes them): `lines` as
 * for readJsonValues, null for a single deal.
 */
export function loadDealFiles(path: string): { deals: Deal[]; lines: number[] | null } {
  const { values, lines } = readJsonValues(path);
  const where = (i: number) => (lines ? `${fileLabel(path)} line ${lines[i]}` : fileLabel(path));
  return { deals: values.map((v, i) => dealOfJson(v, where(i))), lines };
}

/** A deal JSON value checked; `where` names the file (and line) in messages. A solution given as a deal is named as one. */
function dealOfJson(obj: unknown, where: string, hint?: string): Deal {
  const o = obj as Record<string, unknown>;
  if (typeof o === 'object' && o !== null && typeof o.result === 'string' && o.tableau === undefined)
    throw new UsageError(`${where} is a solution, not a deal${hint ? `: ${hint}` : ''}`);
  try {
    return dealFromJson(obj);
  } catch (e) {
    throw new UsageError(`${where}: ${(e as Error).message.replace(/^deal: /, '')}`);
  }
}

const SUFFIX: Record<string, number> = { k: 1e3, m: 1e6, g: 1e9 };

/**
 * A count as people write it: `200000`, `200k`, `2M`, `1.5G`, `1e6`, `2.5e5` (suffixes k/M/G in
 * either case, powers of 1,000); NaN when the text is not one or is not a whole number; Infinity
 * when it is one too large for a double (1e400).
 */
export function parseCount(text: string): number {
  const m = /^\s*(\d+(?:\.\d+)?)(?:[eE](\d+))?\s*([kKmMgG])?\s*$/.exec(text);
  if (!m || (m[2] !== undefined && m[3] !== undefined)) return NaN;
  const digits = m[1] + (m[2] !== undefined ? `e${m[2]}` : '');
  const n = Number(digits) * (m[3] ? SUFFIX[m[3].toLowerCase()] : 1);
  if (n === Infinity) return n; // 1e400: a whole number, too large for any option
  // 1.5k = 1500 exactly: round away the binary error of the product, then insist on a whole number.
  const r = Math.round(n);
  return Math.abs(n - r) < 1e-9 * Math.max(1, r) ? r : NaN;
}

/** The options whose values are node counts: their messages show how counts may be written. */
const NODE_COUNT_OPTIONS = new Set(['--max-nodes']);

/** `A-B` (inclusive) or a single seed `N`. */
export function parseSeedRange(text: string, option = '--seeds'): { from: number; to: number } {
  const m = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(text);
  if (!m) throw new UsageError(`bad ${option} "${text}": expected a range A-B of whole numbers, e.g. 1-100`);
  const from = Number(m[1]);
  const to = m[2] === undefined ? from : Number(m[2]);
  if (!Number.isSafeInteger(from) || !Number.isSafeInteger(to)) throw new UsageError(`bad ${option} "${text}": seeds go up to ${Number.MAX_SAFE_INTEGER}`);
  if (to < from) throw new UsageError(`bad ${option} "${text}": the range is empty (${to} < ${from})`);
  return { from, to };
}

/**
 * Parses a whole number option value in [min, max]; counts may be written 200k, 2M, 1e6
 * (parseCount). With no max, a number past 2^53-1 is "too large", naming that largest.
 */
export function parseWhole(option: string, text: string, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const n = parseCount(text);
  if (Number.isSafeInteger(n) && n >= min && n <= max) return n;
  const bad = `bad ${option} ${JSON.stringify(text)}`;
  // A bounded option's message below names its largest value already.
  if (n > max && max === Number.MAX_SAFE_INTEGER) throw new UsageError(`${bad}: too large: at most ${max}`);
  const hint = NODE_COUNT_OPTIONS.has(option) ? ' (200000, 200k, 2M and 1e6 are all fine)' : '';
  throw new UsageError(`${bad}: expected a whole number from ${min}${max < Number.MAX_SAFE_INTEGER ? ` to ${max}` : ' up'}${hint}`);
}

/** The help of --search, the same on solve, analyze and advise. */
export function searchHelp(): string {
  return `auto (the library's and analyze's policy), dfs (depth-first searches in several move orders), astar (weighted A*), portfolio (dfs and A* sharing the budget), or search names joined by + (${Object.keys(SEARCHES).join(', ')})`;
}

/** A --search value: one of SEARCH_KINDS or search names joined by +. */
export function searchOption(text: string): string {
  if (!isSearchKind(text))
    throw new UsageError(
      `bad --search ${JSON.stringify(text)}: expected ${SEARCH_KINDS.join(', ')}, or names from ${Object.keys(SEARCHES).join(', ')} joined by +`,
    );
  return text;
}

/** Why the budgets' defaults differ between commands (the --help of solve, analyze and advise). */
export const DEFAULTS_NOTE = `
Defaults differ between commands on purpose: solve looks at one deal, analyze at thousands.
  solve     --base any, --max-nodes 2M: one search, free to choose the base rank, with a budget
            large enough to decide most single deals
  analyze   --base all, --max-nodes 200k per search: every candidate base rank of every deal is
            searched on its own (up to 14 searches a deal); a run of 2,000 deals takes minutes (the
            published figures: 2M, README)
  advise    --max-nodes 200k per base rank, as analyze (one search per rank)
  verify    --max-nodes 2M per base rank, to prove a lost claim again
Counts take suffixes: --max-nodes 200k, 2M, 1e6. solve, analyze and advise take --search (default
auto) and --timeout (none by default); commands that print results take --json; --quiet silences
progress.`;

/** Rule options from the command line (--cells, freecell only: getRules checks). */
export function ruleOptions(cells: string | undefined): RuleOptions {
  return cells === undefined ? {} : { cells: parseWhole('--cells', cells, 0, 4) };
}

/** A variant's rules by name, with its options; RuleError propagates (exit 2). */
export function rulesFor(variant: string, cells: string | undefined): RuleTable {
  return getRules(variant, ruleOptions(cells));
}

/** A seeded deal: the variant is checked first, then the seed. */
export function seededDeal(variant: string, seedText: string, cells: string | undefined): Deal {
  const rules = rulesFor(variant, cells);
  return dealFromSeed(rules, parseSeed(seedText));
}

/** Microsoft FreeCell deal N (msdeal.ts): the variant must be freecell; --cells applies. */
export function msDealOf(variant: string, msText: string, cells: string | undefined): Deal {
  const rules = rulesFor(variant, cells);
  if (rules.name !== 'freecell') throw new UsageError(`--ms numbers Microsoft's FreeCell deals: give freecell, not ${rules.name}`);
  return msDeal(rules, parseMsNumber(msText));
}

/** Which of the options that name one deal (--seed, --ms, --deal, --from-fcs) a command was given, in that order. */
export function dealSourcesGiven(o: { seed?: string; ms?: string; deal?: string; fromFcs?: string }): string[] {
  const named: [unknown, string][] = [
    [o.seed, '--seed'],
    [o.ms, '--ms'],
    [o.deal, '--deal'],
    [o.fromFcs, '--from-fcs'],
  ];
  return named.filter(([v]) => v !== undefined).map(([, flag]) => flag);
}

/** Reads fc-solve's board text from a file (`-`: standard input) as a FreeCell deal or position. */
export function loadFcsFile(path: string, cells: string | undefined): Deal {
  const text = readText(path);
  try {
    return dealFromFcs(text, cells === undefined ? undefined : parseWhole('--cells', cells, 0, 4));
  } catch (e) {
    if (e instanceof UsageError) throw e;
    throw new UsageError(`${fileLabel(path)}: ${(e as Error).message}`);
  }
}

/** How a deal is named in messages and titles: `seed 5`, `Microsoft deal 11982`, or ''. */
export function dealName(d: Deal): string {
  return d.seed !== undefined ? `seed ${d.seed}` : d.ms !== undefined ? `Microsoft deal ${d.ms}` : '';
}

/** Writes text to stdout, with a final newline. */
export function out(text: string): void {
  process.stdout.write(text.endsWith('\n') ? text : text + '\n');
}

/**
 * JSON.stringify with a 2-space indent that keeps short leaves on one line: an array of primitives
 * (a pile of cards) or an object of primitives (a move) is written inline, as in FORMATS.md.
 */
export function prettyJson(value: unknown, indent = ''): string {
  const isPrim = (v: unknown) => v === null || typeof v !== 'object';
  if (isPrim(value)) return JSON.stringify(value) ?? 'null';
  const inner = indent + '  ';
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    if (value.every(isPrim)) return `[${value.map((v) => JSON.stringify(v) ?? 'null').join(', ')}]`;
    return `[\n${value.map((v) => inner + prettyJson(v, inner)).join(',\n')}\n${indent}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  if (entries.length === 0) return '{}';
  if (entries.every(([, v]) => isPrim(v))) return `{ ${entries.map(([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`).join(', ')} }`;
  return `{\n${entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${prettyJson(v, inner)}`).join(',\n')}\n${indent}}`;
}

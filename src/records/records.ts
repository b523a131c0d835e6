// Room src/records: the per-deal data that running an analysis (src/analysis) and the base-card
// science (src/strategy) both stand on. This file holds the rows of FORMATS.md ("Analysis
// results": per deal and base, per rank, per strategy), their files, and writing and reading them
// as CSV; verdicts.ts gives a deal's verdict from its rows, stats.ts and paired.ts the statistics
// (Wilson, Newcombe, McNemar, Holm), outputs.ts checks and makes output directories, svg.ts draws
// charts. It may import src/solver, src/engine, src/rules and src/cards, never the rooms that stand
// on it (src/analysis, src/strategy, src/cli; eslint.config.mjs).
import * as fs from 'fs';
import * as path from 'path';
import { stringify } from 'csv-stringify/sync';
import { RANKS } from '../cards/card';
import { variantNames } from '../rules/variants';
import { PROOFS, type Proof, type Verdict } from '../proof/proof';

export const DEAL_COLUMNS = ['variant', 'seed', 'base', 'result', 'moves', 'nodes', 'ms', 'proof', 'cells', 'dealing'] as const;
/** The columns of per-deal files written before the `dealing` column: their seeds are seeds (or, for --ms-deals runs, only run.json says otherwise). */
export const DEAL_COLUMNS_BEFORE_DEALING = DEAL_COLUMNS.slice(0, -1);
/** How a `lost` was proved (the proof column); empty for won and unknown. */
export const SUMMARY_COLUMNS = ['variant', 'base', 'deals', 'won', 'lost', 'unknown', 'win_rate', 'ci_low', 'ci_high', 'cells'] as const;
export const STRATEGY_COLUMNS = ['variant', 'strategy', 'deals', 'won', 'win_rate', 'ci_low', 'ci_high', 'lost'] as const;

/** One searched (deal, base choice): a row of results/<variant>-deals.csv. */
export interface DealRow {
  variant: string;
  seed: number;
  /** Rank letter A..K, or `any` when the search chose (always `any` outside the Terrace family). */
  base: string;
  result: Verdict;
  /** Solution length when won, null otherwise (an empty field). */
  moves: number | null;
  nodes: number;
  ms: number;
  /** How a `lost` was proved; '' otherwise. */
  proof: Proof | '';
  /** Free cells of the game as played (FreeCell: 0-4 by --cells; the rules' count elsewhere). */
  cells: number;
  /** `ms` when `seed` is a Microsoft FreeCell deal number (analyze --ms-deals); absent for seeds (the column says `seed`). */
  dealing?: 'ms';
}

export interface SummaryRow {
  variant: string;
  /** Rank letter, `best` or `any`. */
  base: string;
  deals: number;
  won: number;
  lost: number;
  unknown: number;
  /** NaN when deals = 0 (written as an empty field). */
  win_rate: number;
  ci_low: number;
  ci_high: number;
}

export interface StrategyRow {
  variant: string;
  strategy: string;
  deals: number;
  won: number;
  /** Number of deals whose picked rank is unknown (not a CSV column; kept for reports). */
  unknown: number;
  /** Number of deals whose picked rank is proved lost (the last column; 0 in files from before it). */
  lost: number;
  win_rate: number;
  ci_low: number;
  ci_high: number;
}

export function baseLabel(base: number | 'any'): string {
  return base === 'any' ? 'any' : RANKS[base];
}

/** Rank 0..12 of a letter, 'any' for `any`, or -1. */
export function parseBaseLabel(label: string): number | 'any' | -1 {
  if (label === 'any') return 'any';
  const r = label.length === 1 ? RANKS.indexOf(label) : -1;
  return r;
}

export function dealFile(outDir: string, variant: string): string {
  return path.join(outDir, `${variant}-deals.csv`);
}
export function summaryFile(outDir: string, variant: string): string {
  return path.join(outDir, `${variant}-summary.csv`);
}
export function strategiesFile(outDir: string): string {
  return path.join(outDir, 'strategies.csv');
}

/** Rates are fractions with four decimals (0.7954); an undefined rate is an empty field. */
export function fmtRate(x: number): string {
  return Number.isFinite(x) ? String(Number(x.toFixed(4))) : '';
}

export function dealRecord(r: DealRow): (string | number)[] {
  return [r.variant, r.seed, r.base, r.result, r.moves === null ? '' : r.moves, r.nodes, Number(r.ms.toFixed(1)), r.proof, r.cells, r.dealing ?? 'seed'];
}
/** A summary row of a game played with `cells` free cells. */
export function summaryRecord(r: SummaryRow, cells: number): (string | number)[] {
  return [r.variant, r.base, r.deals, r.won, r.lost, r.unknown, fmtRate(r.win_rate), fmtRate(r.ci_low), fmtRate(r.ci_high), cells];
}
export function strategyRecord(r: StrategyRow): (string | number)[] {
  return [r.variant, r.strategy, r.deals, r.won, fmtRate(r.win_rate), fmtRate(r.ci_low), fmtRate(r.ci_high), r.lost];
}

export function csvHeader(columns: readonly string[]): string {
  return stringify([columns as string[]]);
}
export function csvLines(records: (string | number)[][]): string {
  return records.length ? stringify(records) : '';
}

/** Writes a whole CSV file (header and records) through a temporary file, so readers never see half of it. */
export function writeCsvFile(file: string, columns: readonly string[], records: (string | number)[][]): void {
  const tmp = `${file}.tmp-${process.pid}`;
  fs.writeFileSync(tmp, csvHeader(columns) + csvLines(records));
  fs.renameSync(tmp, file);
}

/**
 * strategies.csv holds every Terrace variant analysed: these rows replace those of the same
 * variants, rows of other variants (from earlier runs, maybe of other seed ranges) stay.
 */
export function writeStrategies(outDir: string, variants: string[], rows: StrategyRow[]): void {
  const file = strategiesFile(outDir);
  let keep: string[][] = [];
  if (fs.existsSync(file)) {
    const { records } = parseCsv(fs.readFileSync(file, 'utf8'));
    if (records.length && records[0].join(',') === STRATEGY_COLUMNS.join(','))
      keep = records.slice(1).filter((r) => r.length === STRATEGY_COLUMNS.length && !variants.includes(r[0]));
    else if (records.length && records[0].join(',') === STRATEGY_COLUMNS.slice(0, -1).join(','))
      // A file from before the `lost` column: it holds no proved loss.
      keep = records
        .slice(1)
        .filter((r) => r.length === STRATEGY_COLUMNS.length - 1 && !variants.includes(r[0]))
        .map((r) => [...r, '0']);
  }
  const mine = rows.map(strategyRecord).map((r) => r.map(String));
  // Variants in the order of the rules list (stable sort: strategy order kept within a variant).
  const order = (v: string) => {
    const i = variantNames().indexOf(v);
    return i < 0 ? Infinity : i;
  };
  const all = [...keep, ...mine].sort((a, b) => order(a[0]) - order(b[0]));
  writeCsvFile(file, STRATEGY_COLUMNS, all);
}

/**
 * Parses CSV text (RFC 4180: commas, double-quoted fields with "" escapes, CRLF or LF). Returns
 * the records; a last line without its newline is returned as `partial` instead (a run stopped in
 * the middle of writing it), starting at index `partialAt`, so the caller can drop it.
 */
export function parseCsv(text: string): { records: string[][]; partial: string[] | null; partialAt: number } {
  const records: string[][] = [];
  let rec: string[] = [];
  let recStart = 0; // where the current record began
  let field = '';
  let quoted = false;
  let i = 0;
  let any = false; // whether the current record has started
  while (i < text.length) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else field += c;
      i++;
      continue;
    }
    if (c === '"') {
      quoted = true;
      any = true;
    } else if (c === ',') {
      rec.push(field);
      field = '';
      any = true;
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      rec.push(field);
      records.push(rec);
      rec = [];
      field = '';
      any = false;
      recStart = i + 1;
    } else {
      field += c;
      any = true;
    }
    i++;
  }
  if (any || field !== '') {
    rec.push(field);
    return { records, partial: rec, partialAt: recStart };
  }
  return { records, partial: null, partialAt: text.length };
}

export class RecordsError extends Error {}

/** The rows of a per-deal file, and where its whole lines end (null when the last line is whole). */
export interface DealFileContents {
  /** One row per (seed, base): the one that counts (parseDealFile). */
  rows: DealRow[];
  /** For each of `rows`, the index of its record among the file's data records (0 = the line after the header). */
  at: number[];
  /** Data records in the file (whole lines, blank ones excepted), repeats included. */
  records: number;
  /** Byte length of the whole lines when the last line is torn (no newline): cut there to append. */
  tornAt: number | null;
  /** Fields per record: DEAL_COLUMNS' count, or one fewer in a file from before the `dealing` column (rows appended to it keep its form). */
  width: number;
}

/**
 * Whether `line` heads a per-deal file this program wrote: with its newline (`complete`), the
 * columns are the first four or more of DEAL_COLUMNS (files of earlier versions lack the last
 * ones); without it, a write stopped inside the header, any start of DEAL_COLUMNS' line.
 */
export function isDealHeader(line: string, complete: boolean): boolean {
  if (!complete) return DEAL_COLUMNS.join(',').startsWith(line);
  const cols = line.trim().split(',');
  return cols.length >= 4 && cols.every((c, i) => c === DEAL_COLUMNS[i]);
}

/**
 * Reads and checks a per-deal file without changing it. Missing file: no rows. A torn last line (no
 * newline: a run stopped while writing it) is left out and reported in `tornAt`. With `variant`,
 * rows of another variant are refused. A file is appended to, never rewritten while a run goes on,
 * so a (seed, base) can have several rows: a later row replaces an `unknown` one (--retry-unknown
 * appends its new row), a repeat of a decided row that agrees on result, moves, nodes and proof is
 * dropped (the first one kept), and one that does not is refused. Throws RecordsError naming the
 * file and line of the first problem.
 */
export function parseDealFile(file: string, variant?: string): DealFileContents {
  const text = readFileText(file);
  if (text === null || text === '') return { rows: [], at: [], records: 0, tornAt: null, width: DEAL_COLUMNS.length };
  const { records, partial, partialAt } = parseCsv(text);
  const torn = partial ? text.slice(partialAt) : '';
  // A torn write is part of one line; an open quote that runs over several lines is not.
  if (/[\r\n]/.test(torn)) throw new RecordsError(`${file} line ${records.length + 1}: a quoted field is never closed`);
  const tornAt = partial ? Buffer.byteLength(text.slice(0, partialAt)) : null;
  if (records.length === 0) {
    if (!isDealHeader(torn, false)) throw new RecordsError(`${file}: header is ${quoteStart(torn)}, expected "${DEAL_COLUMNS.join(',')}"`);
    return { rows: [], at: [], records: 0, tornAt, width: DEAL_COLUMNS.length };
  }
  const header = records[0].join(',');
  const width = [DEAL_COLUMNS, DEAL_COLUMNS_BEFORE_DEALING].find((c) => c.join(',') === header)?.length;
  if (width === undefined) throw new RecordsError(`${file}: header is ${quoteStart(header)}, expected "${DEAL_COLUMNS.join(',')}"`);
  const rows: DealRow[] = [];
  const at: number[] = [];
  const slotOf = new Map<string, number>();
  let n = 0;
  for (let k = 1; k < records.length; k++) {
    const f = records[k];
    if (f.length === 1 && f[0] === '') continue; // blank line
    const where = `${file} line ${k + 1}`;
    const row = dealRow(f, where, width);
    if (variant !== undefined && row.variant !== variant) throw new RecordsError(`${where}: a row of ${quoteStart(row.variant)} in the file of ${variant}`);
    const key = `${row.seed}:${row.base}`;
    const slot = slotOf.get(key);
    if (slot === undefined) {
      slotOf.set(key, rows.length);
      rows.push(row);
      at.push(n);
    } else if (rows[slot].result === 'unknown') {
      rows[slot] = row;
      at[slot] = n;
    } else if (!sameOutcome(rows[slot], row))
      throw new RecordsError(
        `${where}: seed ${row.seed} base ${row.base} is already in the file with another outcome (${outcome(rows[slot])}, here ${outcome(row)})`,
      );
    n++;
  }
  return { rows, at, records: n, tornAt, width };
}

/** Rows in the order of a finished per-deal file: by seed, then base rank A..K, then `any`. */
export function sortDealRows(rows: DealRow[]): DealRow[] {
  const rank = (b: string) => (b === 'any' ? RANKS.length : RANKS.indexOf(b));
  return [...rows].sort((a, b) => a.seed - b.seed || rank(a.base) - rank(b.base));
}

/** The row with the dealing of a run: Microsoft deal numbers (ms) or seeds. */
export function withDealing(r: DealRow, ms: boolean | undefined): DealRow {
  const { dealing: _, ...rest } = r;
  return ms ? { ...rest, dealing: 'ms' } : rest;
}

/** Writes a whole per-deal file, one row per (seed, base) in sortDealRows' order, through a temporary file. */
export function writeDealFile(file: string, rows: DealRow[]): void {
  writeCsvFile(file, DEAL_COLUMNS, sortDealRows(rows).map(dealRecord));
}

/** The rows of a per-deal file (parseDealFile), without changing it. */
export function readDealFile(file: string, variant?: string): DealRow[] {
  return parseDealFile(file, variant).rows;
}

/** Cuts a torn last line found by parseDealFile, so that appending starts on a new line. */
export function cutTornLine(file: string, contents: DealFileContents): void {
  if (contents.tornAt !== null) fs.truncateSync(file, contents.tornAt);
}

function readFileText(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return null;
    throw new RecordsError(`cannot read ${file}: ${code === 'EISDIR' ? 'it is a directory' : (e as Error).message}`);
  }
}

/** The start of a text, quoted, for messages (a binary file's "header" can be its whole content). */
function quoteStart(text: string): string {
  return JSON.stringify(text.length > 60 ? text.slice(0, 60) + '…' : text);
}

const WHOLE = /^\d+$/;
const DECIMAL = /^\d+(\.\d+)?$/;

/** One record of a per-deal file as a row; throws RecordsError naming `where`. */
function dealRow(f: string[], where: string, width: number): DealRow {
  if (f.length !== width) throw new RecordsError(`${where}: ${f.length} fields, expected ${width}`);
  const [variant, seed, base, result, moves, nodes, ms, proof, cells, dealing = 'seed'] = f;
  const bad = (column: string, value: string, expected: string) => new RecordsError(`${where}: bad ${column} ${quoteStart(value)}: expected ${expected}`);
  if (variant === '') throw bad('variant', variant, 'a variant name');
  if (!WHOLE.test(seed) || !Number.isSafeInteger(Number(seed))) throw bad('seed', seed, 'a whole number');
  if (parseBaseLabel(base) === -1) throw bad('base', base, 'a rank letter or any');
  if (result !== 'won' && result !== 'lost' && result !== 'unknown') throw bad('result', result, 'won, lost or unknown');
  if (result === 'won' ? !WHOLE.test(moves) : moves !== '')
    throw bad('moves', moves, result === 'won' ? 'the solution length' : `an empty field for ${result}`);
  if (!WHOLE.test(nodes) || !Number.isSafeInteger(Number(nodes))) throw bad('nodes', nodes, 'a whole number');
  if (!DECIMAL.test(ms) || !Number.isFinite(Number(ms))) throw bad('ms', ms, 'a number of milliseconds');
  if (result === 'lost' ? !(PROOFS as readonly string[]).includes(proof) : proof !== '')
    throw new RecordsError(`${where}: proof "${proof}" does not fit result "${result}" (a lost row names its proof: ${PROOFS.join(', ')})`);
  if (!WHOLE.test(cells) || Number(cells) > 255) throw bad('cells', cells, 'the number of free cells');
  if (dealing !== 'seed' && dealing !== 'ms') throw bad('dealing', dealing, 'seed or ms');
  const row = {
    variant,
    seed: Number(seed),
    base,
    result: result as Verdict,
    moves: moves === '' ? null : Number(moves),
    nodes: Number(nodes),
    ms: Number(ms),
  };
  return { ...row, proof: proof as Proof | '', cells: Number(cells), ...(dealing === 'ms' ? { dealing: 'ms' as const } : {}) };
}

function sameOutcome(a: DealRow, b: DealRow): boolean {
  return a.result === b.result && a.moves === b.moves && a.nodes === b.nodes && a.proof === b.proof && a.cells === b.cells && a.dealing === b.dealing;
}

function outcome(r: DealRow): string {
  return `${r.result}${r.moves !== null ? ` in ${r.moves} moves` : ''}, ${r.nodes} nodes`;
}

/** A row of strategies.csv as read back (the `unknown` count of StrategyRow is not a column). */
export type StrategyRecord = Omit<StrategyRow, 'unknown'>;

/**
 * The records of a whole CSV file with the given header, as field arrays (blank lines skipped).
 * Missing file: null. Throws RecordsError on another header, a torn last line or a short row.
 */
function readTable(file: string, columns: readonly string[], optional: readonly string[] = []): string[][] | null {
  const text = readFileText(file);
  if (text === null) return null;
  const { records, partial } = parseCsv(text);
  if (partial) throw new RecordsError(`${file} line ${records.length + 1}: the last line is incomplete (no newline)`);
  const header = (records[0] ?? []).join(',');
  // Columns added later (`optional`, at the end) may be missing from older files.
  const accepted = [columns, columns.slice(0, columns.length - optional.length)].map((c) => c.join(','));
  if (!accepted.includes(header)) throw new RecordsError(`${file}: header is ${quoteStart(header)}, expected "${columns.join(',')}"`);
  const width = records[0].length;
  const rows = records.slice(1).filter((f) => !(f.length === 1 && f[0] === ''));
  rows.forEach((f, k) => {
    if (f.length !== width) throw new RecordsError(`${file} line ${k + 2}: ${f.length} fields, expected ${width}`);
  });
  return rows;
}

/** A count or rate field of a summary or strategies file; an empty rate (no deals) is NaN. */
function numberField(value: string, column: string, where: string, whole: boolean): number {
  if (!whole && value === '') return NaN;
  if (!(whole ? WHOLE : DECIMAL).test(value) || (!whole && Number(value) > 1))
    throw new RecordsError(`${where}: bad ${column} ${quoteStart(value)}: expected ${whole ? 'a whole number' : 'a fraction 0-1'}`);
  return Number(value);
}

/** The rows of a <variant>-summary.csv (FORMATS.md); missing file: null. Throws RecordsError. */
export function readSummaryFile(file: string): SummaryRow[] | null {
  const rows = readTable(file, SUMMARY_COLUMNS, ['cells']);
  return (
    rows?.map((f, k) => {
      const where = `${file} line ${k + 2}`;
      const [variant, base, deals, won, lost, unknown, win_rate, ci_low, ci_high] = f;
      if (base !== 'best' && parseBaseLabel(base) === -1) throw new RecordsError(`${where}: bad base ${quoteStart(base)}: expected a rank letter, best or any`);
      const n = (v: string, c: string) => numberField(v, c, where, true);
      const r = (v: string, c: string) => numberField(v, c, where, false);
      const row = { variant, base, deals: n(deals, 'deals'), won: n(won, 'won'), lost: n(lost, 'lost'), unknown: n(unknown, 'unknown') };
      if (row.won + row.lost + row.unknown !== row.deals) throw new RecordsError(`${where}: won + lost + unknown is not deals`);
      return { ...row, win_rate: r(win_rate, 'win_rate'), ci_low: r(ci_low, 'ci_low'), ci_high: r(ci_high, 'ci_high') };
    }) ?? null
  );
}

/** The rows of strategies.csv (FORMATS.md); missing file: null. Throws RecordsError. */
export function readStrategiesFile(file: string): StrategyRecord[] | null {
  const rows = readTable(file, STRATEGY_COLUMNS, ['lost']);
  return (
    rows?.map((f, k) => {
      const where = `${file} line ${k + 2}`;
      // Files from before the `lost` column hold no proved loss: every loss proved came with it.
      const [variant, strategy, deals, won, win_rate, ci_low, ci_high, lost = '0'] = f;
      const n = (v: string, c: string) => numberField(v, c, where, true);
      const r = (v: string, c: string) => numberField(v, c, where, false);
      const row = { variant, strategy, deals: n(deals, 'deals'), won: n(won, 'won'), lost: n(lost, 'lost') };
      if (row.won + row.lost > row.deals) throw new RecordsError(`${where}: won and lost are more than deals`);
      return { ...row, win_rate: r(win_rate, 'win_rate'), ci_low: r(ci_low, 'ci_low'), ci_high: r(ci_high, 'ci_high') };
    }) ?? null
  );
}

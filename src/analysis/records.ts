// The CSV records of FORMATS.md ("Analysis results"), their files, and reading them back.
import * as fs from 'fs';
import * as path from 'path';
import { stringify } from 'csv-stringify/sync';
import { RANKS } from '../cards/card';

export type Verdict = 'won' | 'lost' | 'unknown';

export const DEAL_COLUMNS = ['variant', 'seed', 'base', 'result', 'moves', 'nodes', 'ms', 'proof'] as const;
/** How a `lost` was proved (the proof column); empty for won and unknown. */
export const PROOFS = ['exhaustive'] as const;
export type Proof = (typeof PROOFS)[number];
export const SUMMARY_COLUMNS = ['variant', 'base', 'deals', 'won', 'lost', 'unknown', 'win_rate', 'ci_low', 'ci_high'] as const;
export const STRATEGY_COLUMNS = ['variant', 'strategy', 'deals', 'won', 'win_rate', 'ci_low', 'ci_high'] as const;

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
  return [r.variant, r.seed, r.base, r.result, r.moves === null ? '' : r.moves, r.nodes, Number(r.ms.toFixed(1)), r.proof];
}
export function summaryRecord(r: SummaryRow): (string | number)[] {
  return [r.variant, r.base, r.deals, r.won, r.lost, r.unknown, fmtRate(r.win_rate), fmtRate(r.ci_low), fmtRate(r.ci_high)];
}
export function strategyRecord(r: StrategyRow): (string | number)[] {
  return [r.variant, r.strategy, r.deals, r.won, fmtRate(r.win_rate), fmtRate(r.ci_low), fmtRate(r.ci_high)];
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
 * Parses CSV text (RFC 4180: commas, double-quoted fields with "" escapes, CRLF or LF). Returns
 * the records; a last line without its newline is returned as `partial` instead (a run stopped in
 * the middle of writing it), so the caller can drop it.
 */
export function parseCsv(text: string): { records: string[][]; partial: string[] | null } {
  const records: string[][] = [];
  let rec: string[] = [];
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
    } else {
      field += c;
      any = true;
    }
    i++;
  }
  if (any || field !== '') {
    rec.push(field);
    return { records, partial: rec };
  }
  return { records, partial: null };
}

export class RecordsError extends Error {}

/**
 * Reads a per-deal file. Missing file: no rows. A torn last line (no newline) is dropped and, with
 * `repair`, cut from the file so appending can go on. Throws RecordsError on a wrong header or row.
 */
export function readDealFile(file: string, repair = false): DealRow[] {
  if (!fs.existsSync(file)) return [];
  const text = fs.readFileSync(file, 'utf8');
  if (text === '') return [];
  const { records, partial } = parseCsv(text);
  if (partial && repair) {
    const cut = Math.max(text.lastIndexOf('\n') + 1, 0);
    fs.truncateSync(file, Buffer.byteLength(text.slice(0, cut)));
  }
  if (records.length === 0) return [];
  const header = records[0].join(',');
  if (header !== DEAL_COLUMNS.join(','))
    throw new RecordsError(`${file}: header is "${header}", expected "${DEAL_COLUMNS.join(',')}"`);
  const rows: DealRow[] = [];
  for (let k = 1; k < records.length; k++) {
    const f = records[k];
    const where = `${file} line ${k + 1}`;
    if (f.length === 1 && f[0] === '') continue; // blank line
    if (f.length !== DEAL_COLUMNS.length) throw new RecordsError(`${where}: ${f.length} fields, expected ${DEAL_COLUMNS.length}`);
    const [variant, seed, base, result, moves, nodes, ms, proof] = f;
    if (!/^\d+$/.test(seed)) throw new RecordsError(`${where}: bad seed "${seed}"`);
    if (parseBaseLabel(base) === -1) throw new RecordsError(`${where}: bad base "${base}"`);
    if (result !== 'won' && result !== 'lost' && result !== 'unknown') throw new RecordsError(`${where}: bad result "${result}"`);
    if (result === 'lost' ? !(PROOFS as readonly string[]).includes(proof) : proof !== '')
      throw new RecordsError(`${where}: proof "${proof}" does not fit result "${result}" (a lost row names its proof: ${PROOFS.join(', ')})`);
    rows.push({
      variant,
      seed: Number(seed),
      base,
      result,
      moves: moves === '' ? null : Number(moves),
      nodes: Number(nodes),
      ms: Number(ms),
      proof: proof as Proof | '',
    });
  }
  return rows;
}

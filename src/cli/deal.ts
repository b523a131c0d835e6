// `solitaire deal <variant> --seed N [--json] [--cells N]`: a seeded deal as a readable layout or
// as the deal JSON of FORMATS.md.
import type { Command } from 'commander';
import { cardName } from '../cards/card';
import { type Deal, dealToJson } from '../engine/deal';
import { GameState } from '../engine/state';
import { UsageError } from './errors';
import { out, prettyJson, rulesFor, seededDeal } from './io';

interface DealOptions {
  seed?: string;
  json?: boolean;
  cells?: string;
}

/** `f0-f7` for a run of consecutive indexes, else a comma list. */
function pileRange(prefix: string, idx: number[]): string {
  const consecutive = idx.every((v, i) => i === 0 || v === idx[i - 1] + 1);
  if (idx.length > 1 && consecutive) return `${prefix}${idx[0]}-${prefix}${idx[idx.length - 1]}`;
  return idx.map((i) => prefix + i).join(',');
}

/**
 * A readable layout of a position, one pile per line, bottom to top, labelled as in FORMATS.md.
 * Unlike notation.ts formatPosition it shows the whole stock, in dealing order (a thoughtful game
 * is played knowing it), and names the empty foundations once.
 */
export function formatLayout(s: GameState, seed?: number): string {
  const r = s.rules;
  const names = (p: number) => s.pile(p).map(cardName).join(' ');
  const label = (name: string) => `  ${name.padEnd(8)}`;
  const lines: string[] = [];
  const base = s.base >= 0 && r.terraceFamily ? `, base ${'A23456789TJQK'[s.base]}` : '';
  lines.push(`${r.title} (${r.name}${seed !== undefined ? `, seed ${seed}` : ''}${base})`);
  const empty: number[] = [];
  for (let f = 0; f < s.F; f++) {
    const p = s.FOUND0 + f;
    if (s.len[p] === 0) empty.push(f);
    else lines.push(label(s.pileName(p)) + names(p));
  }
  if (empty.length > 0) lines.push(label(pileRange('f', empty)) + (empty.length > 1 ? 'empty foundations' : 'empty foundation'));
  for (let c = s.CELL0; c < s.RESERVE; c++) lines.push(label(s.pileName(c)) + (names(c) || '-'));
  for (let t = 0; t < s.T; t++) lines.push(label(s.pileName(t)) + (names(t) || '-'));
  if (r.reserveSize > 0) {
    const n = s.len[s.RESERVE];
    lines.push(label('reserve') + (n ? `${names(s.RESERVE)}   (${n} cards, top: ${cardName(s.top(s.RESERVE))})` : '-'));
  }
  if (r.hasStock) {
    lines.push(label('waste') + (names(s.WASTE) || '-'));
    const stock = s.pile(s.STOCK).reverse().map(cardName); // dealing order: top first
    if (stock.length === 0) lines.push(label('stock') + '-');
    else {
      lines.push(label('stock') + `${stock.length} cards, dealt in this order:`);
      for (let i = 0; i < stock.length; i += 20) lines.push(' '.repeat(10) + stock.slice(i, i + 20).join(' '));
    }
  }
  return lines.join('\n');
}

/** Waste cards shown by formatBoard: its top ones (the last is the top, the one that can move). */
const WASTE_SHOWN = 12;

/**
 * The board of a position during play, for `solve --show` and `verify --show`: like formatLayout
 * without its title, but the cells on one line, the foundations on one line per eight with each one's top card and size
 * (`5H/5`, `-` when empty) and the cards home, the waste's top cards (its size when longer), and
 * the stock as its size and next card.
 */
export function formatBoard(s: GameState, indent = '    '): string[] {
  const r = s.rules;
  const names = (p: number) => s.pile(p).map(cardName).join(' ');
  const label = (name: string) => `${indent}${name.padEnd(8)}`;
  const lines: string[] = [];
  for (let f0 = 0; f0 < s.F; f0 += 8) {
    const tops: string[] = [];
    for (let f = f0; f < Math.min(s.F, f0 + 8); f++) {
      const p = s.FOUND0 + f;
      tops.push(`${s.pileName(p)} ${s.len[p] ? `${cardName(s.top(p))}/${s.len[p]}` : '-'}`);
    }
    const home = f0 + 8 >= s.F ? `   (${s.onFoundation} of ${s.total} cards home)` : '';
    lines.push(`${indent}${tops.join('  ')}${home}`);
  }
  const cells: string[] = [];
  for (let c = s.CELL0; c < s.RESERVE; c++) cells.push(`${s.pileName(c)} ${names(c) || '-'}`);
  if (cells.length) lines.push(label('cells') + cells.join('  '));
  for (let t = 0; t < s.T; t++) lines.push(label(s.pileName(t)) + (names(t) || '-'));
  if (r.reserveSize > 0) {
    const n = s.len[s.RESERVE];
    lines.push(label('reserve') + (n ? `${names(s.RESERVE)}   (${n}, top: ${cardName(s.top(s.RESERVE))})` : '-'));
  }
  if (r.hasStock) {
    const w = s.pile(s.WASTE).map(cardName);
    lines.push(
      label('waste') + (w.length === 0 ? '-' : w.length > WASTE_SHOWN ? `... ${w.slice(-WASTE_SHOWN).join(' ')}   (${w.length}, top last)` : w.join(' ')),
    );
    const n = s.len[s.STOCK];
    lines.push(label('stock') + (n ? `${n} cards, next: ${cardName(s.top(s.STOCK))}` : '-'));
  }
  return lines;
}

export function formatDeal(d: Deal): string {
  return formatLayout(new GameState(d), d.seed);
}

export function register(program: Command): void {
  program
    .command('deal')
    .description('show the deal of a seed, as a readable layout or as JSON')
    .argument('<variant>', 'variant name (see `solitaire variants`)')
    .option('--seed <n>', 'deal number, a whole number from 0 to 2^53-1 (required)')
    .option('--json', 'print the deal JSON of docs/FORMATS.md')
    .option('--cells <n>', 'freecell only: number of cells, 0-4')
    .action((variant: string, opts: DealOptions) => {
      if (opts.seed === undefined) {
        rulesFor(variant, opts.cells); // a bad variant is the first problem
        throw new UsageError(`deal ${variant} needs --seed N`);
      }
      const deal = seededDeal(variant, opts.seed, opts.cells);
      out(opts.json ? prettyJson(dealToJson(deal)) : formatDeal(deal));
    });
}

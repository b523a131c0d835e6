// `solitaire deal <variant> --seed N [--json] [--cells N]`: a seeded deal as a readable layout or
// as the deal JSON of FORMATS.md.
import type { Command } from 'commander';
import { cardName } from '../cards/card';
import { type Deal, dealToJson } from '../engine/deal';
import { GameState } from '../engine/state';
import { UsageError } from './errors';
import { dealSourcesGiven, loadFcsFile, msDealOf, out, parseSeedRange, prettyJson, rulesFor, seededDeal } from './io';
import { dealToFcs } from '../engine/msdeal';

/** `deal --seeds` writes at most this many deals (about 1.5 KB each). */
const MAX_DEALS = 100_000;

interface DealOptions {
  seed?: string;
  seeds?: string;
  ms?: string;
  fromFcs?: string;
  json?: boolean;
  format?: string;
  cells?: string;
}

const FORMATS = ['text', 'json', 'fcs'];

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
export function formatLayout(s: GameState, seed?: number, ms?: number): string {
  const r = s.rules;
  const names = (p: number) => s.pile(p).map(cardName).join(' ');
  const label = (name: string) => `  ${name.padEnd(8)}`;
  const lines: string[] = [];
  const base = s.base >= 0 && r.terraceFamily ? `, base ${'A23456789TJQK'[s.base]}` : '';
  lines.push(`${r.title} (${r.name}${seed !== undefined ? `, seed ${seed}` : ''}${ms !== undefined ? `, Microsoft deal ${ms}` : ''}${base})`);
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
  return formatLayout(new GameState(d), d.seed, d.ms);
}

export function register(program: Command): void {
  program
    .command('deal')
    .description(
      'show the deal of a seed (or a FreeCell deal by its Microsoft number, or an fc-solve board), as a readable layout, as JSON or as fc-solve board text',
    )
    .argument('[variant]', 'variant name (see `solitaire variants`)')
    .option('--seed <n>', 'deal number, a whole number from 0 to 2^53-1')
    .option('--seeds <a-b>', 'a range of deal numbers: one deal JSON per line (JSON Lines), e.g. for referee/referee.mjs --deals')
    .option('--ms <n>', "freecell only: Microsoft's deal number N (1-32000, the 1M extension, up to 2^31-1), dealt by Microsoft's published shuffle")
    .option(
      '--from-fcs <file>',
      "read fc-solve's board text (one line per column, bottom card first; - for standard input), e.g. to convert it with --format json",
    )
    .option('--format <f>', 'text (the default), json (the deal JSON of docs/FORMATS.md) or fcs (fc-solve board text: freecell and winery)')
    .option('--json', 'print the deal JSON of docs/FORMATS.md (= --format json)')
    .option('--cells <n>', 'freecell only: number of cells, 0-4')
    .addHelpText(
      'after',
      `
Examples:
  solitaire deal signora --seed 1
  solitaire deal freecell --ms 11982 --format fcs
  solitaire deal --from-fcs board.txt --json
  solitaire deal signora --seeds 1-2000 > signora-deals.jsonl`,
    )
    .action((variant: string | undefined, opts: DealOptions) => {
      const format = opts.json ? 'json' : (opts.format ?? 'text').trim().toLowerCase();
      if (!FORMATS.includes(format)) throw new UsageError(`bad --format ${JSON.stringify(opts.format)}: expected ${FORMATS.join(', ')}`);
      if (opts.json && opts.format !== undefined && opts.format !== 'json') throw new UsageError('give --json or --format, not both');
      if (opts.seeds !== undefined) return dealRange(variant, opts, format);
      const given = dealSourcesGiven(opts);
      if (given.length > 1) throw new UsageError(`give one of --seed, --ms and --from-fcs, not ${given.join(' and ')}`);
      let deal: Deal;
      if (opts.fromFcs !== undefined) {
        if (variant !== undefined && rulesFor(variant, undefined).name !== 'freecell') throw new UsageError(`--from-fcs reads FreeCell boards, not ${variant}`);
        deal = loadFcsFile(opts.fromFcs, opts.cells);
      } else {
        if (variant === undefined)
          throw new UsageError("missing required argument 'variant': deal needs a variant and --seed N (freecell: or --ms N), or --from-fcs FILE");
        if (opts.seed === undefined && opts.ms === undefined) {
          rulesFor(variant, opts.cells); // a bad variant is the first problem
          throw new UsageError(`deal ${variant} needs --seed N${variant.trim().toLowerCase() === 'freecell' ? ' or --ms N' : ''}`);
        }
        deal = opts.ms !== undefined ? msDealOf(variant, opts.ms, opts.cells) : seededDeal(variant, opts.seed!, opts.cells);
      }
      if (format === 'fcs') {
        if (deal.rules.reserveSize > 0 || deal.rules.hasStock || deal.rules.foundationBuild !== 'suit')
          throw new UsageError(`--format fcs writes fc-solve boards of columns, cells and suit foundations (freecell, winery), not ${deal.rules.name}`);
        process.stdout.write(dealToFcs(deal));
        return;
      }
      out(format === 'json' ? prettyJson(dealToJson(deal)) : formatDeal(deal));
    });
}

/** `deal V --seeds A-B`: one deal JSON per line, compact (JSON Lines), seeds in order. */
function dealRange(variant: string | undefined, opts: DealOptions, format: string): void {
  if (variant === undefined) throw new UsageError("missing required argument 'variant': deal --seeds needs a variant");
  const given = dealSourcesGiven(opts);
  if (given.length > 0) throw new UsageError(`give --seeds or ${given.join(' and ')}, not both`);
  if (opts.format !== undefined && format !== 'json') throw new UsageError(`--seeds writes deal JSON, one per line, not --format ${opts.format}`);
  const { from, to } = parseSeedRange(opts.seeds!);
  if (to - from + 1 > MAX_DEALS) throw new UsageError(`--seeds ${opts.seeds}: at most ${MAX_DEALS} deals at once`);
  rulesFor(variant, opts.cells);
  const lines: string[] = [];
  for (let seed = from; seed <= to; seed++) lines.push(JSON.stringify(dealToJson(seededDeal(variant, String(seed), opts.cells))));
  process.stdout.write(lines.join('\n') + '\n');
}

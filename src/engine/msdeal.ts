// FreeCell deals by their Microsoft numbers, and fc-solve's board text (issue 27).
//
// Microsoft's deals (FreeCell for Windows 1-32000, and the 1M extension 1-1000000, by the shuffle
// Jim Horne published; fc-solve's make_pysol_freecell_board.py and PySolFC deal them alike):
//  1. The generator is Microsoft C's rand(): state = (state * 214013 + 2531011) mod 2^31, seeded
//     with the deal number; each rand() is state >> 16 (0..32767).
//  2. The pack is in order A♣ A♦ A♥ A♠ 2♣ ... K♠ (our card integers 0..51: rank * 4 + suit, suits
//     C D H S, so the pack is 0, 1, ..., 51).
//  3. For i = 52 down to 1: j = rand() % i; card j is dealt, and card i-1 takes its place.
//  4. The dealt cards go round the 8 columns, left to right: the first 8 are the bottom cards of
//     the columns (as our dealing step 3 lays a pack out), 7 cards in columns 1-4, 6 in 5-8.
// Deal 1 begins JD 2D 9H JC 5D 7H 7C 5H (the bottom cards of t0..t7). Numbers are taken from 1 to
// 2^31 - 1 (Microsoft's rand() state is 31 bits; PySolFC's larger numbers use another generator).
//
// fc-solve's board text (its README; what `fc-solve` reads and `make_pysol_freecell_board.py`
// writes): one line per column, cards from the bottom of the pile (first) to its top (last),
// ranks A 2-9 T J Q K (10 also read), suits C D H S; optional `Foundations: H-5 C-A D-0 S-0` and
// `Freecells: 3H - QC -` lines (`-` an empty cell). A column line may start with `:`, an empty
// column is a line holding just `:`; lines starting with `#` are comments.
import { cardName, makeCard, rankOf, RANKS, SUITS, suitOf, tryParseCard } from '../cards/card';
import { getRules } from '../rules/variants';
import type { RuleTable } from '../rules/vocabulary';
import { type Deal, DealError, dealFromJson, type DealJson, layOut } from './deal';

export const MS_MAX = 2 ** 31 - 1;

/** Parses a Microsoft deal number, 1 .. 2^31-1. Throws DealError otherwise. */
export function parseMsNumber(text: string | number): number {
  const n = typeof text === 'number' ? text : /^\s*\d+\s*$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(n) || n < 1 || n > MS_MAX)
    throw new DealError(
      `bad Microsoft deal number ${JSON.stringify(text)}: expected a whole number from 1 to ${MS_MAX} (Microsoft's deals are 1-32000, and 1-1000000 in the extension)`,
    );
  return n;
}

/** The 52 cards of Microsoft deal n in the order they are dealt (steps 1-3 above). */
export function msDealOrder(n: number): number[] {
  parseMsNumber(n);
  const pack = Array.from({ length: 52 }, (_, i) => i);
  let state = n;
  const dealt: number[] = [];
  for (let i = 52; i > 0; i--) {
    // 214013 * state < 2^53: exact in a double; the mod keeps 31 bits.
    state = (214013 * state + 2531011) % 2 ** 31;
    const j = Math.floor(state / 65536) % i;
    dealt.push(pack[j]);
    pack[j] = pack[i - 1];
  }
  return dealt;
}

/** Microsoft deal n of FreeCell (any cell count of --cells), its number kept as `ms`. */
export function msDeal(rules: RuleTable, n: number): Deal {
  if (rules.name !== 'freecell') throw new DealError(`Microsoft deal numbers are FreeCell deals, not ${rules.name}`);
  return { ...layOut(rules, msDealOrder(n)), ms: n };
}

// ---- fc-solve's board text ----

const FC_SUITS = 'HCDS'; // the order fc-solve writes foundations in

/** A deal or position as fc-solve's board text (FreeCell; any game of columns, cells and suit foundations). */
export function dealToFcs(d: Deal): string {
  const lines: string[] = [];
  if (d.foundations.some((f) => f.length > 0)) {
    const top = new Array<number>(4).fill(0);
    for (const f of d.foundations) if (f.length) top[suitOf(f[0])] = Math.max(top[suitOf(f[0])], rankOf(f[f.length - 1]) + 1);
    lines.push(`Foundations: ${[...FC_SUITS].map((s) => `${s}-${top[SUITS.indexOf(s)] ? RANKS[top[SUITS.indexOf(s)] - 1] : '0'}`).join(' ')}`);
  }
  if (d.cells.some((c) => c >= 0)) lines.push(`Freecells: ${d.cells.map((c) => (c < 0 ? '-' : cardName(c))).join(' ')}`);
  for (const p of d.tableau) lines.push(p.length ? p.map(cardName).join(' ') : ':');
  return lines.join('\n') + '\n';
}

/**
 * Reads fc-solve's board text as a FreeCell position: `cells` free cells (default: as many as a
 * Freecells line lists, else 4). A starting layout (7,7,7,7,6,6,6,6, nothing home, empty cells)
 * is a deal as `deal` prints it; any other position is read as one (a position of play). Throws
 * DealError naming the line of the first problem.
 */
export function dealFromFcs(text: string, cells?: number): Deal {
  const found: Record<string, number> = {};
  let cellCards: (string | null)[] | null = null;
  const columns: string[][] = [];
  const lines = text.split(/\r?\n/);
  lines.forEach((raw, i) => {
    const line = raw.trim();
    const where = `fc-solve board line ${i + 1}`;
    if (line === '' || line.startsWith('#')) return;
    const m = /^(Foundations|Founds|Freecells|FC):\s*(.*)$/i.exec(line);
    if (m && /^f(ound)/i.test(m[1])) {
      for (const tok of m[2].split(/\s+/).filter((t) => t)) {
        const fm = /^([HCDS])-([0A2-9TJQK]|10)$/i.exec(tok);
        if (!fm) throw new DealError(`${where}: bad foundation ${JSON.stringify(tok)}: expected a suit, - and a rank, e.g. H-5 (H-0 when empty)`);
        const r = fm[2].toUpperCase();
        found[fm[1].toUpperCase()] = r === '0' ? 0 : RANKS.indexOf(r === '10' ? 'T' : r) + 1;
      }
      return;
    }
    if (m) {
      cellCards = m[2]
        .split(/\s+/)
        .filter((t) => t)
        .map((t) => (t === '-' ? null : t));
      for (const c of cellCards) if (c !== null && tryParseCard(c) < 0) throw new DealError(`${where}: bad card ${JSON.stringify(c)} in the free cells`);
      return;
    }
    const body = line.startsWith(':') ? line.slice(1).trim() : line;
    const cards = body.split(/\s+/).filter((t) => t);
    for (const c of cards)
      if (tryParseCard(c) < 0) throw new DealError(`${where}: bad card ${JSON.stringify(c)}: expected a rank A 2-9 T J Q K and a suit C D H S, e.g. KD`);
    columns.push(cards.map((c) => cardName(tryParseCard(c))));
  });
  const listed = cellCards as (string | null)[] | null;
  const n = cells ?? listed?.length ?? 4;
  const rules = getRules('freecell', { cells: n });
  if (columns.length !== rules.tableauDeal.length)
    throw new DealError(`fc-solve board: FreeCell has ${rules.tableauDeal.length} columns, the board lists ${columns.length}`);
  const cellList: (string | null)[] = new Array<string | null>(n).fill(null);
  const held = (listed ?? []).filter((c) => c !== null);
  if (held.length > n) throw new DealError(`fc-solve board: ${held.length} cards in the free cells, the game has ${n} cells`);
  (listed ?? []).forEach((c, i) => {
    if (c !== null) cellList[i < n ? i : cellList.indexOf(null)] = cardName(tryParseCard(c));
  });
  const foundations: string[][] = [[], [], [], []];
  let f = 0;
  for (const s of FC_SUITS) {
    const r = found[s] ?? 0;
    if (r > 0) foundations[f++] = Array.from({ length: r }, (_, k) => cardName(makeCard(k, SUITS.indexOf(s))));
  }
  const json: DealJson = { variant: 'freecell', tableau: columns, reserve: [], stock: [], waste: [], cells: cellList, foundations };
  const start = f === 0 && held.length === 0 && columns.every((c, i) => c.length === rules.tableauDeal[i]);
  try {
    return dealFromJson(json, start);
  } catch (e) {
    throw new DealError(`fc-solve board: ${(e as Error).message.replace(/^deal: /, '')}`);
  }
}

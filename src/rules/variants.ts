// Room src/rules: the games as data. vocabulary.ts names what a rule table can say, this file holds
// one table per game (and the base ranks a deal may choose from), building.ts states how cards
// build, as functions. It may import src/cards only; src/engine plays what it says.
//
// One declarative table per variant, as ruled by docs/RULES.md. Every difference between the
// games lives here; the engine reads nothing else.
import type { RuleOptions, RuleTable } from './vocabulary';

/**
 * The Terrace family's common rules (Signora's seed and rulings 1-6); each game below is this base
 * with its differences, as Solvitaire's presets are changes to a default.
 */
const terraceFamily: Omit<RuleTable, 'name' | 'title' | 'summary'> = {
  terraceFamily: true,
  decks: 2,
  foundations: 8,
  foundationBuild: 'alt-colour-wrap',
  baseRule: 'first-move',
  acesStartOnFoundations: false,
  tableauDeal: new Array(9).fill(1),
  tableauBuild: 'down-alt-colour',
  tableauWrap: true, // ruling 5: the family rule
  runMoves: false,
  reserveSize: 11,
  reserveToTableau: false, // ruling 6
  cells: 0,
  hasStock: true,
  autoFill: ['waste', 'stock'],
  emptyPile: 'stays-empty', // ruling 4
  suitsIrrelevant: true,
};

const signora: RuleTable = {
  ...terraceFamily,
  name: 'signora',
  title: 'Signora',
  summary: '2 decks; 9 single-card piles, 11-card reserve to foundations only; choose the base card first; empty piles refill from waste then stock',
  source: '000_390d9a8fd5016135.txt',
};

/** Double Signora and Empress of Italy: four decks, 11 piles, base fixed by the first foundation card. */
const fourDeckTerrace: Omit<RuleTable, 'name' | 'title' | 'summary'> = {
  ...terraceFamily,
  decks: 4,
  foundations: 16,
  baseRule: 'first-foundation-card', // ruling 2
  tableauDeal: new Array(11).fill(1),
  emptyPile: 'single-tableau-card',
};

const doubleSignora: RuleTable = {
  ...fourDeckTerrace,
  name: 'double-signora',
  title: 'Double Signora',
  summary: '4 decks; 11 single-card piles, 21-card reserve to foundations or tableau; first foundation card fixes the base rank',
  reserveSize: 21,
  reserveToTableau: true, // ruling 6: onto a non-empty pile only
  source: '001_d31874fccd4a0f27.txt',
};

const empressOfItaly: RuleTable = {
  ...fourDeckTerrace,
  name: 'empress-of-italy',
  title: 'Empress of Italy',
  summary: '4 decks; 11 single-card piles, no reserve; first foundation card fixes the base rank; empty piles refill from stock then waste',
  reserveSize: 0,
  autoFill: ['stock', 'waste'],
  source: '003_8ebc1b48e535ba99.txt',
};

const redAndBlack: RuleTable = {
  name: 'red-and-black',
  title: 'Red and Black',
  summary: '2 decks; aces start on 8 foundations; 8 single-card piles; runs move as a unit; empty piles take any card or run',
  terraceFamily: false,
  decks: 2,
  foundations: 8,
  foundationBuild: 'alt-colour',
  baseRule: 'ace',
  acesStartOnFoundations: true, // ruling 8
  tableauDeal: new Array(8).fill(1),
  tableauBuild: 'down-alt-colour',
  tableauWrap: false,
  runMoves: true, // ruling 7
  reserveSize: 0,
  reserveToTableau: false,
  cells: 0,
  hasStock: true,
  autoFill: [], // ruling 7: no automatic filling
  emptyPile: 'any-card-or-run',
  suitsIrrelevant: true,
  source: '002_4a5cfb7080278602.txt',
};

const winery: RuleTable = {
  name: 'winery',
  title: 'Winery',
  summary: '1 deck; 10 piles of 6,6,5,...,5 all face up; 2 cells; foundations by suit A-K; single-card moves (FreeCell with 10 piles, 2 cells)',
  terraceFamily: false,
  decks: 1,
  foundations: 4,
  foundationBuild: 'suit',
  baseRule: 'ace',
  acesStartOnFoundations: false,
  tableauDeal: [6, 6, 5, 5, 5, 5, 5, 5, 5, 5],
  tableauBuild: 'down-alt-colour',
  tableauWrap: false,
  runMoves: false, // ruling 9
  reserveSize: 0,
  reserveToTableau: false,
  cells: 2,
  hasStock: false,
  autoFill: [],
  emptyPile: 'any-single-card',
  suitsIrrelevant: false,
  source: '004_89c3180341f20010.txt',
};

/** FreeCell: Winery's rules on 8 piles of 7,7,7,7,6,6,6,6 with 4 cells (0-4 on the command line). */
const freecell: RuleTable = {
  ...winery,
  name: 'freecell',
  title: 'FreeCell',
  summary: '1 deck; 8 piles of 7,7,7,7,6,6,6,6; 4 cells (--cells 0-4); foundations by suit A-K; single-card moves',
  tableauDeal: [7, 7, 7, 7, 6, 6, 6, 6],
  cells: 4,
  source: undefined,
  options: { cells: { min: 0, max: 4 } },
};

/**
 * Facts the engine relies on that two fields state twice; checked for every table at load (and by
 * the rules tests), so a new table cannot contradict itself:
 * - the Terrace family is exactly the games whose base rank is not fixed at the Ace;
 * - suits are irrelevant exactly when foundations do not build by suit (tableaus never do).
 */
export function tableProblems(r: RuleTable): string[] {
  const p: string[] = [];
  if (r.terraceFamily !== (r.baseRule !== 'ace')) p.push('terraceFamily must be baseRule !== "ace"');
  if (r.suitsIrrelevant !== (r.foundationBuild !== 'suit')) p.push('suitsIrrelevant must be foundationBuild !== "suit"');
  if (r.foundationBuild === 'alt-colour-wrap' && !r.terraceFamily) p.push('wrapping foundations need a choosable base');
  if (r.tableauDeal.length + r.foundations + r.cells + 3 > 256) p.push('too many piles for the move format');
  return p;
}

export const VARIANTS: readonly RuleTable[] = [signora, doubleSignora, empressOfItaly, redAndBlack, winery, freecell];
/** The five games of the project (FreeCell is a reference table for checking the solver). */
export const MAIN_VARIANTS = ['signora', 'double-signora', 'empress-of-italy', 'red-and-black', 'winery'];

export class RuleError extends Error {}

for (const v of VARIANTS) {
  const p = tableProblems(v);
  if (p.length) throw new Error(`rule table ${v.name}: ${p.join('; ')}`);
}

/**
 * Ranks 0..12 that may be the base rank, given the ranks of the exposed cards (tableau tops and
 * reserve top): Signora (ruling 1), an exposed rank; Double Signora and Empress (ruling 2), any
 * rank; games whose base is the Ace, none (nothing to choose).
 */
export function baseCandidateRanks(r: RuleTable, exposedRanks: Iterable<number>): number[] {
  if (!r.terraceFamily) return [];
  if (r.baseRule !== 'first-move') return Array.from({ length: 13 }, (_, i) => i);
  return [...new Set(exposedRanks)].sort((a, b) => a - b);
}

/** Variants that take a --cells option. */
export function cellsVariants(): string[] {
  return VARIANTS.filter((v) => v.options?.cells).map((v) => v.name);
}

export function variantNames(): string[] {
  return VARIANTS.map((v) => v.name);
}

/** A variant name as typed: case, surrounding blanks, and spaces or underscores for hyphens do not matter. */
export function normalVariantName(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-');
}

/** Edit distance (insertions, deletions, substitutions, adjacent swaps) between two short strings. */
function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...new Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.length][b.length];
}

/**
 * The variant a mistyped name most likely meant: the one it begins (`empress`), or the nearest
 * within a few edits (`signra`, `winnery`); null when none is close.
 */
export function suggestVariant(name: string): string | null {
  const n = normalVariantName(name);
  if (n.length === 0) return null;
  const prefixed = VARIANTS.filter((v) => v.name.startsWith(n));
  if (prefixed.length === 1) return prefixed[0].name;
  let best: string | null = null;
  let bestD = Infinity;
  for (const v of VARIANTS) {
    const dist = editDistance(n, v.name);
    if (dist < bestD) {
      bestD = dist;
      best = v.name;
    }
  }
  return bestD <= Math.max(2, Math.floor(n.length / 4)) ? best : null;
}

/** `unknown variant "signra": did you mean signora? (variants: ...)`. */
export function unknownVariantMessage(name: string, extra = ''): string {
  const guess = suggestVariant(name);
  const list = `${extra}${variantNames().join(', ')}`;
  return guess ? `unknown variant "${name}": did you mean ${guess}? (variants: ${list})` : `unknown variant "${name}": expected one of ${list}`;
}

/** The rule table of a variant, with its options applied. Throws RuleError on a bad name or option. */
export function getRules(name: string, options: RuleOptions = {}): RuleTable {
  const wanted = normalVariantName(name);
  const base = VARIANTS.find((v) => v.name === wanted);
  if (!base) throw new RuleError(unknownVariantMessage(name));
  if (options.cells !== undefined) {
    const range = base.options?.cells;
    if (!range) throw new RuleError(`--cells applies to ${cellsVariants().join(', ')} only, not ${name}`);
    if (!Number.isInteger(options.cells) || options.cells < range.min || options.cells > range.max)
      throw new RuleError(`bad --cells ${options.cells}: expected a whole number ${range.min}-${range.max}`);
    return { ...base, cells: options.cells };
  }
  return base;
}

// One declarative table per variant, as ruled by docs/RULES.md. Every difference between the
// games lives here; the engine reads nothing else.
import { RuleOptions, RuleTable } from './vocabulary';

const signora: RuleTable = {
  name: 'signora',
  title: 'Signora',
  summary: '2 decks; 9 single-card piles, 11-card reserve to foundations only; choose the base card first; empty piles refill from waste then stock',
  terraceFamily: true,
  decks: 2,
  foundations: 8,
  foundationBuild: 'alt-colour-wrap',
  baseRule: 'first-move',
  acesStartOnFoundations: false,
  tableauDeal: [1, 1, 1, 1, 1, 1, 1, 1, 1],
  tableauWrap: true, // ruling 5
  runMoves: false,
  reserveSize: 11,
  reserveToTableau: false, // ruling 6
  cells: 0,
  hasStock: true,
  autoFill: ['waste', 'stock'],
  emptyPile: 'stays-empty', // ruling 4
  suitsIrrelevant: true,
  source: '000_390d9a8fd5016135.txt',
};

const doubleSignora: RuleTable = {
  name: 'double-signora',
  title: 'Double Signora',
  summary: '4 decks; 11 single-card piles, 21-card reserve to foundations or tableau; first foundation card fixes the base rank',
  terraceFamily: true,
  decks: 4,
  foundations: 16,
  foundationBuild: 'alt-colour-wrap',
  baseRule: 'first-foundation-card', // ruling 2
  acesStartOnFoundations: false,
  tableauDeal: new Array(11).fill(1),
  tableauWrap: true, // ruling 5: the family rule
  runMoves: false,
  reserveSize: 21,
  reserveToTableau: true, // ruling 6: onto a non-empty pile only
  cells: 0,
  hasStock: true,
  autoFill: ['waste', 'stock'],
  emptyPile: 'single-tableau-card',
  suitsIrrelevant: true,
  source: '001_d31874fccd4a0f27.txt',
};

const empressOfItaly: RuleTable = {
  name: 'empress-of-italy',
  title: 'Empress of Italy',
  summary: '4 decks; 11 single-card piles, no reserve; first foundation card fixes the base rank; empty piles refill from stock then waste',
  terraceFamily: true,
  decks: 4,
  foundations: 16,
  foundationBuild: 'alt-colour-wrap',
  baseRule: 'first-foundation-card', // ruling 2
  acesStartOnFoundations: false,
  tableauDeal: new Array(11).fill(1),
  tableauWrap: true,
  runMoves: false,
  reserveSize: 0,
  reserveToTableau: false,
  cells: 0,
  hasStock: true,
  autoFill: ['stock', 'waste'],
  emptyPile: 'single-tableau-card',
  suitsIrrelevant: true,
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

const freecell: RuleTable = {
  name: 'freecell',
  title: 'FreeCell',
  summary: '1 deck; 8 piles of 7,7,7,7,6,6,6,6; 4 cells (--cells 0-4); foundations by suit A-K; single-card moves',
  terraceFamily: false,
  decks: 1,
  foundations: 4,
  foundationBuild: 'suit',
  baseRule: 'ace',
  acesStartOnFoundations: false,
  tableauDeal: [7, 7, 7, 7, 6, 6, 6, 6],
  tableauWrap: false,
  runMoves: false,
  reserveSize: 0,
  reserveToTableau: false,
  cells: 4,
  hasStock: false,
  autoFill: [],
  emptyPile: 'any-single-card',
  suitsIrrelevant: false,
};

export const VARIANTS: readonly RuleTable[] = [signora, doubleSignora, empressOfItaly, redAndBlack, winery, freecell];
/** The five games of the project (FreeCell is a reference table for checking the solver). */
export const MAIN_VARIANTS = ['signora', 'double-signora', 'empress-of-italy', 'red-and-black', 'winery'];

export class RuleError extends Error {}

export function variantNames(): string[] {
  return VARIANTS.map((v) => v.name);
}

/** The rule table of a variant, with its options applied. Throws RuleError on a bad name or option. */
export function getRules(name: string, options: RuleOptions = {}): RuleTable {
  const base = VARIANTS.find((v) => v.name === name);
  if (!base) throw new RuleError(`unknown variant "${name}": expected one of ${variantNames().join(', ')}`);
  if (options.cells !== undefined) {
    if (base.name !== 'freecell') throw new RuleError(`--cells applies to freecell only, not ${name}`);
    if (!Number.isInteger(options.cells) || options.cells < 0 || options.cells > 4)
      throw new RuleError(`bad --cells ${options.cells}: expected a whole number 0-4`);
    return { ...base, cells: options.cells };
  }
  return base;
}

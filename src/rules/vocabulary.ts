// The shared rule vocabulary: every variant is one value of `RuleTable`, read by one engine.
// A rule table says *what* the game allows; src/engine says *how* it is played fast.

export type FoundationBuild =
  /** Up in alternate colour from the base rank, wrapping K→A, 13 cards per foundation. */
  | 'alt-colour-wrap'
  /** Up in alternate colour from Ace to King, no wrap. */
  | 'alt-colour'
  /** Up by suit from Ace to King. */
  | 'suit';

export type BaseRule =
  /** Signora: the first move must put an exposed card (tableau top or reserve top) on a foundation. */
  | 'first-move'
  /** Double Signora, Empress: the first card to reach any foundation fixes the base rank. */
  | 'first-foundation-card'
  /** The base rank is always the Ace. */
  | 'ace';

/** What may go into an empty tableau pile once nothing fills it automatically. */
export type EmptyPileRule =
  /** Signora: nothing, ever (stock and waste are both empty for good). */
  | 'stays-empty'
  /** Double Signora, Empress: any single tableau card (and nothing else). */
  | 'single-tableau-card'
  /** Red and Black: any single card (tableau top or waste top) or any run from a tableau pile. */
  | 'any-card-or-run'
  /** Winery, FreeCell: any single card from the tableau or a cell. */
  | 'any-single-card';

export type AutoFillSource = 'waste' | 'stock';

export interface RuleTable {
  /** Name used on the command line and in files. */
  name: string;
  /** Human title and a one-line summary for `solitaire variants`. */
  title: string;
  summary: string;
  /** Terrace family (Signora, Double Signora, Empress): the base rank is a player's choice. */
  terraceFamily: boolean;
  decks: number;
  foundations: number;
  foundationBuild: FoundationBuild;
  baseRule: BaseRule;
  /** Red and Black: one Ace on each foundation before the deal. */
  acesStartOnFoundations: boolean;
  /** Tableau pile sizes at the deal, left to right; dealt round by round (row by row). */
  tableauDeal: number[];
  /** How cards build on the tableau: in all six tables, down by one rank in alternate colour. */
  tableauBuild: TableauBuild;
  /** `tableauWrap` lets a King go on an Ace. */
  tableauWrap: boolean;
  /** Red and Black: a run built down in alternate colour may move as a unit. */
  runMoves: boolean;
  reserveSize: number;
  /** Where the reserve's top card may go: foundations, and also onto a non-empty tableau pile. */
  reserveToTableau: boolean;
  cells: number;
  /** Whether the rest of the pack forms a one-pass stock (dealt one card at a time to the waste). */
  hasStock: boolean;
  /** Automatic filling of an emptied tableau pile, sources in order; empty = no automatic filling. */
  autoFill: AutoFillSource[];
  emptyPile: EmptyPileRule;
  /** True in the four alternate-colour games: suits never matter, only rank and colour. */
  suitsIrrelevant: boolean;
  /** Seed file in docs/seeds this table was taken from (for readers). */
  source?: string;
  /** Command-line options the variant takes, with their ranges (FreeCell: cells 0-4). */
  options?: { cells?: { min: number; max: number } };
}

/**
 * Tableau building. One value today; the engine compiles it into a card-pair table (state.ts) and
 * checks it in legality.ts, so a variant that builds otherwise is a new value here plus those two.
 */
export type TableauBuild = 'down-alt-colour';

/** Options a variant may take on the command line. */
export interface RuleOptions {
  /** FreeCell: number of cells 0..4. */
  cells?: number;
}

export function totalCards(r: RuleTable): number {
  return 52 * r.decks;
}

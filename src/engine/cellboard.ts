// Checked play for the one-deck games with suit foundations from the Ace (Winery, FreeCell with any
// number of cells): a board that holds the piles' cards and lengths only, numbered as state.ts
// numbers them, says whether a single-card move is legal as RULES.md says, and plays it. solve()
// replays every win of these games on it (src/solver/replay.ts), so a solution is checked by code
// that shares nothing with the search's GameState but the building rules of src/rules/building.ts
// (no hash, undo history, card places or automatic filling, which these games do not have). It is a
// second statement of the same rules as legality.ts's moveError, for these games only;
// test/cellboard.test.ts checks that the two agree on every move of many positions.
import { rankOf } from '../cards/card';
import { foundationBuildError, tableauBuildError } from '../rules/building';
import type { RuleTable } from '../rules/vocabulary';
import type { Deal } from './deal';
import { moveCount, moveFrom, moveTo } from './move';

/** True for the rule tables CellBoard plays: one deck, suit foundations from the Ace, single cards, no stock, reserve or filling. */
export function cellBoardApplies(r: RuleTable): boolean {
  return (
    r.decks === 1 &&
    r.foundationBuild === 'suit' &&
    r.baseRule === 'ace' &&
    r.tableauBuild === 'down-alt-colour' &&
    !r.runMoves &&
    !r.hasStock &&
    r.reserveSize === 0 &&
    r.autoFill.length === 0 &&
    (r.emptyPile === 'any-single-card' || r.emptyPile === 'any-card-or-run')
  );
}

/** Per way of building: onto[top * 52 + card] = 1 when card may be built on top in the tableau, home[...] on a foundation. */
interface Tables {
  onto: Uint8Array;
  home: Uint8Array;
}
// Keyed by the fields of the rules that building.ts reads, not by the rule table: a deal read from a
// file may bring a rule table of its own, and the tables take a millisecond to build.
const tablesOf = new Map<string, Tables>();

function tables(r: RuleTable): Tables {
  const key = `${r.tableauBuild} ${r.tableauWrap} ${r.foundationBuild}`;
  let t = tablesOf.get(key);
  if (t) return t;
  t = { onto: new Uint8Array(52 * 52), home: new Uint8Array(52 * 52) };
  for (let top = 0; top < 52; top++)
    for (let c = 0; c < 52; c++) {
      t.onto[top * 52 + c] = tableauBuildError(r, top, c) === null ? 1 : 0;
      t.home[top * 52 + c] = foundationBuildError(r, top, c) === null ? 1 : 0;
    }
  tablesOf.set(key, t);
  return t;
}

export class CellBoard {
  readonly T: number;
  readonly FOUND0: number;
  readonly CELL0: number;
  readonly RESERVE: number;
  readonly nPiles: number;
  /** Cards of pile p, bottom to top, at cards[p * 52 ..]. */
  readonly cards: Uint8Array;
  readonly len: Int32Array;
  private home = 0;
  /** Cards in the deal loaded (a small game's pack is smaller: small.ts). */
  private total = 0;
  private readonly onto: Uint8Array;
  private readonly homeOK: Uint8Array;
  /** An empty tableau pile takes a cell's card (any-single-card) or tableau cards only (any-card-or-run, with no waste here). */
  private readonly cellToEmpty: boolean;

  constructor(readonly rules: RuleTable) {
    if (!cellBoardApplies(rules)) throw new Error(`internal error: CellBoard does not play ${rules.name}`);
    this.T = rules.tableauDeal.length;
    this.FOUND0 = this.T;
    this.CELL0 = this.T + rules.foundations;
    this.RESERVE = this.CELL0 + rules.cells;
    this.nPiles = this.RESERVE + 3; // reserve, stock and waste, always empty here
    this.cards = new Uint8Array(this.nPiles * 52);
    this.len = new Int32Array(this.nPiles);
    const t = tables(rules);
    this.onto = t.onto;
    this.homeOK = t.home;
    this.cellToEmpty = rules.emptyPile === 'any-single-card';
  }

  /** Sets the position from a deal of these rules. */
  load(deal: Deal): void {
    if (deal.rules !== this.rules) throw new Error('internal error: a deal of other rules');
    if (deal.reserve.length + deal.stock.length + deal.waste.length > 0) throw new Error('internal error: CellBoard has no reserve, stock or waste');
    // A deal checked by deal.ts has these; one built by hand might not, and would put cards in the wrong piles.
    if (deal.tableau.length !== this.T || deal.foundations.length > this.CELL0 - this.FOUND0 || deal.cells.length > this.RESERVE - this.CELL0)
      throw new Error('internal error: a deal whose piles do not fit its rules');
    this.len.fill(0);
    this.home = 0;
    this.total = 0;
    for (let p = 0; p < deal.tableau.length; p++) this.fill(p, deal.tableau[p]);
    for (let i = 0; i < deal.foundations.length; i++) {
      this.fill(this.FOUND0 + i, deal.foundations[i]);
      this.home += deal.foundations[i].length;
    }
    for (let i = 0; i < deal.cells.length; i++)
      if (deal.cells[i] >= 0) {
        this.cards[(this.CELL0 + i) * 52] = deal.cells[i];
        this.len[this.CELL0 + i] = 1;
        this.total++;
      }
  }

  private fill(p: number, pile: readonly number[]): void {
    for (let i = 0; i < pile.length; i++) this.cards[p * 52 + i] = pile[i];
    this.len[p] = pile.length;
    this.total += pile.length;
  }

  /** Why move m is illegal here, or null when it is legal. */
  error(m: number): string | null {
    const from = moveFrom(m);
    const to = moveTo(m);
    if (from >= this.nPiles || to >= this.nPiles) return 'no such pile';
    if (from === to) return 'a card cannot move onto its own pile';
    if (moveCount(m) !== 1) return 'one card moves at a time';
    const lf = this.len[from];
    if (lf === 0) return 'the pile is empty';
    if (from >= this.FOUND0 && from < this.CELL0) return 'cards never leave a foundation';
    const card = this.cards[from * 52 + lf - 1];
    const lt = this.len[to];
    const top = lt > 0 ? this.cards[to * 52 + lt - 1] : -1;
    if (to < this.T) {
      if (lt > 0) return this.onto[top * 52 + card] === 1 ? null : 'the card does not build on that tableau card';
      return from < this.T || (this.cellToEmpty && from >= this.CELL0 && from < this.RESERVE) ? null : 'this empty pile does not take a cell card';
    }
    if (to < this.CELL0) {
      if (lt > 0) return this.homeOK[top * 52 + card] === 1 ? null : 'the card does not build on that foundation';
      return rankOf(card) === 0 ? null : 'a foundation starts with an Ace';
    }
    if (to < this.RESERVE) {
      if (from >= this.T) return 'cells take cards from the tableau only';
      return lt === 0 ? null : 'the cell is occupied';
    }
    return 'nothing may be moved into the reserve, stock or waste';
  }

  /** Plays move m (legal: error(m) is null). */
  apply(m: number): void {
    const from = moveFrom(m);
    const to = moveTo(m);
    const n = moveCount(m);
    const lf = this.len[from] - n;
    const lt = this.len[to];
    for (let i = 0; i < n; i++) this.cards[to * 52 + lt + i] = this.cards[from * 52 + lf + i];
    this.len[from] = lf;
    this.len[to] = lt + n;
    if (to >= this.FOUND0 && to < this.CELL0) this.home += n;
  }

  isWon(): boolean {
    return this.home === this.total;
  }
}

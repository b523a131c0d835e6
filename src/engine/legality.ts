// Checked play: says why a move is illegal, written straight from RULES.md and independent of the
// fast generator in movegen.ts (tests check that the two agree). Used by `verify` and replays.
import { foundationBuildError, tableauBuildError } from '../rules/building';
import { cardName, rankName, rankOf } from '../cards/card';
import { encodeMove } from './move';
import type { GameState } from './state';

export interface MoveSpec {
  from: string;
  to: string;
  count?: number;
}

const isTab = (s: GameState, p: number): boolean => p >= 0 && p < s.T;
const isFound = (s: GameState, p: number): boolean => p >= s.FOUND0 && p < s.CELL0;
const isCell = (s: GameState, p: number): boolean => p >= s.CELL0 && p < s.RESERVE;

/** Why moving `count` cards from pile `from` to pile `to` is illegal, or null when it is legal. */
export function moveError(s: GameState, from: number, to: number, count: number): string | null {
  const r = s.rules;
  if (from < 0 || from >= s.nPiles || to < 0 || to >= s.nPiles) return 'no such pile';
  if (from === to) return 'a card cannot move onto its own pile';
  if (!Number.isInteger(count) || count < 1) return `bad count ${count}`;
  if (isFound(s, from)) return 'cards never leave a foundation';
  if (s.len[from] < count) return `${s.pileName(from)} has ${s.len[from]} card(s), not ${count}`;
  if (to === s.RESERVE) return 'nothing may be moved into the reserve';
  if (to === s.STOCK) return 'nothing may be moved into the stock';
  const firstMovePending = r.baseRule === 'first-move' && s.base < 0;
  if (from === s.STOCK) {
    if (to !== s.WASTE) return 'the stock deals only to the waste';
    if (count !== 1) return 'the stock deals one card at a time';
    if (firstMovePending) return 'the first move must put an exposed card on a foundation (choose the base card)';
    return null;
  }
  if (to === s.WASTE) return 'only the stock deals to the waste';
  if (firstMovePending) {
    if (!isFound(s, to) || !(isTab(s, from) || from === s.RESERVE)) return 'the first move must put an exposed card (tableau or reserve top) on a foundation';
  }
  if (count > 1) {
    if (!r.runMoves) return `${r.title} moves one card at a time`;
    if (!isTab(s, from) || !isTab(s, to)) return 'only tableau runs move as a unit, onto the tableau';
    const cards = s.pile(from).slice(-count);
    for (let i = 1; i < cards.length; i++)
      if (tableauBuildError(r, cards[i - 1], cards[i]) !== null)
        return `the ${count} top cards of ${s.pileName(from)} are not a run built down in alternate colour`;
  }
  const card = s.cards[s.off[from] + s.len[from] - count]; // bottom card of what moves
  if (from === s.RESERVE && !isFound(s, to) && !(r.reserveToTableau && isTab(s, to)))
    return `the reserve's top card may go ${r.reserveToTableau ? 'to a foundation or a tableau pile' : 'to a foundation only'}`;
  if (isCell(s, to)) {
    if (!isTab(s, from)) return 'cells take cards from the tableau only';
    if (s.len[to] > 0) return `${s.pileName(to)} is occupied`;
    return null;
  }
  if (isFound(s, to)) {
    const l = s.len[to];
    if (l === 0) {
      if (s.base >= 0 && rankOf(card) !== s.base) return `${cardName(card)} cannot start a foundation: the base rank is ${rankName(s.base)}`;
      if (s.base < 0 && s.baseConstraint >= 0 && rankOf(card) !== s.baseConstraint) return `${cardName(card)} is not of the chosen base rank`;
      return null;
    }
    if (l >= 13) return `${s.pileName(to)} is complete`;
    return foundationBuildError(r, s.top(to), card);
  }
  if (isTab(s, to)) {
    if (s.len[to] === 0) {
      switch (r.emptyPile) {
        case 'stays-empty':
          return `${s.pileName(to)} is empty and stays empty (stock and waste are exhausted)`;
        case 'single-tableau-card':
          if (!isTab(s, from)) return 'an empty pile takes a single tableau card only';
          return null;
        case 'any-card-or-run':
          if (!isTab(s, from) && from !== s.WASTE) return 'an empty pile takes a tableau card or run, or the waste top';
          return null;
        case 'any-single-card':
          if (!isTab(s, from) && !isCell(s, from)) return 'an empty pile takes a tableau or cell card';
          return null;
      }
    }
    return tableauBuildError(r, s.top(to), card);
  }
  return 'illegal move';
}

/** Plays a move given by pile names after checking it; returns an error or null. */
export function playChecked(s: GameState, spec: MoveSpec): string | null {
  const from = s.pileIndex(String(spec.from));
  const to = s.pileIndex(String(spec.to));
  const count = spec.count ?? 1;
  if (from < 0) return `no pile named ${JSON.stringify(spec.from)} in ${s.rules.name}`;
  if (to < 0) return `no pile named ${JSON.stringify(spec.to)} in ${s.rules.name}`;
  const err = moveError(s, from, to, count);
  if (err) return err;
  s.apply(encodeMove(from, to, count));
  return null;
}

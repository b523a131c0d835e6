// GameStates of finished solves, per rule table, for the next solves to load deals into: building
// one costs tens of microseconds, a sizeable part of a deal that takes a few hundred nodes. A state
// is taken out while a solve uses it, so solves never share one.
import type { Deal } from '../../engine/deal';
import { GameState } from '../../engine/state';
import type { RuleTable } from '../../rules/vocabulary';

const spareStates = new WeakMap<RuleTable, GameState[]>();
const SPARE_STATES = 64;

/** A state at `deal` under base constraint `rank` (-1: none), spare or new. */
export function takeState(deal: Deal, rank: number): GameState {
  const s = spareStates.get(deal.rules)?.pop();
  if (s) s.load(deal);
  const state = s ?? new GameState(deal);
  state.setConstraint(rank);
  return state;
}

/** Hands the states of a finished solve back for later solves. */
export function giveBack(states: GameState[]): void {
  if (states.length === 0) return;
  const rules = states[0].rules;
  const list = spareStates.get(rules) ?? [];
  spareStates.set(rules, list);
  for (const s of states) if (list.length < SPARE_STATES) list.push(s);
}

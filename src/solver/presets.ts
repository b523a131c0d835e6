// Each game's values, as data, by variant name (after Freecell Solver's presets): which searches a
// solve runs under each policy, how many nodes each step runs, the deadlock tests it cuts with and
// how the nested Monte Carlo search plays. policy.ts holds the mechanism that reads them (Preset
// says what each field means). They were chosen on tuning seeds, never on the README's benchmark
// seeds; how, with the figures, is in docs/journal.md (*From the code's comments*) and
// docs/benchmarks.md.
import type { RuleTable } from '../rules/vocabulary';
import type { LineRace } from '../search/lines';
import type { Playouts } from '../search/playouts';
import type { Policy, Preset } from './policy';

/** The depth-first searches of `dfs` in the alternate-colour games: the scored DFS and three randomly ordered ones. */
const ALT_COLOUR_DFS = ['dfs-scored', 'dfs-random', 'dfs-random', 'dfs-random'];

/**
 * Playouts in the games with a reserve (Signora, Double Signora): a waste or reserve card onto the
 * tableau 8 times a move between piles, a deal as one; the waste test every 256 moves (each
 * question also walks the reserve).
 */
const WITH_RESERVE: Playouts = { weights: { waste: 8, deal: 1 }, checkEvery: 256, homeEveryOtherLine: false };

/**
 * The four-deck games' weight for a move home from the tableau or the reserve (PlayoutWeights.home):
 * drawn among the other moves at 256 times a move between piles rather than played at once (the
 * waste's card still goes home at once). In Signora it won no more, so Signora plays home at once.
 */
const HOME_WEIGHT = 256;

/**
 * Signora's playouts: those of the games with a reserve, except that a deal weighs as much as a
 * waste card onto the tableau (8 times a move between piles), and the endgame search (nmcs.ts) once
 * a line's stock holds at most 25 cards, for up to 20,000 nodes.
 */
const SIGNORA_PLAYOUTS: Playouts = { ...WITH_RESERVE, weights: { ...WITH_RESERVE.weights, deal: 8 }, endgame: { stock: 25, nodes: 20_000 } };

/**
 * The lines race of the four-deck games (lines.ts): at steps 16, 32, ..., 256 a line ends where more
 * than 60% of the earlier lines (once there are 4) scored higher there; a line in the best 20% at
 * step 16 gives its opening to a pool of 8, from which half the new lines start.
 */
const RACE: LineRace = { from: 16, to: 256, worse: 0.6, after: 4, openings: { top: 0.2, pool: 8, share: 0.5 } };

/**
 * Double Signora's playouts: those of the games with a reserve, with HOME_WEIGHT; steps that try a
 * card onto another tableau card only where the move empties its pile
 * (Playouts.emptyingShufflesOnly, as in Empress of Italy below); and the lines race (RACE).
 */
const DOUBLE_SIGNORA: Playouts = { ...WITH_RESERVE, weights: { ...WITH_RESERVE.weights, home: HOME_WEIGHT }, emptyingShufflesOnly: true, race: RACE };

/**
 * Playouts in the games without a reserve (Empress of Italy, Red and Black): a deal twice a move
 * between piles and a waste card 16 times a deal; the waste test every 16 moves; every second line
 * weighs foundation moves against the others.
 */
const NO_RESERVE: Playouts = { weights: { waste: 32, deal: 2 }, checkEvery: 16, homeEveryOtherLine: true };

/**
 * Empress of Italy's playouts: those of the games without a reserve, with HOME_WEIGHT; steps that
 * try a card onto another tableau card only where the move empties its pile
 * (Playouts.emptyingShufflesOnly: with one-card moves and every pile a run, the other such moves
 * only shift cards between piles whose tops are of one type); and the lines race (RACE).
 */
const EMPRESS: Playouts = { ...NO_RESERVE, weights: { ...NO_RESERVE.weights, home: HOME_WEIGHT }, emptyingShufflesOnly: true, race: RACE };

/** Red and Black's `auto`: the probing DFS alone (Luby's restarts, a random order); the nested Monte Carlo search beside it won nothing more. */
const PROBING_DFS: Policy = { members: ['dfs-probe'] };

/** Signora's `auto`: the probing DFS, which proves the losses, and the nested Monte Carlo search with 7 slices for each of its. */
const SIGNORA: Policy = { members: ['dfs-probe', 'nmcs'], shares: { nmcs: 7 } };

/**
 * The four-deck games' `auto` (Double Signora, Empress of Italy): the probing DFS, which alone can
 * prove a loss, and the nested Monte Carlo search with 7 slices for each of its; with the base
 * free, from the second round on the 3 groups whose nested Monte Carlo search has brought the most
 * cards home take their turns first, each with 4 times the slice.
 */
const FOUR_DECK: Policy = { members: ['dfs-probe', 'nmcs'], shares: { nmcs: 7 }, leaders: { count: 3, share: 4, from: 1 } };

/**
 * Empress of Italy's `auto` with the base fixed, in a deal of the whole pack (policy.ts's
 * Preset.autoFixedBase): the nested Monte Carlo search alone. No test proves
 * an Empress of Italy position lost before a line has left dozens of cards in the waste
 * (docs/solver.md, *What remains hard*), so the probing DFS proves no pair lost at these budgets;
 * its share of the budget wins more pairs in the nested search's hands. With the base free it stays
 * (FOUR_DECK): without it more deals were left unknown. Both measured in docs/journal.md, *Empress
 * of Italy with the base fixed: the nested search alone*.
 */
const NESTED_ALONE: Policy = { members: ['nmcs'] };

/**
 * Winery and FreeCell (FreeCell's rules): the soft threads (freecell/soft.ts) alone for 20,000 nodes,
 * which win most deals in a few hundred; if 3 of their 14 threads run dry, the complete scored DFS
 * beside them, then alone to 300,000 nodes (Tight). Then the opening: the restarting heuristic DFS
 * with supermoves alone for 500 nodes, then in turns of 1,000 with the meta-move DFS, to 100,000
 * nodes; then both go on with the scored DFS, which proves the losses. Their complete searches
 * share dead marks. Without cells the meta-moves do not apply: the restarting heuristic DFS opens
 * alone, then goes on with the group-random restarting DFS, the scored DFS and A*.
 */
const FREECELL_RULES: Preset = {
  auto: {
    prelude: { search: 'soft-threads', nodes: 20_000, tight: { dryThreads: 3, search: 'dfs-scored', nodes: 300_000, turn: 250, ratio: 16 } },
    opening: { search: 'dfs-restart-scored', nodes: 100_000, partner: { search: 'dfs-meta', alone: 500, turn: 1000 } },
    members: ['dfs-restart-scored', 'dfs-meta', 'dfs-scored'],
  },
  autoWithoutMetaMoves: {
    opening: { search: 'dfs-restart-scored', nodes: 100_000 },
    members: ['dfs-restart-scored', 'dfs-restart', 'dfs-scored', 'astar'],
  },
  dfs: ['dfs-scored', 'dfs-plain'],
  marks: true,
  deadlocks: [], // none applies to suit-built foundations
  playouts: { ...NO_RESERVE, checkEvery: 0 }, // the waste test does not apply
};

/**
 * The presets by variant name. Deadlock tests: the reserve test in Signora and Double Signora; the
 * waste and order tests in Red and Black, where they decide most deals the search alone leaves
 * open; none by default in Empress of Italy, where neither proved anything on the full game and
 * both cost time per node (the solve may still ask for them).
 */
export const PRESETS: Readonly<Record<string, Preset>> = {
  signora: { auto: SIGNORA, dfs: ALT_COLOUR_DFS, marks: false, deadlocks: ['reserve'], playouts: SIGNORA_PLAYOUTS },
  'double-signora': { auto: FOUR_DECK, dfs: ALT_COLOUR_DFS, marks: false, deadlocks: ['reserve'], playouts: DOUBLE_SIGNORA },
  'empress-of-italy': { auto: FOUR_DECK, autoFixedBase: NESTED_ALONE, dfs: ALT_COLOUR_DFS, marks: false, deadlocks: [], playouts: EMPRESS },
  'red-and-black': { auto: PROBING_DFS, dfs: ALT_COLOUR_DFS, marks: false, deadlocks: ['waste', 'order'], playouts: NO_RESERVE },
  winery: FREECELL_RULES,
  freecell: FREECELL_RULES,
};

/** The preset of a game, by its rule table's name (small games keep their variant's name). */
export function presetOf(rules: RuleTable): Preset {
  const p = PRESETS[rules.name];
  if (!p) throw new Error(`internal error: no preset for variant ${JSON.stringify(rules.name)} (src/solver/presets.ts)`);
  return p;
}

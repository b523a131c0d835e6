// Which searches a solve runs, and in what order: the mechanism. A policy (auto, dfs, astar,
// portfolio, or registry names joined by '+') is an optional prelude, an optional opening and the
// searches of each group (one group per candidate base rank); a game's values for them (which
// searches, how many nodes each step runs) are its preset, as data, in presets.ts. The searches are
// named here only: registry.ts makes them, schedule.ts runs the steps.
import { DEADLOCK_TESTS, type DeadlockTest } from '../proof/proof';
import type { Playouts } from '../search/playouts';
import type { Search } from '../search/search';

export type SearchKind = 'dfs' | 'astar' | 'portfolio' | 'auto' | (string & {});

/**
 * The opening: `search` alone for `alone` nodes (all of `nodes` without a partner), then, with a
 * partner, the two in turns of `turn` nodes until the opening's `nodes` are spent.
 */
export interface Opening {
  search: string;
  nodes: number;
  partner?: { search: string; alone: number; turn: number };
}

/**
 * After a prelude that looks tight (its search stopped having tried all it has, or at least
 * `dryThreads` of its soft threads ran dry), `search` runs alone until it has run `nodes` before
 * the opening, and then goes on as the group's member of that name. The soft threads run dry like
 * this mostly on deals whose positions are few, and those are mostly lost: a complete search then
 * decides them at once instead of after the opening. It starts during the prelude, as soon as
 * `dryThreads` threads have run dry, with `ratio` nodes for each of the prelude's, in turns of
 * `turn` of the prelude's nodes.
 */
export interface Tight {
  dryThreads: number;
  search: string;
  nodes: number;
  turn: number;
  ratio: number;
}

/**
 * Budget that follows progress among the groups (base ranks under `any`): from round `from` of
 * schedule.ts's runGroups on, the `count` groups whose searches have brought the most cards home
 * (Search.progress, a group's best member) take their turns first, with `share` times the slice.
 * A base that gets nearer the end is likelier to win, but any single leader can be wrong.
 */
export interface Leaders {
  count: number;
  share: number;
  from: number;
}

/** A policy: an optional prelude and opening before the searches of each group. */
export interface Policy {
  /** A search run alone before the opening, for `nodes` (SolveOptions.softNodes overrides them). */
  prelude?: { search: string; nodes: number; tight?: Tight };
  /**
   * Searches run before the groups (see Opening), under the caller's base constraint. With a single
   * group under that constraint they then go on as the group's members of the same names.
   */
  opening?: Opening;
  /** The searches of one group (one base rank). */
  members: string[];
  /** Turns of the named members, in slices (schedule.ts's runGroups): 1 where not given. */
  shares?: Record<string, number>;
  /** The group's complete searches share sound dead marks (dfs.ts; SolveOptions.marks overrides). */
  marks?: boolean;
  /** With several groups: the most advanced go first, with more of the slice (Leaders). */
  leaders?: Leaders;
}

/** A game's values, by which the policies run (presets.ts holds one per variant). */
export interface Preset {
  /** `auto`, the default policy. */
  auto: Policy;
  /** `auto` where the meta-move searches do not apply to the deal's rules (FreeCell without cells). */
  autoWithoutMetaMoves?: Policy;
  /**
   * `auto` for a Terrace game with the base rank fixed (one (deal, base) pair) in a deal of the whole
   * pack, where it differs. The small games (engine/small.ts) keep `auto`: there a complete search
   * can finish, and proves losses.
   */
  autoFixedBase?: Policy;
  /** `dfs` (and `portfolio`, with A* added): the depth-first searches of each group. */
  dfs: string[];
  /** The complete searches of a group share sound dead marks (policy() leaves them out for a DFS alone). */
  marks: boolean;
  /** The deadlock tests complete searches cut with, unless the solve names others. */
  deadlocks: readonly DeadlockTest[];
  /** The nested Monte Carlo search's playouts and steps. */
  playouts: Playouts;
}

/** The registry's searches that make a single run: a DFS alone of these has no one to share marks with. */
const ONE_RUN = ['dfs-scored', 'dfs-plain', 'dfs-random'];

/**
 * The searches of a solve of a game with preset `preset`, by policy. `metaMoves`: the meta-move
 * searches (dfs-meta, soft-threads) apply to the deal's rules (freecell/meta.ts's metaMovesApply).
 * `openingNodes` replaces the opening's nodes (SolveOptions.openingNodes). `fixedBase`: a Terrace
 * game's base rank is fixed (one group), in a deal of the whole pack (Preset.autoFixedBase).
 * - auto: the preset's (its autoFixedBase, if it has one, with the base fixed).
 * - dfs: the preset's depth-first searches; portfolio: those and A*; astar: A* alone.
 * - registry names joined by '+': those, in every group.
 * Dead marks where the preset has them, but not for one single-run DFS alone, which meets its own
 * positions anyway and would only pay a table lookup per position for them.
 */
export function policy(preset: Preset, kind: SearchKind, metaMoves: boolean, openingNodes?: number, fixedBase = false): Policy {
  const p = searchesOf(preset, kind, metaMoves, openingNodes, fixedBase);
  const alone = !p.prelude && !p.opening && p.members.length === 1 && ONE_RUN.includes(p.members[0]);
  return { ...p, marks: preset.marks && !alone };
}

/** policy() without the marks. */
function searchesOf(preset: Preset, kind: SearchKind, metaMoves: boolean, openingNodes: number | undefined, fixedBase: boolean): Policy {
  switch (kind) {
    case 'dfs':
      return { members: preset.dfs };
    case 'astar':
      return { members: ['astar'] };
    case 'portfolio':
      return { members: [...preset.dfs, 'astar'] };
    case 'auto': {
      const auto = fixedBase && preset.autoFixedBase ? preset.autoFixedBase : metaMoves ? preset.auto : (preset.autoWithoutMetaMoves ?? preset.auto);
      return auto.opening && openingNodes !== undefined ? { ...auto, opening: { ...auto.opening, nodes: openingNodes } } : auto;
    }
    default:
      return { members: kind.split('+') };
  }
}

/** The groups that get more turns this round (Policy.leaders): the most advanced, by their best member's progress. */
export function leading(open: Search[][], round: number, leaders: Leaders | undefined): Search[][] {
  if (!leaders || open.length < 2 || round < leaders.from) return [];
  const progress = new Map(open.map((g) => [g, Math.max(-1, ...g.map((x) => x.progress ?? -1))]));
  const ranked = open.filter((g) => progress.get(g)! >= 0).sort((a, b) => progress.get(b)! - progress.get(a)!);
  return ranked.slice(0, leaders.count);
}

/**
 * The first round's slice, where `slices` is the sum of every group member's slices per turn:
 * 4,096 nodes, or less where the budget is small beside the turns, so that the first round takes at
 * most half of it and every group gets a turn, but never under 256 nodes (so with a tiny budget the
 * first round may not end). schedule.ts's runGroups asks it only when there are several groups, and
 * keeps 4,096 with one.
 */
export function firstSlice(budget: number, slices: number): number {
  return Math.max(256, Math.min(4096, Math.floor(budget / (2 * slices))));
}

/**
 * The deadlock tests (src/proof) a complete search cuts with: those `asked` (SolveOptions.deadlocks:
 * true every test, false none, or a list), else the preset's. Each applies only where it can
 * (cuts.ts).
 */
export function testsAsked(preset: Preset, asked?: boolean | readonly DeadlockTest[]): readonly DeadlockTest[] {
  if (asked === true) return DEADLOCK_TESTS;
  if (asked === false) return [];
  if (asked !== undefined) return asked;
  return preset.deadlocks;
}

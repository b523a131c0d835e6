// How the nested Monte Carlo search's lines (nmcs.ts) race each other: a line whose best playout
// so far brings fewer cards home than most earlier lines did at the same step ends there, and a
// new line may start from the opening of a line that was among the best at its first checkpoint.
//
// Why it pays: a line's early steps decide it (a new line started anywhere but the deal wins less:
// docs/journal.md), and its best score at step 32 already ranks it among the search's other lines
// (the line that won ranked in the top fifth at the median), while the first 32 steps cost about a
// fifth of a line's nodes (its playouts are longest then). Ending the lines that fall behind leaves
// more lines in the same budget. Each line is compared only with the earlier lines of its own
// search, so the threshold follows the deal: hard deals' lines score lower everywhere.
//
// Deterministic: the decisions depend only on the lines' scores and the search's random stream, never
// on the clock or on how the budget is sliced, so the search stays resumable (nmcs.ts).
import { xorshift } from './order/order';

/** Where lines are compared and which end (Playouts.race, given by src/solver/presets.ts). */
export interface LineRace {
  /** Lines are compared at their steps from, 2 from, 4 from, ... up to `to` (at the first step they list at or past each). */
  readonly from: number;
  readonly to: number;
  /** A line ends at a checkpoint where more than this share of the earlier lines there scored higher. */
  readonly worse: number;
  /** ... once at least this many earlier lines reached that checkpoint (before, every line goes on). */
  readonly after: number;
  /**
   * Where present, a line that reaches its first checkpoint (before step 2 `from`, as forced steps
   * may carry it past) with at most `top` of the earlier lines scoring higher there, once at least
   * `after` reached it, gives its first `from` moves to a pool of `pool` openings (a new one
   * replaces one drawn at random once it is full), and a new line starts with one of them, drawn
   * at random, in `share` of the lines (the rest start at the deal). Lines so started keep none.
   */
  readonly openings?: { readonly top: number; readonly pool: number; readonly share: number };
}

/** The record of one search's lines at each checkpoint, and its pool of openings. */
export class LineRecords {
  /** counts[k * width + score]: earlier lines that scored `score` at checkpoint k (step from << k). */
  private readonly counts: Int32Array;
  private readonly reached: Int32Array;
  private readonly width: number;
  private readonly pool: Int32Array[] = [];
  /** The current line's next checkpoint (a step), and whether it started with an opening. */
  private next = 0;
  private opened = false;
  /** Lines ended at a checkpoint, and lines started with an opening (tests and benches read them). */
  ended = 0;
  openingsPlayed = 0;

  constructor(
    readonly race: LineRace,
    total: number,
  ) {
    let k = 0;
    while (race.from << k <= race.to) k++;
    this.width = total + 1;
    this.counts = new Int32Array(k * this.width);
    this.reached = new Int32Array(k);
    this.next = race.from;
  }

  /** A new line starts; returns the opening it is to play first, or null (from the deal). */
  startLine(rng: Int32Array): Int32Array | null {
    this.next = this.race.from;
    this.opened = false;
    const o = this.race.openings;
    if (o === undefined || this.pool.length === 0 || xorshift(rng) % 1000 >= o.share * 1000) return null;
    const opening = this.pool[xorshift(rng) % this.pool.length];
    this.opened = true;
    this.openingsPlayed++;
    while (this.next <= opening.length) this.next *= 2;
    return opening;
  }

  /**
   * The line has played `played[0, len)` and its best playout brings `score` cards home: at a
   * checkpoint, records the score and returns true if the line is to end here.
   */
  atStep(played: Int32Array, len: number, score: number, rng: Int32Array): boolean {
    const r = this.race;
    if (len < this.next || this.next > r.to) return false;
    const k = 31 - Math.clz32(this.next / r.from);
    const first = this.next === r.from;
    while (this.next <= len) this.next *= 2;
    const row = k * this.width;
    const earlier = this.reached[k];
    let higher = 0;
    for (let x = score + 1; x < this.width; x++) higher += this.counts[row + x];
    this.counts[row + score]++;
    this.reached[k]++;
    if (earlier < r.after) return false;
    if (higher / earlier > r.worse) {
      this.ended++;
      return true;
    }
    const o = r.openings;
    if (o !== undefined && first && !this.opened && len < 2 * r.from && higher / earlier <= o.top) this.keep(played, rng, o.pool);
    return false;
  }

  /** Adds the line's first `from` moves to the pool of openings. */
  private keep(played: Int32Array, rng: Int32Array, size: number): void {
    const opening = played.slice(0, this.race.from);
    if (this.pool.length < size) this.pool.push(opening);
    else this.pool[xorshift(rng) % size] = opening;
  }
}

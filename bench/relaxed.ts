// The foundation-order relaxation at the deal (issue 26): an experiment, used by no search. It asks
// whether a (deal, base) pair of Empress of Italy (or a small game of it) is lost in a relaxed game
// that keeps the stock's order, the waste's order and the foundations exactly, and relaxes only how
// the tableau is arranged. Its `dead` would prove the pair lost; so far it decides small games only.
//
//   npm run bench:relaxed -- [--seeds 10001-10010] [--cap 100k] [--solve 2M] [--ranks M --piles P] [--list]
//
// The relaxed game. A position: the stock (its length), the classes of the waste's cards bottom to
// top, and f[c], the cards of each class on the foundations (deadlock.ts's vocabulary: a class is a
// chain and a level). Every other card is on the tableau: t = out - f, out being every card not in
// the stock or waste. Moves: deal (the stock's top onto the waste); pop (the waste's top goes out),
// together with any foundation moves of tableau cards ("ups": a card of class (T, k) goes up when
// a foundation of chain T stands at level k); after a pop the tableau must fit the piles:
// R(t) = sum over classes c of max(0, t[c] - t[parent c]) <= piles, where the parent of (T, k) is
// (T, k + 1), and of (T, 12) it is (T', 0). Won, by definition: stock and waste empty (a real win passes through such a position).
// Why every real line is a relaxed line (so relaxed-lost proves lost). Each pile is a run built down
// in alternate colour, so every card but a pile's bottom lies on a card of its parent class: the
// cards of class c that are not bottoms are at most t[parent c], so at least t[c] - t[parent c] of
// them are bottoms, and there are at most `piles` bottoms. A deal is a deal; a card leaving the
// waste (to a foundation or a pile) is a pop, with the foundation moves made since the last pop as
// its ups (deals change neither out nor f, so those moves can wait for the pop); a pile filled from
// the stock is a deal and a pop; moves between piles change nothing here. Every real position
// meets R <= piles.
// Deciding it: a DFS with a memo. At a pop the foundations rise only as far as R needs: with the same
// stock and waste, lower foundations are never worse (a line from higher ones starts with ups from
// the lower ones). So a pop tries every minimal f' >= f with R <= piles (rises(): where they are
// and why the list is complete). Positions that the waste test
// of deadlock.ts finds stuck are lost: its J(out) <= piles holds in every relaxed position, as
// J(out) counts the rises of out within chains, out = f + t with f falling within a chain, so J(out)
// is at most the rises of t, which around the cycle of all 26 classes equal its falls, R(t).
import { dealFromSeed } from '../src/engine/deal';
import { smallDeal } from '../src/engine/small';
import { GameState } from '../src/engine/state';
import { getRules } from '../src/rules/variants';
import { baseCandidates, solve } from '../src/solver/solve';
import { classOf } from '../src/solver/deadlock';
import { TranspositionTable } from '../src/solver/tt';
import { checkOptions, countArg, arg, flag, parseRange } from './util';

const L = 13;
const C = 2 * L;
export const DEAD = 1;
export const ALIVE = 2;
export const OPEN = 3;
const PARENT = Int32Array.from({ length: C }, (_, c) => (c % L < L - 1 ? c + 1 : (1 - Math.floor(c / L)) * L));

export class FoundationRelaxation {
  private stock: number[] = [];
  private waste: number[] = [];
  private out = new Int32Array(C);
  private f = new Int32Array(C);
  private t = new Int32Array(C);
  private piles = 0;
  private copies = 0;
  private readonly memo = new Map<string, number>();
  nodes = 0;

  constructor(
    /** Relaxed positions the search may expand. */
    private readonly cap: number,
  ) {}

  /** DEAD, ALIVE or OPEN for the relaxed game of position s under base b: only for games with no reserve and no cells. */
  decide(s: GameState, base: number): number {
    if (s.len[s.RESERVE] > 0 || s.C > 0) throw new Error('the foundation-order relaxation is for games without a reserve or cells');
    const { cards, off, len } = s;
    const pile = (p: number) => Array.from(cards.subarray(off[p], off[p] + len[p]), (c) => classOf(c, base));
    this.stock = pile(s.STOCK);
    this.waste = pile(s.WASTE);
    this.out.fill(0);
    this.f.fill(0);
    for (let p = 0; p < s.T; p++) for (const c of pile(p)) this.out[c]++;
    for (let p = s.FOUND0; p < s.CELL0; p++)
      for (const c of pile(p)) {
        this.out[c]++;
        this.f[c]++;
      }
    for (let c = 0; c < C; c++) this.t[c] = this.out[c] - this.f[c];
    this.piles = s.T;
    this.copies = 2 * s.rules.decks;
    this.memo.clear();
    this.nodes = 0;
    return this.search();
  }

  /** rises() for a given tableau and foundations (tests: checked against a brute-force search). */
  risesFor(out: Int32Array, f: Int32Array, piles: number, copies: number): number[][] | null {
    this.out.set(out);
    this.f.set(f);
    for (let c = 0; c < C; c++) this.t[c] = out[c] - f[c];
    this.piles = piles;
    this.copies = copies;
    return this.rises();
  }

  private R(): number {
    let r = 0;
    for (let c = 0; c < C; c++) r += Math.max(0, this.t[c] - this.t[PARENT[c]]);
    return r;
  }

  private static J(o: Int32Array): number {
    let j = 0;
    for (let c = 0; c < C; c++) if (c % L > 0) j += Math.max(0, o[c] - o[c - 1]);
    return j;
  }

  /** deadlock.ts's waste test: the waste cannot leave in turn even with every later card free. */
  private stuck(): boolean {
    const o = Int32Array.from(this.out);
    let d = this.stock.length;
    for (let i = this.waste.length - 1; i >= 0; i--) {
      o[this.waste[i]]++;
      while (FoundationRelaxation.J(o) > this.piles && d > 0) o[this.stock[--d]]++;
      if (FoundationRelaxation.J(o) > this.piles) return true;
    }
    return false;
  }

  /** Foundations of chain T standing at level h (13: complete). */
  private at(T: number, h: number): number {
    const above = h === 0 ? this.copies : this.f[T * L + h - 1];
    return above - (h === L ? 0 : this.f[T * L + h]);
  }

  /**
   * Every minimal foundation profile f' >= f with R <= piles after a pop, as its ups (the classes
   * that go up), or null (counted open) if R is more than one over, which a pop cannot cause.
   * Candidates are walks: one foundation raised from its level, on past a complete chain into a
   * foundation of the other chain that had not started, and so on, stopped at the first point where
   * R <= piles (going further only adds ups). Complete: take any feasible f' and its ups u, one
   * segment per foundation raised; link a segment that ends below a class with one that starts
   * there, as far as they go: walks W_1..W_n. An edge (c, parent c) loses
   * g(x) = max(0, d - x) - max(0, d) of R when its ends drop by a and b, x = a - b, d = t[c] - t[parent];
   * g(x) >= |x| g(sign x), and after the linking no edge has walks both ending and starting at it,
   * so R drops under u at most by the sum of what each walk alone makes it drop. R must drop by one,
   * so some walk alone makes it drop, and that walk's profile lies below f'.
   */
  private rises(): number[][] | null {
    const over = this.R() - this.piles;
    if (over <= 0) return [[]];
    if (over > 1) return null;
    const { f, t } = this;
    const found: number[][] = [];
    for (let A = 0; A < 2; A++)
      for (let h = 0; h < L; h++) {
        if (this.at(A, h) === 0) continue;
        const fresh = [h === 0 ? 1 : 0, 0]; // unstarted foundations the walk took, per chain (A first)
        const ups: number[] = [];
        for (let T = A, k = h; ;) {
          const c = T * L + k;
          if (t[c] < 1) break;
          t[c]--;
          ups.push(c);
          if (this.R() <= this.piles) {
            found.push([...ups]);
            break;
          }
          if (++k < L) continue;
          const other = 1 - T;
          const i = other === A ? 0 : 1;
          if (this.at(other, 0) - fresh[i] < 1) break; // no unstarted foundation to go on with
          fresh[i]++;
          T = other;
          k = 0;
        }
        for (const c of ups) t[c]++;
      }
    const profile = (ups: number[]) => {
      const g = Int32Array.from(f);
      for (const c of ups) g[c]++;
      return g;
    };
    const profiles = found.map(profile);
    return found.filter(
      (_, i) => !profiles.some((q, j) => j !== i && q.every((v, x) => v <= profiles[i][x]) && (q.some((v, x) => v < profiles[i][x]) || j < i)),
    );
  }

  private ups(list: number[], by: number): void {
    for (const c of list) {
      this.f[c] += by;
      this.t[c] -= by;
    }
  }

  private search(): number {
    if (this.stock.length === 0 && this.waste.length === 0) return ALIVE;
    const key = `${this.stock.length}|${this.waste.join()}|${this.f.join()}`;
    const known = this.memo.get(key);
    if (known !== undefined) return known;
    if (++this.nodes > this.cap) return OPEN;
    const result = this.stuck() ? DEAD : this.moves();
    this.memo.set(key, result); // an open answer too: asked again, it would stop at the same cap
    return result;
  }

  /** The pop (with each minimal rise of the foundations), then the deal. */
  private moves(): number {
    let result = DEAD;
    if (this.waste.length > 0) {
      const c = this.waste.pop()!;
      this.out[c]++;
      this.t[c]++;
      const options = this.rises();
      if (options === null) result = OPEN;
      for (const o of options ?? []) {
        this.ups(o, 1);
        const r = this.search();
        this.ups(o, -1);
        if (r === ALIVE) {
          result = ALIVE;
          break;
        }
        if (r === OPEN) result = OPEN;
      }
      this.out[c]--;
      this.t[c]--;
      this.waste.push(c);
      if (result === ALIVE) return ALIVE;
    }
    if (this.stock.length > 0) {
      this.waste.push(this.stock.pop()!);
      const r = this.search();
      this.stock.push(this.waste.pop()!);
      if (r !== DEAD) result = r;
    }
    return result;
  }
}

const NAMES = ['', 'dead', 'alive', 'open'];
const USAGE = `usage: npm run bench:relaxed -- [options]
The foundation-order relaxation (bench/relaxed.ts) at the deal of every (deal, base) pair: dead
(the pair is lost), alive (a relaxed win exists) or open (--cap reached).
  --variant V     empress-of-italy (default) or red-and-black: the games without a reserve or cells
  --seeds A-B     seed range (default 10001-10010)
  --cap N         relaxed positions per pair (default 100k)
  --ranks M --piles P   a small game (src/engine/small.ts) instead, with its one base
  --solve N       also solve() each pair (auto, N nodes) and print relaxed against solve's verdicts;
                  a dead pair that solve wins is a fault (exit 1)
  --list          one line per pair`;

function main(): void {
  checkOptions('bench:relaxed', USAGE, ['variant', 'seeds', 'cap', 'ranks', 'piles', 'solve'], ['list']);
  const variant = arg('variant', 'empress-of-italy');
  if (variant !== 'empress-of-italy' && variant !== 'red-and-black')
    fail(`--variant ${variant}: only empress-of-italy and red-and-black (no reserve, no cells)`);
  const rules = getRules(variant);
  let range = { from: 0, to: -1 };
  try {
    range = parseRange(arg('seeds', '10001-10010'), '--seeds');
  } catch (e) {
    fail((e as Error).message);
  }
  const { from, to } = range;
  const cap = countArg('cap', '100k');
  const solveNodes = countArg('solve', '0');
  const small = flag('ranks') || flag('piles') ? { ranks: Number(arg('ranks', '13')), piles: Number(arg('piles', '8')), reserve: 0 } : null;
  if (small && !(Number.isInteger(small.ranks) && small.ranks >= 1 && small.ranks <= 13 && Number.isInteger(small.piles) && small.piles >= 1))
    fail(`--ranks ${arg('ranks', '13')} --piles ${arg('piles', '8')}: expected 1 to 13 ranks and at least 1 pile`);
  const tt = new TranspositionTable(64);
  const table = new Map<string, number>();
  let faults = 0;
  const t0 = Date.now();
  for (let seed = from; seed <= to; seed++) {
    const deal = dealFromSeed(rules, seed);
    // Red and Black's base is the Ace; the Terrace games take every candidate base.
    const pairs = small ? [smallOrFail(rules, small, seed)] : rules.terraceFamily ? baseCandidates(deal).map((base) => ({ deal, base })) : [{ deal, base: 0 }];
    for (const { deal, base } of pairs) {
      const rx = new FoundationRelaxation(cap);
      const r = NAMES[rx.decide(new GameState(deal), base)];
      const v = solveNodes > 0 ? solve(deal, { tt, maxNodes: solveNodes, ...(rules.terraceFamily ? { base } : {}) }).result : '-';
      if (r === 'dead' && v === 'won') faults++;
      const k = solveNodes > 0 ? `${r} / ${v}` : r;
      table.set(k, (table.get(k) ?? 0) + 1);
      if (flag('list')) console.log(seed, base, r, rx.nodes, v);
    }
  }
  const what = small ? `${small.ranks} ranks, ${small.piles} piles` : 'every base';
  console.log(
    `${rules.name}, ${what}, seeds ${from}-${to}, cap ${cap} relaxed positions${solveNodes > 0 ? `; relaxed / solve() at ${solveNodes} nodes` : ''} (${((Date.now() - t0) / 1000).toFixed(1)} s)`,
  );
  for (const [k, n] of [...table].sort()) console.log(`  ${k}: ${n}`);
  if (solveNodes > 0) console.log(`  relaxed dead but won: ${faults} (must be 0)`);
  if (faults > 0) process.exitCode = 1;
}

function smallOrFail(rules: ReturnType<typeof getRules>, shape: { ranks: number; piles: number; reserve: number }, seed: number) {
  try {
    return smallDeal(rules, shape, seed);
  } catch (e) {
    fail((e as Error).message);
  }
}

function fail(msg: string): never {
  console.error(`bench:relaxed: ${msg}`);
  process.exit(2);
}

if (require.main === module) main();

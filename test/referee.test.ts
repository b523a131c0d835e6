// The referee (referee/*.mjs): a second program, sharing no code with src/, that checks the
// solver's claims. These tests check that it stays apart, that it confirms what the solver proves
// and refutes what is false, and that its three deadlock tests, written again from the arguments,
// answer positions of random play as the solver's do.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cardName } from '../src/cards/card';
import { baseCandidates, dealFromSeed, dealToJson } from '../src/engine/deal';
import { MAX_MOVES, moveCount, moveFrom, moveTo } from '../src/engine/move';
import { generateMoves } from '../src/engine/movegen';
import { GameState } from '../src/engine/state';
import { getRules } from '../src/rules/variants';
import { DeadlockCuts } from '../src/proof/cuts';
import { WasteOrder } from '../src/proof/waste-order';
import { solve } from '../src/solver/solve';
import { isLegal, reserveEndgame } from './helpers';
// @ts-expect-error plain JavaScript without types, on purpose: the referee needs nothing but Node
import { checkClaim } from '../referee/referee.mjs';
// @ts-expect-error as above
import { moveError, play, readDeal, toJson } from '../referee/rules.mjs';
// @ts-expect-error as above
import { orderTest, reserveDead, wasteDead } from '../referee/proofs.mjs';

const RANKS = 'A23456789TJQK';
const ROOT = path.resolve(__dirname, '..');
const REFEREE = path.join(ROOT, 'referee', 'referee.mjs');
type Claim = { status: string; text: string };
const pileName = (s: GameState, p: number) => s.pileName(p);
const check = (deal: unknown, claim: unknown, maxNodes?: number): Claim => checkClaim(deal, claim, maxNodes);

function wonSolution(variant: string, seed: number, cells?: number) {
  const deal = dealFromSeed(getRules(variant, { cells }), seed);
  const r = solve(deal, { maxNodes: 2_000_000 });
  expect(r.result, `${variant} ${seed}`).toBe('won');
  const base = deal.rules.terraceFamily && r.base !== undefined ? RANKS[r.base] : undefined;
  return { deal: dealToJson(deal), claim: { variant, seed, result: 'won', base, moves: r.moves } };
}

/** The solver's position as a deal JSON the referee reads. */
function stateJson(s: GameState) {
  const names = (p: number) => s.pile(p).map(cardName);
  const range = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);
  return {
    variant: s.rules.name,
    tableau: range(0, s.T).map(names),
    foundations: range(s.FOUND0, s.F).map(names),
    cells: range(s.CELL0, s.C).map((p) => (s.len[p] ? cardName(s.top(p)) : null)),
    reserve: s.rules.reserveSize > 0 ? names(s.RESERVE) : [],
    stock: s.rules.hasStock ? names(s.STOCK) : [],
    waste: s.rules.hasStock ? names(s.WASTE) : [],
  };
}

describe('the referee (referee/)', () => {
  it('shares no code with the solver: its files import only each other and Node', () => {
    const files = readdirSync(path.join(ROOT, 'referee')).filter((f) => f.endsWith('.mjs'));
    expect(files.sort()).toEqual(['proofs.mjs', 'referee.mjs', 'rules.mjs']);
    for (const f of files) {
      const text = readFileSync(path.join(ROOT, 'referee', f), 'utf8');
      const imports = [...text.matchAll(/^import .* from '([^']+)';$/gm)].map((m) => m[1]);
      for (const i of imports) expect(i, `${f} imports ${i}`).toMatch(/^(node:[a-z_]+|\.\/(rules|proofs)\.mjs)$/);
      expect(text).not.toMatch(/require\(|import\(|from '\.\.\//);
    }
  });

  it("replays the solver's wins in all five games and FreeCell, and refutes a win with a move left out or another base", () => {
    const games: [string, number, number?][] = [
      ['signora', 3],
      ['double-signora', 3],
      ['empress-of-italy', 3],
      ['red-and-black', 3],
      ['winery', 3],
      ['freecell', 3, 2],
    ];
    for (const [variant, seed, cells] of games) {
      const { deal, claim } = wonSolution(variant, seed, cells);
      expect(check(deal, claim), variant).toEqual({ status: 'confirmed', text: `won: ${claim.moves!.length} moves replayed` });
      const short = { ...claim, moves: claim.moves!.slice(0, -1) };
      expect(check(deal, short).text, variant).toMatch(/cards home, not all/);
      const middle = claim.moves!.findIndex((m, i) => i > 5 && m.from !== 'stock');
      const skipped = { ...claim, moves: claim.moves!.filter((_, i) => i !== middle) };
      expect(check(deal, skipped).status, variant).toBe('refuted');
      if (claim.base !== undefined) {
        const other = RANKS[(RANKS.indexOf(claim.base) + 1) % 13];
        expect(check(deal, { ...claim, base: other }).text, variant).toMatch(/won, but with base/);
      }
    }
  });

  it('checks each move by the rules: the first move, foundation and tableau building, the reserve', () => {
    const pos = readDeal(dealToJson(dealFromSeed(getRules('signora'), 1))); // t0 TC, t1 KH, t2 TD, t3 9S, ...; reserve top 6H
    const err = (move: object, at = pos) => check(toJson(at), { result: 'won', moves: [move] }).text;
    expect(err({ from: 'stock', to: 'waste' })).toMatch(/first move must choose the base card/);
    expect(err({ from: 'reserve', to: 't0' })).toMatch(/first move must put an exposed card/);
    const started = play(pos, { from: 'reserve', to: 'f0' }); // 6H: base 6
    expect(started.base).toBe(6);
    expect(err({ from: 't0', to: 'f1' }, started)).toMatch(/TC does not go on foundation f1/);
    expect(err({ from: 'reserve', to: 't0' }, started)).toMatch(/reserve plays to the foundations only/);
    expect(err({ from: 't1', to: 't0' }, started)).toMatch(/KH does not go on TC/);
    expect(err({ from: 'f0', to: 't1' }, started)).toMatch(/never leave a foundation/);
    expect(err({ from: 't3', to: 't2' }, started)).toMatch(/cards home, not all/); // 9S on TD is legal
  });

  it("allows exactly the solver's legal moves (legality.ts) and plays them to the same board, on random play and along won lines of all six games", () => {
    let compared = 0;
    let legal = 0;
    let empty = 0;
    const buf = new Int32Array(MAX_MOVES);
    const games: [string, number?][] = [['signora'], ['double-signora'], ['empress-of-italy'], ['red-and-black'], ['winery'], ['freecell', 2]];
    for (const [variant, cells] of games)
      for (let seed = 1; seed <= 2; seed++) {
        const deal = dealFromSeed(getRules(variant, { cells }), seed);
        const won = solve(deal, { maxNodes: 2_000_000 });
        const s = new GameState(deal);
        const names = [...stateJson(s).tableau.map((_, i) => `t${i}`), ...stateJson(s).foundations.map((_, i) => `f${i}`)];
        names.push(
          ...Array.from({ length: s.C }, (_, i) => `c${i}`),
          ...(s.rules.reserveSize > 0 ? ['reserve'] : []),
          ...(s.rules.hasStock ? ['stock', 'waste'] : []),
        );
        let rnd = seed * 104729;
        // Random play first (80 moves), then the solver's winning line from the deal, which reaches the
        // empty piles of the end; every move's board compared, every pair of piles at every 2nd (8th) position.
        const lines = [null, won.result === 'won' ? won.moveInts : []];
        for (const line of lines) {
          const g = new GameState(deal);
          let pos = readDeal(dealToJson(deal));
          for (let step = 0; step < (line ? line.length : 80); step++) {
            if (step % (line ? 8 : 2) === 0)
              for (const from of names)
                for (const to of names)
                  for (let count = 1; count <= (variant === 'red-and-black' && from.startsWith('t') ? 4 : 2); count++) {
                    const mine = moveError(pos, { from, to, count }) === null;
                    expect(mine, `${variant} ${seed} ${from}->${to} x${count}`).toBe(isLegal(g, from, to, count));
                    compared++;
                    if (mine) legal++;
                  }
            if (Array.from(g.len.subarray(0, g.T)).some((l) => l === 0)) empty++;
            let m: number;
            if (line) m = line[step];
            else {
              const n = generateMoves(g, buf, 0);
              if (n === 0 || g.isWon()) break;
              rnd = (rnd * 1103515245 + 12345) % 2147483648;
              m = buf[rnd % n];
            }
            const spec = { from: pileName(g, moveFrom(m)), to: pileName(g, moveTo(m)), count: moveCount(m) };
            g.apply(m);
            pos = play(pos, spec);
            expect(toJson(pos), `${variant} ${seed} after ${spec.from}->${spec.to}`).toEqual({ ...stateJson(g), variant });
          }
        }
      }
    expect(compared).toBeGreaterThan(1_000_000);
    expect(legal).toBeGreaterThan(5_000);
    expect(empty).toBeGreaterThan(200); // positions with an empty tableau pile
  });

  it('refuses a position the game cannot reach: a pile that is not a run, a foundation not built by the rules, a pile left empty', () => {
    const json = dealToJson(dealFromSeed(getRules('double-signora'), 1));
    const moved = (f: (d: typeof json) => void) => {
      const d = structuredClone(json);
      f(d);
      return () => readDeal(d);
    };
    expect(moved((d) => d.waste.push(d.tableau[0].pop()!))).toThrow(/empty tableau pile while the stock or waste could fill it/);
    expect(moved((d) => d.tableau[1].push(d.stock.pop()!, d.stock.pop()!))).toThrow(/tableau pile t1 is not a run|not a run/);
    const rb = dealToJson(dealFromSeed(getRules('red-and-black'), 1));
    expect(() => readDeal({ ...rb, foundations: rb.foundations.map((f, i) => (i === 0 ? [] : f)), stock: [...rb.stock, ...rb.foundations[0]] })).toThrow(
      /aces start on the foundations/,
    );
    const w = dealToJson(dealFromSeed(getRules('winery'), 1));
    const two = w.tableau[0].pop()!;
    expect(() => readDeal({ ...w, foundations: [[two], [], [], []] })).toThrow(two.startsWith('A') ? /./ : /starts with .*, not an ace/);
  });

  it('fills an emptied pile at once: Signora and Double Signora from the waste, Empress of Italy from the stock', () => {
    const from = { signora: 'waste', 'double-signora': 'waste', 'empress-of-italy': 'stock' } as const;
    for (const [variant, source] of Object.entries(from)) {
      let seen = 0;
      for (let seed = 1; seed <= 40 && seen < 3; seed++) {
        const { deal, claim } = wonSolution(variant, seed);
        let pos = readDeal(deal);
        for (const m of claim.moves!) {
          const next = play(pos, m);
          const i = Number(/^t(\d+)$/.exec(m.from)?.[1] ?? -1);
          if (i >= 0 && pos.tableau[i].length === 1 && pos.waste.length > 0 && pos.stock.length > 0) {
            const top = pos[source][pos[source].length - 1];
            expect(next.tableau[i], `${variant} ${seed}`).toEqual([top]);
            seen++;
          }
          pos = next;
        }
      }
      expect(seen, variant).toBeGreaterThan(0);
    }
  });

  it("confirms the solver's proved losses (reserve test at the deal, waste and order tests in a search, two-cell FreeCell by exhaustive search) and says open when the search is too small", () => {
    const lost = (variant: string, seed: number, base?: string, cells?: number) => {
      const deal = dealFromSeed(getRules(variant, { cells }), seed);
      const r = solve(deal, { maxNodes: 1_000_000, base: base === undefined ? 'any' : RANKS.indexOf(base) });
      expect(r.result, `${variant} ${seed}`).toBe('lost');
      return { deal: dealToJson(deal), claim: { variant, seed, result: 'lost', proof: r.proof, base } };
    };
    const signora = lost('signora', 10002, '5');
    expect(check(signora.deal, signora.claim)).toMatchObject({ status: 'confirmed', text: expect.stringMatching(/cut by reserve/) });
    const any = lost('signora', 111);
    expect(check(any.deal, any.claim).status).toBe('confirmed');
    expect(check(any.deal, { ...any.claim, proof: 'exhaustive' }, 5_000).status).toBe('open'); // without the test: far too many positions
    const rb = lost('red-and-black', 1505);
    expect(rb.claim.proof).toBe('exhaustive+deadlock:order');
    expect(check(rb.deal, rb.claim)).toMatchObject({ status: 'confirmed', text: expect.stringMatching(/cut by order/) });
    const byWaste = { ...rb.claim, proof: 'exhaustive+deadlock:waste' }; // as the solver proves it with the waste test alone
    expect(check(rb.deal, byWaste)).toMatchObject({ status: 'confirmed', text: expect.stringMatching(/cut by waste/) });
    expect(check(rb.deal, { ...rb.claim, proof: 'guesswork' }).status).toBe('refuted');
    for (const seed of [10, 16]) {
      const fc = lost('freecell', seed, undefined, 2); // two cells: proved by exhaustive search alone
      expect(fc.claim.proof).toBe('exhaustive');
      expect(check(fc.deal, fc.claim).status, `freecell ${seed}`).toBe('confirmed');
    }
  });

  it('refutes a false lost claim with a win of its own (positions 40 moves before the end of a won game)', () => {
    for (const variant of ['signora', 'double-signora', 'empress-of-italy', 'red-and-black', 'winery']) {
      const { deal, claim } = wonSolution(variant, 3);
      let pos = readDeal(deal);
      for (const m of claim.moves!.slice(0, -40)) pos = play(pos, m);
      const r = check(toJson(pos), { variant, result: 'lost', proof: 'exhaustive+deadlock:reserve,waste' }, 200_000);
      expect(r.status, `${variant}: ${r.text}`).toBe('refuted');
      expect(r.text).toMatch(/the referee wins it in \d+ moves/);
    }
  });

  it("decides every position of random play as the solver's reserve and waste tests do, and both fire often", () => {
    const fired = { reserve: 0, waste: 0, alive: 0 };
    const buf = new Int32Array(MAX_MOVES);
    for (const variant of ['signora', 'double-signora', 'empress-of-italy', 'red-and-black'])
      for (let seed = 1; seed <= 12; seed++) {
        const s = new GameState(dealFromSeed(getRules(variant), seed));
        const tests = { reserve: new DeadlockCuts(s, ['reserve']), waste: new DeadlockCuts(s, ['waste']) };
        let rnd = seed * 7919;
        for (let step = 0; step < 250 && !s.isWon(); step++) {
          const n = generateMoves(s, buf, 0);
          if (n === 0) break;
          rnd = (rnd * 1103515245 + 12345) % 2147483648;
          const deal = Array.from(buf.subarray(0, n)).findIndex((m) => moveFrom(m) === s.STOCK);
          s.apply(deal >= 0 && rnd % 3 === 0 ? buf[deal] : buf[rnd % n]);
          const pos = readDeal(stateJson(s));
          const mine = { reserve: reserveDead(pos) as boolean, waste: wasteDead(pos) as boolean };
          const theirs = { reserve: tests.reserve.provesLost(s), waste: tests.waste.provesLost(s) };
          expect(mine, `${variant} seed ${seed} step ${step}`).toEqual(theirs);
          if (mine.reserve) fired.reserve++;
          if (mine.waste) fired.waste++;
          if (!mine.reserve && !mine.waste) fired.alive++;
        }
      }
    expect(fired.reserve).toBeGreaterThan(20);
    expect(fired.waste).toBeGreaterThan(20);
    expect(fired.alive).toBeGreaterThan(1_000);
  });

  it("answers the order test as the solver's does on positions of random play, wherever both decide, each learning along its line", () => {
    const tally = { asked: 0, lost: 0, won: 0, theirsOpen: 0, mineOpen: 0 };
    const buf = new Int32Array(MAX_MOVES);
    for (const variant of ['red-and-black', 'empress-of-italy'])
      for (let seed = 1; seed <= 12; seed++) {
        const deal = dealFromSeed(getRules(variant), seed);
        const base = variant === 'red-and-black' ? 0 : baseCandidates(deal)[seed % baseCandidates(deal).length];
        const s = new GameState(deal);
        if (s.rules.terraceFamily) s.setConstraint(base);
        const theirs = new WasteOrder(5_000);
        const mine = orderTest(5_000);
        let rnd = seed * 7919;
        for (let step = 0; step < 300 && !s.isWon(); step++) {
          const n = generateMoves(s, buf, 0);
          if (n === 0) break;
          rnd = (rnd * 1103515245 + 12345) % 2147483648;
          const deal = Array.from(buf.subarray(0, n)).findIndex((m) => moveFrom(m) === s.STOCK);
          s.apply(deal >= 0 && rnd % 2 === 0 ? buf[deal] : buf[(rnd >> 1) % n]);
          if (s.len[s.RESERVE] > 0) continue;
          theirs.provesLost(s, base);
          mine({ ...readDeal(stateJson(s)), base: base + 1 });
          const [t, m] = [theirs.answer, mine.answer];
          tally.asked++;
          if (t === 'open') tally.theirsOpen++;
          if (m === 'open') tally.mineOpen++;
          if (t === 'open' || m === 'open') continue;
          expect(m, `${variant} seed ${seed} base ${RANKS[base]} step ${step}`).toBe(t === 'dead' ? 'lost' : 'won');
          tally[m as 'lost' | 'won']++;
          if (m === 'lost') break;
        }
      }
    expect(tally.lost).toBeGreaterThan(10);
    expect(tally.won).toBeGreaterThan(500);
    expect(tally.theirsOpen).toBeLessThan(tally.asked / 10);
    expect(tally.mineOpen).toBeLessThan(tally.asked / 10);
  });

  it("decides the reserve test as the solver's does at the deal of every base (Signora, Double Signora) and on reserve endgames, with and without the reserve's way onto the tableau", () => {
    const fired = { deal: 0, endgame: 0, doubleSignora: 0, onlyWithout: 0, alive: 0 };
    const agree = (pos: unknown, s: GameState, what: string) => {
      const mine = reserveDead(pos) as boolean;
      expect(mine, what).toBe(new DeadlockCuts(s, ['reserve']).provesLost(s));
      if (!mine) fired.alive++;
      return mine;
    };
    for (const variant of ['signora', 'double-signora'])
      for (let seed = 1; seed <= 150; seed++) {
        const deal = dealFromSeed(getRules(variant), seed);
        for (const base of baseCandidates(deal)) {
          const s = new GameState(deal);
          s.setConstraint(base);
          const pos = { ...readDeal(dealToJson(deal)), base: base + 1 };
          if (agree(pos, s, `${variant} ${seed} base ${RANKS[base]}`)) fired.deal++;
        }
        const end = reserveEndgame(variant, seed, variant === 'double-signora' ? 60 : 0); // a longer reserve, for the test to fire in Double Signora too
        const s = new GameState(end);
        if (agree(readDeal(stateJson(s)), s, `${variant} endgame ${seed}`)) {
          fired.endgame++;
          if (variant === 'double-signora') fired.doubleSignora++;
        }
        if (variant === 'double-signora') {
          // The same endgame as if the reserve went to the foundations only, as in Signora.
          const asSignora = new GameState({ ...end, rules: { ...end.rules, reserveToTableau: false } });
          const pos = readDeal(stateJson(s));
          if (agree({ ...pos, game: { ...pos.game, reserveTo: 'foundation' } }, asSignora, `as Signora ${seed}`) && !reserveDead(pos)) fired.onlyWithout++;
        }
      }
    expect(fired.deal).toBeGreaterThan(100);
    expect(fired.endgame).toBeGreaterThan(20);
    expect(fired.doubleSignora).toBeGreaterThan(5);
    expect(fired.onlyWithout).toBeGreaterThan(20);
    expect(fired.alive).toBeGreaterThan(2_000);
  });

  it('the command: one deal and its solutions, or many deals and an analysis CSV; exit 2 and one line for bad input', () => {
    const run = (args: string[]) => spawnSync(process.execPath, [REFEREE, ...args], { encoding: 'utf8', cwd: ROOT });
    expect(run(['--help']).stdout).toMatch(/usage: node referee\/referee.mjs/);
    const bad = run(['no-such.json', 'x.json']);
    expect(bad.status).toBe(2);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
    expect(run(['--max-nodes', '0', 'a', 'b']).status).toBe(2);
    const dir = mkdtempSync(path.join(tmpdir(), 'referee-'));
    const cli = path.join(ROOT, 'dist', 'src', 'cli', 'main.js');
    writeFileSync(path.join(dir, 'deals.jsonl'), execFileSync(process.execPath, [cli, 'deal', 'red-and-black', '--seeds', '1160-1170'], { encoding: 'utf8' }));
    const csv = [
      'variant,seed,base,result,moves,nodes,ms,proof,cells',
      'red-and-black,1166,any,lost,,23,0.3,exhaustive+deadlock:waste,0',
      'red-and-black,1167,any,won,300,1000,1,,0',
    ];
    writeFileSync(path.join(dir, 'r.csv'), csv.join('\n') + '\n');
    const ok = run(['--deals', path.join(dir, 'deals.jsonl'), path.join(dir, 'r.csv'), '--list']);
    expect(ok.status, ok.stderr).toBe(0);
    expect(ok.stdout).toMatch(/red-and-black seed 1166: confirmed, lost/);
    expect(ok.stdout).toMatch(/2 claims: 1 confirmed, 0 refuted, 0 open at --max-nodes 2000000, 1 with nothing to check/);
    // A won line cut short, checked among many: refuted, exit 1, and named.
    const sol = JSON.parse(execFileSync(process.execPath, [cli, 'solve', 'red-and-black', '--seed', '1161', '--json'], { encoding: 'utf8' }));
    expect(sol.result).toBe('won');
    writeFileSync(path.join(dir, 'cut.jsonl'), JSON.stringify({ ...sol, moves: sol.moves.slice(0, -2) }) + '\n');
    const cut = run(['--deals', path.join(dir, 'deals.jsonl'), path.join(dir, 'cut.jsonl')]);
    expect(cut.status).toBe(1);
    expect(cut.stdout).toMatch(/red-and-black seed 1161: refuted, the \d+ moves end with \d+ cards home, not all/);
    // A claim about another deal: bad input, exit 2, one line.
    writeFileSync(
      path.join(dir, 'deal.json'),
      execFileSync(process.execPath, [cli, 'deal', 'red-and-black', '--seed', '1162', '--json'], { encoding: 'utf8' }),
    );
    writeFileSync(path.join(dir, 'sol.json'), JSON.stringify(sol));
    const other = run([path.join(dir, 'deal.json'), path.join(dir, 'sol.json')]);
    expect(other.status).toBe(2);
    expect(other.stderr).toBe('referee: red-and-black seed 1161: the claim is about seed 1161, the deal is seed 1162\n');
    expect(run([path.join(dir, 'deals.jsonl'), path.join(dir, 'sol.json')]).stderr).toMatch(/holds 11 deals, not one/);
    rmSync(dir, { recursive: true });
  });
});

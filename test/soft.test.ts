// The soft threads (src/solver/freecell/soft.ts): Freecell Solver's -l lg preset over meta-moves.
// Their moves are legal, they enter the positions Freecell Solver's own thread enters, switching threads
// keeps each one's search intact, their wins replay, and they never say lost.
import * as fs from 'fs';
import * as path from 'path';
import { describe, expect, it } from 'vitest';
import { canonicalPosition, hasSafeMove } from '../bench/fcpositions';
import { cardName } from '../src/cards/card';
import { dealFromSeed } from '../src/engine/deal';
import { moveError } from '../src/engine/legality';
import { MAX_MOVES, moveCount, moveFrom, moveTo } from '../src/engine/move';
import { generateFoundationMoves } from '../src/engine/movegen';
import { GameState } from '../src/engine/state';
import { getRules } from '../src/rules/variants';
import { DfsSearch } from '../src/search/dfs';
import { metaJPairs, metaMovesApply, metaTest, playMeta } from '../src/search/freecell/meta';
import { LG, LG_PRELUDE, parseOrder } from '../src/search/freecell/lg';
import { SoftThread, SoftThreads } from '../src/search/freecell/soft';
import { solve } from '../src/solver/solve';
import { expandSupermoves } from '../src/search/freecell/supermove';
import { TranspositionTable } from '../src/search/core/tt';
import type { Search } from '../src/search/search';
import { endgame, suitPositions } from './helpers';

function piles(s: GameState): string {
  const out: number[][] = [];
  for (let p = 0; p < s.nPiles; p++) out.push(Array.from(s.cards.subarray(s.off[p], s.off[p] + s.len[p])));
  return JSON.stringify(out);
}

/** Our position in bench/fcpositions.ts's form, and whether Freecell Solver would play a safe move there. */
function canon(s: GameState): { key: string; safe: boolean } {
  const found: Record<string, number> = {};
  for (let f = s.FOUND0; f < s.CELL0; f++) if (s.len[f] > 0) found['CDHS'[s.cards[s.off[f]] & 3]] = s.len[f];
  const cells: string[] = [];
  for (let x = s.CELL0; x < s.RESERVE; x++) if (s.len[x] > 0) cells.push(cardName(s.cards[s.off[x]]));
  const ps: string[][] = [];
  for (let p = 0; p < s.T; p++) ps.push(Array.from(s.cards.subarray(s.off[p], s.off[p] + s.len[p]), cardName));
  return { key: canonicalPosition(found, cells, ps), safe: hasSafeMove(found, cells, ps) };
}

const thread = (name: string) => LG.find((t) => t.name === name)!;

describe('soft threads', () => {
  it('reads Freecell Solver test orders: single tests, shuffled groups and weighed groups', () => {
    expect(parseOrder('01j234')).toEqual(['0', '1', 'j', '2', '3', '4'].map((tests) => ({ tests, kind: 0 })));
    expect(parseOrder('0[124]=asw(1)j[36]')).toEqual([
      { tests: '0', kind: 0 },
      { tests: '124', kind: 2 },
      { tests: 'j', kind: 0 },
      { tests: '36', kind: 1 },
    ]);
    // Every thread's orders are made of Freecell Solver's test letters (its 5 and 8 generate nothing here).
    for (const t of LG) for (const o of [t.to, ...(t.dto ?? []).map((x) => x[1])]) for (const g of parseOrder(o)) expect(g.tests, t.name).toMatch(/^[0-9j]+$/);
    // Every turn of the prelude names a thread.
    for (const [, name] of LG_PRELUDE)
      expect(
        LG.some((t) => t.name === name),
        name,
      ).toBe(true);
  });

  it("every test's moves play as legal single-card moves and undo takes them back", () => {
    const buf = new Int32Array(MAX_MOVES * 4);
    let checked = 0;
    const kinds = new Set<number>();
    const byTest = new Map<string, number>();
    for (const s of suitPositions()) {
      if (!metaMovesApply(s.rules)) continue;
      generateFoundationMoves(s, buf, 0); // the foundations' table, for test 3
      let end = metaJPairs(s, buf, 0);
      for (const t of 'j2345689') {
        const from = end;
        end = metaTest(s, t.charCodeAt(0), buf, end, true);
        byTest.set(t, (byTest.get(t) ?? 0) + end - from);
      }
      const before = piles(s);
      const check = new GameState(s.toDeal());
      for (let i = 0; i < end; i++) {
        kinds.add((buf[i] >> 24) & 7);
        const top = s.undoTop;
        const played = playMeta(s, buf[i]);
        expandSupermoves(check, s.history().slice(top), (c, x) => {
          const err = moveError(c, moveFrom(x), moveTo(x), moveCount(x));
          if (err) throw new Error(`move ${buf[i].toString(16)}: ${err}`);
        });
        expect(piles(check)).toBe(piles(s));
        for (let k = 0; k < played; k++) s.undo();
        expect(piles(s)).toBe(before);
        check.load(s.toDeal());
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(2000);
    expect([...kinds].sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]); // every kind occurred, the pile into the cells (test 9) and the two cells into a pile (j) too
    for (const t of 'j2345689') expect(byTest.get(t), `test ${t}`).toBeGreaterThan(t === '5' ? 5 : 100); // 5: a card onto a parent in its own pile (rare); 8: part of a run onto another parent
  });

  it("thread 24 enters the positions Freecell Solver 5.0's own enters (test/fixtures, made by bench/fcpositions.ts)", () => {
    const fx = JSON.parse(fs.readFileSync(path.join(__dirname, 'fixtures', 'fcsolve-thread24.json'), 'utf8')) as { positions: Record<string, string[]> };
    expect(Object.keys(fx.positions).length).toBeGreaterThanOrEqual(5);
    for (const [key, want] of Object.entries(fx.positions)) {
      const [variant, seed] = key.split(':');
      const s = new GameState(dealFromSeed(getRules(variant), Number(seed)));
      const seen = [canon(s)];
      const x = new SoftThreads(s, new TranspositionTable(4), 1, [thread('24')], []);
      // Every position the thread enters (its private enter(), watched), then the win.
      const t = x.thread(0) as unknown as { enter(st: GameState): void };
      const enter = t.enter.bind(t);
      t.enter = (st) => {
        seen.push(canon(st));
        enter(st);
      };
      expect(x.run(100_000), key).toBe('won');
      seen.push(canon(s));
      const got = seen.filter((p) => !p.safe).map((p) => p.key);
      const keys = got.filter((k, i) => i === 0 || got[i - 1] !== k);
      expect(keys, key).toEqual(want);
    }
  });

  it('switching keeps each thread where it was: thread 9 in turns with thread 24 wins with the line and nodes it takes alone', () => {
    let compared = 0;
    for (let seed = 1; seed <= 30 && compared < 3; seed++) {
      const deal = dealFromSeed(getRules('winery'), seed);
      const alone = new SoftThreads(new GameState(deal), new TranspositionTable(8), 5, [thread('9')], []);
      if (alone.run(50_000) !== 'won' || alone.stats.nodes < 100) continue;
      // 30 turns of 3 nodes for thread 9, each followed by 1 node of thread 24, which cannot win
      // in 30 nodes (every node sends at most one card home); then thread 9 to the end.
      const turns: [number, string][] = [];
      for (let i = 0; i < 30; i++) turns.push([3, '9'], [1, '24']);
      turns.push([1_000_000, '9']);
      const s = new GameState(deal);
      const mixed = new SoftThreads(s, new TranspositionTable(8), 5, [thread('9'), thread('24')], turns);
      expect(mixed.run(1_000_000), `seed ${seed}`).toBe('won');
      expect(mixed.thread(1).stats.nodes, `seed ${seed}`).toBe(30);
      expect(mixed.thread(0).stats.nodes, `seed ${seed}`).toBe(alone.stats.nodes);
      expect(mixed.solutionMoves(), `seed ${seed}`).toEqual(alone.solutionMoves());
      expect(s.isWon(), `seed ${seed}`).toBe(true);
      compared++;
    }
    expect(compared).toBe(3);
  });

  it('small stacks and lists grow: the same search with stacks of 4 depths and a list buffer of 4096 moves', () => {
    for (const seed of [4, 9]) {
      const deal = dealFromSeed(getRules('freecell'), seed);
      const a = new SoftThreads(new GameState(deal), new TranspositionTable(8), 3);
      const b = new SoftThreads(new GameState(deal), new TranspositionTable(8), 3, LG, LG_PRELUDE, 4, 4096);
      expect(a.run(100_000)).toBe('won');
      expect(b.run(100_000)).toBe('won');
      expect(b.solutionMoves()).toEqual(a.solutionMoves());
      expect(b.stats.nodes).toBe(a.stats.nodes);
      expect(b.stats.maxDepth).toBeGreaterThan(8); // deep enough that both grew (twice for the stacks)
    }
  });

  it('never says lost: where an exhaustive plain DFS proves a one-cell endgame lost, every thread runs out and it reports exhausted', () => {
    let lost = 0;
    let won = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const deal = endgame('freecell', seed, 1);
      const truth = new DfsSearch(new GameState(deal), new TranspositionTable(16), { salt: 7, order: 'generated', prune: false }).run(2_000_000);
      const x = new SoftThreads(new GameState(deal), new TranspositionTable(8), 3);
      const st = x.run(2_000_000);
      expect(st, `seed ${seed}`).not.toBe('lost');
      if (truth === 'lost') {
        lost++;
        expect(st, `seed ${seed}`).toBe('exhausted');
      }
      if (st === 'won') {
        won++;
        expect(truth, `seed ${seed}`).not.toBe('lost'); // the DFS may also run out of its budget first
      }
    }
    expect(lost).toBeGreaterThan(3);
    expect(won).toBeGreaterThan(10);
  });

  it('in solve(), alone, a lost FreeCell endgame comes out unknown (exhausted), never lost', () => {
    let checked = 0;
    for (let seed = 1; seed <= 40 && checked < 3; seed++) {
      const deal = endgame('freecell', seed, 1);
      if (new DfsSearch(new GameState(deal), new TranspositionTable(16), { salt: 7, order: 'generated', prune: false }).run(2_000_000) !== 'lost') continue;
      const r = solve(deal, { search: 'soft-threads', maxNodes: 2_000_000 });
      expect(r.result, `seed ${seed}`).toBe('unknown');
      expect(r.stats.stopReason, `seed ${seed}`).toBe('exhausted');
      checked++;
    }
    expect(checked).toBe(3);
  });

  it('stops at once in games the meta-moves are not written for', () => {
    for (const v of ['signora', 'red-and-black']) {
      const t = new SoftThread(thread('24'), new TranspositionTable(4), 1);
      expect(t.run(new GameState(dealFromSeed(getRules(v), 1)), 1000), v).toBe('exhausted');
    }
  });
});

describe('the soft threads in solve()', () => {
  it('Winery and FreeCell run them first, alone: a deal they win is won with their line and nodes, else the opening follows', () => {
    let first = 0;
    for (const v of ['winery', 'freecell'])
      for (let seed = 1; seed <= 20; seed++) {
        const deal = dealFromSeed(getRules(v), seed);
        const order: Search[] = [];
        const used: number[] = [];
        const r = solve(deal, { maxNodes: 1_000_000, softNodes: 300, onProgress: (n, s) => (order.push(s), used.push(n)) });
        expect(r.result, `${v} ${seed}`).toBe('won');
        expect(order[0], `${v} ${seed}`).toBeInstanceOf(SoftThreads);
        // Progress counts the solve's nodes so far, on through the opening, up to all of them.
        for (let i = 1; i < used.length; i++) expect(used[i], `${v} ${seed}`).toBeGreaterThan(used[i - 1]);
        expect(used[used.length - 1], `${v} ${seed}`).toBe(r.stats.nodes);
        const alone = solve(deal, { search: 'soft-threads', maxNodes: 300 });
        if (alone.result === 'won') {
          first++;
          expect(r.moveInts, `${v} ${seed}`).toEqual(alone.moveInts);
          expect(r.stats.nodes, `${v} ${seed}`).toBe(alone.stats.nodes);
        } else {
          // All of their nodes (reported in turns), then the opening's searches.
          const last = order.map((x) => x instanceof SoftThreads).lastIndexOf(true);
          const soft = used.filter((_, i) => order[i] instanceof SoftThreads).map((n, i, a) => n - (i > 0 ? a[i - 1] : 0));
          expect(
            soft.reduce((a, b) => a + b, 0),
            `${v} ${seed}`,
          ).toBe(300);
          expect(
            order.slice(0, last).every((x) => x instanceof SoftThreads),
            `${v} ${seed}`,
          ).toBe(true);
        }
      }
    expect(first).toBeGreaterThan(10);
    expect(first).toBeLessThan(40); // some deals went on to the opening
  });

  it('their nodes count against the budget, and lost deals are still proved after them', () => {
    let cut = 0;
    for (let seed = 1; seed <= 60 && cut < 2; seed++) {
      const deal = dealFromSeed(getRules('freecell', { cells: 1 }), seed);
      const r = solve(deal, { maxNodes: 700, softNodes: 500 });
      if (r.result !== 'unknown') continue;
      expect(r.stats.nodes, `seed ${seed}`).toBe(700); // 500 for the soft threads, then the rest
      expect(r.stats.stopReason, `seed ${seed}`).toBe('nodes');
      cut++;
    }
    expect(cut).toBe(2);
    let lost = 0;
    for (let seed = 1; seed <= 40 && lost < 3; seed++) {
      const deal = endgame('freecell', seed, 1);
      if (new DfsSearch(new GameState(deal), new TranspositionTable(16), { salt: 7, order: 'generated', prune: false }).run(2_000_000) !== 'lost') continue;
      const r = solve(deal, { maxNodes: 3_000_000 });
      expect(r.result, `seed ${seed}`).toBe('lost');
      expect(r.proof, `seed ${seed}`).toBe('exhaustive');
      lost++;
    }
    expect(lost).toBe(3);
  });
});

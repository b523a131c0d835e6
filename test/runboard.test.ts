// The run board (src/engine/runboard.ts): the Terrace games' positions held as runs for the
// playouts. Played side by side with the GameState along random lines, it lists the same moves in
// the same order, holds the same position after each move, keys its tableau as the playouts' set
// does, and the waste test gives it the same answer; the nested Monte Carlo search with it plays
// the same lines with the same nodes as without it.
import { describe, expect, it } from 'vitest';
import { colourOf } from '../src/cards/card';
import { type Deal, dealFromSeed } from '../src/engine/deal';
import { MAX_MOVES, moveFrom } from '../src/engine/move';
import { generateFoundationMoves, generateOtherMoves } from '../src/engine/movegen';
import { boardFits, RUN_KEYS1, RUN_KEYS2, RunBoard, standIn } from '../src/engine/runboard';
import { smallDeal } from '../src/engine/small';
import { GameState } from '../src/engine/state';
import { WasteTest } from '../src/proof/waste';
import { getRules } from '../src/rules/variants';
import { NestedRollouts } from '../src/search/nmcs';
import { presetOf } from '../src/solver/presets';
import seedrandom from 'seedrandom';

const TERRACE = ['signora', 'double-signora', 'empress-of-italy'];

/** The board's moves, foundation moves first, as the state's movegen lists them. */
function boardMoves(b: RunBoard): number[] {
  const buf = new Int32Array(MAX_MOVES);
  return Array.from(buf.subarray(0, b.otherMoves(buf, b.foundationMoves(buf, 0))));
}
function stateMoves(s: GameState): number[] {
  const buf = new Int32Array(MAX_MOVES);
  return Array.from(buf.subarray(0, generateOtherMoves(s, buf, generateFoundationMoves(s, buf, 0))));
}

/** What a board holds, read off it: piles as (bottom, top, length), foundations, waste, lengths, base, key. */
function snapshot(b: RunBoard): unknown {
  const piles = Array.from({ length: b.T }, (_, p) => (b.len[p] === 0 ? [0] : [b.bottom[p], b.top[p], b.len[p]]));
  const found = Array.from({ length: b.F }, (_, f) => (b.fLen[f] === 0 ? [0] : [b.fBottom[f], b.fTop[f], b.fLen[f]]));
  const out = Array.from(b.cardsOut()); // kept move by move on a board never reloaded, counted afresh on one loaded
  return { piles, found, waste: Array.from(b.waste.subarray(0, b.wl)), sl: b.sl, rl: b.rl, base: b.base, home: b.onFoundation, key: [b.key1, b.key2], out };
}

/** The playouts' key of the state's tableau, as nmcs.ts summed it over the piles. */
function stateKey(s: GameState): number[] {
  let a = 0;
  let k = 0;
  for (let p = 0; p < s.T; p++) {
    if (s.len[p] === 0) continue;
    const x = (s.cls[s.cards[s.off[p]]] << 8) | s.len[p];
    a = (a + RUN_KEYS1[x]) | 0;
    k = (k + RUN_KEYS2[x]) | 0;
  }
  return [a, k];
}

/** Plays a random line on a state and a board kept alongside it (never reloaded); checks them at every move. */
function walk(deal: Deal, base: number, seed: string, steps: number): { moves: number; wasteAsked: number; dead: number } {
  const s = new GameState(deal);
  if (base >= 0) s.setConstraint(base);
  expect(boardFits(s)).toBe(true);
  const rng = seedrandom(seed);
  // Signora's first move (foundation moves only, ruling 1) is played on the state: playouts never start before it.
  if (s.firstMoveRule) {
    const first = stateMoves(s);
    s.apply(first[Math.floor(rng() * first.length)]);
  }
  const b = new RunBoard(s);
  b.load(s);
  const fresh = new RunBoard(s);
  const onState = new WasteTest();
  const onBoard = new WasteTest();
  let moves = 0;
  let wasteAsked = 0;
  let dead = 0;
  for (let i = 0; i < steps; i++) {
    const list = stateMoves(s);
    expect(boardMoves(b), `move ${i}`).toEqual(list);
    if (list.length === 0) break;
    if (s.len[s.WASTE] > 0 && i % 3 === 0) {
      wasteAsked++;
      const d = onState.provesLost(s);
      expect(onBoard.provesLostBoard(b), `move ${i}`).toBe(d);
      if (d) dead++;
    }
    // Foundation moves most of the time, so that foundations fill and run level with one another.
    const homes = generateFoundationMoves(s, new Int32Array(MAX_MOVES), 0);
    const m = homes > 0 && rng() < 0.7 ? list[Math.floor(rng() * homes)] : list[Math.floor(rng() * list.length)];
    const lengths = [s.len[s.STOCK], s.len[s.WASTE], s.len[s.RESERVE]];
    const changes = b.changesLengths(m);
    if (!changes) b.peek(m);
    const peeked = [b.peek1, b.peek2];
    s.apply(m);
    b.apply(m);
    moves++;
    expect(changes, `move ${i}`).toBe(lengths.join() !== [s.len[s.STOCK], s.len[s.WASTE], s.len[s.RESERVE]].join());
    if (!changes) expect(peeked, `move ${i}`).toEqual(stateKey(s));
    fresh.load(s);
    expect(snapshot(b), `move ${i}`).toEqual(snapshot(fresh));
    expect([b.key1, b.key2]).toEqual(stateKey(s));
    if (moveFrom(m) === s.STOCK) expect(b.waste[b.wl - 1]).toBe(standIn(s.cards[s.off[s.WASTE] + s.len[s.WASTE] - 1]));
  }
  return { moves, wasteAsked, dead };
}

describe('run board', () => {
  it('stands in one card per (rank, colour): clubs for black, diamonds for red', () => {
    for (let c = 0; c < 52; c++) {
      const t = standIn(c);
      expect(t >> 2).toBe(c >> 2);
      expect(colourOf(t)).toBe(colourOf(c));
      expect(t & 3).toBe(colourOf(c));
    }
  });

  it('plays the Terrace games as the state does: the same moves in order, the same position, key and waste-test answer', () => {
    let moves = 0;
    let asked = 0;
    let dead = 0;
    for (const v of TERRACE)
      for (let seed = 1; seed <= 4; seed++) {
        const deal = dealFromSeed(getRules(v), seed);
        const s = new GameState(deal);
        const base = v === 'signora' ? -1 : seed % 2 === 0 ? -1 : (seed * 5) % 13;
        const r = walk(deal, base, `${v}:${seed}`, 400);
        moves += r.moves;
        asked += r.wasteAsked;
        dead += r.dead;
        expect(s.rules.name).toBe(v);
      }
    expect(moves).toBeGreaterThan(2000);
    expect(asked).toBeGreaterThan(300);
    expect(dead).toBeGreaterThan(0);
  });

  it('plays small Terrace games to their end the same way (few ranks, piles emptied and left empty)', () => {
    let moves = 0;
    for (const v of TERRACE)
      for (let seed = 1; seed <= 40; seed++) {
        const { deal, base } = smallDeal(getRules(v), { ranks: 4, piles: 3, reserve: v === 'empress-of-italy' ? 0 : 2 }, seed);
        moves += walk(deal, v === 'signora' ? -1 : base, `small:${v}:${seed}`, 300).moves;
      }
    expect(moves).toBeGreaterThan(1000);
  });

  it('is not used where a pile need not be a run or runs move whole', () => {
    expect(boardFits(new GameState(dealFromSeed(getRules('red-and-black'), 1)))).toBe(false);
    expect(boardFits(new GameState(dealFromSeed(getRules('winery'), 1)))).toBe(false);
  });

  it('gives the nested Monte Carlo search the same lines, nodes, wins and waste-test stops as the state', () => {
    let won = 0;
    let stops = 0;
    for (const v of TERRACE)
      for (let seed = 1; seed <= 3; seed++) {
        const deal = dealFromSeed(getRules(v), seed);
        const make = (board: boolean) => {
          const s = new GameState(deal);
          if (v !== 'signora') s.setConstraint((seed * 3) % 13);
          return new NestedRollouts(s, { salt: 99 + seed, playouts: presetOf(s.rules).playouts, board });
        };
        const a = make(true);
        const b = make(false);
        for (let turn = 0; turn < 30; turn++) {
          const sa = a.run(20_000);
          expect(sa, `${v} ${seed}`).toBe(b.run(20_000));
          expect([a.stats.nodes, a.progress, a.lostPlayouts, a.forcedSteps, a.stats.maxDepth], `${v} ${seed}`).toEqual([
            b.stats.nodes,
            b.progress,
            b.lostPlayouts,
            b.forcedSteps,
            b.stats.maxDepth,
          ]);
          expect(a.state.undoTop).toBe(b.state.undoTop);
          if (sa === 'paused') continue;
          if (sa === 'won') won++;
          expect(a.solutionMoves(), `${v} ${seed}`).toEqual(b.solutionMoves());
          break;
        }
        stops += a.lostPlayouts;
      }
    expect(won).toBeGreaterThan(2);
    expect(stops).toBeGreaterThan(0);
  });
});

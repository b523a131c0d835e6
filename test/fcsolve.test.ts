// bench/fcsolve.ts: the fc-solve board format, its output parser, the replay of its solutions on our
// engine, and (only where fc-solve is installed) one real call. Without fc-solve the suite passes:
// the tests that need it are skipped (it.runIf).
import { describe, expect, it } from 'vitest';
import { cardName, RANKS, SUITS } from '../src/cards/card';
import { dealFromJson, dealFromSeed } from '../src/engine/deal';
import { getRules } from '../src/rules/variants';
import {
  dealToFcBoard,
  ensureFcSolve,
  fcArgs,
  fcMovesToSpecs,
  fcUnsupported,
  fcVersion,
  measureStartCost,
  parseFcOutput,
  replayOurs,
  runFcSolve,
} from '../bench/fcsolve';

const HAVE_FC = fcVersion() !== null;

describe('dealToFcBoard', () => {
  it('winery seed 1: one line per pile, bottom to top, 52 distinct well-named cards', () => {
    const deal = dealFromSeed(getRules('winery'), 1);
    const board = dealToFcBoard(deal);
    expect(board.endsWith('\n')).toBe(true); // fc-solve wants the last line terminated too
    const lines = board.trimEnd().split('\n');
    expect(lines).toHaveLength(10);
    expect(lines.map((l) => l.split(' ').length)).toEqual([6, 6, 5, 5, 5, 5, 5, 5, 5, 5]);
    lines.forEach((l, i) => {
      expect(l).toBe(deal.tableau[i].map(cardName).join(' '));
    });
    // The first pile of this seed, bottom card first (frozen by the dealing's golden tests).
    expect(lines[0]).toBe('4C 7H 2C 3H 7C 5S');
    const cards = lines.flatMap((l) => l.split(' '));
    expect(new Set(cards).size).toBe(52);
    for (const c of cards) expect(c).toMatch(/^[A2-9TJQK][CDHS]$/);
    const all = new Set<string>();
    for (const r of RANKS) for (const s of SUITS) all.add(r + s);
    expect(new Set(cards)).toEqual(all);
  });

  it('freecell: 8 piles of 7,7,7,7,6,6,6,6; the number of cells is a game parameter, not in the board', () => {
    for (const cells of [4, 2, 0]) {
      const deal = dealFromSeed(getRules('freecell', { cells }), 5);
      const lines = dealToFcBoard(deal).trimEnd().split('\n');
      expect(lines.map((l) => l.split(' ').length)).toEqual([7, 7, 7, 7, 6, 6, 6, 6]);
      const args = fcArgs(deal.rules);
      expect(args.slice(0, 4)).toEqual(['--freecells-num', String(cells), '--stacks-num', '8']);
    }
  });

  it('a position: Foundations and Freecells lines first, ":" for an empty pile', () => {
    const pos = dealFromJson(
      {
        variant: 'freecell',
        tableau: [['KS'], [], [], [], [], [], [], []],
        foundations: [
          RANKS.split('').map((r) => r + 'C'),
          RANKS.split('').map((r) => r + 'D'),
          RANKS.split('').map((r) => r + 'H'),
          RANKS.slice(0, 11)
            .split('')
            .map((r) => r + 'S'),
        ],
        cells: [null, 'QS', null, null],
        reserve: [],
        stock: [],
        waste: [],
      },
      false,
    );
    expect(dealToFcBoard(pos)).toBe('Foundations: H-K C-K D-K S-J\nFreecells: - QS - -\nKS\n:\n:\n:\n:\n:\n:\n:\n');
  });

  it('winery and freecell are supported, the Terrace family is not', () => {
    expect(fcUnsupported(getRules('winery'))).toBeNull();
    expect(fcUnsupported(getRules('freecell', { cells: 0 }))).toBeNull();
    expect(fcUnsupported(getRules('signora'))).not.toBeNull();
    expect(fcArgs(getRules('winery')).join(' ')).toContain(
      '--freecells-num 2 --stacks-num 10 --decks-num 1 --sequences-are-built-by alternate_color --sequence-move limited --empty-stacks-filled-by all',
    );
  });
});

describe('parseFcOutput', () => {
  const won = [
    '-=-=-=-=-=-=-=-=-=-=-=-',
    '',
    'Move a card from stack 1 to the foundations',
    '',
    '====================',
    '',
    'Move a card from stack 4 to freecell 0',
    '',
    'Move 3 cards from stack 2 to stack 5',
    'Move a card from freecell 0 to stack 9',
    'Move a card from freecell 1 to the foundations',
    '',
    'This game is solveable.',
    'Total number of states checked is 1218.',
    'This scan generated 1293 states.',
  ].join('\n');

  it('a solved game: verdict, iterations and every move', () => {
    const r = parseFcOutput(won);
    expect(r.result).toBe('won');
    expect(r.iterations).toBe(1218);
    expect(r.unparsed).toEqual([]);
    expect(r.moves).toEqual([
      { kind: 'stack-to-foundation', stack: 1 },
      { kind: 'stack-to-cell', stack: 4, cell: 0 },
      { kind: 'stack-to-stack', count: 3, stack: 2, to: 5 },
      { kind: 'cell-to-stack', cell: 0, stack: 9 },
      { kind: 'cell-to-foundation', cell: 1 },
    ]);
  });

  it('exhausted search, iterations limit, and no verdict at all', () => {
    const lost = parseFcOutput('I could not solve this game.\nTotal number of states checked is 14.\nThis scan generated 14 states.\n');
    expect([lost.result, lost.iterations, lost.moves, lost.error]).toEqual(['lost', 14, null, undefined]);
    const limit = parseFcOutput('Iterations count exceeded.\nTotal number of states checked is 100.\n');
    expect([limit.result, limit.iterations, limit.error]).toEqual(['unknown', 100, undefined]);
    const none = parseFcOutput('Not enough input.\n');
    expect(none.result).toBe('unknown');
    expect(none.error).toMatch(/no verdict/);
  });
});

describe('fcMovesToSpecs: fc-solve moves replayed as our single-card moves', () => {
  // FreeCell with 2 cells: 9H 8S 7H moves onto TS through the two cells; the rest is out of the way.
  const pos = () =>
    dealFromJson(
      {
        variant: 'freecell',
        tableau: [['9H', '8S', '7H'], ['TS'], ['KH', 'QH', 'JH', 'TH', '8H'], ['KS', 'QS', 'JS', '9S'], [], [], [], []],
        foundations: [
          RANKS.split('').map((r) => r + 'C'),
          RANKS.split('').map((r) => r + 'D'),
          RANKS.slice(0, 6)
            .split('')
            .map((r) => r + 'H'),
          RANKS.slice(0, 7)
            .split('')
            .map((r) => r + 'S'),
        ],
        cells: [null, null],
        reserve: [],
        stock: [],
        waste: [],
      },
      false,
    );

  it('a 3-card sequence move with 2 free cells becomes 5 legal single-card moves', () => {
    const rep = fcMovesToSpecs(pos(), [{ kind: 'stack-to-stack', count: 3, stack: 0, to: 1 }]);
    expect(rep.error).toBeUndefined();
    expect(rep.played).toBe(5);
    expect(rep.specs).toEqual([
      { from: 't0', to: 'c0' },
      { from: 't0', to: 'c1' },
      { from: 't0', to: 't1' },
      { from: 'c1', to: 't1' },
      { from: 'c0', to: 't1' },
    ]);
    expect(rep.won).toBe(false);
    // Replaying those specs with playChecked gives the same result.
    expect(replayOurs(pos(), rep.specs!).error).toBeUndefined();
  });

  it('an illegal or impossible fc-solve move is reported, not played', () => {
    // 8S 7H onto 8H: the tableau builds down in alternate colour.
    const rep = fcMovesToSpecs(pos(), [{ kind: 'stack-to-stack', count: 2, stack: 0, to: 2 }]);
    expect(rep.won).toBe(false);
    expect(rep.error).toMatch(/fc-solve move 1/);
    const bad = fcMovesToSpecs(pos(), [{ kind: 'cell-to-stack', cell: 0, stack: 1 }]);
    expect(bad.error).toMatch(/freecell 0 is empty/);
  });
});

describe('fc-solve presence', () => {
  it('a missing fc-solve is reported with an install hint, never thrown', () => {
    const old = process.env.FC_SOLVE;
    process.env.FC_SOLVE = '/nonexistent/fc-solve';
    try {
      const p = ensureFcSolve({ install: false });
      expect(p.bin).toBeNull();
      expect(p.how).toBe('missing');
      expect(p.message).toMatch(/freecell-solver-bin/);
      const r = runFcSolve(dealFromSeed(getRules('winery'), 1));
      expect(r.result).toBe('unknown');
      expect(r.error).toMatch(/nonexistent/);
    } finally {
      if (old === undefined) delete process.env.FC_SOLVE;
      else process.env.FC_SOLVE = old;
    }
  });
});

describe.runIf(HAVE_FC)('fc-solve itself (installed here)', () => {
  it('solves winery seed 1, and its solution replays to a win on our engine', () => {
    const deal = dealFromSeed(getRules('winery'), 1);
    const r = runFcSolve(deal, { maxIters: 200_000, timeoutMs: 20_000 });
    expect(r.error).toBeUndefined();
    expect(['won', 'lost', 'unknown']).toContain(r.result);
    expect(r.result).toBe('won'); // 1218 states with fc-solve 5.0.0's defaults
    expect(r.unparsed).toEqual([]);
    const rep = fcMovesToSpecs(deal, r.moves!);
    expect(rep.error).toBeUndefined();
    expect(rep.won).toBe(true);
  });

  it('gives a verdict with a tiny limit, and the start cost is a few ms', () => {
    const r = runFcSolve(dealFromSeed(getRules('freecell', { cells: 0 }), 1), { maxIters: 50, timeoutMs: 20_000 });
    expect(r.error).toBeUndefined();
    expect(['lost', 'unknown']).toContain(r.result);
    const cost = measureStartCost(undefined, 3);
    expect(cost.samples).toHaveLength(3);
    expect(cost.medianMs).toBeGreaterThan(0);
  });
});

// Microsoft FreeCell deals and fc-solve's board text (issue 27), against the published facts:
// deal 1's layout and two others from the literature, 11982 lost with four cells, a sample of
// 1-1000 won (the whole range: bench/msdeals.ts), board texts that round-trip. Where fc-solve is
// installed (not in CI), it also reads a sample of our board texts.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardName } from '../src/cards/card';
import { dealFromSeed, dealToJson } from '../src/engine/deal';
import { dealFromFcs, dealToFcs, msDeal, msDealOrder } from '../src/engine/msdeal';
import { GameState } from '../src/engine/state';
import { getRules } from '../src/rules/variants';
import { solve } from '../src/solver/solve';
import { TranspositionTable } from '../src/search/core/tt';
import { defaultFcBin, fcVersion } from '../bench/fcsolve';

const ROOT = resolve(__dirname, '..');
const MAIN = join(ROOT, 'dist', 'src', 'cli', 'main.js');
const FREECELL = getRules('freecell');

function cli(...args: string[]) {
  const r = spawnSync(process.execPath, [MAIN, ...args], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The deal as rows of 8 in dealing order, as the literature prints Microsoft deals. */
function rows(n: number): string[] {
  const o = msDealOrder(n).map(cardName);
  const out: string[] = [];
  for (let i = 0; i < 52; i += 8) out.push(o.slice(i, i + 8).join(' '));
  return out;
}

let dir = '';
beforeAll(() => {
  dir = fs.mkdtempSync(join(tmpdir(), 'solitaire-ms-'));
});
afterAll(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe("Microsoft's shuffle", () => {
  it('deals 1, 617 and 2647 as published (Rosetta Code, "Deal cards for FreeCell")', () => {
    expect(rows(1)).toEqual([
      'JD 2D 9H JC 5D 7H 7C 5H',
      'KD KC 9S 5S AD QC KH 3H',
      '2S KS 9D QD JS AS AH 3C',
      '4C 5C TS QH 4H AC 4D 7S',
      '3S TD 4S TH 8H 2C JH 7D',
      '6D 8S 8D QS 6C 3D 8C TC',
      '6S 9C 2H 6H',
    ]);
    expect(rows(617)).toEqual([
      '7D AD 5C 3S 5S 8C 2D AH',
      'TD 7S QD AC 6D 8H AS KH',
      'TH QC 3H 9D 6S 8D 3D TC',
      'KD 5H 9S 3C 8S 7H 4D JS',
      '4C QS 9C 9H 7C 6H 2C 2S',
      '4S TS 2H 5D JC 6C JH QH',
      'JD KS KC 4H',
    ]);
    expect(rows(2647)[0]).toBe('KH 3S 7H 4C QD 5H TD 7S');
    expect(rows(2647)[6]).toBe('8S 2H 4S 8C');
  });
  it('lays the cards out round the 8 columns, bottom first: 7,7,7,7,6,6,6,6; 52 distinct cards', () => {
    const d = msDeal(FREECELL, 1);
    expect(d.ms).toBe(1);
    expect(d.seed).toBeUndefined();
    expect(d.tableau.map((p) => p.length)).toEqual([7, 7, 7, 7, 6, 6, 6, 6]);
    expect(d.tableau[0].map(cardName).join(' ')).toBe('JD KD 2S 4C 3S 6D 6S');
    expect(d.tableau[7].map(cardName).join(' ')).toBe('5H 3H 3C 7S 7D TC');
    expect(new Set(d.tableau.flat()).size).toBe(52);
    expect(msDeal(getRules('freecell', { cells: 2 }), 1).tableau).toEqual(d.tableau);
  });
  it('refuses numbers outside 1..2^31-1 and other games', () => {
    expect(() => msDealOrder(0)).toThrow(/Microsoft deal number/);
    expect(() => msDealOrder(2 ** 31)).toThrow(/Microsoft deal number/);
    expect(() => msDeal(getRules('winery'), 1)).toThrow(/FreeCell/);
  });
});

describe('the published facts', () => {
  it('deal 11982 is lost with four cells: the solver proves it (exhaustive search)', () => {
    const r = solve(msDeal(FREECELL, 11982), { maxNodes: 3_000_000 });
    expect(r.result).toBe('lost');
    expect(r.proof).toBe('exhaustive');
  });
  it('deals 1-50 are won with small budgets (1-1000, and 1-32000: npm run bench:msdeals)', () => {
    const tt = new TranspositionTable(16);
    for (let n = 1; n <= 50; n++) {
      const r = solve(msDeal(FREECELL, n), { maxNodes: 50_000, tt });
      expect(r.result, `deal ${n}`).toBe('won');
      const s = new GameState(msDeal(FREECELL, n));
      for (const m of r.moveInts) s.apply(m);
      expect(s.isWon()).toBe(true);
    }
  });
});

describe("fc-solve's board text", () => {
  it('writes one line per column, bottom card first', () => {
    expect(dealToFcs(msDeal(FREECELL, 1)).split('\n').slice(0, 2)).toEqual(['JD KD 2S 4C 3S 6D 6S', '2D KC KS 5C TD 8S 9C']);
  });
  it('round-trips deals: ours -> fcs text -> ours (Microsoft deals 1-30, seeds 1-30, 2 cells)', () => {
    for (let n = 1; n <= 30; n++) {
      for (const d of [msDeal(FREECELL, n), dealFromSeed(FREECELL, n)]) {
        const back = dealFromFcs(dealToFcs(d));
        expect(back.tableau).toEqual(d.tableau);
        expect(back.cells).toEqual(d.cells);
        expect(back.foundations).toEqual(d.foundations);
      }
    }
    const two = dealFromSeed(getRules('freecell', { cells: 2 }), 7);
    expect(dealFromFcs(dealToFcs(two), 2).cells).toEqual([-1, -1]);
  });
  it('round-trips positions of play, with Foundations: and Freecells: lines', () => {
    const deal = msDeal(FREECELL, 5);
    const r = solve(deal, { maxNodes: 200_000 });
    expect(r.result).toBe('won');
    const s = new GameState(deal);
    let checked = 0;
    r.moveInts.forEach((m, i) => {
      s.apply(m);
      if (i % 7 !== 3) return;
      const pos = s.toDeal();
      const text = dealToFcs(pos);
      const back = dealFromFcs(text);
      expect(back.tableau, text).toEqual(pos.tableau);
      expect(back.cells.filter((c) => c >= 0).sort(), text).toEqual(pos.cells.filter((c) => c >= 0).sort());
      const tops = (fs: number[][]) => fs.filter((f) => f.length).map((f) => cardName(f[f.length - 1]));
      expect(tops(back.foundations).sort()).toEqual(tops(pos.foundations).sort());
      if (pos.foundations.some((f) => f.length)) expect(text).toMatch(/^Foundations: H-[0A2-9TJQK] C-[0A2-9TJQK] D-[0A2-9TJQK] S-[0A2-9TJQK]\n/);
      checked++;
    });
    expect(checked).toBeGreaterThan(10);
  });
  it("reads fc-solve's own spellings: a leading colon, 10 for ten, comments, Freecells with -", () => {
    const text = [
      '# MS deal 1, with a queen of clubs moved to a cell',
      'Foundations: H-0 C-0 D-0 S-0',
      'Freecells: - 6S',
      ': JD KD 2S 4C 3S 6D',
      ': 2D KC KS 5C 10D 8S 9C',
      ...dealToFcs(msDeal(FREECELL, 1)).trim().split('\n').slice(2),
    ].join('\n');
    const d = dealFromFcs(text);
    expect(d.rules.cells).toBe(2);
    expect(d.cells.map((c) => (c < 0 ? '-' : cardName(c)))).toEqual(['-', '6S']);
    expect(d.tableau[1].map(cardName)).toContain('TD');
  });
  it('names the problem of a bad board', () => {
    expect(() => dealFromFcs('JD KD\n')).toThrow(/FreeCell has 8 columns, the board lists 1/);
    expect(() => dealFromFcs(dealToFcs(msDeal(FREECELL, 1)).replace('JD', 'XX'))).toThrow(/line 1: bad card "XX"/);
    expect(() => dealFromFcs(dealToFcs(msDeal(FREECELL, 1)).replace('JD', 'QD'))).toThrow(/QD appears 2 times/);
  });
  it.runIf(fcVersion() !== null)('fc-solve reads a sample of our board texts (deals and positions) and solves them', () => {
    for (const n of [1, 2, 3, 617, 11982]) {
      const f = join(dir, `ms${n}.txt`);
      fs.writeFileSync(f, dealToFcs(msDeal(FREECELL, n)));
      const r = spawnSync(defaultFcBin(), ['-mi', '200000', f], { encoding: 'utf8', timeout: 60_000 });
      expect(r.stdout, `deal ${n}`).toMatch(n === 11982 ? /I could not solve this game|Iterations count exceeded/ : /This game is solveable/);
    }
    // Positions on a winning line, with cards home and in the cells: solvable, and read as such.
    const deal = msDeal(FREECELL, 5);
    const s = new GameState(deal);
    const moves = solve(deal, { maxNodes: 200_000 }).moveInts;
    let sent = 0;
    moves.forEach((m, i) => {
      s.apply(m);
      const pos = s.toDeal();
      if (i % 15 !== 5 || !pos.foundations.some((f) => f.length) || !pos.cells.some((c) => c >= 0)) return;
      const f = join(dir, `pos${i}.txt`);
      fs.writeFileSync(f, dealToFcs(pos));
      const r = spawnSync(defaultFcBin(), ['-mi', '200000', f], { encoding: 'utf8', timeout: 60_000 });
      expect(r.stdout, dealToFcs(pos)).toMatch(/This game is solveable/);
      sent++;
    });
    expect(sent).toBeGreaterThan(0);
  });
});

describe('the command line', () => {
  it('deal freecell --ms N, as text, JSON and fcs; deal --from-fcs reads it back', () => {
    const text = cli('deal', 'freecell', '--ms', '1');
    expect(text.status, text.stderr).toBe(0);
    expect(text.stdout.split('\n')[0]).toBe('FreeCell (freecell, Microsoft deal 1)');
    const fcs = cli('deal', 'freecell', '--ms', '1', '--format', 'fcs');
    expect(fcs.stdout).toBe(dealToFcs(msDeal(FREECELL, 1)));
    const j = JSON.parse(cli('deal', 'freecell', '--ms', '1', '--json').stdout);
    expect(j.ms).toBe(1);
    expect(j.tableau[0]).toEqual(['JD', 'KD', '2S', '4C', '3S', '6D', '6S']);
    const f = join(dir, 'board.txt');
    fs.writeFileSync(f, fcs.stdout);
    const back = JSON.parse(cli('deal', '--from-fcs', f, '--json').stdout);
    const { ms: _ms, ...rest } = dealToJson(msDeal(FREECELL, 1));
    expect(_ms).toBe(1);
    expect(back).toEqual(rest);
  });
  it('solve freecell --ms 11982: lost; solve --from-fcs; the solution names its deal and verify redeals it', () => {
    const lost = cli('solve', 'freecell', '--ms', '11982');
    expect(lost.status, lost.stderr).toBe(0);
    expect(lost.stdout.split('\n')[0]).toBe('lost (proved: exhaustive search)');
    const sol = cli('solve', 'freecell', '--ms', '617', '--max-nodes', '200k', '--json');
    const j = JSON.parse(sol.stdout);
    expect(j.ms).toBe(617);
    expect(j.seed).toBeUndefined();
    expect(j.result).toBe('won');
    const file = join(dir, 'sol617.json');
    fs.writeFileSync(file, sol.stdout);
    expect(cli('verify', file).stdout.trim()).toMatch(/^won in \d+ moves$/);
    expect(cli('verify', '--variant', 'freecell', '--ms', '618', file).stderr).toMatch(/solution for Microsoft deal 617, the deal is Microsoft deal 618/);
    const board = join(dir, 'b617.txt');
    fs.writeFileSync(board, dealToFcs(msDeal(FREECELL, 617)));
    expect(cli('solve', '--from-fcs', board, '--max-nodes', '200k').stdout.split('\n')[0]).toBe('won');
  });
  it('analyze freecell --ms-deals A-B: the deals by number, recorded in run.json', () => {
    const out = join(dir, 'an');
    const r = cli('analyze', 'freecell', '--ms-deals', '1-4', '--workers', '1', '--max-nodes', '50k', '--out', out, '--quiet', '--json');
    expect(r.status, r.stderr).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.command).toContain('--ms-deals 1-4');
    expect(j.variants[0]).toMatchObject({ variant: 'freecell', deals: 4, won: 4 });
    expect(JSON.parse(fs.readFileSync(join(out, 'run.json'), 'utf8')).variants.freecell.dealing).toBe('ms');
    const rows = fs.readFileSync(join(out, 'freecell-deals.csv'), 'utf8').trim().split('\n').slice(1);
    const nodes = new Map(rows.map((l) => [Number(l.split(',')[1]), Number(l.split(',')[5])]));
    // The rows are the Microsoft deals' (node counts of a search are deterministic).
    for (let n = 1; n <= 4; n++) expect(nodes.get(n)).toBe(solve(msDeal(FREECELL, n), { maxNodes: 50_000 }).stats.nodes);
    // Rows of seeds are not resumed as Microsoft deals, nor the other way round.
    const again = cli('analyze', 'freecell', '--seeds', '1-4', '--workers', '1', '--max-nodes', '50k', '--out', out, '--quiet', '--resume');
    expect(again.status).toBe(2);
    expect(again.stderr).toMatch(/its seeds are given by --ms-deals, this run has --seeds/);
    expect(rows.every((l) => l.endsWith(',ms'))).toBe(true);
  });
  it('bad input: one line, exit 2', () => {
    const bad = (args: string[], re: RegExp) => {
      const r = cli(...args);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(re);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    };
    bad(['deal', 'freecell', '--ms', '0'], /bad Microsoft deal number "0"/);
    bad(['deal', 'signora', '--ms', '5'], /--ms numbers Microsoft's FreeCell deals: give freecell, not signora/);
    bad(['solve', 'freecell', '--ms', '5', '--seed', '5'], /give one of --seed, --ms, --deal and --from-fcs, not --seed and --ms/);
    bad(['deal', 'signora', '--seed', '1', '--format', 'fcs'], /--format fcs writes fc-solve boards/);
    bad(['deal', 'freecell', '--ms', '1', '--format', 'xml'], /bad --format "xml"/);
    bad(['deal', '--from-fcs', join(dir, 'missing.txt')], /cannot read/);
    bad(['analyze', 'freecell', 'signora', '--ms-deals', '1-4', '--out', join(dir, 'x')], /analyze freecell alone/);
    bad(['analyze', 'freecell', '--ms-deals', '0-4', '--out', join(dir, 'x')], /Microsoft deal numbers go from 1/);
  });
});

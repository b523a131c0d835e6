// `solve --show` and `verify --show` (issue 27): the board after each move of a winning line, in
// text, the Terrace games' waste, reserve and foundations included. Child processes from dist.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatBoard } from '../src/cli/deal';
import { dealFromSeed } from '../src/engine/deal';
import { GameState } from '../src/engine/state';
import { getRules } from '../src/rules/variants';
import { solve } from '../src/solver/solve';

const ROOT = resolve(__dirname, '..');
const MAIN = join(ROOT, 'dist', 'src', 'cli', 'main.js');

function cli(...args: string[]) {
  const r = spawnSync(process.execPath, [MAIN, ...args], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

let dir = '';
beforeAll(() => {
  dir = fs.mkdtempSync(join(tmpdir(), 'solitaire-show-'));
});
afterAll(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** The boards of a --show output: the lines after each `N. move` line (and after "board at the deal:"). */
function boards(text: string): { move: string; board: string[] }[] {
  const out: { move: string; board: string[] }[] = [];
  for (const l of text.split('\n')) {
    if (/^\s+board at the deal:$/.test(l) || /^\s+\d+\. /.test(l)) out.push({ move: l.trim(), board: [] });
    else if (out.length && /^ {6}/.test(l)) out[out.length - 1].board.push(l.slice(2));
  }
  return out;
}

describe('solve --show', () => {
  it('Signora: the deal, then every move with the board after it; foundations, reserve, waste and stock visible; all home at the end', () => {
    const r = cli('solve', 'signora', '--seed', '1', '--base', '6', '--max-nodes', '200k', '--show');
    expect(r.status, r.stderr).toBe(0);
    const deal = dealFromSeed(getRules('signora'), 1);
    const res = solve(deal, { base: 5, maxNodes: 200_000 });
    expect(res.result).toBe('won');
    const bs = boards(r.stdout);
    expect(bs).toHaveLength(res.moveInts.length + 1);
    // Each board is the position after that move, replayed here independently.
    const s = new GameState(deal);
    expect(bs[0].board).toEqual(formatBoard(s));
    res.moveInts.forEach((m, i) => {
      s.apply(m);
      expect(bs[i + 1].move).toMatch(new RegExp(`^${i + 1}\\. `));
      expect(bs[i + 1].board).toEqual(formatBoard(s));
    });
    for (const b of bs) {
      expect(b.board[0]).toMatch(/^ {4}f0 /);
      for (const pile of ['reserve', 'waste', 'stock']) expect(b.board.some((l) => l.startsWith(`    ${pile}`))).toBe(true);
    }
    expect(bs[0].board.find((l) => l.startsWith('    reserve'))).toMatch(/\(11, top: [A2-9TJQK][CDHS]\)$/);
    expect(bs[bs.length - 1].board[0]).toMatch(/\(104 of 104 cards home\)$/);
    expect(r.stdout).toMatch(/^statistics:/m);
  });
  it('refuses --show with --json or --base all (one line, exit 2)', () => {
    for (const extra of [['--json'], ['--base', 'all']]) {
      const r = cli('solve', 'signora', '--seed', '1', '--max-nodes', '1k', '--show', ...extra);
      expect(r.status).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/^solitaire: --show prints the boards of one winning line as text: not with /);
    }
  });
});

describe('verify --show', () => {
  it('FreeCell: the boards of the replayed solution are the ones solve --show prints', () => {
    const sol = join(dir, 'fc.json');
    fs.writeFileSync(sol, cli('solve', 'freecell', '--seed', '3', '--max-nodes', '200k', '--json').stdout);
    const v = cli('verify', sol, '--show');
    expect(v.status, v.stderr).toBe(0);
    expect(v.stdout.split('\n')[0]).toMatch(/^won in \d+ moves$/);
    const s = cli('solve', 'freecell', '--seed', '3', '--max-nodes', '200k', '--show');
    expect(boards(v.stdout)).toEqual(boards(s.stdout));
    const bs = boards(v.stdout);
    expect(bs[0].board[1]).toBe('    cells   c0 -  c1 -  c2 -  c3 -');
    expect(bs[bs.length - 1].board[0]).toMatch(/\(52 of 52 cards home\)$/);
  });
  it('Winery: one board per move and the deal with --show, none without', () => {
    const sol = join(dir, 'w.json');
    fs.writeFileSync(sol, cli('solve', 'winery', '--seed', '2', '--max-nodes', '200k', '--json').stdout);
    const plain = cli('verify', sol);
    expect(plain.stdout.trim().split('\n')).toHaveLength(1);
    const shown = cli('verify', sol, '--show');
    expect(boards(shown.stdout).length).toBe(Number(/won in (\d+) moves/.exec(shown.stdout)![1]) + 1);
  });
});

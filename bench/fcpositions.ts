// Records, for test/soft.test.ts, the positions Freecell Solver's soft thread "24" of its -l lg
// preset enters on a few Winery and FreeCell deals, so that the test can check that
// src/solver/freecell/soft.ts enters the same ones (the order of moves is what decides a
// depth-first search's cost).
//
//   node dist/bench/fcpositions.js [variant:seed ...]   (default winery:3007 winery:3011
//   winery:3019 freecell:3013 freecell:3016; needs fc-solve 5.0 on PATH)
//
// It runs fc-solve -s -i (every position entered, printed) and writes
// test/fixtures/fcsolve-thread24.json: per variant:seed, the positions in the order entered, in
// canonicalPosition's form, leaving out those with a safe foundation move (fc-solve plays them all
// at once as one more position, soft.ts as part of the node before it), and repeats.
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { dealFromSeed } from '../src/engine/deal';
import { getRules } from '../src/rules/variants';
import { dealToFcBoard, fcGameArgs } from './fcsolve';

/** Freecell Solver's thread "24" of -l lg, as its options. */
export const THREAD24 = ['--method', 'random-dfs', '-to', '01j234', '-dto2', '33,016[234j]=asw(1)', '-sp', 'r:tf'];

/**
 * A position as text that does not depend on the order of piles or cells: foundation heights by
 * suit, the cells' cards sorted, the non-empty piles (bottom first) sorted. Cards as cardName
 * spells them (AH, TS).
 */
export function canonicalPosition(found: Record<string, number>, cells: string[], piles: string[][]): string {
  const f = 'CDHS'
    .split('')
    .map((s) => s + (found[s] ?? 0))
    .join(' ');
  const p = piles
    .filter((x) => x.length > 0)
    .map((x) => x.join(' '))
    .sort();
  return `${f} | ${cells.slice().sort().join(',')} | ${p.join(' / ')}`;
}

const RANK: Record<string, number> = { A: 1, T: 10, J: 11, Q: 12, K: 13 };
const rankOfName = (r: string) => RANK[r] ?? Number(r);

/** Whether Freecell Solver would play a safe foundation move here (calc_foundation.h's rule). */
export function hasSafeMove(found: Record<string, number>, cells: string[], piles: string[][]): boolean {
  const red = (s: string) => s === 'D' || s === 'H';
  const tops = cells.concat(piles.filter((x) => x.length > 0).map((x) => x[x.length - 1]));
  return tops.some((c) => {
    const s = c.slice(-1);
    const r = rankOfName(c.slice(0, -1));
    return (found[s] ?? 0) === r - 1 && 'CDHS'.split('').every((u) => (found[u] ?? 0) >= r - 2 - (red(u) === red(s) ? 1 : 0));
  });
}

/** The positions of fc-solve's -s -i output, in order, as canonicalPosition text; safe ones and repeats left out. */
export function parseFcPositions(out: string): string[] {
  const keys: string[] = [];
  for (const block of out.split(/^Iteration: /m).slice(1)) {
    const lines = block.split('\n');
    const head = lines.find((l) => /H-\S+ C-\S+ D-\S+ S-\S+/.test(l));
    if (!head) continue;
    const found: Record<string, number> = {};
    for (const m of head.matchAll(/([HCDS])-(\S+)/g)) found[m[1]] = m[2] === '0' ? 0 : rankOfName(m[2]);
    const cells = head
      .slice(0, head.indexOf('H-'))
      .trim()
      .split(/\s+/)
      .filter((x) => x && x !== '--')
      .map((c) => c.replace(/^10/, 'T'));
    const top = lines.findIndex((l) => /^ -- {2}--/.test(l));
    const piles: string[][] = [];
    for (let i = top + 1; i < lines.length && lines[i].trim() && !lines[i].startsWith('---'); i++)
      for (let k = 0; k * 4 < lines[i].length; k++) {
        const c = lines[i].substr(k * 4, 4).trim();
        (piles[k] ??= []).push(...(c ? [c.replace(/^10/, 'T')] : []));
      }
    if (hasSafeMove(found, cells, piles)) continue;
    const key = canonicalPosition(found, cells, piles);
    if (keys[keys.length - 1] !== key) keys.push(key);
  }
  return keys;
}

function main(): void {
  const specs = process.argv.slice(2);
  const out: Record<string, string[]> = {};
  for (const spec of specs.length ? specs : ['winery:3007', 'winery:3011', 'winery:3019', 'freecell:3013', 'freecell:3016']) {
    const [variant, seed] = spec.split(':');
    const deal = dealFromSeed(getRules(variant), Number(seed));
    const text = execFileSync('fc-solve', [...fcGameArgs(deal.rules), ...THREAD24, '-s', '-i'], {
      input: dealToFcBoard(deal),
      maxBuffer: 1 << 28,
      env: { ...process.env, FREECELL_SOLVER_QUIET: '1' },
      stdio: ['pipe', 'pipe', 'ignore'],
    }).toString();
    out[spec] = parseFcPositions(text);
  }
  const file = path.resolve(__dirname, '..', '..', 'test', 'fixtures', 'fcsolve-thread24.json');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify({ fcSolve: '5.0.0', thread: THREAD24.join(' '), positions: out }, null, 1) + '\n');
  console.log(
    `wrote ${file}: ${Object.entries(out)
      .map(([s, k]) => `${s} ${k.length} positions`)
      .join(', ')}`,
  );
}

if (require.main === module) main();

// fc-solve's library in process, for a fair speed comparison (issue "Winery and FreeCell as fast as
// Freecell Solver, measured fairly"): bench/fcs-harness.c, compiled here with `cc` against Debian's
// libfreecell-solver-dev, solves every board of a table in one process with one solver instance
// configured once, and times the solving and the reading of the solution's moves (see the C file).
// Our solver is timed the same way: solve() in process, on the same deals, its own stats.ms.
//
// Presets compared (FC_PRESETS): fc-solve's default (meta-moves: fast, but its "could not solve"
// is not a proof), `-l lg` (the "lg" preset: a portfolio of flares tuned for speed) and atomic
// moves `-to 01ABCDE` (complete: its "could not solve" is a proof, comparable to our `lost`).
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import type { Deal } from '../src/engine/deal';
import { dealToFcBoard, fcGameArgs, type FcRun, parseFcOutput } from './fcsolve';

export const FC_PRESETS: Record<string, string[]> = {
  default: [],
  lg: ['-l', 'lg'],
  atomic: ['-to', '01ABCDE'],
};

export interface LibRun extends Omit<FcRun, 'ms'> {
  /** Solving time, ms, measured inside the harness. */
  ms: number;
}

const HEADER = '/usr/include/freecell-solver/fcs_user.h';

/**
 * Builds the harness (into dist/bench/fcs-harness) when fc-solve's headers are present; as root on
 * Debian, installs libfreecell-solver-dev first if they are not. Returns the binary or why not.
 */
export function buildHarness(opts: { install?: boolean; log?: (l: string) => void } = {}): { bin: string } | { why: string } {
  const log = opts.log ?? (() => undefined);
  if (!fs.existsSync(HEADER)) {
    const root = typeof process.getuid === 'function' && process.getuid() === 0;
    if (opts.install !== false && root && fs.existsSync('/usr/bin/apt-get')) {
      log('installing libfreecell-solver-dev (apt-get) for the in-process comparison...');
      const r = spawnSync('sh', ['-c', 'apt-get update -qq && apt-get install -y -qq libfreecell-solver-dev freecell-solver-bin'], { encoding: 'utf8' });
      if (r.status !== 0) return { why: `apt-get install libfreecell-solver-dev failed: ${(r.stderr || '').trim().split('\n').pop()}` };
    } else return { why: `fc-solve's library is missing: install it with "apt-get install libfreecell-solver-dev" (as root), then rerun` };
  }
  const src = [path.resolve(__dirname, '..', '..', 'bench', 'fcs-harness.c'), path.resolve(__dirname, 'fcs-harness.c')].find((f) => fs.existsSync(f));
  if (!src) return { why: 'bench/fcs-harness.c not found' };
  const bin = path.resolve(__dirname, 'fcs-harness');
  const cc = spawnSync('cc', ['-O2', '-o', bin, src, '-lfreecell-solver'], { encoding: 'utf8' });
  if (cc.status !== 0) return { why: `cc failed to build the harness: ${(cc.stderr || cc.error?.message || '').trim().split('\n')[0]}` };
  return { bin };
}

/** Solves the deals (all of one table) with one preset, in one harness process. */
export function runLib(bin: string, deals: Deal[], preset: string, opts: { maxIters: number; timeoutMs: number }): LibRun[] {
  if (deals.length === 0) return [];
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fcs-')), 'boards.txt');
  fs.writeFileSync(file, deals.map((d) => dealToFcBoard(d)).join('=\n'));
  const args = [file, String(opts.maxIters), String(opts.timeoutMs), ...fcGameArgs(deals[0].rules), ...FC_PRESETS[preset]];
  const r = spawnSync(bin, args, { encoding: 'utf8', maxBuffer: 1 << 30 });
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
  if (r.status !== 0) throw new Error(`fcs-harness (${preset}) failed: ${(r.stderr || r.error?.message || '').trim()}`);
  const chunks = r.stdout.split(/^#board \d+\n/m).slice(1);
  if (chunks.length !== deals.length) throw new Error(`fcs-harness (${preset}): ${chunks.length} results for ${deals.length} boards`);
  return chunks.map((text) => {
    const us = /^#us (\d+)$/m.exec(text);
    return { ...parseFcOutput(text), ms: us ? Number(us[1]) / 1000 : NaN };
  });
}

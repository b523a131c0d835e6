// Parallel scaling of `solitaire analyze`: the same run with 1 worker thread and with 2 (or the
// counts given), each a separate process of the built CLI, alternating so that drift in machine
// speed falls on both. Reports wall time, searches per second and the speed-up over 1 worker.
//
//   npm run bench:scaling -- [--variants signora] [--seeds 1001-1160] [--max-nodes 200000] [--workers 1,2] [--rounds 2]
//
// The run must be long enough (a minute or more at 1 worker) for start-up and the end of the
// queue not to dominate. Needs as many idle cores as the largest worker count.
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { readDealFile } from '../src/records/records';
import { arg, fail, median, pad, parseRange, sortNum } from './util';

const MAIN = path.resolve(__dirname, '..', 'src', 'cli', 'main.js');

function main(): void {
  const variants = arg('variants', 'signora').split(',');
  let seeds: { from: number; to: number };
  try {
    seeds = parseRange(arg('seeds', '1001-1160'), '--seeds');
  } catch (e) {
    fail('bench:scaling', (e as Error).message);
  }
  const maxNodes = arg('max-nodes', '200000');
  const counts = arg('workers', '1,2').split(',').map(Number);
  const rounds = Number(arg('rounds', '2'));
  if (counts.some((n) => !Number.isInteger(n) || n < 1) || !Number.isInteger(rounds) || rounds < 1) fail('bench:scaling', 'bad --workers or --rounds');
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-scaling-'));
  const walls = new Map<number, number[]>(counts.map((n) => [n, []]));
  const busy = new Map<number, number[]>(counts.map((n) => [n, []]));
  let searches = 0;
  console.log(
    `analyze ${variants.join(' ')} --seeds ${seeds.from}-${seeds.to} --max-nodes ${maxNodes}; ${os.availableParallelism()} cores; ${rounds} round(s)`,
  );
  for (let r = 0; r < rounds; r++)
    for (const n of counts) {
      const out = path.join(tmp, `w${n}-${r}`);
      const t0 = process.hrtime.bigint();
      const res = spawnSync(
        process.execPath,
        [MAIN, 'analyze', ...variants, '--seeds', `${seeds.from}-${seeds.to}`, '--max-nodes', maxNodes, '--workers', String(n), '--quiet', '--out', out],
        { encoding: 'utf8' },
      );
      const s = Number(process.hrtime.bigint() - t0) / 1e9;
      if (res.status !== 0) fail('bench:scaling', `analyze failed: ${res.stderr.trim()}`);
      const rows = variants.flatMap((v) => readDealFile(path.join(out, `${v}-deals.csv`)));
      searches = rows.length;
      const searchSeconds = rows.reduce((a, x) => a + x.ms, 0) / 1000;
      walls.get(n)!.push(s);
      busy.get(n)!.push(searchSeconds / (n * s));
      console.log(
        `  round ${r + 1}, ${n} worker(s): ${s.toFixed(1)} s wall, ${searchSeconds.toFixed(1)} s in searches, workers busy ${((100 * searchSeconds) / (n * s)).toFixed(1)}%`,
      );
    }
  fs.rmSync(tmp, { recursive: true, force: true });
  // Medians over the rounds: the wall time, and the speed-up of each round (rounds alternate the
  // worker counts, so a round's ratio compares runs made minutes apart), with its range.
  const wall = (n: number) => median(walls.get(n)!);
  const ups = (n: number) => sortNum(walls.get(n)!.map((w, r) => walls.get(counts[0])![r] / w));
  const meanBusy = (n: number) => busy.get(n)!.reduce((a, b) => a + b, 0) / busy.get(n)!.length;
  console.log(`${pad('workers', 8)} ${pad('median wall s', 14)} ${pad('searches/s', 11)} ${pad('speed-up', 9)} ${pad('rounds', 13)} ${pad('busy', 7)}`);
  for (const n of counts) {
    const u = ups(n);
    console.log(
      `${pad(n, 8)} ${pad(wall(n).toFixed(1), 14)} ${pad((searches / wall(n)).toFixed(1), 11)} ${pad(median(u).toFixed(2) + 'x', 9)} ${pad(`${u[0].toFixed(2)}-${u[u.length - 1].toFixed(2)}`, 13)} ${pad((100 * meanBusy(n)).toFixed(1) + '%', 7)}`,
    );
  }
  console.log(
    `(${searches} searches per run; speed-up = the median over rounds of that round's wall time at ${counts[0]} worker(s) / its wall time, with the rounds' range)`,
  );
}

main();

// Output directories made by processes that start together (issue 29): the shards of a Slurm array
// or of GNU parallel create the same missing parents at once, and a directory that another process
// made between our look and our mkdir is success. Needs the compiled dist for the process test
// (npm test runs tsc first).
import { spawn } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OutputError, prepareOutDir } from '../src/records/outputs';

const OUTPUTS_JS = path.resolve(__dirname, '..', 'dist', 'src', 'records', 'outputs.js');
let tmp = '';
beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'outputs-test-'));
});
afterAll(() => {
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

describe('prepareOutDir', () => {
  it('succeeds when another process makes a missing parent between the look and the mkdir', () => {
    const out = path.join(tmp, 'race', 'big', 'shard-1');
    const other = path.join(tmp, 'race', 'big');
    // The other shard wins the race for results/big: it exists by the time we mkdir it.
    prepareOutDir(out, (dir) => {
      if (dir === other) fs.mkdirSync(dir);
    });
    expect(fs.statSync(out).isDirectory()).toBe(true);
    expect(fs.readdirSync(out)).toEqual([]);
  });

  it('succeeds when the output directory itself appears at mkdir time', () => {
    const out = path.join(tmp, 'race2', 'shard-2');
    prepareOutDir(out, (dir) => {
      if (dir === out) fs.mkdirSync(dir, { recursive: true });
    });
    expect(fs.statSync(out).isDirectory()).toBe(true);
  });

  it('still refuses a file that appears at mkdir time, and removes only what it made', () => {
    const out = path.join(tmp, 'race3', 'x', 'shard-1');
    expect(() =>
      prepareOutDir(out, (dir) => {
        if (dir === path.join(tmp, 'race3', 'x')) fs.writeFileSync(dir, 'a file\n');
      }),
    ).toThrow(OutputError);
    expect(fs.statSync(path.join(tmp, 'race3', 'x')).isFile()).toBe(true);
    expect(fs.existsSync(path.join(tmp, 'race3'))).toBe(true); // not ours to remove: it is not empty
  });

  it('many processes at once against the same missing parents all succeed', async () => {
    if (!fs.existsSync(OUTPUTS_JS)) throw new Error('dist/src/records/outputs.js missing: compile with `npx tsc -p .` (npm test does)');
    const root = path.join(tmp, 'many');
    const script = `const { prepareOutDir } = require(${JSON.stringify(OUTPUTS_JS)});
const [root, k, at] = process.argv.slice(1);
while (Date.now() < Number(at)); // all start together, as the tasks of an array job do
for (let i = 0; i < 200; i++) prepareOutDir(require('path').join(root, 'r' + i, 'big', 'shard-' + k));`;
    const at = Date.now() + 1000;
    const runs = Array.from(
      { length: 8 },
      (_, k) =>
        new Promise<{ code: number | null; err: string }>((resolve) => {
          const p = spawn(process.execPath, ['-e', script, root, String(k + 1), String(at)], { stdio: ['ignore', 'ignore', 'pipe'] });
          let err = '';
          p.stderr.on('data', (d) => (err += d));
          p.on('close', (code) => resolve({ code, err }));
        }),
    );
    const results = await Promise.all(runs);
    expect(results.map((r) => r.err)).toEqual(results.map(() => ''));
    expect(results.map((r) => r.code)).toEqual(results.map(() => 0));
    for (let i = 0; i < 200; i++)
      expect(fs.readdirSync(path.join(root, `r${i}`, 'big')).sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map((k) => `shard-${k}`).sort());
  }, 60_000);
});

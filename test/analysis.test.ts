// The analysis run end to end: worker pool, streamed CSV rows, summaries, resume, crashes, CLI.
// Runs go through src/cli/compose.ts, as analyze's do, so that they score the strategies too.
// Needs the compiled worker (dist/src/analysis/worker.js): `npm test` runs tsc first.
import { spawn, spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RANKS } from '../src/cards/card';
import { baseCandidates, dealFromSeed } from '../src/engine/deal';
import { getRules } from '../src/rules/variants';
import { solve } from '../src/solver/solve';
import { TranspositionTable } from '../src/search/core/tt';
import { PROOFS } from '../src/proof/proof';
import { DEAL_COLUMNS, STRATEGY_COLUMNS, SUMMARY_COLUMNS, parseCsv, parseDealFile, readDealFile } from '../src/records/records';
import { DEFAULT_TT_MB, type AnalyzeOptions } from '../src/analysis/run';
import { retryRefusal } from '../src/analysis/manifest';
import { type GivenSettings, resumeSettings } from '../src/analysis/resume';
import { analyzeWithStrategies, reportLines } from '../src/cli/compose';

const ROOT = path.resolve(__dirname, '..');
const MAIN = path.join(ROOT, 'dist', 'src', 'cli', 'main.js');
const MAX_NODES = 20_000;
let tmp: string;

beforeAll(() => {
  if (!fs.existsSync(path.join(ROOT, 'dist', 'src', 'analysis', 'worker.js')))
    throw new Error('dist/src/analysis/worker.js missing: compile with `npx tsc -p .` (npm test does)');
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'analysis-test-'));
});
afterAll(() => {
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

function opts(outDir: string, extra: Partial<AnalyzeOptions> = {}): AnalyzeOptions {
  return {
    variants: ['signora', 'red-and-black'],
    from: 1,
    to: 12,
    workers: 2,
    maxNodes: MAX_NODES,
    outDir,
    progress: 'none',
    handleSignals: false,
    strategies: null,
    ...extra,
  };
}

function readCsv(file: string): string[][] {
  const text = fs.readFileSync(file, 'utf8');
  expect(text.endsWith('\n')).toBe(true);
  const { records, partial } = parseCsv(text);
  expect(partial).toBeNull();
  return records;
}

/** Per-deal rows without the timing, sorted: what must not depend on threads or interruptions. */
function dealKeys(file: string): string[] {
  return readDealFile(file)
    .map((r) => [r.variant, r.seed, r.base, r.result, r.moves, r.nodes].join(','))
    .sort();
}

describe('analysis run', () => {
  let straight: string;
  beforeAll(async () => {
    straight = path.join(tmp, 'straight');
    const res = await analyzeWithStrategies(opts(straight));
    expect(res.interrupted).toBe(false);
    expect(res.crashes).toEqual([]);
  });

  it('writes well-formed CSVs with the FORMATS.md headers', () => {
    for (const v of ['signora', 'red-and-black']) {
      const deals = readCsv(path.join(straight, `${v}-deals.csv`));
      expect(deals[0].join(',')).toBe('variant,seed,base,result,moves,nodes,ms,proof,cells,dealing');
      expect(deals[0]).toEqual([...DEAL_COLUMNS]);
      for (const r of deals.slice(1)) {
        expect(r).toHaveLength(10);
        expect(r[8]).toBe('0');
        expect(r[9]).toBe('seed');
        expect(r[0]).toBe(v);
        if (r[3] === 'lost') expect(PROOFS).toContain(r[7]);
        else expect(r[7]).toBe('');
        expect(['won', 'lost', 'unknown']).toContain(r[3]);
        expect(r[4] === '' ? r[3] !== 'won' : r[3] === 'won' && /^\d+$/.test(r[4])).toBe(true);
        expect(Number(r[5])).toBeLessThanOrEqual(MAX_NODES);
      }
      const sum = readCsv(path.join(straight, `${v}-summary.csv`));
      expect(sum[0].join(',')).toBe('variant,base,deals,won,lost,unknown,win_rate,ci_low,ci_high,cells');
      expect(sum[0]).toEqual([...SUMMARY_COLUMNS]);
      expect(sum.slice(1).map((r) => r[1])).toEqual(v === 'signora' ? [...RANKS, 'best', 'any'] : ['any']);
    }
    const strat = readCsv(path.join(straight, 'strategies.csv'));
    expect(strat[0].join(',')).toBe('variant,strategy,deals,won,win_rate,ci_low,ci_high,lost');
    expect(strat[0]).toEqual([...STRATEGY_COLUMNS]);
    expect(strat.slice(1).every((r) => r[0] === 'signora')).toBe(true);
    expect(strat[1][1]).toBe('best');
    // The oracle's lost deals: those whose every candidate rank is proved lost.
    const byDeal = new Map<string, string[]>();
    for (const r of readCsv(path.join(straight, 'signora-deals.csv')).slice(1)) if (r[2] !== 'any') byDeal.set(r[1], [...(byDeal.get(r[1]) ?? []), r[3]]);
    const allLost = [...byDeal.values()].filter((v) => v.every((x) => x === 'lost')).length;
    expect(Number(strat[1][7])).toBe(allLost);
    for (const r of strat.slice(1)) expect(Number(r[3]) + Number(r[7])).toBeLessThanOrEqual(Number(r[2]));
    expect(strat.length - 2).toBeGreaterThanOrEqual(4);
  });

  it('searches every candidate rank and any, with the verdicts of a single-threaded solve()', () => {
    const tt = new TranspositionTable(DEFAULT_TT_MB);
    for (const v of ['signora', 'red-and-black']) {
      const rows = readDealFile(path.join(straight, `${v}-deals.csv`));
      const rules = getRules(v);
      const expected: string[] = [];
      for (let seed = 1; seed <= 12; seed++) {
        const deal = dealFromSeed(rules, seed);
        const bases: (number | 'any')[] = rules.terraceFamily ? [...baseCandidates(deal), 'any'] : ['any'];
        for (const base of bases) {
          const res = solve(deal, { base, maxNodes: MAX_NODES, tt });
          const label = base === 'any' ? 'any' : RANKS[base];
          expected.push([v, seed, label, res.result, res.result === 'won' ? res.moves.length : null, res.stats.nodes].join(','));
        }
      }
      const got = rows.map((r) => [r.variant, r.seed, r.base, r.result, r.moves, r.nodes].join(','));
      expect(got.sort()).toEqual(expected.sort());
    }
  });

  it('summary counts equal the per-deal rows; best is the OR of the rank rows', () => {
    const rows = readDealFile(path.join(straight, 'signora-deals.csv'));
    const sum = readCsv(path.join(straight, 'signora-summary.csv')).slice(1);
    const get = (b: string) =>
      sum
        .find((r) => r[1] === b)!
        .slice(2, 6)
        .map(Number);
    for (const b of [...RANKS, 'any']) {
      const mine = rows.filter((r) => r.base === b);
      expect(get(b)).toEqual([mine.length, ...(['won', 'lost', 'unknown'] as const).map((x) => mine.filter((r) => r.result === x).length)]);
    }
    let won = 0;
    let lost = 0;
    for (let seed = 1; seed <= 12; seed++) {
      const rank = rows.filter((r) => r.seed === seed && r.base !== 'any');
      expect(rank.length).toBe(baseCandidates(dealFromSeed(getRules('signora'), seed)).length);
      if (rank.some((r) => r.result === 'won')) won++;
      else if (rank.every((r) => r.result === 'lost')) lost++;
    }
    expect(get('best')).toEqual([12, won, lost, 12 - won - lost]);
    const rb = readCsv(path.join(straight, 'red-and-black-summary.csv'));
    expect(rb).toHaveLength(2);
    expect(Number(rb[1][2])).toBe(12);
  });

  it('resumes a stopped run to the same summary as a straight run', async () => {
    const dir = path.join(tmp, 'resumed');
    // First part: seeds 1-6 only, then an abort after a few rows of a 1-12 run, then --resume.
    await analyzeWithStrategies(opts(dir, { to: 6 }));
    const ac = new AbortController();
    let n = 0;
    const stopped = await analyzeWithStrategies(
      opts(dir, {
        resume: true,
        abortSignal: ac.signal,
        batchSize: 1,
        onRow: () => {
          if (++n === 5) ac.abort();
        },
      }),
    );
    expect(stopped.interrupted).toBe(true);
    expect(fs.existsSync(path.join(dir, 'signora-summary.csv'))).toBe(false); // only finished runs have one
    readCsv(path.join(dir, 'signora-deals.csv')); // whole lines only
    const res = await analyzeWithStrategies(opts(dir, { resume: true }));
    expect(res.interrupted).toBe(false);
    for (const f of ['signora-summary.csv', 'red-and-black-summary.csv', 'strategies.csv'])
      expect(fs.readFileSync(path.join(dir, f), 'utf8')).toBe(fs.readFileSync(path.join(straight, f), 'utf8'));
    for (const v of ['signora', 'red-and-black']) expect(dealKeys(path.join(dir, `${v}-deals.csv`))).toEqual(dealKeys(path.join(straight, `${v}-deals.csv`)));
    // A resume with nothing left to do starts no worker and changes nothing.
    const again = await analyzeWithStrategies(opts(dir, { resume: true, workerFile: '/nonexistent/worker.js' }));
    expect(again.variants.map((v) => v.searchedDeals)).toEqual([0, 0]);
    expect(fs.readFileSync(path.join(dir, 'signora-summary.csv'), 'utf8')).toBe(fs.readFileSync(path.join(straight, 'signora-summary.csv'), 'utf8'));
  });

  it('--retry-unknown searches the unknown rows again with a larger budget, keeps the decided ones, and records the earlier run', async () => {
    const dir = path.join(tmp, 'retry');
    const small = { variants: ['signora'], to: 4 };
    await analyzeWithStrategies(opts(dir, { ...small, maxNodes: 2000 }));
    const file = path.join(dir, 'signora-deals.csv');
    const before = readDealFile(file);
    const unknown = before.filter((r) => r.result === 'unknown');
    expect(unknown.length).toBeGreaterThan(0);
    expect(unknown.length).toBeLessThan(before.length);
    // Refused, changing nothing: a budget not larger, or other settings.
    const files = () => Object.fromEntries(fs.readdirSync(dir).map((f) => [f, fs.readFileSync(path.join(dir, f), 'utf8')]));
    const kept = files();
    await expect(analyzeWithStrategies(opts(dir, { ...small, maxNodes: 2000, retryUnknown: true }))).rejects.toThrow(
      /cannot retry signora's unknown rows: its rows were made with --max-nodes 2000 --tt-mb 32: give a larger budget/,
    );
    await expect(analyzeWithStrategies(opts(dir, { ...small, maxNodes: 4000, ttMb: 16, retryUnknown: true }))).rejects.toThrow(
      /cannot retry signora's unknown rows: .*: a retry may not search with a smaller memory cap \(--tt-mb 16\)/,
    );
    await expect(analyzeWithStrategies(opts(dir, { ...small, search: 'dfs', retryUnknown: true }))).rejects.toThrow(
      /cannot retry signora in .*: run.json says --search auto, this run has --search dfs/,
    );
    await expect(analyzeWithStrategies(opts(dir, { ...small, retryUnknown: true, force: true }))).rejects.toThrow(/--retry-unknown keeps the rows/);
    expect(files()).toEqual(kept);

    // Unknown rows outside the run's seeds would stay at the old budget under the new one's entry.
    expect(unknown.some((r) => r.seed > 2)).toBe(true);
    await expect(analyzeWithStrategies(opts(dir, { ...small, to: 2, retryUnknown: true }))).rejects.toThrow(
      /cannot retry signora in .*: --seeds 1-2 leaves out some of run.json's 1-4/,
    );
    expect(files()).toEqual(kept);
    const stopped = path.join(tmp, 'retry-stopped');
    fs.cpSync(dir, stopped, { recursive: true });

    const res = await analyzeWithStrategies(opts(dir, { ...small, retryUnknown: true }));
    expect(res.variants[0].retried).toBe(unknown.length);
    expect(reportLines(res).join('\n')).toContain(`signora: ${unknown.length} unknown rows searched again with --max-nodes ${MAX_NODES}`);
    const after = new Map(readDealFile(file).map((r) => [`${r.seed}:${r.base}`, r]));
    expect(after.size).toBe(before.length);
    // Decided rows untouched; the retried ones are what a straight run at the larger budget finds.
    for (const r of before.filter((x) => x.result !== 'unknown')) expect(after.get(`${r.seed}:${r.base}`)).toEqual(r);
    const ref = new Map(readDealFile(path.join(straight, 'signora-deals.csv')).map((r) => [`${r.seed}:${r.base}`, r]));
    for (const r of unknown) {
      const [a, b] = [after.get(`${r.seed}:${r.base}`)!, ref.get(`${r.seed}:${r.base}`)!];
      expect([a.result, a.moves, a.nodes, a.proof]).toEqual([b.result, b.moves, b.nodes, b.proof]);
    }
    expect(unknown.some((r) => after.get(`${r.seed}:${r.base}`)!.result !== 'unknown')).toBe(true);
    const entry = () => JSON.parse(fs.readFileSync(path.join(dir, 'run.json'), 'utf8')).variants.signora;
    expect(entry().maxNodes).toBe(MAX_NODES);
    expect(entry().command).toContain('--retry-unknown');
    expect(entry().earlier.map((e: { maxNodes: number; ttMb: number }) => [e.maxNodes, e.ttMb])).toEqual([[2000, 32]]);
    expect(entry().ttMb).toBe(32);
    // The command line's settings: a retry's cap not given is run.json's; given, it is the retry's own.
    const given: GivenSettings = { variants: ['signora'], maxNodes: 4 * MAX_NODES };
    expect(resumeSettings(given, dir, true).ttMb).toBe(32);
    expect(resumeSettings({ ...given, ttMb: 64 }, dir, true).ttMb).toBe(64);
    expect(entry().earlier[0].totals.searches).toBe(before.length);
    // A retry stopped midway keeps every row: the unknown rows not yet searched again stay until
    // their new row is written; a retry at that budget again is refused with a pointer to --resume,
    // which finishes the same rows, taking the budget from run.json.
    const ac = new AbortController();
    let n = 0;
    const part = await analyzeWithStrategies(
      opts(stopped, { ...small, retryUnknown: true, batchSize: 1, abortSignal: ac.signal, onRow: () => ++n === 2 && ac.abort() }),
    );
    expect(part.interrupted).toBe(true);
    const mid = readDealFile(path.join(stopped, 'signora-deals.csv'));
    expect(mid.map((r) => `${r.seed}:${r.base}`).sort()).toEqual(before.map((r) => `${r.seed}:${r.base}`).sort());
    for (const r of before.filter((x) => x.result !== 'unknown')) expect(mid).toContainEqual(r);
    expect(mid.filter((r) => r.result !== 'unknown').length).toBeGreaterThan(before.filter((r) => r.result !== 'unknown').length);
    await expect(analyzeWithStrategies(opts(stopped, { ...small, retryUnknown: true }))).rejects.toThrow(/did not finish: --resume goes on with it/);
    const resumed = await analyzeWithStrategies(opts(stopped, { variants: [], resume: true, maxNodes: undefined, from: undefined, to: undefined }));
    expect(resumed.options.maxNodes).toBe(MAX_NODES);
    expect(dealKeys(path.join(stopped, 'signora-deals.csv'))).toEqual(dealKeys(file));
    // A later resume at the new budget keeps the record of the earlier run.
    await analyzeWithStrategies(opts(dir, { variants: ['signora'], to: 5, resume: true }));
    expect(entry().earlier.map((e: { maxNodes: number; ttMb: number }) => [e.maxNodes, e.ttMb])).toEqual([[2000, 32]]);

    expect(readDealFile(file).some((r) => r.seed === 5)).toBe(true);
  });

  it('claims each per-deal file for one run at a time: a live claim refuses, changing nothing; a dead one is taken over; none is left', async () => {
    const dir = path.join(tmp, 'claimed');
    await analyzeWithStrategies(opts(dir, { variants: ['red-and-black'], to: 2 }));
    const lock = path.join(dir, 'red-and-black-deals.csv.lock');
    expect(fs.existsSync(lock)).toBe(false);
    const files = () => Object.fromEntries(fs.readdirSync(dir).map((f) => [f, fs.readFileSync(path.join(dir, f), 'utf8')]));
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    try {
      fs.writeFileSync(lock, `${other.pid}\n`);
      const before = files();
      await expect(analyzeWithStrategies(opts(dir, { variants: ['red-and-black'], to: 3, resume: true }))).rejects.toThrow(
        new RegExp(`another run \\(pid ${other.pid}\\) is writing .*red-and-black-deals.csv: wait for it to end`),
      );
      expect(files()).toEqual(before);
    } finally {
      other.kill();
    }
    await new Promise((r) => other.once('exit', r));
    // The claimant is gone (as after kill -9): the next run takes the claim over, and holds it while it runs.
    let held = false;
    await analyzeWithStrategies(
      opts(dir, { variants: ['red-and-black'], to: 3, resume: true, onRow: () => (held = fs.readFileSync(lock, 'utf8') === `${process.pid}\n`) }),
    );
    expect(held).toBe(true);
    expect(fs.existsSync(lock)).toBe(false);
    expect(
      readDealFile(path.join(dir, 'red-and-black-deals.csv'))
        .map((r) => r.seed)
        .sort(),
    ).toEqual([1, 2, 3]);
  });

  it('retryRefusal: only a larger budget (nodes, time or memory cap), every other setting but the commit the same', () => {
    const old = { ...JSON.parse(fs.readFileSync(path.join(straight, 'run.json'), 'utf8')).variants.signora, maxNodes: 1000, timeoutMs: 500 };
    const refusal = (now: object) => retryRefusal(old, { ...old, ...now });
    expect(refusal({ maxNodes: 2000 })).toBeNull();
    expect(refusal({ timeoutMs: 900 })).toBeNull();
    expect(refusal({ timeoutMs: null })).toBeNull();
    expect(refusal({ commit: 'f'.repeat(40), maxNodes: 2000 })).toBeNull();
    expect(refusal({})).toMatch(/--max-nodes 1000 --timeout 500 --tt-mb 32: give a larger budget/);
    expect(refusal({ maxNodes: 999, timeoutMs: null })).toMatch(/give a larger budget/);
    expect(refusal({ maxNodes: 2000, timeoutMs: 400 })).toMatch(/may not search with a shorter time limit \(--timeout 400\)/);
    expect(retryRefusal({ ...old, timeoutMs: null }, { ...old, maxNodes: 2000 })).toMatch(/may not search with a time limit/);
    expect(refusal({ maxNodes: 2000, search: 'dfs' })).toMatch(/made with search auto, this run has dfs/);
    // The memory cap is budget too: a larger one alone is a larger budget, a smaller one is refused.
    expect(refusal({ ttMb: 64 })).toBeNull();
    expect(refusal({ maxNodes: 2000, ttMb: 64 })).toBeNull();
    expect(refusal({ maxNodes: 2000, ttMb: 16 })).toMatch(/may not search with a smaller memory cap \(--tt-mb 16\)/);
  });

  it('cuts a torn last line on resume; without --resume refuses to replace the rows, changing nothing; --force replaces them', async () => {
    const dir = path.join(tmp, 'torn');
    await analyzeWithStrategies(opts(dir, { variants: ['red-and-black'], to: 4 }));
    const file = path.join(dir, 'red-and-black-deals.csv');
    fs.appendFileSync(file, 'red-and-black,5,any,wo');
    await analyzeWithStrategies(opts(dir, { variants: ['red-and-black'], to: 6, resume: true }));
    expect(dealKeys(file)).toEqual(dealKeys(path.join(straight, file.split(path.sep).pop()!)).filter((k) => Number(k.split(',')[1]) <= 6));
    // Issue 29: a rerun without --resume (a forgotten flag, a reused folder) threw the rows away.
    const files = () => Object.fromEntries(fs.readdirSync(dir).map((f) => [f, fs.readFileSync(path.join(dir, f), 'utf8')]));
    const before = files();
    await expect(analyzeWithStrategies(opts(dir, { variants: ['red-and-black'], from: 3, to: 3 }))).rejects.toThrow(
      /red-and-black-deals.csv already holds 6 rows: add --resume to keep them .*, --force to replace them, or give another --out/,
    );
    expect(files()).toEqual(before);
    await analyzeWithStrategies(opts(dir, { variants: ['red-and-black'], from: 3, to: 3, force: true }));
    expect(readDealFile(file).map((r) => r.seed)).toEqual([3]);
  });

  it('refuses to overwrite a file that is not a per-deal file, and a --retry-unknown with no run to retry, creating nothing', async () => {
    const dir = fs.mkdtempSync(path.join(tmp, 'foreign-'));
    const file = path.join(dir, 'winery-deals.csv');
    fs.writeFileSync(file, 'hello,world\n'); // one line, so it holds no "rows", but it is not ours
    await expect(analyzeWithStrategies(opts(dir, { variants: ['winery'], to: 2 }))).rejects.toThrow(
      /winery-deals.csv is not a per-deal file \(its first line is not the header variant,seed,base,.*\): give another --out, or --force/,
    );
    expect(fs.readdirSync(dir)).toEqual(['winery-deals.csv']);
    expect(fs.readFileSync(file, 'utf8')).toBe('hello,world\n');
    fs.writeFileSync(file, '\ufeff' + DEAL_COLUMNS.join(',') + '\n');
    await expect(analyzeWithStrategies(opts(dir, { variants: ['winery'], to: 2 }))).rejects.toThrow(
      /not a per-deal file .*; it starts with a byte-order mark\)/,
    );
    // A header alone (a run stopped before its first row, even inside the header) is ours: the run goes on.
    fs.writeFileSync(file, DEAL_COLUMNS.join(',').slice(0, 10));
    await analyzeWithStrategies(opts(dir, { variants: ['winery'], to: 1 }));
    expect(readDealFile(file).map((r) => r.seed)).toEqual([1]);
    fs.writeFileSync(file, DEAL_COLUMNS.join(',') + '\n');
    await analyzeWithStrategies(opts(dir, { variants: ['winery'], to: 2 }));
    expect(readDealFile(file).map((r) => r.seed)).toEqual([1, 2]);

    const missing = path.join(tmp, 'no-such-run');
    await expect(analyzeWithStrategies(opts(missing, { variants: ['winery'], to: 2, maxNodes: 4000, retryUnknown: true }))).rejects.toThrow(
      /cannot retry winery: .*no-such-run holds no run of it \(no run.json entry, no rows\); run it first without --retry-unknown/,
    );
    expect(fs.existsSync(missing)).toBe(false);
    // Several variants: every one without a run is named, and the ones with a run are offered.
    await expect(
      analyzeWithStrategies(opts(dir, { variants: ['winery', 'red-and-black', 'signora'], to: 2, maxNodes: 4000, retryUnknown: true })),
    ).rejects.toThrow(/cannot retry red-and-black, signora: .* holds no run of them .*; retry only winery, or run them first without --retry-unknown/);
    // --resume of a run not there yet starts it (the shard recipes pass --resume from the first start).
    await analyzeWithStrategies(opts(missing, { variants: ['winery'], to: 2, resume: true }));
    expect(readDealFile(path.join(missing, 'winery-deals.csv')).map((r) => r.seed)).toEqual([1, 2]);
  });

  it('reads back the proof column and refuses a lost row without its proof, or a proof on another verdict', () => {
    const dir = fs.mkdtempSync(path.join(tmp, 'proof-'));
    const file = path.join(dir, 'winery-deals.csv');
    const head = 'variant,seed,base,result,moves,nodes,ms,proof,cells\n';
    fs.writeFileSync(file, head + 'winery,1,any,lost,,10,1,exhaustive,2\nwinery,2,any,won,5,10,1,,2\n');
    expect(readDealFile(file).map((r) => r.proof)).toEqual(['exhaustive', '']);
    for (const bad of ['winery,1,any,lost,,10,1,,2\n', 'winery,1,any,won,5,10,1,exhaustive,2\n', 'winery,1,any,lost,,10,1,guess,2\n']) {
      fs.writeFileSync(file, head + bad);
      expect(() => readDealFile(file)).toThrow(/proof/);
    }
  });

  it('per-deal rows: agreeing repeats are dropped, conflicting ones and malformed columns refused, the file unchanged', () => {
    const dir = fs.mkdtempSync(path.join(tmp, 'rows-'));
    const file = path.join(dir, 'winery-deals.csv');
    const head = 'variant,seed,base,result,moves,nodes,ms,proof,cells\n';
    const won = 'winery,7,any,won,90,400,2.5,,2\n';
    fs.writeFileSync(file, head + won + won.replace('2.5', '3') + 'winery,8,any,unknown,,5000,9,,2\n');
    expect(readDealFile(file, 'winery').map((r) => [r.seed, r.ms])).toEqual([
      [7, 2.5],
      [8, 9],
    ]);
    const bad: [string, RegExp][] = [
      [won + 'winery,7,any,unknown,,400,2.5,,2\n', /line 3: seed 7 base any is already in the file with another outcome/],
      ['winery,7,any,won,90,400,fast,,2\n', /line 2: bad ms "fast"/],
      ['winery,7,any,won,90,4e5,2.5,,2\n', /bad nodes "4e5"/],
      ['winery,7,any,won,,400,2.5,,2\n', /bad moves ""/],
      ['winery,7,any,unknown,12,400,2.5,,2\n', /bad moves "12"/],
      ['winery,x7,any,won,90,400,2.5,,2\n', /bad seed "x7"/],
      ['signora,7,any,won,90,400,2.5,,0\n', /a row of "signora" in the file of winery/],
    ];
    for (const [rows, msg] of bad) {
      const text = head + rows + 'winery,9,any,wo'; // and a torn last line, which must stay
      fs.writeFileSync(file, text);
      expect(() => parseDealFile(file, 'winery')).toThrow(msg);
      expect(fs.readFileSync(file, 'utf8')).toBe(text);
    }
  });

  it('keeps strategies of other variants; --base any searches and summarises the free search only', async () => {
    const dir = path.join(tmp, 'merge');
    const small = { from: 1, to: 2, maxNodes: 5000 };
    await analyzeWithStrategies(opts(dir, { ...small, variants: ['double-signora'] }));
    await analyzeWithStrategies(opts(dir, { ...small, variants: ['signora'] }));
    const names = () =>
      readCsv(path.join(dir, 'strategies.csv'))
        .slice(1)
        .map((r) => r[0]);
    expect([...new Set(names())]).toEqual(['signora', 'double-signora']);
    expect(readDealFile(path.join(dir, 'double-signora-deals.csv'))).toHaveLength(2 * 14);
    await analyzeWithStrategies(opts(dir, { ...small, variants: ['signora'], base: 'any', force: true }));
    expect([...new Set(names())]).toEqual(['double-signora']);
    expect(readDealFile(path.join(dir, 'signora-deals.csv')).map((r) => r.base)).toEqual(['any', 'any']);
    expect(
      readCsv(path.join(dir, 'signora-summary.csv'))
        .slice(1)
        .map((r) => r[1]),
    ).toEqual(['any']);
  });

  it('reports the seed that crashed a worker and finishes the others', async () => {
    const workerFile = path.join(ROOT, 'test', 'workers', 'failing-worker.cjs');
    process.env.SOLITAIRE_TEST_FAIL_SEED = '3';
    try {
      for (const how of ['exit', 'throw'] as const) {
        process.env.SOLITAIRE_TEST_FAIL_HOW = how;
        const dir = path.join(tmp, `crash-${how}`);
        const res = await analyzeWithStrategies(opts(dir, { variants: ['red-and-black'], to: 8, batchSize: 4, workerFile }));
        expect(res.crashes).toHaveLength(1);
        expect(res.crashes[0]).toMatchObject({ variant: 'red-and-black', seed: 3, base: 'any' });
        expect(
          readDealFile(path.join(dir, 'red-and-black-deals.csv'))
            .map((r) => r.seed)
            .sort((a, b) => a - b),
        ).toEqual([1, 2, 4, 5, 6, 7, 8]);
        expect(res.variants[0].summary[0].deals).toBe(7);
        expect(reportLines(res).join('\n')).toMatch(/red-and-black seed 3 base any/);
      }
    } finally {
      delete process.env.SOLITAIRE_TEST_FAIL_SEED;
      delete process.env.SOLITAIRE_TEST_FAIL_HOW;
    }
  });
});

describe('analyze command line', () => {
  const run = (args: string[]) => spawnSync(process.execPath, [MAIN, 'analyze', ...args], { cwd: tmp, encoding: 'utf8' });

  it.each([
    [['signora', '--seeds', '10-5']],
    [['signora', '--seeds', 'abc']],
    [['nosuchgame', '--seeds', '1-2']],
    [['signora', '--workers', '0']],
    [['signora', '--base', 'some']],
    [['signora', '--max-nodes', '-5']],
    [['signora', '--no-such-option']],
    [[]],
  ])('rejects %j with exit 2 and one line on stderr', (args) => {
    const r = run(args);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.split('\n').filter((l) => l !== '')).toHaveLength(1);
    expect(r.stderr.endsWith('\n')).toBe(true);
  });

  it('runs a small analysis and prints the summary with its command line', () => {
    const out = path.join(tmp, 'cli');
    const r = run(['winery', 'signora', '--seeds', '1-3', '--workers', '1', '--max-nodes', '5000', '--out', out, '--quiet']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(`command: solitaire analyze winery signora --seeds 1-3 --workers 1 --base all --max-nodes 5000 --tt-mb 32 --out ${out}`);
    expect(r.stdout).toMatch(/^winery\s+3\s/m);
    expect(r.stdout).toMatch(/^signora\s+3\s/m);
    for (const f of ['winery-deals.csv', 'winery-summary.csv', 'signora-deals.csv', 'signora-summary.csv', 'strategies.csv'])
      expect(fs.existsSync(path.join(out, f))).toBe(true);
  });

  it('stops on SIGINT with exit 130, keeping whole rows', async () => {
    const out = path.join(tmp, 'sigint');
    const file = path.join(out, 'empress-of-italy-deals.csv');
    // A run far too long to finish: interrupted as soon as a few rows are written.
    const child = spawn(process.execPath, [MAIN, 'analyze', 'empress-of-italy', '--seeds', '1-500', '--workers', '1', '--max-nodes', '200000', '--out', out], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const code = await new Promise<number | null>((resolve) => {
      const timer = setInterval(() => {
        const lines = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n').length - 1 : 0;
        if (lines >= 3) {
          clearInterval(timer);
          child.kill('SIGINT');
        }
      }, 25);
      child.on('exit', (c) => {
        clearInterval(timer);
        resolve(c);
      });
    });
    expect(code).toBe(130);
    expect(stderr).toMatch(/interrupted/);
    const rows = readCsv(file);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows.slice(1).every((r) => r.length === DEAL_COLUMNS.length)).toBe(true);
    expect(fs.existsSync(path.join(out, 'empress-of-italy-summary.csv'))).toBe(false);
  });
});

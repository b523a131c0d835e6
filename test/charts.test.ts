// SVG charts of an analysis output directory (src/analysis/charts.ts and src/strategy/chart.ts,
// drawn together by src/cli/compose.ts; `solitaire chart`).
// Needs the compiled worker and CLI (dist/): `npm test` runs tsc first.
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTCOMES_CHART, headlineRow, ranksChart } from '../src/analysis/charts';
import { analyzeWithStrategies, writeCharts } from '../src/cli/compose';
import { STRATEGIES_CHART, strategiesChartSvg } from '../src/strategy/chart';
import { evaluateVariant } from '../src/strategy/strategy-eval';
import { readStrategiesFile, readSummaryFile, strategiesFile, summaryFile } from '../src/records/records';

const ROOT = path.resolve(__dirname, '..');
const MAIN = path.join(ROOT, 'dist', 'src', 'cli', 'main.js');
let tmp: string;
let dir: string;

const cli = (...args: string[]) => spawnSync(process.execPath, [MAIN, ...args], { cwd: tmp, encoding: 'utf8', timeout: 60_000 });
const read = (f: string) => fs.readFileSync(path.join(dir, f), 'utf8');
/** The aria-labels of an SVG (the charts give every bar, whisker and dot one). */
const labels = (svg: string) => [...svg.matchAll(/aria-label="([^"]*)"/g)].map((m) => m[1]);

beforeAll(async () => {
  if (!fs.existsSync(path.join(ROOT, 'dist', 'src', 'analysis', 'worker.js')))
    throw new Error('dist/src/analysis/worker.js missing: compile with `npx tsc -p .` (npm test does)');
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'charts-test-'));
  dir = path.join(tmp, 'out');
  const res = await analyzeWithStrategies({
    variants: ['signora', 'winery'],
    from: 1,
    to: 6,
    workers: 1,
    maxNodes: 2000,
    outDir: dir,
    progress: 'none',
    handleSignals: false,
  });
  expect(res.crashes).toEqual([]);
});
afterAll(() => {
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

describe('writeCharts', () => {
  let written: string[];
  beforeAll(async () => {
    written = await writeCharts(dir);
  });

  it('writes a ranks chart per Terrace game, outcomes and strategies, and nothing for Winery ranks', () => {
    const names = written.map((f) => path.basename(f));
    expect(names).toEqual([ranksChart('signora'), OUTCOMES_CHART, STRATEGIES_CHART]);
    for (const f of written) {
      const svg = fs.readFileSync(f, 'utf8');
      expect(svg.startsWith('<svg')).toBe(true);
      expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
      expect(svg).not.toMatch(/NaN|undefined/);
    }
  });

  it('ranks chart: a bar stack and a whisker per row, rank labels, titles that say what is plotted', () => {
    const rows = readSummaryFile(summaryFile(dir, 'signora'))!.filter((r) => r.deals > 0);
    const svg = read(ranksChart('signora'));
    const all = labels(svg);
    for (const outcome of ['proved won', 'unknown (budget ran out)', 'proved lost'])
      expect(all.filter((l) => l.startsWith('base ') && l.includes(`: ${outcome} `))).toHaveLength(rows.length);
    expect(all.filter((l) => /^base \S+: 95% interval /.test(l))).toHaveLength(rows.length);
    for (const r of rows) {
      expect(all).toContain(`base ${r.base}: proved won ${r.won} of ${r.deals} deals (${((100 * r.won) / r.deals).toFixed(1)}%)`);
      expect(all).toContain(`base ${r.base}: unknown (budget ran out) ${r.unknown} of ${r.deals} deals (${((100 * r.unknown) / r.deals).toFixed(1)}%)`);
    }
    // best and any stand in a panel of their own; rank letters label the first.
    expect(rows.map((r) => r.base)).toEqual(expect.arrayContaining(['best', 'any']));
    expect(svg).toContain('>base not fixed</text>');
    for (const r of rows) expect(svg).toContain(`<tspan>${r.base}</tspan>`);
    const deals = headlineRow(rows)!.deals;
    expect(svg).toContain(`>Signora: win rate by base rank, ${deals} deals</text>`);
    expect(svg).toContain('95% Wilson interval');
    expect(svg).toContain('>share of deals</text>');
    expect(svg).toContain('>base rank, fixed for the whole game</text>');
  });

  it('outcomes chart: one bar per game, from best for Signora and any for Winery', () => {
    const svg = read(OUTCOMES_CHART);
    const all = labels(svg);
    const signora = headlineRow(readSummaryFile(summaryFile(dir, 'signora'))!)!;
    const winery = headlineRow(readSummaryFile(summaryFile(dir, 'winery'))!)!;
    expect(signora.base).toBe('best');
    expect(winery.base).toBe('any');
    expect(all.filter((l) => l.includes(': proved won '))).toHaveLength(2);
    expect(all).toContain(
      `Signora, best base (${signora.deals} deals): proved won ${signora.won} of ${signora.deals} deals (${((100 * signora.won) / signora.deals).toFixed(1)}%)`,
    );
    expect(all).toContain(
      `Winery (${winery.deals} deals): unknown (budget ran out) ${winery.unknown} of ${winery.deals} deals (${((100 * winery.unknown) / winery.deals).toFixed(1)}%)`,
    );
  });

  it('strategies chart: a dot per row of strategies.csv, the oracle named as such', () => {
    const rows = readStrategiesFile(strategiesFile(dir))!;
    const svg = read(STRATEGIES_CHART);
    const dots = labels(svg).filter((l) => / won \d+ of \d+ \(/.test(l));
    expect(dots).toHaveLength(rows.length);
    expect(dots[0]).toMatch(/^oracle: best rank: won /);
    for (const r of rows.filter((x) => x.strategy !== 'best')) expect(svg).toContain(`>${r.strategy}</text>`);
    expect(svg).toContain('>oracle (best base chosen with hindsight)</text>');
  });

  it('strategies chart: the share proved lost as a red bar from the right edge; files from before the lost column read as 0', async () => {
    const rows = readStrategiesFile(strategiesFile(dir))!;
    const lost = rows.map((r) => ({ ...r, won: Math.min(r.won, r.deals - 2), lost: 2 }));
    const svg = await strategiesChartSvg(lost);
    expect(labels(svg).filter((l) => /proved lost 2,/.test(l))).toHaveLength(rows.length);
    expect((svg.match(/stroke="#c8553d"/g) ?? []).length).toBe(rows.length);
    const none = await strategiesChartSvg(rows.map((r) => ({ ...r, lost: 0 })));
    expect(none).not.toContain('stroke="#c8553d"');
    const old = path.join(tmp, 'old-strategies.csv');
    const text = read('strategies.csv')
      .replace(/,lost\n/, '\n')
      .replace(/,\d+\n/g, '\n');
    fs.writeFileSync(old, text);
    expect(readStrategiesFile(old)!.map((r) => r.lost)).toEqual(rows.map(() => 0));
  });

  it('solitaire strategies draws the same strategies.svg from its fresh rows as chart from the CSV', async () => {
    const ev = evaluateVariant(dir, 'signora')!;
    expect(await strategiesChartSvg(ev.strategyRows)).toBe(read(STRATEGIES_CHART));
  });

  it('same CSVs, same bytes', async () => {
    const before = written.map((f) => fs.readFileSync(f));
    const again = await writeCharts(dir);
    expect(again).toEqual(written);
    again.forEach((f, i) => {
      expect(fs.readFileSync(f).equals(before[i])).toBe(true);
    });
    expect(fs.readdirSync(dir).filter((f) => f.includes('.tmp-'))).toEqual([]);
  });
});

describe('solitaire chart', () => {
  it('prints the files written, one per line', () => {
    const r = cli('chart', dir);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(
      r.stdout
        .trim()
        .split('\n')
        .map((l) => path.basename(l)),
    ).toEqual([ranksChart('signora'), OUTCOMES_CHART, STRATEGIES_CHART]);
  });

  it('refuses a missing directory, and one with nothing to chart, with one line and exit 2', () => {
    const empty = path.join(tmp, 'empty');
    fs.mkdirSync(empty);
    for (const [arg, msg] of [
      [path.join(tmp, 'nope'), 'is not a directory'],
      [empty, 'nothing to chart'],
    ]) {
      const r = cli('chart', arg);
      expect(r.status).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.split('\n')).toEqual([expect.stringMatching(new RegExp(`^solitaire: .*${msg}`)), '']);
    }
    expect(fs.readdirSync(empty)).toEqual([]);
  });

  it('refuses a malformed summary without writing any chart', () => {
    const bad = path.join(tmp, 'bad');
    fs.mkdirSync(bad);
    fs.copyFileSync(summaryFile(dir, 'winery'), summaryFile(bad, 'winery'));
    fs.appendFileSync(summaryFile(bad, 'signora'), 'variant,base\nsignora,A\n');
    const r = cli('chart', bad);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^solitaire: .*signora-summary\.csv: header is /);
    expect(fs.readdirSync(bad).filter((f) => f.endsWith('.svg'))).toEqual([]);
  });
});

// SVG charts of an analysis output directory (src/analysis/charts.ts, deals-chart.ts and
// src/strategy/chart.ts, drawn together by src/cli/compose.ts; `solitaire chart`). The run covers
// seeds 998-1003, so that the learned strategy (trained on 1-1000) has held-out seeds to show.
// Needs the compiled worker and CLI (dist/): `npm test` runs tsc first.
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTCOMES_CHART, headlineRow, ranksChart, readProvenance } from '../src/analysis/charts';
import { dealsChart } from '../src/analysis/deals-chart';
import { analyzeWithStrategies, writeCharts } from '../src/cli/compose';
import { percent } from '../src/records/format';
import { STRATEGIES_CHART, strategiesChartSvg } from '../src/strategy/chart';
import { LEARNED_MODELS } from '../src/strategy/learned-model';
import { evaluateVariant } from '../src/strategy/strategy-eval';
import { readStrategiesFile, readSummaryFile, strategiesFile, summaryFile } from '../src/records/records';

const ROOT = path.resolve(__dirname, '..');
const MAIN = path.join(ROOT, 'dist', 'src', 'cli', 'main.js');
let tmp: string;
let dir: string;

const cli = (...args: string[]) => spawnSync(process.execPath, [MAIN, ...args], { cwd: tmp, encoding: 'utf8', timeout: 60_000 });
const read = (f: string) => fs.readFileSync(path.join(dir, f), 'utf8');
/** The aria-labels of an SVG (the charts give every bar, whisker and dot one). */
const labels = (svg: string) => [...svg.matchAll(/aria-label="([^"]*)"/g)].map((m) => m[1].replace(/&#39;/g, "'"));
/** The lines of an SVG's footer (src/records/svg.ts withFooter). */
const footer = (svg: string) => [...(/<g class="footer"[^>]*>(.*)<\/g><\/svg>/.exec(svg)?.[1] ?? '').matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);

beforeAll(async () => {
  if (!fs.existsSync(path.join(ROOT, 'dist', 'src', 'analysis', 'worker.js')))
    throw new Error('dist/src/analysis/worker.js missing: compile with `npx tsc -p .` (npm test does)');
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'charts-test-'));
  dir = path.join(tmp, 'out');
  const res = await analyzeWithStrategies({
    variants: ['signora', 'winery'],
    from: 998,
    to: 1003,
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

  it('writes a ranks and a deals chart per Terrace game, outcomes and strategies, and nothing for Winery ranks', () => {
    const names = written.map((f) => path.basename(f));
    expect(names).toEqual([ranksChart('signora'), dealsChart('signora'), OUTCOMES_CHART, STRATEGIES_CHART]);
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
      expect(all).toContain(`base ${r.base}: proved won ${r.won} of ${r.deals} deals (${percent(r.won / r.deals)})`);
      expect(all).toContain(`base ${r.base}: unknown (budget ran out) ${r.unknown} of ${r.deals} deals (${percent(r.unknown / r.deals)})`);
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
      `Signora, best base (${signora.deals} deals): proved won ${signora.won} of ${signora.deals} deals (${percent(signora.won / signora.deals)})`,
    );
    expect(all).toContain(
      `Winery (${winery.deals} deals): unknown (budget ran out) ${winery.unknown} of ${winery.deals} deals (${percent(winery.unknown / winery.deals)})`,
    );
    // Each game's counts beside its bar.
    expect(svg).toContain(`>${signora.won} won, ${signora.unknown} unknown, ${signora.lost} lost</text>`);
  });

  it('every chart has a footer naming the game, its seeds, its node budget and the run', () => {
    const entry = JSON.parse(read('run.json')).variants.signora;
    for (const f of written) {
      const lines = footer(fs.readFileSync(f, 'utf8'));
      const signora = lines.find((l) => l.startsWith('Signora: '));
      // The run is named by its commit when it ran from a git checkout, else by the program's version.
      const run = entry.commit ? `commit ${entry.commit.slice(0, 7)}` : `solitaire ${entry.version}`;
      expect(signora, path.basename(f)).toBe(`Signora: seeds 998-1003, 2,000 nodes per search; run.json: ${run}, finished ${entry.finished.slice(0, 10)}`);
      if (path.basename(f) === OUTCOMES_CHART) expect(lines.some((l) => l.startsWith('Winery: seeds 998-1003, 2,000 nodes per search; run.json: '))).toBe(true);
    }
  });

  it('strategies chart: a row per row of strategies.csv, then the learned strategy on its held-out seeds; every name explained', () => {
    const rows = readStrategiesFile(strategiesFile(dir))!;
    const svg = read(STRATEGIES_CHART);
    const whiskers = labels(svg).filter((l) => / won \d+ of \d+ \(/.test(l));
    expect(whiskers).toHaveLength(rows.length + 1);
    expect(whiskers[0]).toMatch(/^best: won /);
    expect(whiskers[rows.length]).toMatch(/^learned, seeds 1001-1003: won \d+ of 3 \(/);
    for (const r of rows) expect(svg).toContain(`>${r.strategy}</text>`);
    const notes = footer(svg);
    for (const name of [...rows.map((r) => r.strategy), 'learned'])
      expect(
        notes.some((l) => l.startsWith(`${name}: `)),
        name,
      ).toBe(true);
    expect(notes.find((l) => l.startsWith('best: '))).toMatch(/^best: oracle: /);
  });

  it('strategies chart: proved won, unknown and proved lost stacked along the axis in that order, none from the far edge', async () => {
    const rows = readStrategiesFile(strategiesFile(dir))!.map((r) => ({ ...r, won: 2, lost: 1, deals: 6 }));
    const svg = await strategiesChartSvg(rows);
    // Each bar segment: its label, and where it starts and how long it is (x, width).
    const segs = [
      ...svg.matchAll(/aria-label="([^"]*): (proved won|unknown \(budget ran out\)|proved lost) (\d+) of 6 deals[^"]*"[^>]* d="M([\d.]+),[\d.]+h([\d.]+)/g),
    ].map((m) => ({
      row: m[1],
      outcome: m[2],
      x: Number(m[4]),
      w: Number(m[5]),
    }));
    expect(segs).toHaveLength(3 * rows.length);
    for (let i = 0; i < segs.length; i += 3) {
      const [won, unknown, lost] = segs.slice(i, i + 3);
      expect([won.outcome, unknown.outcome, lost.outcome]).toEqual(['proved won', 'unknown (budget ran out)', 'proved lost']);
      expect(new Set([won.row, unknown.row, lost.row]).size).toBe(1);
      expect(won.x).toBe(0);
      expect(unknown.x).toBeCloseTo(won.x + won.w, 6);
      expect(lost.x).toBeCloseTo(unknown.x + unknown.w, 6);
      expect(lost.w).toBeCloseTo((1 / 6) * 440, 6);
    }
  });

  it('solitaire strategies draws the same strategies.svg from its fresh rows as chart from the CSV', async () => {
    const ev = evaluateVariant(dir, 'signora', LEARNED_MODELS.signora)!;
    expect(ev.learned?.row?.deals).toBe(3);
    const svg = await strategiesChartSvg(ev.strategyRows, new Map([['signora', ev.learned!]]), readProvenance(dir));
    expect(svg).toBe(read(STRATEGIES_CHART));
    const other = path.join(tmp, 'strategies-out');
    const r = cli('strategies', dir, '--out', other);
    expect(r.status, r.stderr).toBe(0);
    expect(fs.readFileSync(path.join(other, STRATEGIES_CHART), 'utf8')).toBe(read(STRATEGIES_CHART));
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
    ).toEqual([ranksChart('signora'), dealsChart('signora'), OUTCOMES_CHART, STRATEGIES_CHART]);
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

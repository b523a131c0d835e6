// `solitaire report DIR` (src/cli/report.ts): one self-contained report.html holding every chart,
// the results, strategies and paired tables, a sortable table per game with a row per deal, and
// run.json; bad input is one line, exit 2, nothing written. The page in a real browser:
// test/browser/report.browser.ts (npm run test:browser).
// Needs the compiled CLI (dist/): `npm test` runs tsc first.
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderCharts, readChartData } from '../src/cli/compose';
import { REPORT_FILE } from '../src/cli/report';
import { dealFile, readDealFile, summaryFile } from '../src/records/records';

const ROOT = path.resolve(__dirname, '..');
const MAIN = path.join(ROOT, 'dist', 'src', 'cli', 'main.js');
let tmp: string;
let dir: string;
let html: string;

const cli = (...args: string[]) => spawnSync(process.execPath, [MAIN, ...args], { cwd: tmp, encoding: 'utf8', timeout: 120_000 });

/** The rows of a table of the page by its id (cells' text, tags stripped). */
function tableRows(id: string): string[][] {
  const table = new RegExp(`<table id="${id}"[^>]*>([\\s\\S]*?)</table>`).exec(html)?.[1];
  if (!table) throw new Error(`no table ${id}`);
  const body = /<tbody>([\s\S]*)<\/tbody>/.exec(table)![1];
  return body
    .split('<tr>')
    .slice(1)
    .map((tr) =>
      tr
        .split('<td')
        .slice(1)
        .map((td) => td.replace(/^[^>]*>/, '').trim()),
    );
}

beforeAll(() => {
  if (!fs.existsSync(MAIN)) throw new Error(`${MAIN} missing: compile with \`npx tsc -p .\` (npm test does)`);
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'report-test-'));
  dir = path.join(tmp, 'out');
  // Seeds 998-1003: the learned strategy (trained on 1-1000) has held-out seeds here.
  for (const args of [
    ['analyze', 'signora', 'winery', '--seeds', '998-1003', '--max-nodes', '2000', '--workers', '1', '--quiet', '--out', dir],
    ['strategies', dir],
  ]) {
    const r = cli(...args);
    if (r.status !== 0) throw new Error(`${args.join(' ')}: ${r.stderr}`);
  }
  const r = cli('report', dir);
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  expect(r.stdout).toBe(`${path.join(dir, REPORT_FILE)}\n`);
  html = fs.readFileSync(path.join(dir, REPORT_FILE), 'utf8');
});
afterAll(() => {
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

describe('solitaire report', () => {
  it('holds every chart solitaire chart draws, inline', async () => {
    const charts = await renderCharts(readChartData(dir));
    expect([...charts.keys()]).toEqual(['signora-ranks.svg', 'signora-deals.svg', 'outcomes.svg', 'strategies.svg']);
    for (const [file, svg] of charts) {
      const id = `chart-${file.replace(/\.svg$/, '')}`;
      expect(html).toContain(`<figure id="${id}">\n${svg.trim()}\n<figcaption>${file}</figcaption></figure>`);
    }
    expect(html.match(/<svg /g)).toHaveLength(charts.size);
  });

  it('holds the results, strategies with their paired tests, and a row per deal of every game', () => {
    expect(tableRows('results').map((r) => r.slice(0, 2))).toEqual([
      ['Signora', 'best'],
      ['Signora', 'any'],
      ['Winery', 'any'],
    ]);
    expect(tableRows('ranks-signora').length).toBeGreaterThan(0);
    const strategies = tableRows('strategies').map((r) => r[1]);
    expect(strategies[0]).toBe('best');
    expect(strategies).toContain('learned, seeds 1001-1003');
    for (const name of strategies.map((s) => s.replace(/,.*/, ''))) expect(html).toContain(`<dt>${name}</dt>`);
    const paired = fs.readFileSync(path.join(dir, 'strategies-paired.csv'), 'utf8').trim().split('\n').length - 1;
    expect(tableRows('paired-tests')).toHaveLength(paired);
    for (const v of ['signora', 'winery']) {
      const rows = readDealFile(dealFile(dir, v), v);
      const deals = tableRows(`deals-${v}`);
      expect(deals.map((r) => Number(r[0]))).toEqual([998, 999, 1000, 1001, 1002, 1003]);
      // Every rank row of the file is a W, L or ? cell; the others are empty.
      const ranked = rows.filter((r) => r.base !== 'any').length;
      expect(deals.flatMap((r) => r.slice(7)).filter((c) => c !== '')).toHaveLength(ranked);
    }
    expect(html).toMatch(/<table id="deals-signora" class="sortable">/);
  });

  it("holds run.json and each game's command", () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'run.json'), 'utf8'));
    expect(html).toContain(JSON.stringify(manifest, null, 2).replace(/"/g, '&quot;'));
    expect(tableRows('provenance').map((r) => r[r.length - 1])).toEqual([manifest.variants.signora.command, manifest.variants.winery.command]);
  });

  it('is self-contained: nothing fetched, a few lines of script', () => {
    expect(html).not.toMatch(/<link|<img|<iframe|\ssrc=|url\(|@import/);
    expect(html).not.toMatch(/href="(?!#)/);
    const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)];
    expect(scripts).toHaveLength(1);
    expect(scripts[0][1].trim().split('\n').length).toBeLessThanOrEqual(12);
  });

  it('the same files give the same bytes', () => {
    const again = cli('report', dir);
    expect(again.status).toBe(0);
    expect(fs.readFileSync(path.join(dir, REPORT_FILE), 'utf8')).toBe(html);
  });
});

describe('solitaire report: bad input is one line, exit 2, nothing written', () => {
  /** A copy of the analysed directory, changed by `spoil`. */
  function spoilt(name: string, spoil: (d: string) => void): string {
    const d = path.join(tmp, name);
    fs.cpSync(dir, d, { recursive: true });
    fs.rmSync(path.join(d, REPORT_FILE));
    spoil(d);
    return d;
  }
  const cases: [string, () => string, RegExp][] = [
    ['a missing directory', () => path.join(tmp, 'nope'), /is not a directory/],
    ['a file', () => path.join(dir, 'run.json'), /is not a directory/],
    [
      'an empty directory',
      () => {
        const d = path.join(tmp, 'empty');
        fs.mkdirSync(d);
        return d;
      },
      /nothing to report/,
    ],
    [
      'a malformed summary',
      () => spoilt('bad-summary', (d) => fs.writeFileSync(summaryFile(d, 'winery'), 'variant,base\nwinery,any\n')),
      /winery-summary\.csv/,
    ],
    [
      'a run that did not finish',
      () =>
        spoilt('unfinished', (d) => {
          const m = JSON.parse(fs.readFileSync(path.join(d, 'run.json'), 'utf8'));
          delete m.variants.signora.finished;
          fs.writeFileSync(path.join(d, 'run.json'), JSON.stringify(m));
        }),
      /did not finish/,
    ],
    [
      'a malformed paired file',
      () => spoilt('bad-paired', (d) => fs.appendFileSync(path.join(d, 'strategies-paired.csv'), 'signora,1\n')),
      /strategies-paired\.csv line/,
    ],
    ['a report.html that is a directory', () => spoilt('report-dir', (d) => fs.mkdirSync(path.join(d, REPORT_FILE))), /report\.html/],
  ];
  for (const [what, make, msg] of cases)
    it(what, () => {
      const d = make();
      const before = fs.existsSync(d) && fs.statSync(d).isDirectory() ? fs.readdirSync(d).sort() : null;
      const r = cli('report', d);
      expect(r.status).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.split('\n')).toEqual([expect.stringMatching(/^solitaire: /), '']);
      expect(r.stderr).toMatch(msg);
      if (before) expect(fs.readdirSync(d).sort()).toEqual(before);
    });
});

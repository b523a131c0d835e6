// The report of the published results (`solitaire report`, src/cli/report.ts) in headless Chromium,
// driven by puppeteer-core (which downloads no browser): the page loads with no console error and
// asks for nothing over the network, every chart is drawn, every table is there, and a click on a
// header sorts its table. Run by `npm run test:browser` (vitest.browser.config.mts), not by `npm test`.
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '..', '..');
const MAIN = path.join(ROOT, 'dist', 'src', 'cli', 'main.js');
const PUBLISHED = path.join(ROOT, 'results', 'published');
const CANDIDATES = [process.env.CHROMIUM, '/usr/bin/chromium', '/usr/lib/chromium/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

let tmp: string;
let browser: Browser;
/** A game's deals in the published run (seeds 1-N in run.json): one row each in its per-deal table. */
const dealsOf = (g: string): number => {
  const seeds = JSON.parse(fs.readFileSync(path.join(PUBLISHED, 'run.json'), 'utf8')).variants[g].seeds;
  return seeds.to - seeds.from + 1;
};
let page: Page;
const problems: string[] = [];

/** The text of one column of a table's body, top to bottom. */
const column = (id: string, i: number) =>
  page.$$eval(
    `#${id} tbody tr`,
    (rows, k) => rows.map((r) => (r as unknown as { cells: { textContent: string | null }[] }).cells[k as number].textContent ?? ''),
    i,
  );

beforeAll(async () => {
  const executablePath = CANDIDATES.find((p) => p && fs.existsSync(p));
  if (!executablePath) throw new Error(`no Chromium found (tried ${CANDIDATES.filter((p) => p).join(', ')}; set CHROMIUM): apt-get install chromium`);
  if (!fs.existsSync(MAIN)) throw new Error(`${MAIN} missing: npm run build`);
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'report-browser-'));
  const dir = path.join(tmp, 'published');
  fs.cpSync(PUBLISHED, dir, { recursive: true });
  const r = spawnSync(process.execPath, [MAIN, 'report', dir], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`solitaire report: ${r.stderr}`);
  browser = await puppeteer.launch({ executablePath, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  page = await browser.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warn') problems.push(`console ${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e instanceof Error ? e.message : String(e)}`));
  page.on('request', (q) => {
    if (!q.url().startsWith('file://')) problems.push(`request: ${q.url()}`);
  });
  page.on('requestfailed', (q) => problems.push(`request failed: ${q.url()}`));
  await page.setViewport({ width: 1400, height: 1000 });
  await page.goto(`file://${path.join(dir, 'report.html')}`, { waitUntil: 'load' });
});
afterAll(async () => {
  await browser?.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

describe('report.html in Chromium', () => {
  it('loads with no console error and fetches nothing', () => {
    expect(problems).toEqual([]);
  });

  it('draws every chart', async () => {
    const charts = await page.$$eval('figure[id^="chart-"]', (fs) =>
      fs.map((f) => {
        const box = f.querySelector('svg')!.getBoundingClientRect();
        return { id: f.id, width: box.width, height: box.height };
      }),
    );
    expect(charts.map((c) => c.id)).toEqual([
      'chart-signora-ranks',
      'chart-signora-deals',
      'chart-double-signora-ranks',
      'chart-double-signora-deals',
      'chart-empress-of-italy-ranks',
      'chart-empress-of-italy-deals',
      'chart-outcomes',
      'chart-strategies',
    ]);
    for (const c of charts) expect(c.width * c.height, c.id).toBeGreaterThan(100_000);
  });

  it('has every table, each with rows', async () => {
    const games = ['signora', 'double-signora', 'empress-of-italy', 'red-and-black', 'winery'];
    const ids = [
      'provenance',
      'results',
      'ranks-signora',
      'ranks-double-signora',
      'ranks-empress-of-italy',
      'strategies',
      'paired-tests',
      ...games.map((g) => `deals-${g}`),
    ];
    for (const id of ids) expect(await page.$$eval(`#${id} tbody tr`, (rows) => rows.length), id).toBeGreaterThan(0);
    for (const g of games) expect(await page.$$eval(`#deals-${g} tbody tr`, (rows) => rows.length), g).toBe(dealsOf(g));
    expect(await column('strategies', 1)).toContain(`learned, seeds 1001-${dealsOf('signora')}`);
  });

  it('sorts a table by the column whose header is clicked, then the other way round', async () => {
    await page.click('#details-signora > summary');
    const seedHeader = '#deals-signora thead th:nth-child(1)';
    const nodesHeader = '#deals-signora thead th:nth-child(4)';
    await page.click(nodesHeader);
    const nodes = (await column('deals-signora', 3)).map(Number);
    expect(nodes).toEqual([...nodes].sort((a, b) => a - b));
    expect(await page.$eval(nodesHeader, (th) => th.getAttribute('aria-sort'))).toBe('ascending');
    await page.click(seedHeader);
    await page.click(seedHeader);
    const seeds = (await column('deals-signora', 0)).map(Number);
    expect(seeds[0]).toBe(dealsOf('signora'));
    expect(seeds).toEqual([...seeds].sort((a, b) => b - a));
    expect(await page.$eval(seedHeader, (th) => th.getAttribute('aria-sort'))).toBe('descending');
    // A column of percentages sorts as numbers.
    await page.click('#strategies thead th:nth-child(7)');
    const rates = (await column('strategies', 6)).map((t) => Number(t.replace('%', '')));
    expect(rates).toEqual([...rates].sort((a, b) => a - b));
    expect(problems).toEqual([]);
  });
});

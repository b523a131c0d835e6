// `solitaire report DIR`: one self-contained page, DIR/report.html, of an analysis output directory:
// the run's provenance (run.json), the results table, every chart (inline SVG, as `solitaire chart`
// draws them), the strategies with their paired tests (strategies-paired.csv), and per-deal tables
// that sort when a header is clicked. Nothing is fetched: style, script and charts are inline.
// Bad input (not a directory, nothing to report, files that disagree or do not parse, a report.html
// that cannot be written) is one line, exit 2, nothing written.
import * as fs from 'fs';
import * as path from 'path';
import type { Command } from 'commander';
import { checkFolder } from '../analysis/consistency';
import { type Manifest, ManifestError, type RunEntry, readManifest } from '../analysis/manifest';
import { RANKS } from '../cards/card';
import { getRules, variantNames } from '../rules/variants';
import { percent, points, thousands } from '../records/format';
import { type Cell, esc, htmlPage, htmlTable } from '../records/html';
import { OutputError } from '../records/outputs';
import { type DealRow, RecordsError, type SummaryRow, dealFile, readDealFile } from '../records/records';
import { winRate } from '../records/stats';
import { learnedLabel, legendEntries } from '../records/strategy-notes';
import { writeFilesWhole } from '../records/svg';
import { groupBySeed, orVerdict } from '../records/verdicts';
import { strategyNames } from '../strategy/legend';
import { PAIRED_FILE, readPairedFile } from '../strategy/strategy-eval';
import { type ChartData, readChartData, renderCharts } from './compose';
import { UsageError, settle } from './errors';
import { out } from './io';

export const REPORT_FILE = 'report.html';

/** Everything the page shows, read from the directory before anything is drawn. */
interface ReportData extends ChartData {
  manifest: Manifest | null;
  /** The per-deal rows of every game with a per-deal file. */
  allDeals: Map<string, DealRow[]>;
  /** strategies-paired.csv's rows as fields, or null without the file. */
  paired: string[][] | null;
}

const badInput = (e: unknown) => e instanceof RecordsError || e instanceof OutputError || e instanceof ManifestError;

/** Reads what the page shows (RecordsError, ManifestError: a malformed or unfinished folder). */
function readReportData(dir: string): ReportData {
  checkFolder(dir);
  const allDeals = new Map<string, DealRow[]>();
  for (const v of variantNames()) if (fs.existsSync(dealFile(dir, v))) allDeals.set(v, readDealFile(dealFile(dir, v), v));
  return { ...readChartData(dir), manifest: readManifest(dir), allDeals, paired: readPairedFile(path.join(dir, PAIRED_FILE)) };
}

const rateText = (won: number, deals: number) => (deals ? percent(won / deals) : '-');
/** The interval of a row from its counts, as every table and chart computes it. */
function intervalText(won: number, unknown: number, deals: number): string {
  if (!deals) return '-';
  const e = winRate(won, unknown, deals);
  return `[${percent(e.low)}, ${percent(e.high)}]`;
}
const VERDICT_CLASS: Record<string, string> = { won: 'w', unknown: 'u', lost: 'l' };
const verdictCell = (v: string | undefined): Cell => (v ? { text: v, cls: VERDICT_CLASS[v] } : { text: '' });

/** When a run started: its first part's start, and its last resume if it stopped and was resumed (RunEntry.legs). */
export function startedText(e: RunEntry): string {
  const n = e.legs?.length ?? 0;
  if (n === 0) return e.started ?? '';
  return `${e.legs![0].started ?? 'not recorded'}; resumed ${n === 1 ? 'once' : `${n} times`}, last at ${e.started ?? 'a time not recorded'}`;
}

/** The run's provenance: one row per game of run.json, and the file itself. */
function provenanceSection(m: Manifest | null): string {
  if (!m) return '<p class="note">This directory has no run.json: the seeds, budgets and program that made its files are not recorded.</p>';
  const budget = (e: RunEntry) => `${thousands(e.maxNodes)} nodes${e.timeoutMs === null ? '' : `, ${thousands(e.timeoutMs)} ms`}`;
  const earlier = (e: RunEntry) => (e.earlier ?? []).map((x) => `${thousands(x.maxNodes)} nodes (${x.commit?.slice(0, 7) ?? 'no commit'})`).join('; ');
  const rows = variantNames()
    .filter((v) => m.variants[v])
    .map((v) => {
      const e = m.variants[v];
      const shard = e.shard ? ` shard ${e.shard.index}/${e.shard.count}` : '';
      return [
        getRules(v).title,
        `${e.seeds.from}-${e.seeds.to}${shard}`,
        budget(e),
        earlier(e),
        e.commit?.slice(0, 10) ?? '',
        e.version,
        e.node,
        startedText(e),
        e.finished ?? 'not finished',
        e.command,
      ];
    });
  const head = [
    'game',
    'seeds',
    'node budget per search',
    'earlier runs, unknown rows searched again',
    'commit',
    'version',
    'Node',
    'started',
    'finished',
    'command',
  ];
  const table = htmlTable(head, rows, { id: 'provenance', sortable: false });
  return `<div class="wide">${table}</div>\n<details><summary>run.json</summary><pre>${esc(JSON.stringify(m, null, 2))}</pre></details>`;
}

/** A summary row as table cells: deals, won, unknown, lost, win rate, interval. */
const summaryCells = (r: SummaryRow) => [r.deals, r.won, r.unknown, r.lost, rateText(r.won, r.deals), intervalText(r.won, r.unknown, r.deals)];
const COUNT_HEAD = ['deals', 'won', 'unknown', 'lost', 'win rate', '95% interval'];

/** The results: each game's best and any rows, then each Terrace game's rows by base rank. */
function resultsSection(summaries: Map<string, SummaryRow[]>): string {
  const rows: (string | number)[][] = [];
  for (const [v, s] of summaries)
    for (const r of s.filter((x) => (x.base === 'best' || x.base === 'any') && x.deals > 0)) rows.push([getRules(v).title, r.base, ...summaryCells(r)]);
  const parts = [
    htmlTable(['game', 'row', ...COUNT_HEAD], rows, { id: 'results', numeric: [2, 3, 4, 5, 6] }),
    '<p class="note">best: won with some base rank (Terrace games); any: one search free to choose the base. The interval counts unknown deals as lost (low end) and as won (high end).</p>',
  ];
  for (const [v, s] of summaries) {
    const ranks = s.filter((r) => r.base.length === 1 && r.deals > 0);
    if (ranks.length)
      parts.push(
        htmlTable(
          ['base', ...COUNT_HEAD],
          ranks.map((r) => [r.base, ...summaryCells(r)]),
          { id: `ranks-${v}`, caption: `${getRules(v).title}: by base rank`, numeric: [1, 2, 3, 4, 5] },
        ),
      );
  }
  return parts.join('\n');
}

/** Every chart, inline. */
function chartsSection(charts: Map<string, string>): string {
  return [...charts]
    .map(([file, svg]) => `<figure id="chart-${esc(file.replace(/\.svg$/, ''))}">\n${svg.trim()}\n<figcaption>${esc(file)}</figcaption></figure>`)
    .join('\n');
}

/** The strategies: strategies.csv's rows and the learned one held out, the names explained, the paired tests. */
function strategiesSection(d: ReportData): string {
  if (!d.strategies?.length) return '<p class="note">No strategies.csv here (it needs per-rank rows: analyze a Terrace game with --base all).</p>';
  const rows: (string | number)[][] = [];
  for (const v of variantNames()) {
    for (const r of d.strategies.filter((x) => x.variant === v))
      rows.push([
        getRules(v).title,
        r.strategy,
        r.deals,
        r.won,
        r.deals - r.won - r.lost,
        r.lost,
        rateText(r.won, r.deals),
        intervalText(r.won, r.deals - r.won - r.lost, r.deals),
      ]);
    const l = d.learned.get(v);
    if (l?.row)
      rows.push([
        getRules(v).title,
        learnedLabel(l),
        l.row.deals,
        l.row.won,
        l.row.unknown,
        l.row.lost,
        rateText(l.row.won, l.row.deals),
        intervalText(l.row.won, l.row.unknown, l.row.deals),
      ]);
  }
  const shown = [...rows.map((r) => String(r[1])), ...(rows.some((r) => String(r[1]).startsWith('learned')) ? ['learned'] : [])];
  const legend = legendEntries(strategyNames(), shown)
    .map((n) => `<dt>${esc(n.name)}</dt><dd>${esc(n.meaning)}</dd>`)
    .join('');
  const table = htmlTable(['game', 'strategy', ...COUNT_HEAD], rows, { id: 'strategies', numeric: [2, 3, 4, 5, 6] });
  return `<div class="wide">${table}</div>\n<p class="note">An exposed card is the top card of a tableau pile or of the reserve. A strategy's deal counts as won when the row of the rank it picks is won.</p>\n<dl class="legend">${legend}</dl>\n${pairedSection(d.paired)}`;
}

/** The paired tests of strategies-paired.csv as a sortable table (differences in points). */
function pairedSection(paired: string[][] | null): string {
  if (!paired) return `<p class="note">No ${PAIRED_FILE} here: <code>solitaire strategies DIR</code> writes the paired tests.</p>`;
  const head = [
    'game',
    'seeds',
    'measure',
    'A',
    'B',
    'deals',
    'A won',
    'B won',
    'A only',
    'B only',
    'A − B, points',
    '95% interval',
    'p',
    'Holm p',
    'significant',
  ];
  const rows = paired.map((f) => {
    const [variant, seeds, measure, a, b, deals, aWon, bWon, aOnly, bOnly, diff, low, high, p, pHolm, sig] = f;
    const ci = `[${points(Number(low))}, ${points(Number(high))}]`;
    return [getRules(variant).title, seeds, measure, a, b, deals, aWon, bWon, aOnly, bOnly, points(Number(diff)), ci, p, pHolm, sig];
  });
  const note = `<p class="note">${PAIRED_FILE}: each pair of strategies on the same deals; exact McNemar test, Holm-corrected per game, seeds and measure; budget = won within the per-rank budget, decided = the deals both verdicts decide.</p>`;
  return `<h3 id="paired">Paired tests</h3>\n${note}\n<div class="scroll">${htmlTable(head, rows, { id: 'paired-tests', numeric: [5, 6, 7, 8, 9, 10, 12, 13] })}</div>`;
}

/** One game's per-deal table: a row per deal; Terrace games with the verdict of every base rank. */
function dealTable(v: string, rows: DealRow[]): string {
  const bySeed = [...groupBySeed(rows)].sort((a, b) => a[0] - b[0]);
  const ranks = RANKS.split('').filter((k) => rows.some((r) => r.base === k));
  const out = bySeed.map(([seed, g]) => {
    const any = g.get('any');
    const rankRows = ranks.map((k) => g.get(k)?.result);
    const decided = rankRows.filter((x) => x !== undefined);
    const head = [seed, verdictCell(any?.result), any?.moves ?? '', any?.nodes ?? '', any?.proof ?? ''];
    if (!ranks.length) return head;
    const best = decided.length ? orVerdict(decided) : undefined;
    const cells = rankRows.map((x): Cell => (x ? { text: x === 'won' ? 'W' : x === 'lost' ? 'L' : '?', cls: VERDICT_CLASS[x] } : { text: '' }));
    return [...head, verdictCell(best), decided.filter((x) => x === 'won').length, ...cells];
  });
  const head = ['seed', 'any', 'moves', 'nodes', 'proof', ...(ranks.length ? ['best', 'ranks won', ...ranks] : [])];
  const caption = `${getRules(v).title}: ${bySeed.length} deals`;
  // The rank columns' empty cells: ranks the deal does not offer, grey.
  const grey = ranks.length ? `<style>#deals-${v} td:nth-child(n+8):empty{background:#f0f0f0}</style>` : '';
  return `${grey}<div class="scroll">${htmlTable(head, out, { id: `deals-${v}`, caption, numeric: [0, 2, 3, 6] })}</div>`;
}

/** The per-deal tables, each folded. */
function dealsSection(allDeals: Map<string, DealRow[]>): string {
  const key =
    '<p class="note">any: the search free to choose the base, with its moves, nodes and proof of loss. Terrace games: best = won with some base rank; W won, L lost, ? unknown, grey: the rank cannot be chosen in that deal. Click a header to sort.</p>';
  const tables = [...allDeals].map(
    ([v, rows]) => `<details id="details-${esc(v)}"><summary>${esc(getRules(v).title)}</summary>\n${dealTable(v, rows)}\n</details>`,
  );
  return [key, ...tables].join('\n');
}

/** The page of `dir`, from its data and rendered charts. */
function reportPage(dir: string, d: ReportData, charts: Map<string, string>): string {
  const sections: [string, string, string][] = [
    ['provenance', 'Provenance (run.json)', provenanceSection(d.manifest)],
    ['results', 'Results', resultsSection(d.summaries)],
    ['charts', 'Charts', chartsSection(charts)],
    ['strategies-section', 'Base-card strategies', strategiesSection(d)],
    ['deals', 'Per-deal results', dealsSection(d.allDeals)],
  ];
  const nav = `<nav>${sections.map(([id, h]) => `<a href="#${id}">${esc(h)}</a>`).join('')}</nav>`;
  const body = sections.map(([id, h, html]) => `<h2 id="${id}">${esc(h)}</h2>\n${html}`).join('\n');
  const intro = `<p class="note">Win rates of the deals in ${esc(dir)}, by <code>solitaire report</code>. Every verdict is proved (won: a replayed solution; lost: an exhaustive search) or unknown (the node budget ran out), and unknown deals are never counted as won.</p>`;
  return htmlPage(`Win rates: ${dir}`, `<h1>Win rates: ${esc(dir)}</h1>\n${intro}\n${nav}\n${body}`);
}

/** The HTML text of `dir`'s report (RecordsError, ManifestError on bad files; UsageError when there is nothing to report). */
export async function buildReport(dir: string): Promise<string> {
  const d = readReportData(dir);
  if (d.summaries.size === 0 && d.allDeals.size === 0)
    throw new UsageError(`${dir} holds no <variant>-summary.csv nor <variant>-deals.csv: nothing to report (run solitaire analyze --out ${dir})`);
  return reportPage(dir, d, await renderCharts(d));
}

export function register(program: Command): void {
  program
    .command('report')
    .description(`write ${REPORT_FILE}: one self-contained HTML page of an analysis output directory (tables, charts, strategies, per-deal tables, provenance)`)
    .argument('<dir>', 'output directory of analyze (or merge)')
    .addHelpText(
      'after',
      `
Writes DIR/${REPORT_FILE}, readable offline (no network: style, script and charts are inline): the
run's provenance (run.json), the results table, every chart of solitaire chart, the strategies with
their paired tests (${PAIRED_FILE}, written by solitaire strategies), and a table per game with a row
per deal; click a column's header to sort by it. Prints the file written.

Example:
  solitaire report results/published`,
    )
    .action((dir: string) => {
      if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) throw new UsageError(`${dir} is not a directory`);
      settle(
        buildReport(dir).then((html) => writeFilesWhole(dir, new Map([[REPORT_FILE, html]]))),
        (files) => out(files.join('\n')),
        badInput,
      );
    });
}

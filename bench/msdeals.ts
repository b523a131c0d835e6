// Microsoft FreeCell deals against the published facts (issue 27): every deal of 1-32000 but 11982
// is won with four cells, and 11982 is lost. One deal at a time, one search each, on one core.
//
//   npm run bench:msdeals -- [--deals 1-1000] [--max-nodes 2M] [--cells 4] [--search auto]
//                            [--also 11982] [--check-boards]
//
// Prints won / lost / unknown, the node and time totals, the slowest deals, and every deal that is
// not won (11982 is expected lost; any other is a finding). --also adds single deals to the range.
// Node counts are deterministic; times depend on the machine. --check-boards also compares each
// deal's fc-solve board text (dealToFcs) with what fc-solve's own make-microsoft-freecell-board
// prints for it (Debian package freecell-solver-bin; it writes 10 for T), and says how many agree.
import { getRules } from '../src/rules/variants';
import { spawnSync } from 'child_process';
import { dealToFcs, msDeal } from '../src/engine/msdeal';
import { isSearchKind } from '../src/solver/registry';
import { solve } from '../src/solver/solve';
import { TranspositionTable } from '../src/search/core/tt';
import { arg, countArg, fail, parseRange } from './util';

function main(): void {
  let range: { from: number; to: number };
  try {
    range = parseRange(arg('deals', '1-1000'), '--deals');
  } catch (e) {
    fail('bench:msdeals', (e as Error).message);
  }
  const maxNodes = countArg('max-nodes', '2M');
  const cells = countArg('cells', '4');
  const search = arg('search', 'auto');
  if (!Number.isSafeInteger(maxNodes) || maxNodes < 1) fail('bench:msdeals', 'bad --max-nodes');
  if (!isSearchKind(search)) fail('bench:msdeals', `bad --search ${search}`);
  const rules = getRules('freecell', { cells });
  const deals: number[] = [];
  for (let n = range.from; n <= range.to; n++) deals.push(n);
  for (const t of arg('also', '')
    .split(',')
    .filter((x) => x))
    if (!deals.includes(Number(t))) deals.push(Number(t));
  const tt = new TranspositionTable(64);
  const notWon: string[] = [];
  const times: { n: number; ms: number; nodes: number }[] = [];
  let won = 0;
  let lost = 0;
  let unknown = 0;
  let nodes = 0;
  const t0 = Date.now();
  for (const n of deals) {
    const t = Date.now();
    const r = solve(msDeal(rules, n), { maxNodes, search, tt });
    const ms = Date.now() - t;
    times.push({ n, ms, nodes: r.stats.nodes });
    nodes += r.stats.nodes;
    if (r.result === 'won') won++;
    else {
      if (r.result === 'lost') lost++;
      else unknown++;
      notWon.push(`${n}: ${r.result}${r.proof ? ` (${r.proof})` : ''}, ${r.stats.nodes} nodes, ${ms} ms`);
    }
  }
  const secs = (Date.now() - t0) / 1000;
  console.log(
    `Microsoft FreeCell deals ${range.from}-${range.to}${deals.length > range.to - range.from + 1 ? ` and ${deals.slice(range.to - range.from + 1).join(', ')}` : ''}, ${cells} cells, --max-nodes ${maxNodes}, --search ${search}`,
  );
  console.log(
    `deals ${deals.length}: won ${won}, lost ${lost}, unknown ${unknown}; ${nodes} nodes, ${secs.toFixed(1)} s (${((1000 * secs) / deals.length).toFixed(1)} ms a deal)`,
  );
  times.sort((a, b) => b.ms - a.ms);
  console.log(
    `slowest: ${times
      .slice(0, 5)
      .map((x) => `${x.n} (${x.ms} ms, ${x.nodes} nodes)`)
      .join(', ')}`,
  );
  console.log(notWon.length ? `not won:\n  ${notWon.join('\n  ')}` : 'not won: none');
  if (process.argv.includes('--check-boards')) checkBoards(deals, rules);
}

/** Our board text of each deal against fc-solve's make-microsoft-freecell-board. */
function checkBoards(deals: number[], rules: ReturnType<typeof getRules>): void {
  const differ: number[] = [];
  for (const n of deals) {
    const r = spawnSync('make-microsoft-freecell-board', [String(n)], { encoding: 'utf8' });
    if (r.error || r.status !== 0)
      fail('bench:msdeals', `make-microsoft-freecell-board ${n} failed (apt-get install freecell-solver-bin): ${r.error?.message ?? r.stderr}`);
    if (r.stdout.replace(/10([CDHS])/g, 'T$1').trim() !== dealToFcs(msDeal(rules, n)).trim()) differ.push(n);
  }
  console.log(
    `boards against make-microsoft-freecell-board: ${deals.length - differ.length} of ${deals.length} identical${differ.length ? `; differ: ${differ.slice(0, 20).join(', ')}` : ''}`,
  );
}

main();

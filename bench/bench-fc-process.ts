// Section 3 of the bench (--fc-process, secondary): fc-solve as one process per deal (bench/fcsolve.ts)
// on the deals of Winery, FreeCell-4 and FreeCell-2, run before our solver (fcProcessRuns), then set
// against our runs of the same deals, verdict conflicts diagnosed (fcProcessSection).
import { type Deal, dealFromSeed } from '../src/engine/deal';
import type { Verdict } from '../src/proof/proof';
import { solve } from '../src/solver/solve';
import { type BenchOptions, count, type Ctx, f2, f3, FC_TABLES, type FcDeal, type OurDeal, tableRules, timedRow } from './bench-common';
import { ensureFcSolve, fcMovesToSpecs, measureStartCost, replayOurs, runFcSolve, type StartCost } from './fcsolve';
import { pad, quantile, sortNum, sum } from './util';

interface Conflict {
  variant: string;
  seed: number;
  ours: Verdict;
  fc: Verdict;
  diagnosis: string;
}

function runFc(label: string, o: BenchOptions, bin: string, start: StartCost): FcDeal[] {
  const rules = tableRules(label);
  const out: FcDeal[] = [];
  for (let seed = o.from; seed <= o.to; seed++) {
    const deal = dealFromSeed(rules, seed);
    // Same wall budget as ours, plus the process start (which ours does not pay per deal).
    const run = runFcSolve(deal, { bin, maxIters: o.fcIters, timeoutMs: o.timeoutMs + Math.ceil(start.medianMs), atomic: o.fcAtomic });
    const d: FcDeal = { seed, run, netMs: Math.max(0, run.ms - start.medianMs) };
    if (run.result === 'won' && run.moves) {
      const rep = fcMovesToSpecs(deal, run.moves);
      if (!rep.won) d.replayError = rep.error ?? 'replay ends short of a win';
    }
    out.push(d);
  }
  return out;
}

/** Explains a deal where one solver says won and the other lost. */
export function diagnose(deal: Deal, ours: OurDeal, fc: FcDeal, o: BenchOptions, bin: string): string {
  const parts: string[] = [];
  if (ours.result === 'won') {
    const r = solve(deal, { search: o.search, timeoutMs: Math.max(o.timeoutMs, 5000), maxNodes: 1e12 });
    const rep = r.result === 'won' ? replayOurs(deal, r.moves) : null;
    if (rep?.won) parts.push(`our ${r.moves.length}-move solution replays to a win with playChecked: fc-solve's "could not solve" is wrong for these rules`);
    else parts.push(`our won does NOT replay (${rep ? (rep.error ?? 'not won at the end') : 'solver did not win again'}): bug in our solver`);
  } else {
    const rep = fc.run.moves ? fcMovesToSpecs(deal, fc.run.moves) : null;
    if (rep?.won)
      parts.push(
        `fc-solve's solution (${fc.run.moves!.length} moves, ${rep.played} single-card) replays to a win on our engine: our "lost" is WRONG (solver bug)`,
      );
    else parts.push(`fc-solve's solution does not replay on our engine (${rep?.error ?? 'no moves'}): a rules difference or an fc-solve error`);
  }
  const atomic = runFcSolve(deal, { bin, maxIters: 20_000_000, timeoutMs: 30_000, atomic: true });
  parts.push(`fc-solve atomic moves (-to 01ABCDE): ${atomic.result} (${atomic.status}${atomic.iterations !== null ? `, ${atomic.iterations} states` : ''})`);
  return parts.join('; ');
}

/**
 * Section 3, first half: fc-solve as one process per deal, run before our solver. Why first: an
 * install (if needed) must not fall in the middle of the timings, and spawning a process costs more
 * the more memory this process has touched (fork copies its page tables: about 1.5 ms per call from
 * a 50 MB process, 9-15 ms from a 300 MB one), which after our solver's runs would be charged to
 * fc-solve. The start cost is measured right before each table, in the same conditions as its calls.
 */
export function fcProcessRuns(ctx: Ctx): void {
  const { o, rows, fcRuns } = ctx;
  if (o.fc) {
    const p = ensureFcSolve({ install: o.install, log: (l) => console.log(l) });
    console.log(p.bin ? `fc-solve (${p.how}): ${p.message}` : `fc-solve comparison skipped: ${p.message}`);
    ctx.fcBin = p.bin;
    ctx.fcNote = p.version ?? '';
    const fcBin = ctx.fcBin;
    if (fcBin) {
      try {
        for (const label of FC_TABLES) {
          const start = measureStartCost(fcBin);
          fcRuns.set(label, { start, deals: runFc(label, o, fcBin, start) });
          rows.push({
            section: 'fc-start',
            variant: label,
            solver: 'fc-solve',
            deals: start.samples.length,
            median_ms: f2(start.medianMs),
            net_median_ms: f2(start.medianMs),
            note: `trivial board; min ${start.minMs.toFixed(2)} max ${start.maxMs.toFixed(2)} ms; parent rss ${(process.memoryUsage.rss() / 2 ** 20).toFixed(0)} MB`,
          });
        }
        const st = [...fcRuns.values()].map((r) => r.start);
        console.log(
          `fc-solve process start (trivial board, ${st[0].samples.length} calls before each table): median ${st.map((x) => x.medianMs.toFixed(2)).join(' / ')} ms ` +
            `(min ${Math.min(...st.map((x) => x.minMs)).toFixed(2)}, max ${Math.max(...st.map((x) => x.maxMs)).toFixed(2)})`,
        );
      } catch (e) {
        console.log(`fc-solve comparison skipped: ${(e as Error).message}`);
        ctx.fcBin = null;
        fcRuns.clear();
      }
    }
  }
}

/** Section 3, second half: the process-per-deal fc-solve figures against ours, with verdict conflicts diagnosed. */
export function fcProcessSection(ctx: Ctx): void {
  const { o, rows, ours, seeds, fcRuns, fcNote } = ctx;
  const fcBin = ctx.fcBin;
  const conflicts: Conflict[] = [];
  if (fcBin && fcRuns.size) {
    const starts = FC_TABLES.map((t) => fcRuns.get(t)!.start.medianMs.toFixed(2)).join(' / ');
    console.log(
      `\nfc-solve on the same deals (${o.fcAtomic ? 'atomic moves -to 01ABCDE' : 'default meta-moves'}, -mi ${o.fcIters}, killed after ${o.timeoutMs} ms + start); net = raw - start cost (${starts} ms)`,
    );
    console.log(
      'variant        solver      deals   won  lost  unk  median ms  net med ms    p95 ms   deals/s  net deals/s  fc/ours  net fc/ours  agree/both  conflicts',
    );
    for (const label of FC_TABLES) {
      const our = ours.get(label)!;
      const fc = fcRuns.get(label)!.deals;
      const ourTotal = sum(our.deals.map((d) => d.ms)) / 1000;
      const ourDps = our.deals.length / ourTotal;
      const raw = sortNum(fc.map((d) => d.run.ms));
      const net = sortNum(fc.map((d) => d.netMs));
      const rawTotal = sum(raw) / 1000;
      const netTotal = sum(net) / 1000;
      const dps = fc.length / rawTotal;
      const netDps = fc.length / netTotal;
      const c = count(fc.map((d) => d.run.result));
      let both = 0;
      let agree = 0;
      const mine: Conflict[] = [];
      const rules = tableRules(label);
      fc.forEach((f, i) => {
        const u = our.deals[i];
        if (u.seed !== f.seed) throw new Error('internal: seeds out of step');
        if (u.result === 'unknown' || f.run.result === 'unknown') return;
        both++;
        if (u.result === f.run.result) agree++;
        else mine.push({ variant: label, seed: f.seed, ours: u.result, fc: f.run.result, diagnosis: diagnose(dealFromSeed(rules, f.seed), u, f, o, fcBin!) });
      });
      conflicts.push(...mine);
      const iters = sum(fc.map((d) => d.run.iterations ?? 0));
      const errors = fc.filter((d) => d.run.error);
      const fails = fc.filter((d) => d.replayError);
      const ourMs = our.deals.map((d) => d.ms);
      const medOurs = quantile(sortNum(ourMs), 0.5);
      rows.push({
        ...timedRow(
          'fc-solve',
          label,
          o.fcAtomic ? 'fc-solve-atomic' : 'fc-solve',
          seeds,
          o.timeoutMs,
          fc.map((d) => d.run.result),
          raw,
        ),
        net_median_ms: f2(quantile(net, 0.5)),
        total_s: f3(rawTotal),
        deals_per_s: f2(dps),
        net_deals_per_s: f2(netDps),
        work_per_s: rawTotal > 0 ? Math.round(iters / rawTotal) : '',
        ratio_vs_ours: f2(dps / ourDps),
        net_ratio_vs_ours: f2(netDps / ourDps),
        both_resolved: both,
        agree,
        conflicts: mine.length,
        replay_failures: fails.length,
        note: [
          fcNote,
          ...mine.map((k) => `seed ${k.seed}: ours ${k.ours}, fc-solve ${k.fc}`),
          ...errors.slice(0, 3).map((d) => `seed ${d.seed}: ${d.run.error}`),
          ...fails.map((d) => `seed ${d.seed}: fc solution does not replay: ${d.replayError}`),
        ]
          .filter(Boolean)
          .join('; '),
      });
      const cells = `${label === 'winery' ? 'winery' : label === 'freecell' ? 'freecell-4' : label}`;
      console.log(
        `${pad(cells, 14, true)} ${pad('ours', 11, true)} ${pad(our.deals.length, 5)} ${pad(count(our.deals.map((d) => d.result)).won, 5)} ${pad(count(our.deals.map((d) => d.result)).lost, 5)} ${pad(count(our.deals.map((d) => d.result)).unknown, 4)} ${pad(medOurs.toFixed(1), 10)} ${pad('-', 11)} ${pad(quantile(sortNum(ourMs), 0.95).toFixed(1), 9)} ${pad(ourDps.toFixed(2), 9)} ${pad('-', 12)} ${pad('', 8)} ${pad('', 12)}`,
      );
      console.log(
        `${pad('', 14, true)} ${pad('fc-solve', 11, true)} ${pad(fc.length, 5)} ${pad(c.won, 5)} ${pad(c.lost, 5)} ${pad(c.unknown, 4)} ${pad(quantile(raw, 0.5).toFixed(1), 10)} ${pad(quantile(net, 0.5).toFixed(1), 11)} ${pad(quantile(raw, 0.95).toFixed(1), 9)} ${pad(dps.toFixed(2), 9)} ${pad(netDps.toFixed(2), 12)} ${pad((dps / ourDps).toFixed(2) + 'x', 8)} ${pad((netDps / ourDps).toFixed(2) + 'x', 12)} ${pad(`${agree}/${both}`, 11)} ${pad(mine.length, 10)}`,
      );
      for (const d of errors.slice(0, 3)) console.log(`  fc-solve error on seed ${d.seed}: ${d.run.error}`);
      for (const d of fails) console.log(`  fc-solve solution of seed ${d.seed} does not replay on our engine: ${d.replayError}`);
    }
    console.log('fc/ours = fc-solve deals per second / ours (same deals, same budget); > 1 means fc-solve is faster.');
    if (conflicts.length === 0) console.log('verdict conflicts (one won, the other lost): none');
    else {
      console.log(`verdict conflicts (one won, the other lost): ${conflicts.length}`);
      for (const k of conflicts) console.log(`  ${k.variant} seed ${k.seed}: ours ${k.ours}, fc-solve ${k.fc}: ${k.diagnosis}`);
    }
  }
}

// Section 4 of the bench, the fair comparison: fc-solve's library in process (bench/fclib.ts,
// bench/fcs-harness.c) on the same deals of Winery, FreeCell-4 and FreeCell-2 with its default,
// -l lg and atomic presets, against our solve() timed the same way; lg in alternating rounds, whose
// ratio is the median of the rounds' ratios, with their range.
import { dealFromSeed } from '../src/engine/deal';
import { TranspositionTable } from '../src/search/core/tt';
import { agreement, count, type Ctx, f2, f3, FC_TABLES, tableRules, timedRow } from './bench-common';
import { runOurs } from './bench-ours';
import { buildHarness, FC_PRESETS, type LibRun, runLib } from './fclib';
import { fcMovesToSpecs, fcVersion } from './fcsolve';
import { median, pad, quantile, sortNum, sum } from './util';

/** Section 4: fc-solve's library in process on the same deals (the fair comparison). */
export function fcLibSection(ctx: Ctx): void {
  const { o, rows, ours, seeds } = ctx;
  if (o.fcLib) {
    const tt = new TranspositionTable(64); // for the rounds of our solver against lg
    const h = buildHarness({ install: o.install, log: (l) => console.log(l) });
    if ('why' in h) console.log(`\nin-process fc-solve comparison skipped: ${h.why}`);
    else {
      const libNote = `fc-solve ${fcVersion() ?? '(version unknown)'} library`;
      console.log(
        `\nin process, same deals, one core each: our solve() against fc-solve's library (bench/fcs-harness.c), ${o.timeoutMs} ms and ${o.fcIters} iterations per deal for fc-solve`,
      );
      console.log('table          solver          deals   won  lost  unk  median ms    p95 ms    deals/s  ours/fc  agree/both  replay fails');
      for (const label of FC_TABLES) {
        const our = ours.get(label)!;
        const rules = tableRules(label);
        const deals = our.deals.map((d) => dealFromSeed(rules, d.seed));
        const ourMs = sortNum(our.deals.map((d) => d.ms));
        const ourDps = our.deals.length / (sum(ourMs) / 1000);
        const oc = count(our.deals.map((d) => d.result));
        console.log(
          `${pad(label === 'freecell' ? 'freecell-4' : label, 14, true)} ${pad('ours', 15, true)} ${pad(deals.length, 5)} ${pad(oc.won, 5)} ${pad(oc.lost, 5)} ${pad(oc.unknown, 4)} ${pad(quantile(ourMs, 0.5).toFixed(2), 10)} ${pad(quantile(ourMs, 0.95).toFixed(2), 9)} ${pad(ourDps.toFixed(1), 10)}`,
        );
        for (const preset of Object.keys(FC_PRESETS)) {
          const lib = (): LibRun[] => runLib(h.bin, deals, preset, { maxIters: o.fcIters, timeoutMs: o.timeoutMs });
          const perSec = (ms: number[]) => ms.length / (sum(ms) / 1000);
          let runs: LibRun[];
          let dps: number;
          let ourRef = ourDps;
          let ratio = ourDps; // ours / fc-solve, set below
          let roundsNote = '';
          if (preset === 'lg') {
            // o.rounds alternating rounds, ours then lg (verdicts: the first round's). The ratio is the
            // median of the rounds' ratios, with their range; each side's deals/s its median round.
            runs = [];
            const ourRounds: number[] = [];
            const lgRounds: number[] = [];
            const ratios: number[] = [];
            for (let k = 0; k < o.rounds; k++) {
              const a = perSec(runOurs(label, o, tt).deals.map((d) => d.ms));
              const more = lib();
              if (k === 0) runs = more;
              const b = perSec(more.map((r) => r.ms));
              ourRounds.push(a);
              lgRounds.push(b);
              ratios.push(a / b);
            }
            ourRef = median(ourRounds);
            dps = median(lgRounds);
            ratio = median(ratios);
            const sorted = sortNum(ratios);
            roundsNote = `median of ${o.rounds} alternating rounds, ours/lg ${ratio.toFixed(3)}x (rounds ${sorted[0].toFixed(3)}-${sorted[sorted.length - 1].toFixed(3)}); ours ${ourRef.toFixed(1)} deals/s`;
            console.log(`${pad('', 14, true)} ${pad(`ours, median of ${o.rounds}`, 15, true)} ${pad('', 39)} ${pad(ourRef.toFixed(1), 10)}`);
          } else {
            runs = lib();
            dps = perSec(runs.map((r) => r.ms));
            ratio = ourDps / dps;
          }
          const ms = sortNum(runs.map((r) => r.ms));
          const c = count(runs.map((r) => r.result));
          const fails: string[] = [];
          runs.forEach((r, i) => {
            if (r.result !== 'won' || !r.moves) return;
            const rep = fcMovesToSpecs(deals[i], r.moves);
            if (!rep.won) fails.push(`seed ${our.deals[i].seed}: ${rep.error ?? 'not won at the end'}`);
          });
          const { both, agree, disagree } = agreement(
            our.deals.map((d) => d.seed),
            our.deals.map((d) => d.result),
            runs.map((r) => r.result),
          );
          rows.push({
            ...timedRow(
              'fc-lib',
              label,
              `fc-lib-${preset}`,
              seeds,
              o.timeoutMs,
              runs.map((r) => r.result),
              ms,
            ),
            total_s: f3(sum(ms) / 1000),
            deals_per_s: f2(dps),
            net_deals_per_s: f2(dps),
            work_per_s: Math.round(sum(runs.map((r) => r.iterations ?? 0)) / (sum(ms) / 1000)),
            ratio_vs_ours: f2(1 / ratio),
            both_resolved: both,
            agree,
            conflicts: disagree.length,
            replay_failures: fails.length,
            note: [libNote, roundsNote, ...disagree, ...fails].filter(Boolean).join('; '),
          });
          console.log(
            `${pad('', 14, true)} ${pad(`fc-solve ${preset}`, 15, true)} ${pad(runs.length, 5)} ${pad(c.won, 5)} ${pad(c.lost, 5)} ${pad(c.unknown, 4)} ${pad(quantile(ms, 0.5).toFixed(2), 10)} ${pad(quantile(ms, 0.95).toFixed(2), 9)} ${pad(dps.toFixed(1), 10)} ${pad(ratio.toFixed(3) + 'x', 8)} ${pad(`${agree}/${both}`, 11)} ${pad(fails.length, 13)}`,
          );
          if (roundsNote) console.log(`  ${label === 'freecell' ? 'freecell-4' : label} lg: ${roundsNote}`);
          for (const d of disagree) console.log(`  ${label} ${preset}: ${d}`);
          for (const f of fails) console.log(`  ${label} ${preset}: fc-solve's solution does not replay on our engine: ${f}`);
        }
      }
      console.log("ours/fc = our deals per second / fc-solve's, in process on the same deals; < 1 means fc-solve is faster.");
      console.log(
        `lg: ${o.rounds} alternating round(s) (ours, lg, ours, lg, ...) run here, the median of the rounds' ratios and its range; the other presets: one run each, against our run above.`,
      );
      console.log('fc-solve\'s default and lg presets use meta-moves: their "lost" is not a proof (atomic is complete).');
    }
  }
}

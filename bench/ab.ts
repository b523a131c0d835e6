// Two builds of the solver on the same searches, in one process, taking turns: how much faster is
// one than the other at the same node budget, and do they give the same verdicts and nodes? Each
// build is a checkout built with `npm run build` (its dist/ is imported); each round solves every
// pair once with each build, the first build to go alternating from round to round, and the ratio
// of a round is old time / new time over its pairs. Prints each round and the median ratio with its
// range (never the best round alone). A verdict or node count that differs is printed as DIFFERENT:
// a change meant to keep behaviour must show none.
//
//   node dist/bench/ab.js --old DIR [--new DIR] --variant V --pairs SEED/BASE,... [--nodes 2M] [--rounds 6]
//
// BASE is a rank (A 2..9 T J Q K) or `-` for the variant's default (Red and Black, Winery, FreeCell).
import { resolve } from 'node:path';
import { arg, checkOptions, countArg, fail } from './util';

const USAGE = `node dist/bench/ab.js --old DIR [--new DIR] --variant V --pairs SEED/BASE,... [--nodes 2M] [--rounds 6]
Two builds (checkouts built with npm run build; --new defaults to this one) solve the same pairs at
the same node budget in one process, taking turns; prints each round's old/new time and the median
ratio over the rounds with its range. BASE: a rank (A 2..9 T J Q K) or - for the variant's default.`;

interface Build {
  solve(seed: number, base: number | undefined): { ms: number; said: string };
}

async function load(dir: string, variant: string, nodes: number): Promise<Build> {
  const at = (m: string): string => resolve(dir, 'dist', m);
  const { getRules } = await import(at('src/rules/variants.js'));
  const { dealFromSeed } = await import(at('src/engine/deal.js'));
  const { solve } = await import(at('src/solver/solve.js'));
  const rules = getRules(variant);
  return {
    solve(seed, base) {
      const t = process.hrtime.bigint();
      const r = solve(dealFromSeed(rules, seed), base === undefined ? { maxNodes: nodes } : { base, maxNodes: nodes });
      return { ms: Number(process.hrtime.bigint() - t) / 1e6, said: `${r.result} ${r.stats.nodes}` };
    },
  };
}

function parsePairs(text: string): { seed: number; base: number | undefined }[] {
  return text.split(',').map((p) => {
    const m = /^(\d+)\/([A2-9TJQK-])$/.exec(p.trim());
    if (!m) fail('ab', `bad pair ${JSON.stringify(p)}: expected SEED/BASE, e.g. 480049/T or 170092/-`);
    return { seed: Number(m[1]), base: m[2] === '-' ? undefined : 'A23456789TJQK'.indexOf(m[2]) };
  });
}

async function main(): Promise<void> {
  checkOptions('ab', USAGE, ['old', 'new', 'variant', 'pairs', 'nodes', 'rounds'], []);
  const oldDir = arg('old', '');
  const variant = arg('variant', '');
  if (oldDir === '' || variant === '' || arg('pairs', '') === '') fail('ab', '--old, --variant and --pairs are needed (--help)');
  const pairs = parsePairs(arg('pairs', ''));
  const nodes = countArg('nodes', '2M');
  const rounds = countArg('rounds', '6');
  const builds = [await load(oldDir, variant, nodes), await load(arg('new', resolve(__dirname, '..', '..')), variant, nodes)];
  const ratios: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const ms = [0, 0];
    for (const { seed, base } of pairs) {
      const said = ['', ''];
      for (const i of r % 2 === 0 ? [0, 1] : [1, 0]) {
        const x = builds[i].solve(seed, base);
        ms[i] += x.ms;
        said[i] = x.said;
      }
      if (said[0] !== said[1]) console.log(`DIFFERENT ${variant} ${seed}/${base ?? '-'}: old ${said[0]}, new ${said[1]}`);
    }
    ratios.push(ms[0] / ms[1]);
    console.log(`round ${r + 1}: old ${ms[0].toFixed(0)} ms, new ${ms[1].toFixed(0)} ms, old/new ${(ms[0] / ms[1]).toFixed(3)}`);
  }
  ratios.sort((a, b) => a - b);
  const h = ratios.length >> 1;
  const median = ratios.length % 2 === 1 ? ratios[h] : (ratios[h - 1] + ratios[h]) / 2;
  console.log(
    `${variant}, ${pairs.length} pairs at ${nodes} nodes, ${rounds} rounds: old/new median ${median.toFixed(2)} (rounds ${ratios[0].toFixed(2)}-${ratios[ratios.length - 1].toFixed(2)})`,
  );
}

void main();

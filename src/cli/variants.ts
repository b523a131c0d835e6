// `solitaire variants`: one line per variant: name, title, one-line summary.
import type { Command } from 'commander';
import { VARIANTS } from '../rules/variants';
import { out } from './io';

export function register(program: Command): void {
  program
    .command('variants')
    .description('list the variants: name, title, summary')
    .option('--json', 'print them as a JSON array of {name, title, summary}')
    .action((o: { json?: boolean }) => {
      if (o.json) return out(JSON.stringify(VARIANTS.map((v) => ({ name: v.name, title: v.title, summary: v.summary }))));
      const w1 = Math.max(...VARIANTS.map((v) => v.name.length)) + 2;
      const w2 = Math.max(...VARIANTS.map((v) => v.title.length)) + 2;
      out(VARIANTS.map((v) => `${v.name.padEnd(w1)}${v.title.padEnd(w2)}${v.summary}`).join('\n'));
    });
}

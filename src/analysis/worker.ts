// Piscina worker of the analysis (loaded compiled, as dist/src/analysis/worker.js).
//
// A task is a batch of seeds of one variant, each with the base choices still to search. Before each
// search the worker posts {kind: 'start'} on the task's port, and after it {kind: 'row'} with the
// finished per-deal row, so the main thread writes every result as soon as it exists and, if this
// thread dies, knows which (seed, base) killed it. The per-search budget is the solver's own
// (maxNodes / timeoutMs). The transposition table is allocated once per thread and reused.
import type { MessagePort } from 'worker_threads';
import { dealFromSeed } from '../engine/deal';
import { msDeal } from '../engine/msdeal';
import { getRules } from '../rules/variants';
import { solve } from '../solver/solve';
import { TranspositionTable } from '../search/core/tt';
import { baseLabel, type DealRow } from '../records/records';

export interface WorkItem {
  seed: number;
  /** Base ranks 0..12 and/or 'any', in search order. */
  bases: (number | 'any')[];
}

export interface WorkerTask {
  variant: string;
  items: WorkItem[];
  maxNodes: number;
  timeoutMs?: number;
  ttMb: number;
  /** The search policy (solve()'s `search`; default auto). */
  search?: string;
  /** Free cells (FreeCell's --cells; the variant's own count elsewhere). */
  cells: number;
  /** The seeds are Microsoft FreeCell deal numbers (msdeal.ts). */
  ms?: boolean;
  port: MessagePort;
}

export type WorkerMessage = { kind: 'start'; seed: number; base: string } | { kind: 'row'; row: DealRow };

let table: TranspositionTable | null = null;
let tableMb = 0;

function tt(mb: number): TranspositionTable {
  if (!table || tableMb !== mb) {
    table = new TranspositionTable(mb);
    tableMb = mb;
  }
  return table;
}

export default function runBatch(task: WorkerTask): { searched: number } {
  const rules = getRules(task.variant, task.cells !== getRules(task.variant).cells ? { cells: task.cells } : {});
  let searched = 0;
  // The port stays open: the main thread drains and closes it (closing it here could drop messages).
  for (const item of task.items) {
    const deal = task.ms ? msDeal(rules, item.seed) : dealFromSeed(rules, item.seed);
    for (const base of item.bases) {
      const label = baseLabel(base);
      task.port.postMessage({ kind: 'start', seed: item.seed, base: label } satisfies WorkerMessage);
      const res = solve(deal, { base, search: task.search ?? 'auto', maxNodes: task.maxNodes, timeoutMs: task.timeoutMs, tt: tt(task.ttMb) });
      const row: DealRow = {
        variant: task.variant,
        seed: item.seed,
        base: label,
        result: res.result,
        moves: res.result === 'won' ? res.moveInts.length : null,
        nodes: res.stats.nodes,
        ms: res.stats.ms,
        proof: res.proof ?? '',
        cells: rules.cells,
        ...(task.ms ? { dealing: 'ms' as const } : {}),
      };
      task.port.postMessage({ kind: 'row', row } satisfies WorkerMessage);
      searched++;
    }
  }
  return { searched };
}

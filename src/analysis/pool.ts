// The worker pool of an analysis: runs batches (piscina tasks, worker.ts) and streams their rows
// back, survives worker crashes, and stops on a signal. What a row or a failure means for the run
// (files, progress, summaries) is the caller's (run.ts), through PoolHooks.
//
// - Streaming. Every task carries a MessagePort. The worker posts `start` before each search and
//   `row` after it; each row goes to hooks.row at once. When a task settles, the port is drained
//   with receiveMessageOnPort, so no row is lost to message ordering.
// - Crashes. If a task fails (an exception, or the thread dies), its first search without a row
//   (the one it last announced with `start`) is reported to hooks.failed and dropped; the batch's
//   other unfinished searches go back in the queue as a new task. A task that fails before
//   announcing any search (the worker cannot load) fails its searches without retry.
// - Signals. SIGINT/SIGTERM (or the abort signal) stop the run: the pool is destroyed and
//   runPool resolves with the signal; rows that arrive after it are ignored.
import { MessageChannel, type MessagePort, receiveMessageOnPort } from 'worker_threads';
import Piscina from 'piscina';
import { type DealRow, baseLabel } from '../records/records';
import type { WorkItem, WorkerMessage, WorkerTask } from './worker';

export interface PoolJob {
  variant: string;
  items: WorkItem[];
}

export interface PoolHooks {
  /** A search began (its worker announced it). */
  started(variant: string): void;
  row(row: DealRow): void;
  /** A search that crashed its worker, or that a failed worker never started. */
  failed(variant: string, seed: number, base: string, error: string): void;
  /** After a crash has been handled. */
  crashed(variant: string, message: string): void;
}

export interface PoolOptions {
  workers: number;
  workerFile: string;
  /** The task fields shared by every batch of a variant. */
  task: (variant: string) => Omit<WorkerTask, 'variant' | 'items' | 'port'>;
  handleSignals: boolean;
  abortSignal?: AbortSignal;
}

/** A task in flight: what it was given and what it has reported. */
export interface TaskState {
  variant: string;
  items: WorkItem[];
  lastStarted: { seed: number; base: string } | null;
  /** "seed:base" received. */
  received: Set<string>;
}

export const key = (seed: number, base: string) => `${seed}:${base}`;

/** Runs `jobs` to the end, or until a signal: then resolves with it. */
export async function runPool(jobs: PoolJob[], hooks: PoolHooks, o: PoolOptions): Promise<{ signal?: NodeJS.Signals }> {
  if (jobs.length === 0) return {};
  const pool = new Piscina({ filename: o.workerFile, minThreads: o.workers, maxThreads: o.workers, idleTimeout: 60_000 });
  let signal: NodeJS.Signals | undefined;
  let outstanding = 0;
  let finish: () => void = () => {};
  const allDone = new Promise<void>((resolve) => (finish = resolve));

  const onMessage = (ts: TaskState, m: WorkerMessage) => {
    if (signal) return;
    if (m.kind === 'start') {
      ts.lastStarted = { seed: m.seed, base: m.base };
      hooks.started(ts.variant);
    } else {
      ts.received.add(key(m.row.seed, m.row.base));
      hooks.row(m.row);
    }
  };
  const submit = (job: PoolJob) => {
    if (signal) return;
    const ts: TaskState = { variant: job.variant, items: job.items, lastStarted: null, received: new Set() };
    const { port1, port2 } = new MessageChannel();
    port1.on('message', (m: WorkerMessage) => onMessage(ts, m));
    const drain = (port: MessagePort) => {
      for (let m = receiveMessageOnPort(port); m; m = receiveMessageOnPort(port)) onMessage(ts, m.message as WorkerMessage);
      port.close();
    };
    const task: WorkerTask = { ...o.task(job.variant), variant: job.variant, items: job.items, port: port2 };
    outstanding++;
    pool
      .run(task, { transferList: [port2] })
      .then(
        () => drain(port1),
        (err) => {
          drain(port1);
          if (signal) return;
          const retry = onCrash(ts, err instanceof Error ? err.message : String(err), hooks);
          if (retry.length) submit({ variant: ts.variant, items: retry });
        },
      )
      .finally(() => {
        if (--outstanding === 0) finish();
      });
  };

  const onSignal = (sig: NodeJS.Signals) => {
    if (signal) process.exit(sig === 'SIGINT' ? 130 : 143); // a second signal: stop now
    signal = sig;
    finish();
  };
  const onAbort = () => {
    if (!signal) onSignal('SIGINT');
  };
  if (o.handleSignals) {
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  }
  if (o.abortSignal?.aborted) onAbort();
  o.abortSignal?.addEventListener('abort', onAbort);
  try {
    for (const job of jobs) submit(job);
    if (outstanding > 0 && !signal) await allDone;
  } finally {
    if (o.handleSignals) {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    }
    o.abortSignal?.removeEventListener('abort', onAbort);
    await pool.destroy().catch(() => undefined);
  }
  return { signal };
}

/** Reports a failed task's culprit (hooks.failed) and returns the searches to retry. Exported for tests, which drive it without threads. */
export function onCrash(ts: TaskState, msg: string, hooks: PoolHooks): WorkItem[] {
  const unfinished = (seed: number, b: number | 'any') => !ts.received.has(key(seed, baseLabel(b)));
  if (!ts.lastStarted) {
    // Failed before starting any search (e.g. the worker could not load): nothing to blame, nothing to retry.
    for (const it of ts.items) for (const b of it.bases) if (unfinished(it.seed, b)) hooks.failed(ts.variant, it.seed, baseLabel(b), msg);
    hooks.crashed(ts.variant, `solitaire: worker failed before starting ${ts.variant} seeds ${ts.items.map((i) => i.seed).join(',')}: ${msg}`);
    return [];
  }
  // The worker searches its items in order, so the culprit is the first search without a row:
  // the last one started (or, if that one had finished, the next, which failed before its start).
  let { seed, base } = ts.lastStarted;
  search: for (const it of ts.items)
    for (const b of it.bases)
      if (unfinished(it.seed, b)) {
        seed = it.seed;
        base = baseLabel(b);
        break search;
      }
  hooks.failed(ts.variant, seed, base, msg);
  hooks.crashed(ts.variant, `solitaire: worker crashed on ${ts.variant} seed ${seed} (base ${base}): ${msg}; going on with the other seeds`);
  const left: WorkItem[] = [];
  for (const it of ts.items) {
    const bases = it.bases.filter((b) => unfinished(it.seed, b) && !(it.seed === seed && baseLabel(b) === base));
    if (bases.length) left.push({ seed: it.seed, bases });
  }
  return left;
}

// The batches of an analysis: which searches go to a worker together (runAnalysis hands them to
// pool.ts). A batch item is a seed with the base choices still to search.
import { parseBaseLabel } from '../records/records';
import type { PoolJob } from './pool';

/** Most searches in one batch (one piscina task). */
export const MAX_BATCH_SEARCHES = 64;

/**
 * The batches of searches still to do, variant by variant. With `batchSize`, that many seeds per
 * batch. Otherwise guided self-scheduling over searches (one deal and base choice): each batch
 * takes a quarter of a worker's share of the searches left, at most MAX_BATCH_SEARCHES, so batches
 * shrink to single searches at the end of the queue and no worker sits idle while another finishes
 * a long last batch (a Terrace deal alone is up to 14 searches).
 */
export function planJobs(pending: Map<string, Map<number, Set<string>>>, workers: number, batchSize?: number): PoolJob[] {
  const jobs: PoolJob[] = [];
  if (batchSize !== undefined) {
    for (const [variant, p] of pending) {
      const todo = [...p.keys()].sort((a, b) => a - b);
      for (let i = 0; i < todo.length; i += batchSize)
        jobs.push({ variant, items: todo.slice(i, i + batchSize).map((seed) => ({ seed, bases: [...p.get(seed)!].map(labelToBase) })) });
    }
    return jobs;
  }
  let left = 0;
  for (const p of pending.values()) for (const labels of p.values()) left += labels.size;
  for (const [variant, p] of pending) {
    let job: PoolJob | null = null;
    let room = 0;
    for (const seed of [...p.keys()].sort((a, b) => a - b))
      for (const label of p.get(seed)!) {
        if (!job || room === 0) {
          job = { variant, items: [] };
          jobs.push(job);
          room = Math.max(1, Math.min(MAX_BATCH_SEARCHES, Math.ceil(left / (workers * 4))));
        }
        const last = job.items[job.items.length - 1];
        if (last && last.seed === seed) last.bases.push(labelToBase(label));
        else job.items.push({ seed, bases: [labelToBase(label)] });
        room--;
        left--;
      }
  }
  return jobs;
}

function labelToBase(label: string): number | 'any' {
  const b = parseBaseLabel(label);
  if (b === -1) throw new Error(`internal: bad base label ${label}`);
  return b;
}

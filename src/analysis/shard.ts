// Sharding: one run's share of a seed range, so that N processes (a Slurm array, a Kubernetes
// Indexed Job, GNU parallel) together search the range once, and `solitaire merge` joins them.
//
// The partition interleaves: seed s of the range A-B belongs to shard K of N (K = 1..N) when
// (s - A) mod N = K - 1. Each shard gets every N-th seed, so the shards hold the same count of
// deals (to within one) and the same mix of easy and hard ones across the range, rather than one
// shard taking a contiguous block. Every shard must be given the same range and N.

export interface Shard {
  /** 1..count */
  index: number;
  count: number;
}

export class ShardError extends Error {}

/** Most shards of one range: more would leave shards empty in any range a run may hold. */
export const MAX_SHARDS = 100_000;

/** `K/N` with 1 <= K <= N. Throws ShardError. */
export function parseShard(text: string): Shard {
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  if (!m) throw new ShardError(`bad --shard "${text}": expected K/N, e.g. 2/8 (shard K of N, K from 1 to N)`);
  const index = Number(m[1]);
  const count = Number(m[2]);
  if (count < 1 || count > MAX_SHARDS) throw new ShardError(`bad --shard "${text}": N must be 1-${MAX_SHARDS}`);
  if (index < 1 || index > count) throw new ShardError(`bad --shard "${text}": K must be 1-${count} (shards are numbered from 1)`);
  return { index, count };
}

export function formatShard(s: Shard | null): string {
  return s ? `${s.index}/${s.count}` : 'all';
}

/** Whether `seed` of the range starting at `from` is in shard `s` (every seed is, without a shard). */
export function inShard(seed: number, from: number, s: Shard | null): boolean {
  return s === null || (seed - from) % s.count === s.index - 1;
}

/** The seeds of from..to in shard `s`, ascending. */
export function shardSeeds(from: number, to: number, s: Shard | null): number[] {
  const out: number[] = [];
  const step = s ? s.count : 1;
  for (let seed = from + (s ? s.index - 1 : 0); seed <= to; seed += step) out.push(seed);
  return out;
}

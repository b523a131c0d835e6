// Fixed-size transposition table of visited positions, typed-array backed.
//
// An entry is the pair (h1, h2) of independent 32-bit Zobrist hashes: 64 bits of key. Buckets of
// four entries are chosen by h1's low bits; a hit needs both words to match. A false hit (two
// different positions with equal h1 and h2) could prune an unexplored position and so, in theory,
// turn a win into a wrong `lost`; with 64 key bits the chance over n stored positions is about
// n^2 / 2^65 (below 3e-7 for 10 million positions), and the solver never reports `won` without a
// move list that the engine replays, so a collision can never produce a false `won`.
//
// Replacement: when a bucket is full, one of its four entries (chosen by the new key's h2 bits) is
// overwritten. Losing an entry only means a position may be searched again: the DFS stays
// complete (see dfs.ts), so `lost` remains a proof; the table never grows.

export class TranspositionTable {
  private readonly keys: Int32Array;
  private readonly mask: number;
  /** Number of positions stored (up to capacity). */
  size = 0;
  evictions = 0;

  constructor(megabytes: number) {
    const bytes = Math.max(1, megabytes) * 1024 * 1024;
    // entries = power of two, 8 bytes each, 4 per bucket.
    let entries = 4;
    while (entries * 2 * 8 <= bytes) entries *= 2;
    this.keys = new Int32Array(entries * 2);
    this.mask = entries / 4 - 1;
  }

  get capacity(): number {
    return this.keys.length / 2;
  }

  clear(): void {
    this.keys.fill(0);
    this.size = 0;
    this.evictions = 0;
  }

  /**
   * Returns true if (h1, h2) was already stored; otherwise stores it and returns false.
   * (0, 0) is the empty marker, so that key is stored as (0, 1): still a 64-bit comparison.
   */
  seenOrAdd(h1: number, h2: number): boolean {
    if (h1 === 0 && h2 === 0) h2 = 1;
    const k = this.keys;
    const b = ((h1 & this.mask) << 3) | 0; // bucket start in Int32 units (4 entries x 2 words)
    for (let i = 0; i < 8; i += 2) {
      const a = k[b + i];
      const c = k[b + i + 1];
      if (a === h1 && c === h2) return true;
      if (a === 0 && c === 0) {
        k[b + i] = h1;
        k[b + i + 1] = h2;
        this.size++;
        return false;
      }
    }
    const slot = b + ((h2 >>> 30) << 1);
    k[slot] = h1;
    k[slot + 1] = h2;
    this.evictions++;
    return false;
  }

  has(h1: number, h2: number): boolean {
    if (h1 === 0 && h2 === 0) h2 = 1;
    const k = this.keys;
    const b = ((h1 & this.mask) << 3) | 0;
    for (let i = 0; i < 8; i += 2) if (k[b + i] === h1 && k[b + i + 1] === h2) return true;
    return false;
  }
}

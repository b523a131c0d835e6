// Fixed-size transposition table of visited positions, typed-array backed.
//
// An entry is the pair (h1, h2) of independent 32-bit Zobrist hashes: 64 bits of key. Buckets of
// four entries are chosen by h1's low bits; a hit needs both words to match. A false hit (two
// different positions with equal h1 and h2) could prune an unexplored position and so, in theory,
// turn a win into a wrong `lost`; with 64 key bits the chance over n stored positions is about
// n^2 / 2^65 (below 3e-7 for 10 million positions), and the solver never reports `won` without a
// move list that the engine replays, so a collision can never produce a false `won`.
//
// Clearing is O(1): every entry carries the epoch (one byte) it was written in, and an entry of an
// older epoch counts as empty; clear() just starts a new epoch (a real wipe once in 255 clears, of
// the part of the table used since the last wipe).
// Analysis solves thousands of deals with one table, so this matters.
//
// Buckets: a key's own bucket is chosen by h1's low bits; when it is full the key goes to the next
// bucket with a free slot, up to PROBES buckets on (open addressing over buckets of four). Growth:
// the arrays are allocated once, at the size asked for, but an epoch starts by using only the
// first START_BUCKETS buckets and doubles the part in use whenever a new key finds its PROBES
// buckets full, until the whole table is in use. With random keys that comes at about half the
// slots used (39-63% over 70 growths); with the key's own bucket alone it came at 2.5-18%, so the
// table was all in use once it held a fiftieth of its capacity, and evicting from about a
// twenty-fifth. A short search touches a few hundred kilobytes rather than tens of megabytes (the
// processor's caches hold them), and no entry is lost before the whole table is in use.
// Replacement: when a key's PROBES buckets are full and the table is all in use, one of the four
// entries of its own bucket (chosen by the new key's h2 bits) is overwritten. Losing an entry only
// means a position may be searched again: the DFS stays complete (see dfs.ts), so `lost` remains
// a proof; its memory never grows.

export class TranspositionTable {
  private readonly keys: Int32Array;
  private readonly epochs: Uint8Array;
  private epoch = 1;
  /** Buckets in use - 1 (a power of two - 1, up to maxMask). */
  private mask: number;
  private readonly maxMask: number;
  /** The largest mask in use since the epochs were last wiped. */
  private highMask = 0;
  /** Set while a solve() uses the table: a second solve on it would clear it under the first. */
  inUse = false;
  /** Number of positions stored (up to capacity). */
  size = 0;
  /** Salts claimed since the last clear (claim()). */
  private readonly salts = new Set<number>();
  evictions = 0;

  /** The size asked for: the table takes between half of it and all of it (`bytes`). */
  constructor(readonly megabytes: number) {
    const bytes = Math.max(1, megabytes) * 1024 * 1024;
    // entries = power of two, 9 bytes each (two key words and an epoch byte), 4 per bucket.
    let entries = 4;
    while (entries * 2 * 9 <= bytes) entries *= 2;
    this.keys = new Int32Array(entries * 2);
    this.epochs = new Uint8Array(entries);
    this.maxMask = entries / 4 - 1;
    this.mask = this.highMask = Math.min(this.maxMask, START_BUCKETS - 1);
  }

  /** Entries in the part of the table in use (grows within an epoch up to `capacity`). */
  get inUseEntries(): number {
    return (this.mask + 1) * 4;
  }

  get capacity(): number {
    return this.epochs.length;
  }

  /** Memory held: 9 bytes per entry. */
  get bytes(): number {
    return this.keys.byteLength + this.epochs.byteLength;
  }

  clear(): void {
    if (++this.epoch === 256) {
      // Only the part in use since the last wipe has entries of any epoch; the rest is still 0.
      this.epochs.fill(0, 0, (this.highMask + 1) * 4);
      this.highMask = 0;
      this.epoch = 1;
    }
    this.size = 0;
    this.evictions = 0;
    this.salts.clear();
    this.mask = Math.min(this.maxMask, START_BUCKETS - 1);
    if (this.mask > this.highMask) this.highMask = this.mask;
  }

  /**
   * A salt for a new user of the table (a search, a run of a restarting one, or a group's dead
   * marks): `salt` itself unless a user since the last clear has it, else the first free one of a
   * fixed sequence from it. Users XOR their salt into every key, and a complete search must never
   * meet another's entries as if they were its own: it would skip positions it never expanded, and
   * a dead mark would read as a position seen. Salts are derived by formulas (solve.ts, restart.ts)
   * that can coincide, if rarely; this makes them distinct. Called per search or run, not per node.
   */
  claim(salt: number): number {
    let s = salt;
    while (this.salts.has(s)) s = Math.imul(s ^ 0x5bd1e995, 0x9e3779b9) | 1;
    this.salts.add(s);
    return s;
  }

  /** True if (h1, h2) is stored in this epoch; stores nothing. */
  has(h1: number, h2: number): boolean {
    return this.find(h1, h2) === FOUND;
  }

  /**
   * Returns true if (h1, h2) was already stored in this epoch; otherwise stores it, returns false.
   * A key goes to the first bucket with a free slot among PROBES consecutive ones from its own
   * (h1's low bits); entries of a bucket fill in order within an epoch, so a scan ends at the
   * first stale slot.
   */
  seenOrAdd(h1: number, h2: number): boolean {
    const at = this.find(h1, h2);
    if (at === FOUND) return true;
    if (at !== FULL) {
      this.put(at, h1, h2);
      this.size++;
      return false;
    }
    if (this.mask < this.maxMask) {
      this.grow();
      return this.seenOrAdd(h1, h2);
    }
    this.put(((h1 & this.mask) << 2) + (h2 >>> 30), h1, h2);
    this.evictions++;
    return false;
  }

  /** FOUND, the first free slot on the key's run of buckets, or FULL. */
  private find(h1: number, h2: number): number {
    const k = this.keys;
    const ep = this.epochs;
    const mask = this.mask;
    const now = this.epoch;
    for (let p = 0; p < PROBES; p++) {
      const e = ((h1 + p) & mask) << 2;
      for (let j = e; j < e + 4; j++) {
        if (ep[j] !== now) return j;
        if (k[j << 1] === h1 && k[(j << 1) + 1] === h2) return FOUND;
      }
    }
    return FULL;
  }

  private put(j: number, h1: number, h2: number): void {
    this.keys[j << 1] = h1;
    this.keys[(j << 1) + 1] = h2;
    this.epochs[j] = this.epoch;
  }

  /**
   * Doubles the part of the table in use: each entry in its own bucket b either stays (in order)
   * or moves to bucket b + (old bucket count), which no entry of this epoch has used yet. The
   * entries that sit past their own bucket are taken out and stored again (few: an array per
   * growth, a few times per search), so that a key sits past its own bucket only while every
   * bucket before it on its run is full. Buckets stay filled in order, which the
   * scans rely on.
   */
  private grow(): void {
    const k = this.keys;
    const ep = this.epochs;
    const now = this.epoch;
    const old = this.mask;
    const half = old + 1;
    const mask = (old << 1) | 1;
    const moved: number[] = [];
    for (let b = 0; b < half; b++) {
      const first = b << 2;
      let keep = first;
      let put = (b + half) << 2;
      for (let j = first; j < first + 4 && ep[j] === now; j++) {
        const h1 = k[j << 1];
        const h2 = k[(j << 1) + 1];
        if ((h1 & old) !== b) {
          moved.push(h1, h2);
          continue;
        }
        const to = (h1 & mask) === b ? keep++ : put++;
        k[to << 1] = h1;
        k[(to << 1) + 1] = h2;
        ep[to] = now;
      }
      for (let j = keep; j < first + 4; j++) ep[j] = 0; // 0 is no epoch: empty
    }
    this.mask = mask;
    if (mask > this.highMask) this.highMask = mask;
    this.size -= moved.length / 2;
    for (let i = 0; i < moved.length; i += 2) this.seenOrAdd(moved[i], moved[i + 1]);
  }
}

/** Buckets a key may use, from its own on: past them, the table grows (or, at full size, evicts). */
const PROBES = 8;
/** find()'s answers besides a free slot's index (never negative). */
const FOUND = -1;
const FULL = -2;

/** Buckets an epoch starts with: 8,192 (32,768 entries, 288 KB). */
const START_BUCKETS = 1 << 13;

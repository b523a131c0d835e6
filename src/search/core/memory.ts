// The memory cap of one solve (--tt-mb): the transposition table and the searches' own stores
// (A*'s nodes and open list) draw on one budget. A search that cannot get the memory it needs
// stops with status 'memory'; the solve goes on with its other searches, or ends `unknown`.

export class MemoryBudget {
  private used = 0;
  /** Most bytes held at once. */
  peak = 0;

  constructor(readonly bytes: number) {}

  /** Takes `n` bytes if they fit under the cap and returns true; false (taking nothing) otherwise. */
  take(n: number): boolean {
    if (this.used + n > this.bytes) return false;
    this.used += n;
    if (this.used > this.peak) this.peak = this.used;
    return true;
  }

  give(n: number): void {
    this.used -= n;
  }

  /** Bytes still free. */
  get free(): number {
    return this.bytes - this.used;
  }
}

// The open positions of a DFS that marks dead positions soundly (dfs.ts's `marks`): Tarjan's
// stack of positions expanded and not yet known dead, with a hash index from position to its place
// on the stack. Typed arrays that double when full: the hot loop allocates only on growth. The
// components are small, so the stack is too, and it stays outside the memory cap (memory.ts): at
// most 2,733 positions in one DFS proving two-cell FreeCell 3008 lost (112,789 expanded); in the
// default solves of lost deals, 2,665 (3008), 2,625 (one cell, 3202), 935 (no cell, 3172).
//
// A place on the stack serves as Tarjan's index. Places order the open positions by discovery, and
// a position a lowlink refers to stays on the stack as long as the position whose lowlink it is
// (it leaves only with its strongly connected component's root, which is below both).
import { doubled } from '../../engine/typed';

export class SccStack {
  private h1s: Int32Array = new Int32Array(1024);
  private h2s: Int32Array = new Int32Array(1024);
  /** Open addressing, linear probing: 1 + place on the stack, 0 empty. */
  private slots = new Int32Array(4096);
  private mask = 4095;
  /** Positions on the stack. */
  size = 0;

  clear(): void {
    this.slots.fill(0);
    this.size = 0;
  }

  /** Pushes position (h1, h2), which must not be on the stack; returns its place. */
  push(h1: number, h2: number): number {
    const p = this.size++;
    if (p === this.h1s.length) {
      this.h1s = doubled(this.h1s);
      this.h2s = doubled(this.h2s);
    }
    this.h1s[p] = h1;
    this.h2s[p] = h2;
    if (this.size * 2 > this.mask) this.rehash();
    else this.index(p);
    return p;
  }

  /** The place of (h1, h2) on the stack, or -1. */
  find(h1: number, h2: number): number {
    const slots = this.slots;
    const mask = this.mask;
    for (let i = this.home(h1, h2); ; i = (i + 1) & mask) {
      const v = slots[i];
      if (v === 0) return -1;
      if (this.h1s[v - 1] === h1 && this.h2s[v - 1] === h2) return v - 1;
    }
  }

  /** Pops the top position (unindexed) into out[0], out[1]. */
  pop(out: Int32Array): void {
    const p = --this.size;
    const h1 = (out[0] = this.h1s[p]);
    const h2 = (out[1] = this.h2s[p]);
    this.unindex(h1, h2, p);
  }

  private home(h1: number, h2: number): number {
    return Math.imul(h1 ^ (h2 >>> 7), 0x9e3779b1) & this.mask;
  }

  private index(p: number): void {
    const slots = this.slots;
    let i = this.home(this.h1s[p], this.h2s[p]);
    while (slots[i] !== 0) i = (i + 1) & this.mask;
    slots[i] = p + 1;
  }

  /** Removes place p's slot, shifting later entries of its probe run back (no tombstones). */
  private unindex(h1: number, h2: number, p: number): void {
    const slots = this.slots;
    const mask = this.mask;
    let i = this.home(h1, h2);
    while (slots[i] !== p + 1) i = (i + 1) & mask;
    for (let j = (i + 1) & mask; slots[j] !== 0; j = (j + 1) & mask) {
      const v = slots[j] - 1;
      const k = this.home(this.h1s[v], this.h2s[v]);
      // The entry at j may move to the hole at i if its home is not cyclically in (i, j].
      if (i <= j ? k <= i || k > j : k <= i && k > j) {
        slots[i] = slots[j];
        i = j;
      }
    }
    slots[i] = 0;
  }

  private rehash(): void {
    this.slots = new Int32Array(this.slots.length * 2);
    this.mask = this.slots.length - 1;
    for (let p = 0; p < this.size; p++) this.index(p);
  }
}

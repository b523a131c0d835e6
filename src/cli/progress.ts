// Progress of a long `solve` on stderr, when stderr is a terminal: after the first second, one line
// rewritten in place a few times a second (nodes, nodes per second, the most cards seen on the
// foundations), erased when the solve ends. Silent when stderr is not a terminal.
import type { Search } from '../search/search';

export interface ProgressStream {
  isTTY?: boolean;
  write(text: string): boolean;
}

export class SolveProgress {
  private readonly start: number;
  private next: number;
  private best = 0;
  private width = 0;

  constructor(
    private readonly stream: ProgressStream,
    private readonly label = '',
    private readonly now: () => number = Date.now,
    delayMs = 1000,
    private readonly everyMs = 250,
  ) {
    this.start = now();
    this.next = this.start + delayMs;
  }

  /** For SolveOptions.onProgress: `nodes` used so far, `search` the one that just ran a slice. */
  readonly onProgress = (nodes: number, search: Search): void => {
    const s = search.state;
    if (s.onFoundation > this.best) this.best = s.onFoundation;
    const t = this.now();
    if (t < this.next || !this.stream.isTTY) return;
    this.next = t + this.everyMs;
    const rate = Math.round((nodes / Math.max(1, t - this.start)) * 1000);
    const line = `${this.label}${nodes.toLocaleString('en-US')} nodes, ${rate.toLocaleString('en-US')} nodes/s, best ${this.best}/${s.total} cards on the foundations`;
    this.stream.write(`\r${line.padEnd(this.width)}`);
    this.width = line.length;
  };

  /** Erases the line, if one was shown. */
  done(): void {
    if (this.width > 0) this.stream.write(`\r${' '.repeat(this.width)}\r`);
    this.width = 0;
  }
}

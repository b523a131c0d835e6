// Progress of an analysis run, on stderr: one cli-progress bar per variant when stderr is a
// terminal; a plain line every few seconds when it is not (CI logs, pipes); or nothing (--quiet).
import * as cliProgress from 'cli-progress';

export type ProgressMode = 'bars' | 'lines' | 'none';

export interface VariantProgress {
  variant: string;
  total: number;
  /** Deals finished (all their searches written), including those found in the file on --resume. */
  done: number;
  /** Deals that lost a search to a crashed worker. */
  failed: number;
  won: number;
  lost: number;
  unknown: number;
  /** Deals already finished when the run began (resume): not counted in the speed. */
  resumed: number;
  /** When this run's first search of the variant started (ms since epoch), or 0. */
  startedAt: number;
  /** When the last deal finished, or 0. */
  finishedAt: number;
}

export function fmtDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '-';
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(m / 60)}h${String(m % 60).padStart(2, '0')}m`;
}

function speed(p: VariantProgress, now: number): number {
  const n = p.done + p.failed - p.resumed;
  const end = p.finishedAt && p.done + p.failed >= p.total ? p.finishedAt : now;
  if (!p.startedAt || n <= 0) return 0;
  return n / Math.max(0.001, (end - p.startedAt) / 1000);
}

function eta(p: VariantProgress, now: number): string {
  const left = p.total - p.done - p.failed;
  if (left <= 0) return '0s';
  const v = speed(p, now);
  return v > 0 ? fmtDuration((left / v) * 1000) : '-';
}

function payload(p: VariantProgress, now: number, width: number) {
  return {
    variant: p.variant.padEnd(width),
    speed: speed(p, now).toFixed(2),
    eta2: eta(p, now),
    won: p.won,
    lost: p.lost,
    unknown: p.unknown,
    failed: p.failed ? ` crashed ${p.failed}` : '',
  };
}

export class Progress {
  private readonly bars = new Map<string, cliProgress.SingleBar>();
  private multi: cliProgress.MultiBar | null = null;
  private timer: NodeJS.Timeout | null = null;
  private readonly lastLine = new Map<string, string>();
  private readonly width: number;

  constructor(
    readonly mode: ProgressMode,
    private readonly variants: VariantProgress[],
    intervalMs = 5000,
    private readonly stream: NodeJS.WriteStream = process.stderr,
  ) {
    this.width = Math.max(...variants.map((v) => v.variant.length));
    if (mode === 'bars') {
      this.multi = new cliProgress.MultiBar(
        {
          format: '{variant} {bar} {value}/{total} deals {speed}/s ETA {eta2} | won {won} lost {lost} unknown {unknown}{failed}',
          hideCursor: true,
          clearOnComplete: false,
          stopOnComplete: false,
          stream,
          fps: 4,
          // cli-progress cuts lines at the terminal width: leave room for the text.
          barsize: Math.max(8, Math.min(30, (stream.columns || 100) - this.width - 78)),
        },
        cliProgress.Presets.shades_classic,
      );
      const now = Date.now();
      for (const v of variants) this.bars.set(v.variant, this.multi.create(v.total, v.done + v.failed, payload(v, now, this.width)));
    } else if (mode === 'lines') {
      this.timer = setInterval(() => this.printLines(false), intervalMs);
      this.timer.unref();
    }
  }

  /** Call after a variant's counters changed. */
  update(p: VariantProgress): void {
    if (this.mode === 'bars') this.bars.get(p.variant)?.update(p.done + p.failed, payload(p, Date.now(), this.width));
    else if (this.mode === 'lines' && p.done + p.failed >= p.total) this.printLine(p, true);
  }

  /** A message that must not be garbled by the bars (crash reports). Always printed. */
  log(line: string): void {
    if (this.multi) this.multi.log(line + '\n');
    else this.stream.write(line + '\n');
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (this.multi) {
      const now = Date.now();
      for (const v of this.variants) this.bars.get(v.variant)?.update(v.done + v.failed, payload(v, now, this.width));
      this.multi.stop();
      this.multi = null;
    }
  }

  private printLines(force: boolean): void {
    for (const p of this.variants) {
      if (!p.startedAt) continue;
      if (p.done + p.failed >= p.total && !force) continue;
      this.printLine(p, force);
    }
  }

  private printLine(p: VariantProgress, force: boolean): void {
    const q = payload(p, Date.now(), this.width);
    const line =
      `${q.variant}  ${p.done + p.failed}/${p.total} deals  ${q.speed}/s  ETA ${q.eta2}  ` + `won ${p.won} lost ${p.lost} unknown ${p.unknown}${q.failed}`;
    const key = `${p.done}/${p.failed}`;
    if (!force && this.lastLine.get(p.variant) === key) return;
    this.lastLine.set(p.variant, key);
    this.stream.write(line + '\n');
  }
}

/**
 * Sweep progress on stderr (stdout stays clean for --json): a bar on a terminal (cells done/total,
 * attempts per second, ETA), one plain line every few seconds otherwise (logs, CI, Slurm), or nothing
 * with --quiet.
 */

export interface Progress {
  /** A cell finished (or failed); `attempts` it simulated. */
  cell(attempts: number): void;
  stop(): void;
}

export type ProgressMode = 'bar' | 'lines' | 'quiet';

/** How often the line mode reports: every 5 s, or HEXA_PROGRESS_SECONDS (e.g. 60 for quieter cluster logs). */
export function lineIntervalMs(): number {
  const seconds = Number(process.env.HEXA_PROGRESS_SECONDS);
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 5_000;
}

export function progressMode(quiet: boolean, stream: NodeJS.WriteStream = process.stderr): ProgressMode {
  return quiet ? 'quiet' : stream.isTTY ? 'bar' : 'lines';
}

function rate(n: number): string {
  if (n >= 1e6) return `${(n / 1e6).toFixed(1)}M`;
  if (n >= 1e3) return `${(n / 1e3).toFixed(1)}k`;
  return n.toFixed(0);
}

function duration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '?';
  const s = Math.round(seconds);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}

/**
 * Counters shared by both displays: cells done of total, attempts per second, and the ETA of the cells left to
 * run. The ETA counts only the work left (cells finished before a --resume are neither work left nor pace), and
 * its pace is timed from this run's first finished cell: what comes before it — threads starting, the compiler
 * warming up, a long cell cut into parts that all end together — is not the pace of the rest, and timed from the
 * start it made the first ETA of a resumed sweep several times too long.
 */
export class Pace {
  private readonly start: number;
  /** When this run's first cell finished (NaN before). */
  private first = Number.NaN;
  attempts = 0;
  doneNow = 0;
  constructor(
    readonly total: number,
    readonly skipped: number,
    private readonly now: () => number = Date.now,
  ) {
    this.start = now();
  }
  get done(): number {
    return this.skipped + this.doneNow;
  }
  /** A cell finished, having simulated `attempts`. */
  cell(attempts: number): void {
    if (this.doneNow === 0) this.first = this.now();
    this.attempts += attempts;
    this.doneNow++;
  }
  seconds(): number {
    return Math.max((this.now() - this.start) / 1000, 1e-3);
  }
  attemptsPerSec(): string {
    return rate(this.attempts / this.seconds());
  }
  eta(): string {
    if (this.done >= this.total) return duration(0);
    // The pace of the cells after the first: one cell alone gives none.
    if (this.doneNow < 2) return '?';
    const perCell = Math.max(this.now() - this.first, 1) / 1000 / (this.doneNow - 1);
    return duration((this.total - this.done) * perCell);
  }
}

export async function startProgress(mode: ProgressMode, total: number, skipped: number): Promise<Progress> {
  const pace = new Pace(total, skipped);
  if (mode === 'quiet') return { cell() {}, stop() {} };
  if (mode === 'lines') {
    const line = (): void => {
      const pct = total === 0 ? 100 : (100 * pace.done) / total;
      process.stderr.write(
        `hexa sweep: ${pace.done}/${total} cells (${pct.toFixed(0)} %), ${pace.attemptsPerSec()} attempts/s, ETA ` +
          `${pace.eta()}\n`,
      );
    };
    const timer = setInterval(line, lineIntervalMs());
    timer.unref();
    return {
      cell(attempts) {
        pace.cell(attempts);
      },
      stop() {
        clearInterval(timer);
      },
    };
  }
  const { SingleBar } = (await import('cli-progress')).default;
  const bar = new SingleBar({
    stream: process.stderr,
    format: 'cells {bar} {value}/{total} | {rate} attempts/s | ETA {etaText}',
    barsize: 30,
    hideCursor: true,
    fps: 5,
  });
  bar.start(total, skipped, { rate: '0', etaText: '?' });
  return {
    cell(attempts) {
      pace.cell(attempts);
      bar.update(pace.done, { rate: pace.attemptsPerSec(), etaText: pace.eta() });
    },
    stop() {
      bar.stop();
    },
  };
}

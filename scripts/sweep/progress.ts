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

/** Counters shared by both displays: cells done of total, attempts per second, ETA from this run's pace. */
class Pace {
  private readonly start = Date.now();
  attempts = 0;
  doneNow = 0;
  constructor(
    readonly total: number,
    readonly skipped: number,
  ) {}
  get done(): number {
    return this.skipped + this.doneNow;
  }
  seconds(): number {
    return Math.max((Date.now() - this.start) / 1000, 1e-3);
  }
  attemptsPerSec(): string {
    return rate(this.attempts / this.seconds());
  }
  eta(): string {
    return this.doneNow === 0 ? '?' : duration(((this.total - this.done) * this.seconds()) / this.doneNow);
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
        pace.attempts += attempts;
        pace.doneNow++;
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
      pace.attempts += attempts;
      pace.doneNow++;
      bar.update(pace.done, { rate: pace.attemptsPerSec(), etaText: pace.eta() });
    },
    stop() {
      bar.stop();
    },
  };
}

/**
 * Progress of a long command on stderr, so stdout keeps only results: on a terminal a bar redrawn in place;
 * anywhere else (a log, CI, a cluster job) one plain line every few seconds, so a long run is never silent
 * there; nothing with --quiet. `hexa sweep` has its own display (cells, attempts per second) on the same
 * rules and interval.
 */
import { lineIntervalMs, progressMode, type ProgressMode } from './sweep/progress.js';

export { progressMode, type ProgressMode };

export interface ProgressReporter {
  /** `done` of `total` (undefined when not known in advance) `what` ('replicates') are finished. */
  update(done: number, total: number | undefined, what: string): void;
  /** The work is over: end the bar's line. */
  end(): void;
}

const BAR_AFTER_MS = 500;
const BAR_EVERY_MS = 100;

const SILENT: ProgressReporter = { update() {}, end() {} };

function seconds(ms: number): string {
  const s = Math.round(ms / 1000);
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
}

/** "12/128 replicates (9 %)", or "12 replicates" without a total. */
const count = (done: number, total: number | undefined, what: string): string =>
  total === undefined
    ? `${done} ${what}`
    : `${done}/${total} ${what} (${total === 0 ? 100 : Math.floor((100 * done) / total)} %)`;

/** A reporter for `hexa <command>` in the given mode. */
export function progressReporter(
  command: string,
  mode: ProgressMode,
  stream: NodeJS.WriteStream = process.stderr,
): ProgressReporter {
  if (mode === 'quiet') return SILENT;
  const start = Date.now();
  if (mode === 'lines') {
    const every = lineIntervalMs();
    let last = start;
    return {
      update(done, total, what) {
        const now = Date.now();
        if (now - last < every) return;
        last = now;
        stream.write(`hexa ${command}: ${count(done, total, what)}, ${seconds(now - start)} so far\n`);
      },
      end() {},
    };
  }
  const width = 30;
  let open = false;
  let drawn = start;
  return {
    update(done, total, what) {
      // A command done within a moment draws nothing, and the bar is redrawn a few times a second at most.
      const now = Date.now();
      if (now - start < BAR_AFTER_MS || now - drawn < BAR_EVERY_MS) return;
      drawn = now;
      const bar =
        total === undefined || total === 0
          ? ''
          : ` [${'#'.repeat(Math.round((done / total) * width)).padEnd(width, '.')}]`;
      stream.write(`\r\x1b[K${command}:${bar} ${count(done, total, what)}`);
      open = true;
    },
    end() {
      if (open) stream.write('\r\x1b[K');
      open = false;
    },
  };
}

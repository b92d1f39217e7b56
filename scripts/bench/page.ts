/**
 * The measured part of docs/performance.md, written by `npm run bench` (`hexa bench --markdown FILE`): the
 * figures of one run between two marker lines, with the machine and the load they were taken under, so the
 * page's numbers are always one run's and never edited by hand. The prose around the markers stays as written.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { cpus, platform, release } from 'node:os';
import { msg, UsageError } from '../../sim/core/messages.js';

export const BEGIN = '<!-- bench:begin (written by `npm run bench`; do not edit by hand) -->';
export const END = '<!-- bench:end -->';

/** Where the figures go: the page's text, checked before the benchmark runs (it takes minutes). */
export function readBenchPage(flag: string, file: string): string {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new UsageError(msg.benchPageUnreadable(flag, file));
  }
  const begin = text.indexOf(BEGIN);
  if (begin < 0 || text.indexOf(END, begin) < 0) {
    throw new UsageError(msg.benchPageNoMarkers(flag, file));
  }
  return text;
}

export interface MeasuredOn {
  readonly date: Date;
  readonly cores: number;
  readonly load: { readonly before: string; readonly after: string };
  readonly command: string;
}

/** The page with its measured region replaced by these figure lines. */
export function withBenchFigures(page: string, lines: readonly string[], on: MeasuredOn): string {
  const begin = page.indexOf(BEGIN);
  const end = page.indexOf(END, begin);
  const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
  const region = [
    BEGIN,
    '',
    `Measured ${on.date.toISOString().slice(0, 10)} by \`${on.command}\` on ${cpu}, ${on.cores} cores, ` +
      `${platform()} ${release()}, Node ${process.version}; load average ${on.load.before} before, ` +
      `${on.load.after} after:`,
    '',
    ...lines.map((line) => `- ${line}`),
    '',
    END,
  ].join('\n');
  return page.slice(0, begin) + region + page.slice(end + END.length);
}

/** Replaces the page whole (a temporary file beside it, renamed over it), so an interrupted write loses nothing. */
export function writeBenchPage(file: string, text: string): void {
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, text);
  renameSync(tmp, file);
}

/**
 * The generated parts of the documentation: a region of a Markdown page between two marker lines, rewritten
 * whole by the command that measures it (`npm run bench` → docs/performance.md, `npm run reproduction` →
 * docs/reproduction.md), with the machine and the command it came from, so a page's numbers are always one
 * run's and never edited by hand. The prose around the markers stays as written.
 */
import { readFileSync } from 'node:fs';
import { writeFileAtomic } from '../folders/atomic.js';
import { cpus, platform, release } from 'node:os';
import { msg, UsageError } from '../../sim/core/messages.js';

/** The marker lines of a region (`bench`, `reproduce`). */
export function markers(region: string): { readonly begin: string; readonly end: string } {
  return { begin: `<!-- ${region}:begin (generated; do not edit by hand) -->`, end: `<!-- ${region}:end -->` };
}

/**
 * The page the region goes into, checked before the measurement runs (it takes minutes); `read` reads it (the
 * command line's bounded reader, scripts/config/input.ts).
 */
export function readGeneratedPage(
  flag: string,
  file: string,
  region: string,
  read: (flag: string, file: string) => string = (_, f) => readFileSync(f, 'utf8'),
): string {
  let text: string;
  try {
    text = read(flag, file);
  } catch (e) {
    if (e instanceof UsageError) throw e;
    throw new UsageError(msg.pageUnreadable(flag, file));
  }
  const { begin, end } = markers(region);
  const at = text.indexOf(begin);
  if (at < 0 || text.indexOf(end, at) < 0) throw new UsageError(msg.pageNoMarkers(flag, file, region));
  return text;
}

export interface MeasuredOn {
  readonly date: Date;
  /** The command as typed (`hexa bench --markdown docs/performance.md`). */
  readonly command: string;
  /** Anything else the figures depend on: cores, load. */
  readonly conditions?: string;
}

/** The page with the region replaced by this Markdown body, under a line saying where it was measured. */
export function withGeneratedRegion(page: string, region: string, body: string, on: MeasuredOn): string {
  const { begin, end } = markers(region);
  const from = page.indexOf(begin);
  const to = page.indexOf(end, from);
  const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
  const conditions = on.conditions === undefined ? '' : `, ${on.conditions}`;
  const text = [
    begin,
    '',
    `Measured ${on.date.toISOString().slice(0, 10)} by \`${on.command}\` on ${cpu}, ${platform()} ${release()}, ` +
      `Node ${process.version}${conditions}:`,
    '',
    body.trimEnd(),
    '',
    end,
  ].join('\n');
  return page.slice(0, from) + text + page.slice(to + end.length);
}

/**
 * Replaces the page whole (a temporary file beside it, renamed over it), so an interrupted write loses nothing;
 * through a symbolic link, to the page it points to.
 */
export function writeGeneratedPage(file: string, text: string): void {
  writeFileAtomic(file, text);
}

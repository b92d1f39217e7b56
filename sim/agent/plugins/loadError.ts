/**
 * Why a plugin module could not be loaded, with the place as file:line:column, for the one-line refusal.
 * An error thrown while a module runs names its place in a stack frame, and a missing import in a first
 * line and a caret under the name; but Node 20 gives a syntax error in the imported file itself no place
 * at all (its stack holds only Node's own frames), so that file is compiled once more by the host — Node's runs
 * `node --check` in a child process, started only after a failure — whose report has the line and a caret.
 */
import { host } from '../../core/host/host.js';
import { at } from '../../core/at.js';

interface Place {
  readonly url: string;
  readonly line: number;
  readonly column: number;
}

/** The column a caret line (`    ^^^^`) points at, 1-based, or undefined. */
function caretColumn(caretLine: string | undefined): number | undefined {
  const at = caretLine?.indexOf('^') ?? -1;
  return at < 0 ? undefined : at + 1;
}

/** "FILE:LINE", then the source line, then its caret: Node's report of a linking or syntax error. */
function headedPlace(text: string): Place | undefined {
  const lines = text.split('\n');
  const m = /^((?:file:\/\/)?\/\S*?):(\d+)$/.exec(lines[0] ?? '');
  const column = caretColumn(lines[2]);
  return m === null || column === undefined ? undefined : { url: at(m, 1, 'the heading'), line: Number(m[2]), column };
}

/**
 * The first stack frame in a file (not in Node itself), or undefined: a `file://` URL, or an absolute path where
 * a module loader of its own (a test runner's) evaluates the module.
 */
function framePlace(stack: string): Place | undefined {
  const m = /\bat (?:.*?\()?(file:\/\/[^\s)]+?|\/[^\s):]+):(\d+):(\d+)\)?$/m.exec(stack);
  return m === null ? undefined : { url: at(m, 1, 'the frame'), line: Number(m[2]), column: Number(m[3]) };
}

/** Where the host's compiler finds a syntax error in the file, or undefined. */
function checkedPlace(full: string): Place | undefined {
  const report = host('a module file').syntaxReport(full);
  return report === undefined ? undefined : headedPlace(report);
}

/** A place's file as the user named it (the module itself) or as an absolute path (a file it imports). */
function fileOf(url: string, full: string, shown: string): string {
  const bare = url.replace(/\?[^:]*$/, '');
  const path = host('a module file').pathOfUrl(bare);
  return path === full ? shown : path;
}

/**
 * `error` (thrown by importing the module at `full`, named `shown` on the command line) as one line:
 * "shown:3:16: SyntaxError: Unexpected identifier 'oops'", the place left out when none is known.
 */
export function loadErrorText(error: unknown, full: string, shown: string): string {
  if (!(error instanceof Error)) return at(String(error).split('\n'), 0, 'lines');
  const what = `${error.name}: ${error.message.split('\n')[0]}`;
  const stack = error.stack ?? '';
  const place =
    headedPlace(stack) ?? framePlace(stack) ?? (error.name === 'SyntaxError' ? checkedPlace(full) : undefined);
  return place === undefined ? what : `${fileOf(place.url, full, shown)}:${place.line}:${place.column}: ${what}`;
}

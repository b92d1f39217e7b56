/**
 * The one reader of files given as input (`--config FILE`, `--markdown FILE`): bounded while it reads, so a
 * file that never ends (`/dev/zero`) or is far larger than any input of its kind is refused once the bound is
 * passed rather than read until memory runs out; read by chunks from any kind of file, so stdin (`-`), a pipe
 * and a process substitution (`<(…)`, a /dev/fd name) keep working. JSON is checked for depth and for numbers
 * beyond the largest before it is parsed, so a document nested 20 000 levels deep is refused in one line (not a
 * stack overflow in whatever walks it), and `1e400` is named as written (JSON.parse would make it Infinity, which
 * prints as null). Every refusal is one line naming the flag and the file, exit 2.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { msg, UsageError } from '../../sim/core/messages.js';
import { STDIO } from './flags.js';

/** The most a configuration or a page may hold: far above any real one, far below what would exhaust memory. */
export const MAX_INPUT_BYTES = 16 * 1024 * 1024;

/** The deepest a JSON input may nest: a sweep file needs 4 levels (params → name → list → range). */
export const MAX_JSON_DEPTH = 64;

const CHUNK = 64 * 1024;

/** Wait `ms` milliseconds on this thread (a non-blocking stdin with nothing in it yet). */
function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Why a file cannot be opened or read, in words. */
function unreadable(e: unknown): string {
  switch ((e as { code?: unknown }).code) {
    case 'ENOENT':
      return 'does not exist';
    case 'EISDIR':
      return 'is a folder, not a file';
    case 'EACCES':
    case 'EPERM':
      return 'cannot be read (permission denied)';
    default:
      return 'cannot be read';
  }
}

/** The text of `path` (`-`: stdin), at most `maxBytes` of UTF-8. */
export function readInput(flag: string, path: string, maxBytes = MAX_INPUT_BYTES): string {
  let fd: number;
  try {
    fd = path === STDIO ? 0 : openSync(path, 'r');
  } catch (e) {
    throw new UsageError(msg.inputUnreadable(flag, path, unreadable(e)));
  }
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for (;;) {
      const chunk = Buffer.allocUnsafe(CHUNK);
      let n: number;
      try {
        n = readSync(fd, chunk, 0, CHUNK, null);
      } catch (e) {
        const code = (e as { code?: unknown }).code;
        if (code === 'EAGAIN') {
          pause(10);
          continue;
        }
        if (code === 'EOF') break;
        throw new UsageError(msg.inputUnreadable(flag, path, unreadable(e)));
      }
      if (n === 0) break;
      total += n;
      if (total > maxBytes) throw new UsageError(msg.inputTooLarge(flag, path, maxBytes));
      chunks.push(chunk.subarray(0, n));
    }
  } finally {
    if (path !== STDIO) closeSync(fd);
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks, total));
  } catch {
    throw new UsageError(msg.inputNotText(flag, path));
  }
}

/** Line and column (from 1) of offset `at` in `text`. */
function lineOf(text: string, at: number): string {
  let line = 1;
  let start = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < at; i = text.indexOf('\n', i + 1)) {
    line++;
    start = i + 1;
  }
  return `line ${line}, column ${at - start + 1}`;
}

const NUMBER_TOKEN = /-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?/y;

/**
 * Walk `text` as JSON's tokens go (strings skipped whole) and refuse what JSON.parse would accept but nothing
 * after it should meet: nesting deeper than `maxDepth`, a number beyond the largest. Syntax is JSON.parse's to
 * judge.
 */
function screenJson(flag: string, path: string, text: string, maxDepth: number): void {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // A string: to its closing quote, past escapes.
      for (i++; i < text.length && text.charCodeAt(i) !== 0x22; i++) if (text.charCodeAt(i) === 0x5c) i++;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > maxDepth) throw new UsageError(msg.inputTooDeep(flag, path, maxDepth, lineOf(text, i)));
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    } else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      NUMBER_TOKEN.lastIndex = i;
      const token = NUMBER_TOKEN.exec(text)?.[0];
      if (token === undefined) continue;
      if (!Number.isFinite(Number(token)))
        throw new UsageError(msg.inputNumberRange(flag, path, token, lineOf(text, i)));
      i += token.length - 1;
    }
  }
}

/** JSON.parse's complaint in one short line (V8 quotes the text near the error, new lines and all). */
function syntaxLine(e: SyntaxError): string {
  const one = e.message.replace(/\s+/g, ' ').trim();
  return one.length > 100 ? `${one.slice(0, 100)}…` : one;
}

/** The JSON document of an input file, screened (depth, numbers) and parsed; every failure one line, exit 2. */
export function readJsonInput(flag: string, path: string, maxDepth = MAX_JSON_DEPTH): unknown {
  const text = readInput(flag, path);
  screenJson(flag, path, text, maxDepth);
  try {
    return JSON.parse(text);
  } catch (e) {
    if (!(e instanceof SyntaxError)) throw e;
    const start = text.trimStart().slice(0, 20).split('\n')[0]!;
    if (!/^[[{"\d-]|^(true|false|null)\b/.test(text.trimStart()))
      throw new UsageError(
        msg.inputNotJson(flag, path, `it starts with '${start}', not a JSON value (YAML is not read)`),
      );
    throw new UsageError(msg.inputNotJson(flag, path, syntaxLine(e)));
  }
}

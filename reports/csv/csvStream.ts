/**
 * A CSV table read record after record in flat memory, for result files of any size (`hexa report` of a sweep
 * of millions of rows): the records, line numbers and refusals `readCsv` gives for the whole file, without
 * holding it.
 *
 * Two things make it fast. A line without a quote or a carriage return is split at its commas; any other record
 * is handed to csv-parse itself, one record at a time (a file whose first line ends in CR LF or CR: the whole
 * file, as it streams), so what csv-parse accepts, refuses and counts as a line stays the rule. And most of a
 * result row is its configuration, the same bytes row after row: when a row begins with the bytes of the fields
 * its sink said the rows after a record may share, only the fields after them are made into strings (`tail`).
 * Identical bytes from a record's start are parsed identically, so a tail stands for the whole record.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { CsvError, Parser } from 'csv-parse';
import { csvErrorMessage } from './csvRead.js';
import { msg, UsageError } from '../../sim/core/messages.js';

/** Where a streamed table's records go. */
export interface RecordSink {
  /** The first record: the column names. */
  header(fields: readonly string[], line: number): void;
  /** A record, read whole; returns how many of its leading fields the records after it may share (0: none). */
  record(fields: string[], line: number): number;
  /** A record that begins with the bytes of the shared fields of the last whole record: the fields after them. */
  tail(fields: string[], line: number): void;
}

/** csv-parse's incremental parser: what its stream and its sync `parse` both run on. */
interface IncrementalParser {
  parse(
    buffer: Buffer | undefined,
    end: boolean,
    push: (record: unknown) => void,
    close: () => void,
  ): Error | undefined;
}

const CHUNK = 1 << 20;
const [LF, CR, QUOTE, COMMA] = [10, 13, 34, 44];

/** A csv-parse parser with `readCsv`'s options, records and their lines to `onRecord`; errors are returned. */
function csvParser(
  recordDelimiter: '\n' | null,
  onRecord: (fields: string[], line: number) => void,
): IncrementalParser {
  const parser = new Parser({
    bom: true,
    skip_empty_lines: true,
    relax_column_count: true, // the sink's reader checks each record against the header, as readCsv's parse does
    ...(recordDelimiter === null ? {} : { record_delimiter: recordDelimiter }),
    on_record: (record: string[], context: { lines: number }) => {
      onRecord(record, context.lines);
      return null;
    },
  }) as unknown as { api?: IncrementalParser };
  const api = parser.api;
  if (typeof api?.parse !== 'function') throw new Error('csv-parse no longer has an incremental parser (.api)');
  return api;
}

/** What csv-parse returned, as the refusal to throw: the sink's own (thrown from `on_record`) as it is. */
function refusal(file: string, error: Error, lineOffset: number): Error {
  return error instanceof CsvError ? new UsageError(csvErrorMessage(file, error, lineOffset)) : error;
}

/**
 * Read `file` into `sink`; `onBytes` is told how far the reading has come (`chunkBytes`: the bytes read at once,
 * more when a record is longer). Throws a UsageError naming the file and line for a table readCsv would refuse
 * (a torn row, malformed CSV, no header, a header but no rows).
 */
export function streamCsv(
  file: string,
  sink: RecordSink,
  onBytes: (done: number, total: number) => void = () => {},
  chunkBytes = CHUNK,
): void {
  const reader = new CsvReader(file, sink, onBytes, chunkBytes);
  try {
    while (reader.step());
  } finally {
    reader.close();
  }
}

/**
 * `streamCsv` a step at a time, for a caller that takes the records in between (a generator of groups, say):
 * each `step` reads a chunk into the sink; false once the table is read (and checked). `close` when done.
 */
export class CsvReader {
  private readonly fd: number;
  private readonly stream: CsvStream;
  private started = false;

  constructor(
    file: string,
    sink: RecordSink,
    onBytes: (done: number, total: number) => void = () => {},
    chunkBytes = CHUNK,
  ) {
    this.fd = openSync(file, 'r');
    this.stream = new CsvStream(file, this.fd, fstatSync(this.fd).size, sink, onBytes, chunkBytes);
  }

  step(): boolean {
    if (!this.started) {
      this.started = true;
      this.stream.begin();
    }
    if (this.stream.step()) return true;
    this.stream.finish();
    return false;
  }

  close(): void {
    closeSync(this.fd);
  }
}

class CsvStream {
  private buf: Buffer;
  /** buf[start, end) is read and not yet used; buf[0] is the file's byte `offset`. */
  private start = 0;
  private end = 0;
  private offset = 0;
  private eof = false;
  /** The line the next record starts on (csv-parse's count: every CR and every LF starts a line). */
  private line = 1;
  private width = -1;
  private rows = 0;
  /** The bytes the records after the last whole record may share with it, and how many fields they are. */
  private prefix: Buffer | null = null;
  private shared = 0;
  /** The next quote or CR at or after `start` in the bytes read (Infinity: none). */
  private special = -1;

  constructor(
    private readonly file: string,
    private readonly fd: number,
    private readonly size: number,
    private readonly sink: RecordSink,
    private readonly onBytes: (done: number, total: number) => void,
    chunkBytes: number,
  ) {
    this.buf = Buffer.allocUnsafe(Math.max(4, chunkBytes));
  }

  /** Whether the records are all csv-parse's (CR LF or CR line ends) rather than split here line by line. */
  private wholeFile: IncrementalParser | null = null;

  begin(): void {
    this.fill();
    if (this.end >= 3 && this.buf[0] === 0xef && this.buf[1] === 0xbb && this.buf[2] === 0xbf) this.start = 3;
    if (this.crFirst()) this.wholeFile = csvParser(null, (fields, line) => void this.whole(fields, line));
  }

  /** Read the records of the bytes read so far, and read more; false once the file is read. */
  step(): boolean {
    return this.wholeFile === null ? this.stepLines() : this.stepCsvParse(this.wholeFile);
  }

  finish(): void {
    if (this.width < 0) throw new UsageError(msg.csvUnreadable(this.file, 1, 'no header'));
    if (this.rows === 0) throw new UsageError(msg.csvEmpty(this.file));
  }

  /** Read more (keeping buf[start, end)); false at the end of the file. */
  private fill(): boolean {
    if (this.eof) return false;
    if (this.start > 0) {
      this.buf.copyWithin(0, this.start, this.end);
      this.offset += this.start;
      this.end -= this.start;
      this.start = 0;
    }
    if (this.end === this.buf.length) {
      const bigger = Buffer.allocUnsafe(this.buf.length * 2);
      this.buf.copy(bigger, 0, 0, this.end);
      this.buf = bigger;
    }
    const n = readSync(this.fd, this.buf, this.end, this.buf.length - this.end, this.offset + this.end);
    if (n === 0) this.eof = true;
    this.end += n;
    this.special = -1; // the bytes moved, or more came: look again
    this.onBytes(this.offset + this.end, this.size);
    return n > 0;
  }

  /** Whether a CR comes before the first LF: csv-parse then finds CR LF or CR as the record delimiter. */
  private crFirst(): boolean {
    for (;;) {
      const view = this.buf.subarray(this.start, this.end);
      const lf = view.indexOf(LF);
      const cr = view.indexOf(CR);
      if (cr >= 0 && (lf < 0 || cr < lf)) return true;
      if (lf >= 0 || !this.fill()) return false;
    }
  }

  /** The first quote or CR at or after `from` among the bytes read, or Infinity. */
  private nextSpecial(from: number): number {
    if (this.special >= from) return this.special;
    const view = this.buf.subarray(0, this.end);
    const q = view.indexOf(QUOTE, from);
    const r = view.indexOf(CR, from);
    const found = q < 0 ? r : r < 0 ? q : Math.min(q, r);
    this.special = found < 0 ? Number.POSITIVE_INFINITY : found;
    return this.special;
  }

  private checkWidth(fields: readonly string[], line: number, shared: number): void {
    if (fields.length + shared !== this.width)
      throw new UsageError(
        msg.csvUnreadable(this.file, line, 'torn row (its number of fields differs from the header)'),
      );
  }

  /** A record read whole: the header, or a row whose shared prefix the sink says. */
  private whole(fields: string[], line: number): number {
    if (this.width < 0) {
      this.width = fields.length;
      this.sink.header(fields, line);
      return 0;
    }
    this.checkWidth(fields, line, 0);
    this.rows++;
    return this.sink.record(fields, line);
  }

  /** The records of a file whose lines end in LF: plain lines split here, the others by csv-parse. */
  private stepLines(): boolean {
    for (;;) {
      const lf = this.buf.subarray(0, this.end).indexOf(LF, this.start);
      if (lf < 0 && !this.eof) {
        this.fill();
        return true;
      }
      const s = this.start;
      const e = lf < 0 ? this.end : lf;
      if (lf < 0 && s === e) return false;
      const prefix = this.prefix;
      const buf = this.buf;
      if (s === e) {
        this.start = e + 1; // an empty line, skipped
        this.line++;
        continue;
      }
      const shares =
        prefix !== null && e - s >= prefix.length && buf.compare(prefix, 0, prefix.length, s, s + prefix.length) === 0;
      if (shares && this.nextSpecial(s + prefix.length) >= e) {
        const fields = buf.toString('utf8', s + prefix.length, e).split(',');
        this.checkWidth(fields, this.line, this.shared);
        this.rows++;
        this.sink.tail(fields, this.line);
      } else if (this.nextSpecial(s) >= e) {
        const shared = this.whole(buf.toString('utf8', s, e).split(','), this.line);
        this.remember(s, e, shared);
      } else {
        this.quotedRecord(s);
        continue;
      }
      this.start = Math.min(e + 1, this.end);
      this.line++;
    }
  }

  /** Keep the bytes of the first `shared` fields of the record at buf[s, e), outside quotes, with their comma. */
  private remember(s: number, e: number, shared: number): void {
    this.prefix = null;
    this.shared = shared;
    if (shared <= 0) return;
    let quoted = false;
    let commas = 0;
    for (let p = s; p < e; p++) {
      const c = this.buf[p]!;
      if (c === QUOTE) quoted = !quoted;
      else if (c === COMMA && !quoted && ++commas === shared) {
        this.prefix = Buffer.from(this.buf.subarray(s, p + 1));
        return;
      }
    }
  }

  /**
   * A record with a quote or a CR, from buf[s]: up to the first LF after an even number of quotes (a quoted field
   * may hold line ends), parsed by csv-parse alone, its lines counted as csv-parse counts them.
   */
  private quotedRecord(s: number): void {
    let quotes = 0;
    let p = s;
    let lf: number;
    for (;;) {
      lf = this.buf.subarray(0, this.end).indexOf(LF, p);
      if (lf < 0) {
        // Reading more moves the bytes kept to the buffer's start.
        const before = this.start;
        const more = this.fill();
        p -= before - this.start;
        s -= before - this.start;
        if (more) continue;
        lf = this.end;
      }
      for (let i = p; i < lf; i++) if (this.buf[i] === QUOTE) quotes++;
      if (quotes % 2 === 0 || lf === this.end) break;
      p = lf + 1;
    }
    const stop = Math.min(lf + 1, this.end);
    const bytes = this.buf.subarray(s, stop);
    const first = this.line;
    let last = { fields: [] as string[], line: 0, shared: 0 };
    let records = 0;
    const parser = csvParser('\n', (fields, line) => {
      records++;
      last = { fields, line: first - 1 + line, shared: this.whole(fields, first - 1 + line) };
    });
    const error = parser.parse(
      Buffer.from(bytes),
      true,
      () => {},
      () => {},
    );
    if (error !== undefined) throw refusal(this.file, error, first - 1);
    for (const c of bytes) if (c === LF || c === CR) this.line++;
    // A one-line record may still share its leading fields with the rows after it.
    if (records === 1 && bytes.indexOf(LF) === bytes.length - 1) this.remember(s, stop - 1, last.shared);
    else this.prefix = null;
    this.start = stop;
  }

  /** A file whose records end in CR LF or CR: all of it through one csv-parse parser, chunk after chunk. */
  private stepCsvParse(parser: IncrementalParser): boolean {
    const last = this.eof;
    const error = parser.parse(
      Buffer.from(this.buf.subarray(this.start, this.end)),
      last,
      () => {},
      () => {},
    );
    if (error !== undefined) throw refusal(this.file, error, 0);
    this.start = this.end;
    if (last) return false;
    this.fill();
    return true;
  }
}

/**
 * A Parquet file written as rows stream in (hyparquet-writer, zstd pages): values are gathered column by
 * column into a bounded row group, which is encoded and written out when full, so memory stays flat however
 * many rows pass. The file is a temporary until `finish` flushes it to the disk and renames it into place;
 * its SHA-256 is computed on the way out.
 */
import { closeSync, existsSync, fsyncSync, openSync, renameSync, unlinkSync } from 'node:fs';
import { dirname } from 'node:path';
import { ByteWriter, ParquetWriter, type ColumnSource, type SchemaElement } from 'hyparquet-writer';
import { HashingWriter } from '../store/checksums.js';
import { syncFolder, temporaryOf } from '../store/durable.js';
import { zstdCompress } from './zstd.js';
import type { Cell } from '../csv/csv.js';
import { typedValue, type ColumnKind, type TypedColumn } from './columns.js';

/** Rows a row group holds: large enough for zstd and readers to work well, small enough to keep memory flat. */
export const ROW_GROUP_ROWS = 1 << 16;

/** Bytes of encoded output gathered before a write to the file. */
const FLUSH_BYTES = 1 << 20;

const PHYSICAL: Record<ColumnKind, Pick<SchemaElement, 'type' | 'converted_type'>> = {
  int32: { type: 'INT32' },
  int64: { type: 'INT64' },
  double: { type: 'DOUBLE' },
  boolean: { type: 'BOOLEAN' },
  string: { type: 'BYTE_ARRAY', converted_type: 'UTF8' },
};

type Buffered = Int32Array | BigInt64Array | Float64Array | (Cell | bigint | null)[];

/** hyparquet-writer's byte buffer, emptied into the file (through the hash) whenever it fills. */
function fileSink(out: HashingWriter): ByteWriter {
  const writer = new ByteWriter(FLUSH_BYTES * 2);
  const flush = (): void => {
    if (writer.index === 0) return;
    out.write(new Uint8Array(writer.buffer, 0, writer.index));
    writer.index = 0;
  };
  const grow = writer.ensure.bind(writer);
  writer.ensure = (size: number): void => {
    if (writer.index > FLUSH_BYTES) flush();
    grow(size);
  };
  writer.finish = flush;
  return writer;
}

export interface WrittenFile {
  readonly rows: number;
  readonly bytes: number;
  readonly sha256: string;
}

export class ParquetTableWriter {
  private readonly tmp: string;
  private readonly out: HashingWriter;
  private readonly writer: ParquetWriter;
  private readonly buffers: Buffered[];
  private filled = 0;
  private rows = 0;
  /** Each column's last text given to `set`, and the value read from it (none yet: undefined, read as null). */
  private readonly lastCells: (Cell | undefined)[];
  private readonly lastValues: (Cell | bigint | null)[];

  constructor(
    private readonly path: string,
    readonly columns: readonly TypedColumn[],
    private readonly groupRows = ROW_GROUP_ROWS,
  ) {
    this.tmp = temporaryOf(path);
    this.out = new HashingWriter(openSync(this.tmp, 'w'));
    const schema: SchemaElement[] = [
      { name: 'root', num_children: columns.length },
      ...columns.map(
        (c): SchemaElement => ({
          name: c.name,
          ...PHYSICAL[c.kind],
          repetition_type: c.nullText === undefined ? 'REQUIRED' : 'OPTIONAL',
        }),
      ),
    ];
    this.writer = new ParquetWriter({
      writer: fileSink(this.out),
      schema,
      codec: 'ZSTD',
      compressors: { ZSTD: zstdCompress },
      createdBy: 'hexa-sim',
    });
    this.buffers = columns.map((c) => this.newBuffer(c));
    this.lastCells = columns.map(() => undefined);
    this.lastValues = columns.map(() => null);
  }

  private newBuffer(c: TypedColumn): Buffered {
    if (c.nullText !== undefined) return new Array(this.groupRows);
    if (c.kind === 'int32') return new Int32Array(this.groupRows);
    if (c.kind === 'int64') return new BigInt64Array(this.groupRows);
    if (c.kind === 'double') return new Float64Array(this.groupRows);
    return new Array(this.groupRows);
  }

  /**
   * Column `j`'s value in the row being filled, as the CSV has it (text) or as the configuration does. A column
   * is read afresh only when its text changes: most of a run's columns are its configuration, the same on
   * every row of an arm, and reading each again was most of the writer's time.
   */
  set(j: number, cell: Cell | undefined): void {
    let value: Cell | bigint | null;
    if (cell === this.lastCells[j]) value = this.lastValues[j] as Cell | bigint | null;
    else {
      value = typedValue(this.columns[j]!, cell);
      this.lastCells[j] = cell;
      this.lastValues[j] = value;
    }
    // One store per kind of buffer: a single store into all four kinds is slow (it cannot be specialised).
    const buffer = this.buffers[j]!;
    if (buffer instanceof Float64Array) buffer[this.filled] = value as number;
    else if (buffer instanceof BigInt64Array) buffer[this.filled] = value as bigint;
    else if (buffer instanceof Int32Array) buffer[this.filled] = value as number;
    else buffer[this.filled] = value;
  }

  /** Column `j` of the row being filled, a number already parsed (the fast path for metrics). */
  setNumber(j: number, value: number): void {
    const buffer = this.buffers[j]!;
    if (buffer instanceof BigInt64Array) buffer[this.filled] = BigInt(value);
    else (buffer as Float64Array)[this.filled] = value;
  }

  /** The row is complete: the next values start the next row (and a full row group is written out). */
  endRow(): void {
    this.filled++;
    this.rows++;
    if (this.filled === this.groupRows) this.writeGroup();
  }

  private writeGroup(): void {
    if (this.filled === 0) return;
    const n = this.filled;
    const columnData: ColumnSource[] = this.columns.map((c, j) => {
      const buffer = this.buffers[j]!;
      const data = Array.isArray(buffer) ? buffer.slice(0, n) : buffer.subarray(0, n);
      return { name: c.name, data: data as ColumnSource['data'], nullable: c.nullText !== undefined };
    });
    this.writer.write({ columnData, rowGroupSize: n });
    this.filled = 0;
  }

  /** Write the last row group and the footer, flush the file to the disk and rename it into place. */
  finish(): WrittenFile {
    try {
      this.writeGroup();
      this.writer.finish();
      fsyncSync(this.out.fd);
    } finally {
      closeSync(this.out.fd);
    }
    renameSync(this.tmp, this.path);
    syncFolder(dirname(this.path));
    return { rows: this.rows, bytes: this.out.bytes, sha256: this.out.digest() };
  }

  /** Give up (the work failed): close and remove the temporary. */
  abandon(): void {
    try {
      closeSync(this.out.fd);
    } catch {
      // already closed
    }
    if (existsSync(this.tmp)) unlinkSync(this.tmp);
  }
}

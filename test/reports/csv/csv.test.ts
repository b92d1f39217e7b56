import { stringify } from 'csv-stringify/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvField } from '../../../reports/csv/csv.js';
import type { Cell, Row } from '../../../reports/csv/csv.js';
import { toCsv } from '../../../reports/csv/table.js';

/** What csv-stringify writes for one field, as one record without its line end. */
const stringified = (value: Cell): string =>
  stringify([[value]], { eof: false, cast: { boolean: (b: boolean) => String(b) } });

/** Text with the characters CSV quoting is about, often. */
const awkward = fc.string({ unit: fc.constantFrom('a', 'Z', ' ', ',', '"', '\n', '\r', ';', "'", '×', '.', '0') });

describe('toCsv (csv-stringify)', () => {
  it('writes the header, then the rows, quoting only where needed', () => {
    const rows: Row[] = [
      { a: 1, b: 'x,y', c: true, d: 'q"t', e: 'l\nm', f: 1e-7, g: '', h: -0, i: 0.1 + 0.2, j: 'a\rb' },
      { a: 2, b: 'z', c: false, d: '', e: ' ', f: NaN, g: 's', h: 1e21, i: -1.5, j: 'plain' },
    ];
    const expected =
      'a,b,c,d,e,f,g,h,i,j\n' +
      '1,"x,y",true,"q""t","l\nm",1e-7,,0,0.30000000000000004,"a\rb"\n' +
      '2,z,false,, ,NaN,s,1e+21,-1.5,plain\n';
    expect(toCsv(rows)).toBe(expected);
    expect(toCsv(rows, false)).toBe(expected.slice(expected.indexOf('\n') + 1));
  });

  it('keeps a column whose name holds a dot or a bracket (csv-stringify would read it as a path)', () => {
    expect(toCsv([{ 'logLikelihood×0.5': 1, 'a[0]': 2, 'x.y.z': 'w' }])).toBe('logLikelihood×0.5,a[0],x.y.z\n1,2,w\n');
  });

  it('is empty without rows', () => {
    expect(toCsv([])).toBe('');
  });

  it('gives the bytes of the hand-written fields joined line by line, the way the rows of runs are written', () => {
    const row = fc.dictionary(awkward, fc.oneof(awkward, fc.double(), fc.integer(), fc.boolean()), {
      minKeys: 1,
      maxKeys: 6,
    });
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 4 }), (rows) => {
        const columns = Object.keys(rows[0]!);
        const lines = [columns, ...rows.map((r) => columns.map((c) => r[c]))].map((cells) =>
          cells.map((c) => csvField(c)).join(','),
        );
        expect(toCsv(rows)).toBe(`${lines.join('\n')}\n`);
      }),
      { numRuns: 300, seed: 11 },
    );
  });
});

describe('csvField (hand-written, for the rows of runs)', () => {
  it('writes every field as csv-stringify does: text, numbers, booleans', () => {
    fc.assert(
      fc.property(fc.oneof(awkward, fc.string(), fc.double(), fc.integer(), fc.boolean()), (value) => {
        expect(csvField(value)).toBe(stringified(value));
      }),
      { numRuns: 2000, seed: 5 },
    );
  });
});

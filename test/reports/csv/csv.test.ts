import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import { toCsv } from '../../../reports/csv/csv.js';
import type { Row } from '../../../reports/csv/csv.js';

describe('toCsv', () => {
  it('gives the same bytes as csv-stringify, quoting only where needed', () => {
    const rows: Row[] = [
      { a: 1, b: 'x,y', c: true, d: 'q"t', e: 'l\nm', f: 1e-7, g: '', h: -0, i: 0.1 + 0.2, j: 'a\rb' },
      { a: 2, b: 'z', c: false, d: '', e: ' ', f: NaN, g: 's', h: 1e21, i: -1.5, j: 'plain' },
    ];
    const reference = stringify(rows, {
      header: true,
      columns: Object.keys(rows[0]!),
      cast: { boolean: (b: boolean) => String(b) },
    });
    expect(toCsv(rows)).toBe(reference);
    expect(toCsv(rows, false)).toBe(reference.slice(reference.indexOf('\n') + 1));
  });

  it('is empty without rows', () => {
    expect(toCsv([])).toBe('');
  });
});

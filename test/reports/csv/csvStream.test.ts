import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readCsv } from '../../../reports/csv/csvRead.js';
import { streamCsv } from '../../../reports/csv/csvStream.js';
import { UsageError } from '../../../sim/core/messages.js';
import { ReplicateKey } from '../../../sim/core/rng.js';
import { tempDir } from '../fixtures.js';

const root = tempDir('hexa-csv-stream-');
afterAll(() => rmSync(root, { recursive: true, force: true }));

type Outcome = { header: readonly string[]; rows: string[][]; lines: number[] } | { refused: string };

/** What readCsv (csv-parse over the whole file) makes of it. */
function whole(file: string): Outcome {
  try {
    const t = readCsv(file);
    return { header: t.header, rows: t.rows.map((r) => [...r]), lines: [...t.lines] };
  } catch (e) {
    if (e instanceof UsageError) return { refused: e.message };
    throw e;
  }
}

/** What the stream makes of it, each tail made whole again; the sink shares `share(i)` fields after row i. */
function streamed(file: string, chunk: number, share: (row: number) => number): Outcome {
  let header: readonly string[] = [];
  const rows: string[][] = [];
  const lines: number[] = [];
  let last: string[] = [];
  let shared = 0;
  try {
    streamCsv(
      file,
      {
        header: (fields) => void (header = fields),
        record: (fields, line) => {
          rows.push(fields);
          lines.push(line);
          last = fields;
          shared = Math.min(share(rows.length), fields.length);
          return shared;
        },
        tail: (fields, line) => {
          rows.push([...last.slice(0, shared), ...fields]);
          lines.push(line);
        },
      },
      () => {},
      chunk,
    );
    return { header, rows, lines };
  } catch (e) {
    if (e instanceof UsageError) return { refused: e.message };
    throw e;
  }
}

describe('streamCsv', () => {
  it('gives the records, lines and refusals csv-parse gives for the whole file, in chunks of any size', () => {
    // Random tables over the characters that matter to CSV: rows that share their leading bytes, quoted fields
    // with commas and line ends, doubled quotes, stray quotes, CR, CR LF, empty lines, torn rows, a BOM.
    const s = new ReplicateKey(42, 0).stream('guess', 0, 0);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(s.quick() * xs.length)]!;
    const fields = ['a', 'bb', '1.5', '', '"q,1"', '"x""y"', '"l\nm"', 'c"d', '"e"f', ' ', '"cr\r"', '"open'];
    const ends = ['\n', '\n', '\n', '\n', '\r\n', '\r', '\n\n'];
    const differences: string[] = [];
    const refused = new Set<string>();
    for (let t = 0; t < 400; t++) {
      const width = 1 + Math.floor(s.quick() * 4);
      const plain = s.quick() < 0.5;
      const row = (): string =>
        Array.from({ length: width + (s.quick() < 0.03 ? pick([-1, 1]) : 0) }, (_, k) =>
          k < width - 1 && s.quick() < 0.7 ? 'same' : plain ? pick(['1', '22', 'x', '']) : pick(fields),
        ).join(',');
      const eol = plain && s.quick() < 0.7 ? '\n' : pick(ends);
      const rows = Array.from({ length: Math.floor(s.quick() * 7) }, row);
      let text = [Array.from({ length: width }, (_, k) => `h${k}`).join(','), ...rows].join(eol);
      if (s.quick() < 0.5) text += eol;
      if (s.quick() < 0.05) text = `\ufeff${text}`;
      if (s.quick() < 0.02) text = '';
      const file = join(root, `t${t}.csv`);
      writeFileSync(file, text);
      const expected = JSON.stringify(whole(file));
      for (const chunk of [5, 64, 1 << 20]) {
        const got = JSON.stringify(streamed(file, chunk, (i) => (i * 7 + t) % 3));
        if (got !== expected)
          differences.push(`${JSON.stringify(text)} in chunks of ${chunk}: ${got}, not ${expected}`);
      }
      const reason = /^{"refused":"DIR: '[^']*' (.*)"}$/.exec(expected)?.[1];
      if (reason !== undefined) refused.add(reason.replace(/\d+/g, 'N'));
    }
    expect(differences).toEqual([]);
    // The tables were hostile enough: every kind of refusal came up.
    expect([...refused].sort()).toEqual([
      'has a header but no rows',
      'line N: malformed CSV',
      'line N: no header',
      'line N: torn row (a quoted field is not closed)',
      'line N: torn row (its number of fields differs from the header)',
    ]);
  });
});

describe('streamCsv on a result table', () => {
  it('hands over only the fields after the shared configuration, and says how far it has read', () => {
    const file = join(root, 'results.csv');
    const rows = Array.from({ length: 300 }, (_, i) => `cell${Math.floor(i / 100)},"a,b",0.85,${i % 100},${i / 7}`);
    writeFileSync(file, `cell,module,threshold,replicate,value\n${rows.join('\n')}\n`);
    const seen = { whole: 0, tails: 0, fields: 0 };
    const progress: number[] = [];
    streamCsv(
      file,
      {
        header: () => {},
        record: () => {
          seen.whole++;
          return 3;
        },
        tail: (fields) => {
          seen.tails++;
          seen.fields += fields.length;
        },
      },
      (done, total) => progress.push(done / total),
      256,
    );
    // One whole record per cell (the quoted module makes its first row csv-parse's), the others as tails.
    expect(seen).toEqual({ whole: 3, tails: 297, fields: 297 * 2 });
    expect(progress.at(-1)).toBe(1);
    expect(progress.length).toBeGreaterThan(10);
  });
});

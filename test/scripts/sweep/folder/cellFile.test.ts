/** A cell's rows file is trusted only when its rows match its footer: cut, extended or foreign files do not verify. */
import { appendFileSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { footerSum, readCellRows, writeCellFile } from '../../../../scripts/sweep/folder/cellFile.js';
import { tempDir } from '../cli.js';

const ROWS = ['a,0,1,2.5\n', 'a,1,1,3\n', 'a,2,1,"x,y"\n'];

function written(): { path: string; text: string } {
  const path = join(tempDir('cellfile'), 'c.csv');
  writeCellFile(path, (emit) => ROWS.forEach((r) => emit(r)));
  return { path, text: ROWS.join('') };
}

describe('cell files', () => {
  it('hold the rows, then a footer with their count, bytes and SHA-256', () => {
    const { path, text } = written();
    const sum = readCellRows(path);
    expect(sum).toMatchObject({ rows: 3, bytes: Buffer.byteLength(text) });
    expect(footerSum(path)).toEqual(sum);
    const chunks: string[] = [];
    readCellRows(path, (c) => chunks.push(c.toString('utf8')));
    expect(chunks.join('')).toBe(text);
    expect(readFileSync(path, 'utf8').startsWith(text)).toBe(true);
  });

  it('do not verify when cut mid-row, cut before the footer, or with a row appended', () => {
    const cut = written();
    truncateSync(cut.path, 12);
    expect(readCellRows(cut.path)).toBeUndefined();
    const noFooter = written();
    truncateSync(noFooter.path, Buffer.byteLength(noFooter.text));
    expect(readCellRows(noFooter.path)).toBeUndefined();
    const appended = written();
    appendFileSync(appended.path, 'a,3,1,9\n');
    expect(readCellRows(appended.path)).toBeUndefined();
  });

  it('do not verify when a row is changed under an intact footer, or written by something else', () => {
    const changed = written();
    const bytes = readFileSync(changed.path);
    bytes[2] = '9'.charCodeAt(0);
    writeFileSync(changed.path, bytes);
    expect(footerSum(changed.path)).toBeDefined();
    expect(readCellRows(changed.path)).toBeUndefined();
    const foreign = join(tempDir('cellfile'), 'f.csv');
    writeFileSync(foreign, ROWS.join(''));
    expect(readCellRows(foreign)).toBeUndefined();
  });
});

/**
 * `hexa explorer`: the built page written as a file, to stdout, or as a folder for static hosting, under the
 * rule every output follows (an existing file kept without --force; bad flags one line, exit 2, nothing written).
 */
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../sweep/cli.js';
import { builtPage } from './builtPage.js';
import { hexaHere } from '../../helpers/inProcess.js';

const dir = tempDir('explorer');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('hexa explorer', () => {
  it('writes the built page, as a file, to stdout and as a site folder', async () => {
    const page = readFileSync(builtPage(), 'utf8');
    expect(await hexaHere(['explorer'], { cwd: dir })).toEqual({ status: 0, stdout: '', stderr: '' });
    expect(readFileSync(join(dir, 'hexa-explorer.html'), 'utf8')).toBe(page);
    expect((await hexaHere(['explorer', '--out', '-'])).stdout).toBe(page);
    expect((await hexaHere(['explorer', '--site', join(dir, 'site')])).status).toBe(0);
    expect(readdirSync(join(dir, 'site')).sort()).toEqual(['.nojekyll', 'index.html']);
    expect(readFileSync(join(dir, 'site', 'index.html'), 'utf8')).toBe(page);
    expect(page).toMatch(/connect-src 'none'/);
  });

  it('keeps an existing file without --force, and refuses bad flags in one line, writing nothing', async () => {
    const file = join(dir, 'mine.html');
    writeFileSync(file, 'mine');
    const kept = await hexaHere(['explorer', '--out', file]);
    expect([kept.status, kept.stderr.split('\n').length]).toEqual([2, 2]);
    expect(kept.stderr).toMatch(/^hexa: --out: .* already exists \(use --force to replace it\)\n$/);
    expect(readFileSync(file, 'utf8')).toBe('mine');
    expect((await hexaHere(['explorer', '--out', file, '--force'])).status).toBe(0);
    expect(readFileSync(file, 'utf8')).toMatch(/^<!DOCTYPE html>/);
    const bad = await hexaHere(['explorer', '--outt', join(dir, 'x.html')], { cwd: dir });
    expect(bad).toEqual({
      status: 2,
      stdout: '',
      stderr: 'hexa: unknown flag --outt (did you mean --out?) (see hexa explorer --help)\n',
    });
    const twice = await hexaHere(['explorer', '--out', 'a.html', '--out', 'b.html'], { cwd: dir });
    expect([twice.status, twice.stderr]).toEqual([2, 'hexa: --out was given more than once\n']);
    expect(existsSync(join(dir, 'x.html')) || existsSync(join(dir, 'a.html'))).toBe(false);
  });
});

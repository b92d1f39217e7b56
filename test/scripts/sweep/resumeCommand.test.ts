import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { programName, resumeCommand, shellWord } from '../../../scripts/sweep/resumeCommand.js';

describe('the command that resumes a stopped sweep', () => {
  it('is the command given, --force taken out and --resume put in', () => {
    expect(
      resumeCommand(['sweep', '--explore', '0:0.5:0.05', '--force', '--out', 'out/g'], '/x/out/g', true, 'hexa'),
    ).toBe('hexa sweep --explore 0:0.5:0.05 --out out/g --resume');
    expect(resumeCommand(['sweep', '--explore', '0,0.1', '--resume', '--out', 'g'], '/x/g', true, 'hexa')).toBe(
      'hexa sweep --explore 0,0.1 --out g --resume',
    );
  });

  it('names the folder the sweep chose when --out was not given', () => {
    const folder = `${process.cwd()}/out/sweep-20260101-120000`;
    expect(resumeCommand(['sweep', '--explore', '0,0.1'], folder, false, 'npx hexa')).toBe(
      'npx hexa sweep --explore 0,0.1 --out out/sweep-20260101-120000 --resume',
    );
  });

  it('starts with hexa when the hexa on the PATH is this program, else npx hexa (a clone)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hexa-path-'));
    const script = join(dir, 'hexa.js');
    writeFileSync(script, '');
    const bin = join(dir, 'bin');
    mkdirSync(bin);
    expect(programName(script, `${bin}:/usr/bin`)).toBe('npx hexa');
    symlinkSync(script, join(bin, 'hexa'));
    expect(programName(script, `/nowhere:${bin}`)).toBe('hexa');
    expect(programName(join(dir, 'other.js'), bin)).toBe('npx hexa');
    rmSync(dir, { recursive: true, force: true });
  });

  it('quotes what a shell would read otherwise', () => {
    expect(shellWord('0:0.5:0.05')).toBe('0:0.5:0.05');
    expect(shellWord('my world.mjs')).toBe("'my world.mjs'");
    expect(shellWord("it's")).toBe(`'it'\\''s'`);
    expect(shellWord('$HOME')).toBe("'$HOME'");
    expect(shellWord('')).toBe("''");
  });
});

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  markers,
  readGeneratedPage,
  withGeneratedRegion,
  writeGeneratedPage,
} from '../../../reports/render/generatedRegion.js';

const on = { date: new Date('2026-12-01T00:00:00Z'), command: 'hexa bench', conditions: '2 cores' };
const { begin, end } = markers('bench');

describe('a generated region of a docs page', () => {
  it('is replaced by one run’s figures, the prose around it kept as written', () => {
    const page = `# Performance\n\nWhy.\n\n${begin}\n\n- old figure\n\n${end}\n\nMore prose.\n`;
    const next = withGeneratedRegion(page, 'bench', '- engine 70 M/s\n- audit 1.6×\n', on);
    expect(next.startsWith('# Performance\n\nWhy.\n\n')).toBe(true);
    expect(next.endsWith(`${end}\n\nMore prose.\n`)).toBe(true);
    expect(next).not.toContain('old figure');
    expect(next).toContain('- engine 70 M/s\n- audit 1.6×\n');
    expect(next).toMatch(/Measured 2026-12-01 by `hexa bench` on .+, Node v\d+.*, 2 cores:/);
    expect(withGeneratedRegion(next, 'bench', '- engine 70 M/s\n- audit 1.6×', on)).toBe(next);
  });

  it('leaves other regions alone', () => {
    const other = markers('reproduce');
    const page = `${other.begin}\nkept\n${other.end}\n${begin}\nold\n${end}\n`;
    expect(withGeneratedRegion(page, 'bench', 'new', on)).toContain(`${other.begin}\nkept\n${other.end}`);
  });

  it('must be a readable page with its markers, checked before the measurement starts', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hexa-generated-'));
    const bare = join(dir, 'bare.md');
    writeFileSync(bare, '# no markers\n');
    expect(() => readGeneratedPage('markdown', join(dir, 'missing.md'), 'bench')).toThrow(
      /--markdown: .*missing\.md' is not a readable file/,
    );
    expect(() => readGeneratedPage('markdown', bare, 'bench')).toThrow(
      /--markdown: .*bare\.md' has no bench:begin … bench:end markers/,
    );
    const good = join(dir, 'good.md');
    writeFileSync(good, `${begin}\n${end}\n`);
    writeGeneratedPage(good, withGeneratedRegion(readGeneratedPage('markdown', good, 'bench'), 'bench', '- x', on));
    expect(readFileSync(good, 'utf8')).toContain('- x\n');
  });
});

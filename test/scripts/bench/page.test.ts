import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BEGIN, END, readBenchPage, withBenchFigures, writeBenchPage } from '../../../scripts/bench/page.js';

const on = {
  date: new Date('2026-12-01T00:00:00Z'),
  cores: 2,
  load: { before: '1.0', after: '1.5' },
  command: 'hexa bench',
};

describe('the measured region of the performance page', () => {
  it('is replaced by one run’s figures, the prose around it kept as written', () => {
    const page = `# Performance\n\nWhy.\n\n${BEGIN}\n\n- old figure\n\n${END}\n\nMore prose.\n`;
    const next = withBenchFigures(page, ['engine 70 M/s', 'audit 1.6×'], on);
    expect(next.startsWith('# Performance\n\nWhy.\n\n')).toBe(true);
    expect(next.endsWith(`${END}\n\nMore prose.\n`)).toBe(true);
    expect(next).not.toContain('old figure');
    expect(next).toContain('- engine 70 M/s\n- audit 1.6×\n');
    expect(next).toMatch(/Measured 2026-12-01 by `hexa bench` on .+, 2 cores, .+ Node v\d+.+load average 1\.0 before/);
    expect(withBenchFigures(next, ['engine 70 M/s', 'audit 1.6×'], on)).toBe(next);
  });

  it('must exist and have its markers before the benchmark starts', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hexa-bench-page-'));
    const bare = join(dir, 'bare.md');
    writeFileSync(bare, '# no markers\n');
    expect(() => readBenchPage('markdown', join(dir, 'missing.md'))).toThrow(
      /--markdown: .*missing\.md' is not a readable file/,
    );
    expect(() => readBenchPage('markdown', bare)).toThrow(
      /--markdown: .*bare\.md' has no bench:begin … bench:end markers/,
    );
    const good = join(dir, 'good.md');
    writeFileSync(good, `${BEGIN}\n${END}\n`);
    writeBenchPage(good, withBenchFigures(readBenchPage('markdown', good), ['x'], on));
    expect(readFileSync(good, 'utf8')).toContain('- x\n');
  });
});

/**
 * Start-up stays lazy: what `hexa --help` loads is the static import closure of scripts/hexa.ts, which reaches no
 * command's module (scripts/program/commandTable.ts imports the one typed); what a run without plugins loads adds
 * its command's closure, and neither may reach the plugin loader, the environment checker or mathjs — those load
 * inside the commands that need them.
 */
import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './sweep/cli.js';

/** Static imports that exist at run time: `import … from`, `export … from`, not `import type`, not `import()`. */
const STATIC = /(?:^|\n)\s*(?:import|export)\s+(?!type\s)[^'";]*?from\s*'([^']+)'|(?:^|\n)\s*import\s*'([^']+)'/g;

function closure(entries: readonly string[]): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string): void => {
    if (files.has(file)) return;
    files.add(file);
    for (const m of readFileSync(join(ROOT, file), 'utf8').matchAll(STATIC)) {
      const spec = (m[1] ?? m[2])!;
      if (spec.startsWith('.')) visit(posix.normalize(posix.join(posix.dirname(file), spec)).replace(/\.js$/, '.ts'));
      else packages.add(spec);
    }
  };
  entries.forEach(visit);
  return { files, packages };
}

/** The commands' modules, as the command table imports them when a command is typed. */
const COMMAND_MODULES = [
  ...readFileSync(join(ROOT, 'scripts/program/commandTable.ts'), 'utf8').matchAll(/import\('([^']+)'\)/g),
].map((m) => posix.normalize(posix.join('scripts/program', m[1]!)).replace(/\.js$/, '.ts'));

describe('start-up', () => {
  const help = closure(['scripts/hexa.ts']);
  const { files, packages } = closure(['scripts/hexa.ts', ...COMMAND_MODULES]);

  it('follows the command modules (the check can see something)', () => {
    expect(COMMAND_MODULES).toHaveLength(13);
    expect(files).toContain('scripts/commands/run.ts');
    expect(files).toContain('scripts/config/modules.ts');
    expect(packages).toContain('yargs');
  });

  it('loads no command module and no Parquet writer before a command is typed', () => {
    expect(help.packages).toContain('yargs');
    expect([...help.files].filter((f) => COMMAND_MODULES.includes(f))).toEqual([]);
    expect([...help.packages].filter((p) => p.startsWith('hyparquet') || p.includes('zstd'))).toEqual([]);
  });

  it('loads no plugin machinery, no environment checker and no mathjs', () => {
    expect([...files].filter((f) => f.startsWith('envs/check/') || f.startsWith('sim/agent/plugins/'))).toEqual([]);
    expect([...packages].filter((p) => p === 'mathjs')).toEqual([]);
  });
});

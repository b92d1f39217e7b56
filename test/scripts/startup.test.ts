/**
 * Start-up stays lazy: what `hexa --help` (or a run without plugins) loads is the static import closure
 * of scripts/hexa.ts, and it must not reach the plugin loader, the environment checker or mathjs — those
 * load inside the commands that need them.
 */
import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './sweep/cli.js';

/** Static imports that exist at run time: `import … from`, `export … from`, not `import type`, not `import()`. */
const STATIC = /(?:^|\n)\s*(?:import|export)\s+(?!type\s)[^'";]*?from\s*'([^']+)'|(?:^|\n)\s*import\s*'([^']+)'/g;

function closure(entry: string): { files: Set<string>; packages: Set<string> } {
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
  visit(entry);
  return { files, packages };
}

describe('start-up', () => {
  const { files, packages } = closure('scripts/hexa.ts');

  it('follows the command modules (the check can see something)', () => {
    expect(files).toContain('scripts/commands/run.ts');
    expect(files).toContain('scripts/config/modules.ts');
    expect(packages).toContain('yargs');
  });

  it('loads no plugin machinery, no environment checker and no mathjs', () => {
    expect([...files].filter((f) => f.startsWith('envs/check/') || f.startsWith('sim/agent/plugins/'))).toEqual([]);
    expect([...packages].filter((p) => p === 'mathjs')).toEqual([]);
  });
});

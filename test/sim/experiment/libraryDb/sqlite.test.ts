/** The SQLite driver: the version its refusal names is the one the package declares and develops with. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DRIVER_VERSION } from '../../../../sim/experiment/libraryDb/sqlite.js';

describe('the SQLite driver', () => {
  it('is an optional peer dependency of the version its refusal names, and the one installed for development', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')) as {
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
      peerDependencies: Record<string, string>;
      peerDependenciesMeta: Record<string, { optional?: boolean }>;
    };
    expect(pkg.dependencies['better-sqlite3']).toBeUndefined();
    expect(pkg.peerDependencies['better-sqlite3']).toBe(DRIVER_VERSION);
    expect(pkg.peerDependenciesMeta['better-sqlite3']?.optional).toBe(true);
    expect(pkg.devDependencies['better-sqlite3']).toBe(DRIVER_VERSION);
    // 13 needs Node 22; this package supports Node 20.
    expect(DRIVER_VERSION).toMatch(/^12\./);
  });
});

/**
 * The API reference (`npm run docs`): TypeDoc reads `scripts/api/index.ts` and, with undocumented exports and
 * unresolved links treated as errors (typedoc.json), fails when an export of the public entry lacks TSDoc.
 * Checked without writing the HTML, and without TypeDoc's own type check of every source: `npm test` type-checks
 * them before vitest starts (npm run typecheck), and the global setup compiles them, so here TypeDoc reads only
 * what the entry exports.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../sweep/cli.js';

const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

describe('npm run docs', () => {
  it('builds the API reference with every export of the public entry documented', () => {
    const run = spawnSync(NPM, ['run', '--silent', 'docs', '--', '--emit', 'none', '--skipErrorChecking'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    const said = `${run.stdout}${run.stderr}`;
    expect(said).not.toMatch(/\[warning\]|\[error\]/);
    expect(run.status).toBe(0);
  }, 240_000);
});

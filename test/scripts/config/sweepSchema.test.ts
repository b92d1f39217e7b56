/** The shipped schema is the one the declarations generate, and it accepts what the flags accept. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SCHEMA_FILE, schemaText, sweepSchema } from '../../../scripts/config/sweepSchema.js';
import { ROOT } from '../sweep/cli.js';

describe('the sweep file schema', () => {
  it('is the file the package ships (regenerate it with npm run build && npm run schema)', () => {
    expect(readFileSync(join(ROOT, SCHEMA_FILE), 'utf8')).toBe(schemaText());
  });

  it('reads ranges and lists in the one number grammar, exponents included', async () => {
    const { Ajv } = await import('ajv');
    const validate = new Ajv({ strict: true, allowUnionTypes: true }).compile(sweepSchema());
    expect(validate({ explore: '1e-1:3e-1:1e-1', 'paper-rewards': '1/7.5e-1', threshold: [0.5, '.6:.9:.1'] })).toBe(
      true,
    );
    expect(validate({ explore: '0x1:2' })).toBe(false);
    expect(validate({ 'paper-bounds': '3//7' })).toBe(false);
  });
});

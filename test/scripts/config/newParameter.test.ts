/**
 * Adding a run parameter touches its declaration and the code that uses its value, nothing else: one more
 * entry in a declaration tree is a flag (with help and validation), a field of the configuration, a CSV
 * column, a key of the sweep file's schema and a chart label, without another edit.
 */
import { afterAll, describe, expect, it, vi } from 'vitest';

const CHOICES = '../../../sim/agent/choices.js';

describe('a parameter added to the declarations', () => {
  afterAll(() => {
    vi.doUnmock(CHOICES);
    vi.resetModules();
  });

  it('is a flag, a configuration field, a CSV column, a schema key and a chart label', async () => {
    vi.resetModules();
    vi.doMock(CHOICES, async (importOriginal) => {
      const real = await importOriginal<typeof import('../../../sim/agent/choices.js')>();
      const forgetting = {
        kind: 'choice',
        flag: 'forgetting',
        section: 'hidden',
        values: ['never', 'slowly'],
        default: 'never',
        label: 'How the library forgets',
        help: 'the library never forgets, or forgets slowly (a parameter of this test)',
      } as const;
      return { ...real, HIDDEN_PARAMS: { ...real.HIDDEN_PARAMS, forgetting } };
    });
    // A fresh module graph is a fresh program: it readies itself (Node's host, the built-in worlds) first.
    await import('../../../scripts/program/nodeProgram.js');
    const { RUN_FLAGS, runFlagOptions, configFrom } = await import('../../../scripts/config/runOptions.js');
    const { configColumns } = await import('../../../reports/csv/rows.js');
    const { sweepSchema } = await import('../../../scripts/config/sweepSchema.js');
    const { parameterTitle } = await import('../../../reports/charts/theme.js');

    const flags = RUN_FLAGS.map((p) => p.flag);
    expect(flags.indexOf('forgetting')).toBe(flags.indexOf('test-at') + 1);
    expect(runFlagOptions().forgetting).toMatchObject({
      group: 'Hidden choices (the article does not say):',
      describe: 'the library never forgets, or forgets slowly (a parameter of this test) [default: never]',
    });
    const config = configFrom({ forgetting: 'slowly' });
    expect((config.agent as unknown as Record<string, unknown>).forgetting).toBe('slowly');
    expect(() => configFrom({ forgetting: 'fast' })).toThrow("--forgetting: 'fast' is not one of never, slowly");
    const columns = configColumns(config);
    expect(columns.forgetting).toBe('slowly');
    expect(Object.keys(columns).indexOf('forgetting')).toBe(Object.keys(columns).indexOf('testAt') + 1);
    const schema = sweepSchema() as { properties: Record<string, { description: string }> };
    expect(schema.properties.forgetting!.description).toBe('"never", "slowly", or a list of them');
    expect(parameterTitle('forgetting')).toBe('How the library forgets');
  });
});

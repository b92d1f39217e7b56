/** The findings script: every section runs and yields its tables; its arguments are validated. */
import { describe, expect, it } from 'vitest';
import { findings, parseArgs } from '../../../scripts/findings/main.js';
import { command } from '../../../scripts/findings/measure.js';
import { UsageError } from '../../../sim/core/messages.js';

describe('findings', () => {
  it('parses its flags and rejects bad ones naming the flag', () => {
    expect(parseArgs(['--replicates', '20', '--only', 'threshold,tools']).only).toEqual(['threshold', 'tools']);
    expect(() => parseArgs(['--replicates', '1'])).toThrow(UsageError);
    expect(() => parseArgs(['--only', 'everything'])).toThrow(/--only: 'everything' is not one of/);
    expect(() => parseArgs(['--verbose'])).toThrow(/unknown flag --verbose/);
  });

  it('names each arm as a hexa run command', () => {
    expect(
      command({
        label: '',
        settings: { env: 'drift-lock-v1', library: 'false', explore: '0.1' },
        params: { every: '60' },
      }),
    ).toBe('hexa run --env drift-lock-v1 --no-library --explore 0.1 --param every=60');
  });

  it('every section runs at a small scale and prints its tables, deterministically', () => {
    const scale = { replicates: 4, seed: 3, resamples: 50 };
    const text = findings(scale, ['exploration', 'refutation', 'recovery', 'threshold', 'tools']);
    for (const heading of [
      'Exploration under drift',
      'refutation rate after a drift',
      'Recovery after a drift',
      'threshold tied to sample size',
      'tool loop',
    ]) {
      expect(text).toContain(heading);
    }
    expect(text.match(/^\| --- \|/gm)?.length).toBe(2 + 1 + 6 + 1 + 2);
    expect(findings(scale, ['threshold'])).toBe(findings(scale, ['threshold']));
  }, 120_000);
});

/**
 * No-regression: the published defaults must reproduce the Core simulator's numbers exactly. The fixture
 * was written by the Core code (before contexts, lifecycles and exploration policies); every field of every
 * round of every replicate must match bit for bit.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runExperiment } from '../../../sim/experiment/experiment.js';
import { PINNED_FIELDS, REGRESSION_CASES } from './regressionCases.js';
import { normalizeRun } from '../../../sim/experiment/config.js';

interface Fixture {
  fields: string[];
  cases: Record<string, number[][][]>;
}

const fixture = JSON.parse(
  readFileSync(new URL('./fixtures/lock-v1-regression.json', import.meta.url), 'utf8'),
) as Fixture;

describe('lock-v1 no-regression (seeded runs pinned before refactoring)', () => {
  it('pins the same fields and cases', () => {
    expect(fixture.fields).toEqual([...PINNED_FIELDS]);
    expect(Object.keys(fixture.cases).sort()).toEqual(Object.keys(REGRESSION_CASES).sort());
  });

  for (const [name, config] of Object.entries(REGRESSION_CASES)) {
    it(`${name}: every round of every replicate is unchanged`, () => {
      const result = runExperiment(normalizeRun(config));
      const rows = result.replicates.map((rounds) =>
        rounds.map((m) => PINNED_FIELDS.map((f) => (m as unknown as Record<string, number>)[f])),
      );
      expect(rows).toEqual(fixture.cases[name]);
    });
  }
});

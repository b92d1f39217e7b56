/**
 * The reproduce view's arms, given as flags, are hexa reproduce's arms: the configuration `hexa run` builds from
 * them is the audit's `armConfig`, under every reading a preset names; and its table reads the figures as
 * hexa reproduce defines them.
 */
import { describe, expect, it } from 'vitest';
import { runOf } from '../../../scripts/explorer/link.js';
import { ARM_FLAGS, reproduceFigures } from '../../../reports/explorer/reproduceFigures.js';
import { AUDIT_PRESETS as presets } from '../../../reports/explorer/auditPresets.js';
import { ARMS, armConfig, HIDDEN_CHOICES, type HiddenChoices } from '../../../sim/reproduction/arms.js';
import { FIGURES } from '../../../sim/reproduction/figures.js';
import { runReplicate } from '../../../sim/experiment/replicate.js';
import { envSpecOf } from '../../../sim/experiment/experiment.js';

const hiddenOfFlags = (flags: Readonly<Record<string, string>>): HiddenChoices =>
  Object.fromEntries(HIDDEN_CHOICES.map((c) => [c.key, flags[c.flag]])) as unknown as HiddenChoices;

describe('the reproduce view', () => {
  it('runs hexa reproduce’s arms under every reading its presets name', () => {
    const readings = [...presets.credible.map((r) => r.flags), ...presets.confidence];
    expect(readings.length).toBeGreaterThan(0);
    for (const flags of readings)
      for (const arm of ARMS) {
        const settings = { ...flags, ...ARM_FLAGS[arm.id], seed: '3', replicates: '7' };
        expect(runOf(settings, {})).toEqual(armConfig(arm, hiddenOfFlags(flags), 3, 7));
      }
  });

  it('places each published figure among single runs, as hexa reproduce defines the figure', () => {
    const runs = new Map(
      ARMS.map((arm) => {
        const config = runOf({ ...ARM_FLAGS[arm.id], replicates: '40' }, {});
        return [arm.id, Array.from({ length: 40 }, (_, r) => runReplicate(config, envSpecOf(config), r))] as const;
      }),
    );
    const { rows, chart } = reproduceFigures(runs);
    expect(rows.map((r) => r.id)).toEqual(FIGURES.map((f) => f.id));
    const final = rows.find((r) => r.id === 'exploit.final')!;
    const values = runs.get('exploit')!.map((rounds) => rounds.at(-1)!.meanAttempts);
    expect(final.mean).toBeCloseTo(values.reduce((s, x) => s + x, 0) / values.length, 12);
    expect(final.percentile).toBeGreaterThanOrEqual(0);
    expect(final.range![0]).toBeLessThanOrEqual(final.range![1]);
    expect(chart).not.toBeNull();
  });
});

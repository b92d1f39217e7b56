import { describe, expect, it } from 'vitest';
import { ReplicateKey } from '../../../../sim/core/rng.js';
import { ARMS } from '../../../../sim/reproduction/arms.js';
import { abcArm, syntheticArm } from '../../../../sim/reproduction/checks/abcEstimates.js';
import {
  testUnitFrom,
  testUnitVetoes,
  withArmEstimate,
  type TestUnitCheck,
} from '../../../../sim/reproduction/checks/crossCheck.js';
import { reportedTarget } from '../../../../sim/reproduction/calibration/publications.js';
import { figuresOf, type FigureId } from '../../../../sim/reproduction/figures.js';
import { closedFormArm, MAIN_SCALE } from '../../../../sim/reproduction/likelihood/armEstimate.js';
import type { ArmTargets } from '../../../../sim/reproduction/likelihood/classes/armClass.js';
import { readingLikelihood, type ReadingLikelihood } from '../../../../sim/reproduction/likelihood/reading.js';
import type { FigureValues } from '../../../../sim/reproduction/pattern.js';

/** n runs of an exploitation arm made up for the check: round means in 30ths, whole counts, drawn from (seed, run). */
function exploitRuns(n: number, seed: number): Map<FigureId, Float64Array> {
  const values = new Map(figuresOf('exploit').map((f) => [f.id, new Float64Array(n)]));
  const set = (id: string, i: number, x: number): void => void (values.get(id as FigureId)![i] = x);
  for (let i = 0; i < n; i++) {
    const s = new ReplicateKey(seed, i).stream('guess');
    const round = (base: number): number => Math.round((base + 6 * s.quick() + 3 * s.quick()) * 30) / 30;
    set('exploit.round1', i, round(8));
    set('exploit.round2', i, round(5));
    set('exploit.final', i, round(1));
    set('exploit.firstSkillRound', i, 2 + Math.floor(2 * s.quick()));
    set('exploit.skills', i, 1 + Math.floor(2 * s.quick()));
    const tests = 900 + Math.floor(150 * s.quick());
    set('exploit.tests', i, tests);
    set('exploit.refutations', i, Math.floor(tests / 50 + 8 * s.quick()));
    set('exploit.refutationRate', i, 0);
  }
  return values;
}

/**
 * The whole check, as the audit makes it (audit.ts reads both estimators for each reading, verdict.ts `testUnitFrom`):
 * null where the veto's gate says no check is made — a reading not estimable, the twin beyond `within` nats, or ABC
 * without an estimate.
 */
function wholeCheck(
  best: ReadingLikelihood,
  twin: ReadingLikelihood,
  exploit: number,
  values: { readonly best: FigureValues; readonly twin: FigureValues },
  targets: ArmTargets,
  within: number,
): TestUnitCheck | null {
  if (!best.estimable || !twin.estimable) return null;
  if (best.byScale[MAIN_SCALE]!.log - twin.byScale[MAIN_SCALE]!.log > within) return null;
  const side = (r: ReadingLikelihood, v: FigureValues) => {
    const abc = abcArm('exploit', v, targets);
    if (abc === null) return null;
    const synthetic = syntheticArm('exploit', v, targets);
    const main = r.byScale[MAIN_SCALE]!;
    return {
      main: { log: main.log, se: main.se },
      abc: withArmEstimate(r, exploit, abc),
      synthetic: synthetic === null ? null : withArmEstimate(r, exploit, synthetic),
    };
  };
  const b = side(best, values.best);
  const t = side(twin, values.twin);
  return b === null || t === null ? null : testUnitFrom(b, t);
}

describe('the test unit’s veto for calibration', () => {
  const best = exploitRuns(4000, 1);
  const twin = exploitRuns(4000, 2);
  const targets = new Map(figuresOf('exploit').map((f) => [f.id, reportedTarget(f, best.get(f.id)![7]!)]));
  const exploit = ARMS.findIndex((a) => a.id === 'exploit');
  const reading = (tag: string, exploitLog: number) =>
    readingLikelihood(
      ARMS.map((a) => ({
        key: `${tag}/${a.id}`,
        estimate: closedFormArm(a.id, a.id === 'exploit' ? Math.exp(exploitLog) : 0.5),
      })),
    );

  it('vetoes exactly where the whole check disagrees, whichever way the kernel leans', () => {
    const vetoes: boolean[] = [];
    for (const log of [-40, -25, -20, -15, -12, -10, -8, -5, 0]) {
      const b = reading('best', log);
      const t = reading('twin', -12);
      const check = wholeCheck(b, t, exploit, { best, twin }, targets, Infinity);
      expect(check).not.toBeNull();
      const veto = testUnitVetoes(b, t, exploit, { best, twin }, targets, Infinity);
      expect(veto, `exploit log ${log}`).toBe(!(check!.agree && check!.syntheticAgrees));
      vetoes.push(veto);
    }
    // Both answers occur, so the comparison could fail either way.
    expect(vetoes).toContain(true);
    expect(vetoes).toContain(false);
  });

  it('vetoes nothing beyond `within` nats of the best', () => {
    const b = reading('best', -5);
    const t = reading('twin', -40);
    expect(wholeCheck(b, t, exploit, { best, twin }, targets, 10)).toBeNull();
    expect(testUnitVetoes(b, t, exploit, { best, twin }, targets, 10)).toBe(false);
  });
});

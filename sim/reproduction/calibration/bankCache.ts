/**
 * What publications judged on one bank share: each simulation's class fits. A cache made `{ errors: false }`
 * gives the log estimates without their Monte Carlo variances (NaN), at a fifth of the kernel's passes, for a
 * judge that reads the logs alone (the confidence set's λ, calibration's thresholds); a judge for decisions reads
 * the errors too. Each judge (judge.ts) makes its own cache; what judges on one bank share is the reserve of runs.
 */
import type { ArmId } from '../arms.js';
import type { FigureId } from '../figures.js';
import { closedFormArm, estimateArm, type ArmEstimate } from '../likelihood/armEstimate.js';
import { classOf, discreteFigures, type ArmTargets } from '../likelihood/classes/armClass.js';
import { fitClass, MarginalCache, type ClassFit } from '../likelihood/classes/classFit.js';
import { randomControlProbability } from '../likelihood/randomControl.js';

/**
 * Each arm's windows spelt out once, by the windows' object (a publication's, read for every simulation of the arm):
 * all of them, and the discrete ones.
 */
const spelt = new WeakMap<ArmTargets, { readonly all: string; readonly discrete: string }>();

function speltOf(arm: ArmId, targets: ArmTargets): { readonly all: string; readonly discrete: string } {
  let s = spelt.get(targets);
  if (s === undefined) {
    s = {
      all: `${[...targets.values()].map((t) => `${t.lo}:${t.hi}:${t.point}`)}`,
      discrete: discreteFigures(arm)
        .map((f) => `${targets.get(f.id)!.lo}:${targets.get(f.id)!.hi}`)
        .join('|'),
    };
    spelt.set(targets, s);
  }
  return s;
}

/** What a simulation's estimates share across publications: a class fit and its marginals per discrete window set. */
export class BankCache {
  /** By simulation, then by discrete windows (maps within maps: the keys' strings are made once, not per call). */
  private readonly classes = new Map<string, Map<string, { fit: ClassFit; marginals: MarginalCache }>>();
  /**
   * Whole estimates by the windows they were made for (by simulation, then windows; at every bandwidth, then at the
   * main one alone), for the arms whose publications' windows repeat (every arm but pure exploitation, whose five
   * continuous figures make each publication's windows its own).
   */
  private readonly estimates = [
    new Map<string, Map<string, ArmEstimate>>(),
    new Map<string, Map<string, ArmEstimate>>(),
  ];
  private readonly logOnly: boolean;

  constructor(options: { readonly errors?: boolean } = {}) {
    this.logOnly = options.errors === false;
  }

  of(key: string, arm: ArmId, values: ReadonlyMap<FigureId, Float64Array>, targets: ArmTargets) {
    const signature = speltOf(arm, targets).discrete;
    let byWindows = this.classes.get(key);
    if (byWindows === undefined) this.classes.set(key, (byWindows = new Map()));
    let c = byWindows.get(signature);
    if (c === undefined) {
      c = { fit: fitClass(arm, values, classOf(arm, values, targets)), marginals: new MarginalCache() };
      byWindows.set(signature, c);
    }
    return c;
  }

  /**
   * One bank simulation's estimate of a publication's arm (`targets`: that arm's windows), the random control
   * in closed form; a zero's missing figures are left unnamed (publications are judged in bulk).
   */
  estimate(
    key: string,
    arm: ArmId,
    values: ReadonlyMap<FigureId, Float64Array>,
    targets: ArmTargets,
    bandwidths: ReadonlyMap<FigureId, number>,
    mainOnly: boolean,
  ): ArmEstimate {
    const windows = arm === 'exploit' ? null : speltOf(arm, targets).all;
    let made: Map<string, ArmEstimate> | undefined;
    if (windows !== null) {
      const byKey = this.estimates[mainOnly ? 1 : 0]!;
      made = byKey.get(key);
      if (made === undefined) byKey.set(key, (made = new Map()));
      const known = made.get(windows);
      if (known !== undefined) return known;
    }
    const { fit, marginals } = arm === 'random' ? { fit: null, marginals: null } : this.of(key, arm, values, targets);
    const e =
      fit === null
        ? closedFormArm('random', randomControlProbability(targets))
        : estimateArm(arm, values, targets, bandwidths, {
            fit,
            marginals: marginals!,
            mainOnly,
            unnamed: true,
            logOnly: this.logOnly,
          });
    if (windows !== null) made!.set(windows, e);
    return e;
  }
}

/**
 * The environment checker, like Gymnasium's `check_env`: runs every property of `properties.ts` on a
 * world's default parameters (and any variants) and reports each as passed, failed (with what went
 * wrong) or skipped. `hexa check-env` prints it; every plugin world is checked before a run starts.
 */
import type { EnvParams, EnvSpec } from '../../sim/core/world/env.js';
import { envSpecProblem } from '../../sim/core/world/define.js';
import { msg } from '../../sim/core/messages.js';
import { DeadlineExceeded, withinDeadline } from '../../sim/core/guard/deadline.js';
import {
  agreesWithDeclaration,
  bitsAgree,
  deterministic,
  endsTasks,
  genericBadValues,
  inRange,
  keepsNoCode,
  rejects,
  resolvesCleanly,
  solvedIffTruth,
  takesBitWords,
} from './properties.js';

/** What `checkEnv` checks beyond a world's default parameters. */
export interface CheckOptions {
  /** Parameter sets checked beside the defaults. */
  readonly variants?: readonly EnvParams[];
  /** Invalid values of text parameters (which have no generic bad value): name → sets that must be rejected. */
  readonly badText?: Readonly<Record<string, readonly EnvParams[]>>;
  /** Combinations that must be rejected although each value is valid alone. */
  readonly badCombinations?: readonly EnvParams[];
  /**
   * Stop a check that has not finished after this many seconds (a world whose step() never returns), and
   * skip the rest; absent: no limit. The command line passes `--step-timeout`.
   */
  readonly deadlineSeconds?: number;
}

/** The name of one check (`CHECK_NAMES` lists them in order). */
export type CheckName = keyof typeof msg.envCheck.describe;
/** How one check came out: passed, failed, or skipped because it does not apply to the world. */
export type CheckStatus = 'pass' | 'fail' | 'skip';

/** One check's outcome, as `hexa check-env` prints it. */
export interface CheckResult {
  readonly name: CheckName;
  /** What the check verifies, in one sentence. */
  readonly describe: string;
  readonly status: CheckStatus;
  /** What went wrong (fail), or why the check did not apply (skip). */
  readonly detail?: string;
}

/** Everything the checker found about one world; `ok` when no check failed. */
export interface EnvCheck {
  /** The world's id (or what stood in its place when the contract check failed). */
  readonly id: string;
  readonly ok: boolean;
  readonly results: readonly CheckResult[];
}

/** The checks, in the order they run and are printed. */
export const CHECK_NAMES = Object.keys(msg.envCheck.describe) as CheckName[];

const result = (name: CheckName, status: CheckStatus, detail?: string): CheckResult =>
  detail === undefined
    ? { name, describe: msg.envCheck.describe[name], status }
    : { name, describe: msg.envCheck.describe[name], status, detail };

/** Run one property; a throw from the world's own code is that property's failure. */
function attempt(run: () => string | null): string | null {
  try {
    return run();
  } catch (e) {
    return msg.envCheck.threw(e instanceof Error ? e.message : String(e));
  }
}

/** A yes-or-no question about the world; a throw (reported by the other checks) counts as no. */
function attemptBool(ask: () => boolean): boolean {
  try {
    return ask();
  } catch {
    return false;
  }
}

/** The first failure of a property over the parameter sets, naming the set when it is not the defaults. */
function overSets(sets: readonly EnvParams[], property: (params: EnvParams) => string | null): string | null {
  for (const params of sets) {
    const problem = attempt(() => property(params));
    if (problem !== null) return Object.keys(params).length === 0 ? problem : `${problem} (${JSON.stringify(params)})`;
  }
  return null;
}

function parameterErrors(spec: EnvSpec, options: CheckOptions): string | null {
  for (const p of spec.params) {
    for (const bad of genericBadValues(p)) {
      const problem = attempt(() => rejects(spec, { [p.name]: bad }, p.name));
      if (problem !== null) return problem;
    }
    for (const params of options.badText?.[p.name] ?? []) {
      const problem = attempt(() => rejects(spec, params));
      if (problem !== null) return problem;
    }
  }
  for (const params of options.badCombinations ?? []) {
    const problem = attempt(() => rejects(spec, params));
    if (problem !== null) return problem;
  }
  return null;
}

/**
 * Check `value` against the world contract and then run every property on it; never throws for a bad world, the
 * failures are in the results.
 */
export function checkEnv(value: unknown, options: CheckOptions = {}): EnvCheck {
  const contract = envSpecProblem(value);
  const named =
    typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'string'
      ? (value as { id: string }).id
      : '?';
  if (contract !== null) {
    const results = CHECK_NAMES.map((n) =>
      n === 'contract' ? result(n, 'fail', contract) : result(n, 'skip', msg.envCheck.notAnEnvSpec()),
    );
    return { id: named, ok: false, results };
  }
  const spec = value as EnvSpec;
  const sets: EnvParams[] = [{}, ...(options.variants ?? [])];
  const outcome: Record<CheckName, () => string | null> = {
    contract: () => null,
    declared: () => overSets(sets, (p) => agreesWithDeclaration(spec, p)),
    resolve: () => overSets(sets, (p) => resolvesCleanly(spec, p)),
    'unknown-parameter': () => attempt(() => rejects(spec, { 'no-such-parameter': 1 }, 'no-such-parameter')),
    'parameter-errors': () => parameterErrors(spec, options),
    determinism: () => overSets(sets, (p) => deterministic(spec, p)),
    ranges: () => overSets(sets, (p) => inRange(spec, p)),
    'task-end': () => overSets(sets, (p) => endsTasks(spec, p)),
    'solved-iff-truth': () => overSets(sets, (p) => solvedIffTruth(spec, p)),
    'no-retained-code': () => overSets(sets, (p) => keepsNoCode(spec, p)),
    'bit-words': () => overSets(sets, (p) => bitsAgree(spec, p)),
  };
  const results: CheckResult[] = [];
  const limit = options.deadlineSeconds;
  // A check stopped by the deadline leaves the world's code interrupted midway: the rest are not run.
  let stopped = false;
  const bounded = <T>(run: () => T): T => (limit === undefined ? run() : withinDeadline(limit, run));
  for (const name of CHECK_NAMES) {
    if (stopped) results.push(result(name, 'skip', msg.envCheck.afterTimeout()));
    else if (name === 'solved-iff-truth' && !spec.exactRandomControl)
      results.push(result(name, 'skip', msg.envCheck.manySolvingCodes()));
    // Retention is found by comparing two runs, which only a deterministic world makes meaningful.
    else if (name === 'no-retained-code' && results.some((r) => r.name === 'determinism' && r.status === 'fail'))
      results.push(result(name, 'skip', msg.envCheck.needsDeterminism()));
    else {
      try {
        if (name === 'bit-words' && !bounded(() => attemptBool(() => takesBitWords(spec, {}))))
          results.push(result(name, 'skip', msg.envCheck.noBitWords()));
        else if (name === 'bit-words' && results.some((r) => r.name === 'determinism' && r.status === 'fail'))
          results.push(result(name, 'skip', msg.envCheck.needsDeterminism()));
        else {
          const problem = bounded(outcome[name]);
          results.push(problem === null ? result(name, 'pass') : result(name, 'fail', problem));
        }
      } catch (e) {
        if (!(e instanceof DeadlineExceeded)) throw e;
        stopped = true;
        results.push(result(name, 'fail', msg.envCheck.timedOut(e.seconds)));
      }
    }
  }
  return { id: spec.id, ok: results.every((r) => r.status !== 'fail'), results };
}

/** The first failed check, for the one-line refusal of a broken plugin world. */
export function firstFailure(check: EnvCheck): CheckResult | undefined {
  return check.results.find((r) => r.status === 'fail');
}

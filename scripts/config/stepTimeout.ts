/**
 * `--step-timeout SECONDS`: how long one call into plugin code (a world's step, a policy's hook) may take
 * before it is stopped — in a run, on the watched worker thread running it; in the environment checker,
 * each check. Commands that run plugin code take it; it changes no result, only when a hang is given up on.
 */
import type { Options } from 'yargs';
import { DEFAULT_STEP_TIMEOUT_SECONDS, setStepTimeout } from '../../sim/core/guard/deadline.js';
import { parseDecimal } from '../../sim/core/params/read.js';
import { single } from './flags.js';

/** The longest limit: a day. */
const MAX_SECONDS = 86_400;

export const STEP_TIMEOUT_OPTION: Options = {
  type: 'string',
  group: 'Plugin modules:',
  describe:
    `stop a plugin call (a world's step, a policy's hook) still running after SECONDS [default: ` +
    `${DEFAULT_STEP_TIMEOUT_SECONDS}]`,
};

/** Read `--step-timeout` and set it for the process (before any plugin loads). */
export function applyStepTimeout(argv: Record<string, unknown>): void {
  const text = single('step-timeout', argv['step-timeout']);
  if (text !== undefined) setStepTimeout(parseDecimal('step-timeout', text, 0, true, MAX_SECONDS));
}

/**
 * `hexa check-env ID|FILE…`: the environment checker (envs/check/) on built-in worlds or on the worlds of
 * ES module files — what passed, what failed and why. Plugin worlds are checked the same way before any
 * run; this shows the whole report instead of the first failure.
 */
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import { applyStepTimeout, STEP_TIMEOUT_OPTION } from '../config/stepTimeout.js';
import type { EnvCheck } from '../../envs/check/checker.js';
import { paramErrorOf, type EnvParams } from '../../sim/core/world/env.js';
import type { ModuleRef } from '../../sim/experiment/config.js';
import { msg, UsageError } from '../../sim/core/messages.js';
import { envParamsFromArgv } from '../config/runOptions.js';
import { isModulePath, refuseTypeScript } from '../config/modules.js';
import { humanOutput, withOutputFlags, type OutputArgs } from './common.js';

interface CheckEnvArgs extends OutputArgs {
  targets?: string[];
  [flag: string]: unknown;
}

interface Checked {
  readonly target: string;
  readonly module: ModuleRef | null;
  readonly check: EnvCheck;
}

/**
 * The user's `--param` set is input, not part of the world under test: a value the world rejects naming the
 * parameter (`bits=abc`) is refused before any check runs, as `hexa run` refuses it. A world that is no
 * EnvSpec, or throws otherwise, is left to the checks to report.
 */
function refuseBadVariants(world: unknown, variants: readonly EnvParams[]): void {
  const resolve = (world as { resolve?: unknown } | null)?.resolve;
  if (typeof resolve !== 'function') return;
  const id = String((world as { id?: unknown }).id);
  for (const variant of variants) {
    try {
      resolve.call(world, variant);
    } catch (e) {
      const error = paramErrorOf(e);
      if (error !== null) throw new UsageError(msg.envParam('param', `${id}: ${error.message}`));
    }
  }
}

async function checkTarget(target: string, variants: readonly EnvParams[]): Promise<Checked[]> {
  const { checkEnv } = await import('../../envs/check/checker.js');
  refuseTypeScript('env', target);
  const { stepTimeoutSeconds } = await import('../../sim/core/guard/deadline.js');
  const deadlineSeconds = stepTimeoutSeconds();
  if (!isModulePath(target)) {
    const { findEnv, envIds } = await import('../../sim/agent/moduleStore.js');
    const spec = findEnv(target);
    if (spec === undefined) throw new UsageError(msg.checkEnvUnknown(target, envIds()));
    refuseBadVariants(spec, variants);
    return [{ target, module: null, check: checkEnv(spec, { variants, deadlineSeconds }) }];
  }
  const { importModule } = await import('../../sim/agent/plugins/load.js');
  const { ref, exported } = await importModule('env', target, 'env');
  const worlds = Array.isArray(exported) ? (exported as unknown[]) : [exported];
  for (const w of worlds) refuseBadVariants(w, variants);
  const { asPluginNow, trespassText } = await import('../../sim/core/guard/sandbox.js');
  return worlds.map((w) => {
    // The world's code runs here, held as at its load: its output to stderr, an exit or a patched built-in caught.
    const [check, trespass] = asPluginNow(target, () => checkEnv(w, { variants, deadlineSeconds }));
    if (trespass !== null) throw new Error(`${target}: world '${check.id}', while checked, ${trespassText(trespass)}`);
    return { target, module: ref, check };
  });
}

function render(all: readonly Checked[]): string {
  const lines: string[] = [];
  const width = Math.max(...all.flatMap((c) => c.check.results.map((r) => r.name.length)));
  for (const { module, check } of all) {
    lines.push(module === null ? check.id : `${check.id}  (${module.path}, sha256 ${module.sha256.slice(0, 12)}…)`);
    for (const r of check.results) {
      lines.push(`  ${r.status === 'fail' ? 'FAIL' : r.status}  ${r.name.padEnd(width)}  ${r.describe}`);
      if (r.detail !== undefined) lines.push(`        ${' '.repeat(width)}  ${r.detail}`);
    }
    const count = (s: string): number => check.results.filter((r) => r.status === s).length;
    lines.push(
      `  ${check.results.length} checks: ${count('pass')} passed, ${count('fail')} failed, ${count('skip')} not ` +
        `applicable`,
      '',
    );
  }
  return lines.join('\n');
}

export const checkEnvCommand: CommandModule<object, CheckEnvArgs> = {
  builder: (y: Argv) =>
    withOutputFlags(y, '[{target, module, id, ok, results: [{name, describe, status, detail}]}]')
      .positional('targets', {
        type: 'string',
        array: true,
        describe: 'environment ids, or ES module files (.mjs/.js) whose default export is an EnvSpec or a list of them',
      })
      .option('param', {
        type: 'string',
        array: true,
        describe: 'also check this parameter set, name=value (repeatable; all pairs form one set)',
      })
      .example('hexa check-env ./docs/examples/lock-world.mjs', 'a plugin world')
      .example('hexa check-env lock-v1 --param bits=9', 'a built-in world, at its defaults and with 9 bits')
      .epilogue('For check-env, 1 means a world failed a check (each failure is listed with what went wrong).')
      .option('step-timeout', STEP_TIMEOUT_OPTION) as unknown as Argv<CheckEnvArgs>,
  handler: async (argv: ArgumentsCamelCase<CheckEnvArgs>) => {
    applyStepTimeout(argv);
    const params = envParamsFromArgv(argv);
    const variants = Object.keys(params).length === 0 ? [] : [params];
    const all: Checked[] = [];
    for (const target of (argv.targets ?? []).map(String)) all.push(...(await checkTarget(target, variants)));
    if (argv.json === true) {
      const doc = all.map(({ target, module, check }) => ({
        target,
        module,
        id: check.id,
        ok: check.ok,
        results: check.results,
      }));
      process.stdout.write(`${JSON.stringify(doc, null, 2)}\n`);
    } else if (humanOutput(argv)) {
      process.stdout.write(render(all));
    }
    if (all.some((c) => !c.check.ok)) process.exitCode = 1;
  },
};

/** `hexa envs`: the registered environments with their parameters and defaults (and those of `--env FILE` modules). */
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import { allEnvs } from '../../sim/agent/moduleStore.js';
import { moduleOf } from '../config/modules.js';
import { preloadModules } from '../config/preload.js';
import { withOutputFlags, type OutputArgs } from './common.js';

interface EnvsArgs extends OutputArgs {
  env?: string[];
}

export const envsCommand: CommandModule<object, EnvsArgs> = {
  builder: (y: Argv) =>
    withOutputFlags(y, '[{id, summary, params, module (for --env FILE worlds)}]', false)
      .option('env', {
        type: 'string',
        array: true,
        describe: 'also list the worlds of an ES module file (.mjs/.js; repeatable)',
      })
      .example(
        'hexa envs --env ./docs/examples/lock-world.mjs',
        'the built-in worlds and a plugin world',
      ) as unknown as Argv<EnvsArgs>,
  handler: async (argv: ArgumentsCamelCase<EnvsArgs>) => {
    const files = (argv.env ?? []).map(String);
    // Listed as they are: `hexa check-env FILE` says whether they keep the contract.
    await preloadModules(
      files.map((text) => ({ name: 'env', text })),
      undefined,
      false,
    );
    const origin = new Map<string, string>();
    for (const f of files)
      for (const spec of moduleOf('env', f)?.envs ?? []) origin.set(spec.id, moduleOf('env', f)!.ref.path);
    const envs = allEnvs();
    if (argv.json === true) {
      const doc = envs.map((e) => ({
        id: e.id,
        summary: e.summary,
        params: e.params,
        ...(origin.has(e.id) ? { module: origin.get(e.id) } : {}),
      }));
      process.stdout.write(`${JSON.stringify(doc, null, 2)}\n`);
      return;
    }
    const lines: string[] = [];
    const width = Math.max(10, ...envs.flatMap((e) => e.params.map((p) => p.name.length)));
    for (const e of envs) {
      lines.push(`${e.id}  ${e.summary}${origin.has(e.id) ? `  (module ${origin.get(e.id)})` : ''}`);
      for (const p of e.params) {
        const range = p.min !== undefined || p.max !== undefined ? ` [${p.min ?? ''}…${p.max ?? ''}]` : '';
        const def = p.default === undefined ? '' : p.default === '' ? " (default '')" : ` (default ${p.default})`;
        lines.push(`    ${p.name.padEnd(width)} ${p.kind}${range}${def}: ${p.describe}`);
      }
      lines.push('');
    }
    lines.push('Set parameters with --param name=value (lock sizes also with --bits, --truth).', '');
    process.stdout.write(lines.join('\n'));
  },
};

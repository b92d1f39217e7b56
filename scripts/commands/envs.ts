/** `hexa envs`: the registered environments with their parameters and defaults. */
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import { allEnvs } from '../../envs/registry.js';
import { withOutputFlags, type OutputArgs } from './common.js';

type EnvsArgs = OutputArgs;

export const envsCommand: CommandModule<object, EnvsArgs> = {
  command: 'envs',
  describe: 'list the registered environments, their parameters and defaults',
  builder: (y: Argv) => withOutputFlags(y, '[{id, summary, params}]', false) as unknown as Argv<EnvsArgs>,
  handler: (argv: ArgumentsCamelCase<EnvsArgs>) => {
    const envs = allEnvs();
    if (argv.json === true) {
      process.stdout.write(JSON.stringify(envs.map((e) => ({ id: e.id, summary: e.summary, params: e.params })), null, 2) + '\n');
      return;
    }
    const lines: string[] = [];
    const width = Math.max(10, ...envs.flatMap((e) => e.params.map((p) => p.name.length)));
    for (const e of envs) {
      lines.push(`${e.id}  ${e.summary}`);
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

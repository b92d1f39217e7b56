/**
 * The CLI surface is the same everywhere: every command's help ends with the exit statuses, every command
 * takes --json, and those with chatter take --quiet, which silences the table but not the files or the JSON.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import yargs, { type Argv, type CommandModule } from 'yargs';
import { describe, expect, it } from 'vitest';
import { benchCommand } from '../../../scripts/commands/bench.js';
import { checkEnvCommand } from '../../../scripts/commands/checkEnv.js';
import { EXIT_STATUS } from '../../../scripts/commands/common.js';
import { envsCommand } from '../../../scripts/commands/envs.js';
import { limitsCommand } from '../../../scripts/commands/limits.js';
import { matrixCommand } from '../../../scripts/commands/matrix.js';
import { mergeCommand } from '../../../scripts/commands/merge.js';
import { reportCommand } from '../../../scripts/commands/report.js';
import { reproduceCommand } from '../../../scripts/commands/reproduce.js';
import { runCommand } from '../../../scripts/commands/run.js';
import { sweepCommand } from '../../../scripts/commands/sweep.js';
import { hexaHere } from '../../helpers/inProcess.js';

const COMMANDS: Record<string, CommandModule<object, never>> = {
  bench: benchCommand as unknown as CommandModule<object, never>,
  'check-env': checkEnvCommand as unknown as CommandModule<object, never>,
  envs: envsCommand as unknown as CommandModule<object, never>,
  limits: limitsCommand as unknown as CommandModule<object, never>,
  matrix: matrixCommand as unknown as CommandModule<object, never>,
  merge: mergeCommand as unknown as CommandModule<object, never>,
  report: reportCommand as unknown as CommandModule<object, never>,
  reproduce: reproduceCommand as unknown as CommandModule<object, never>,
  run: runCommand as unknown as CommandModule<object, never>,
  sweep: sweepCommand as unknown as CommandModule<object, never>,
};
/** Commands whose only output is their result: --quiet would silence everything, so they do not take it. */
const NO_QUIET = new Set(['bench', 'envs']);

async function helpOf(command: CommandModule<object, never>): Promise<string> {
  const y = yargs([]).scriptName('hexa').wrap(null);
  const built = (command.builder as (y: Argv) => Argv)(y);
  return built.getHelp();
}

describe('every command', () => {
  for (const [name, command] of Object.entries(COMMANDS)) {
    it(`${name}: --help states exit statuses, lists --json${NO_QUIET.has(name) ? '' : ' and --quiet'}`, async () => {
      const help = await helpOf(command);
      expect(help).toContain(EXIT_STATUS);
      expect(help).toMatch(/--json\b/);
      if (NO_QUIET.has(name)) expect(help).not.toMatch(/--quiet\b/);
      else expect(help).toMatch(/--quiet\b/);
    });
  }
});

describe('--quiet and --json', () => {
  it('hexa run --quiet prints nothing, exits 0 and still writes the result folder', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'hexa-quiet-')), 'res');
    const r = await hexaHere(['run', '--quiet', '--replicates', '2', '--out', out]);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('');
    expect(readFileSync(join(out, 'runs.csv'), 'utf8').split('\n')[0]).toMatch(/^env,/);
  });

  it('--quiet with --json still prints the JSON document, and only that', async () => {
    const r = await hexaHere(['run', '--quiet', '--json', '--replicates', '2']);
    expect(r.status).toBe(0);
    const doc = JSON.parse(r.stdout) as { rounds: unknown[] };
    expect(doc.rounds).toHaveLength(5);
  });

  it('hexa report --json names the page, the charts and the files it wrote', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hexa-report-json-'));
    expect((await hexaHere(['run', '--quiet', '--replicates', '3', '--out', join(dir, 'res')])).status).toBe(0);
    const r = await hexaHere(['report', join(dir, 'res'), '--json', '--resamples', '200']);
    expect(r.status).toBe(0);
    const doc = JSON.parse(r.stdout) as { index: string; charts: string[]; files: string[] };
    expect(existsSync(doc.index)).toBe(true);
    expect(doc.charts.length).toBeGreaterThan(0);
    expect(doc.files).toContain('index.html');
    expect(doc.files).toContain('summary.csv');
  });
});

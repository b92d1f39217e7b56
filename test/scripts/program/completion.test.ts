/**
 * Shell completion: the words (scripts/program/complete.ts, asked in process) — commands, flags, and the values of
 * every flag with a known set of them — and the scripts (scripts/program/completionScripts.ts) run by the shells
 * themselves against the built CLI: bash always, zsh and fish where they are installed.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { envIds } from '../../../sim/agent/moduleStore.js';
import { HIDDEN_CHOICES } from '../../../sim/reproduction/arms.js';
import { RUN_FLAGS } from '../../../scripts/config/runOptions.js';
import { COMMAND_NAMES, commandFlags } from '../../../scripts/program/cli.js';
import { complete } from '../../../scripts/program/complete.js';
import {
  chosenShell,
  completionScript,
  invocation,
  type Invocation,
  type Shell,
} from '../../../scripts/program/completionScripts.js';
import { builtCli, ROOT, tempDir } from '../sweep/cli.js';
import { hexaHere } from '../../helpers/inProcess.js';

const NPX: Invocation = { kind: 'npx', typed: 'npx hexa' };

describe('the words', () => {
  it('completes command names, then the flags of the command typed (each once, --param again)', async () => {
    expect(await complete(['re'])).toEqual(['reproduce', 'report']);
    expect(await complete([''])).toEqual(COMMAND_NAMES);
    expect(await complete(['--'])).toEqual(['--help', '--version', '--debug']);
    expect(await complete(['--debug', 'm'])).toEqual(['merge', 'matrix']);
    expect(await complete(['run', '--rep'])).toEqual(['--replicates']);
    expect(await complete(['run', '--replicates', '4', '--rep'])).toEqual([]);
    expect(await complete(['run', '--param', 'bits=5', '--par'])).toEqual(['--param']);
    expect(await complete(['run', '--no-l'])).toEqual(['--no-library']);
    expect(await complete(['sweep', '--no-l'])).toEqual(['--no-library']);
    expect(await complete(['bench', '--no-st'])).toEqual(['--no-startup', '--no-store']);
    expect(await complete(['frobnicate', '--'])).toEqual([]);
    // Every flag a command declares is offered (its help and positionals aside).
    for (const name of COMMAND_NAMES) {
      const flags = await complete([name, '--']);
      expect(flags, name).toEqual(expect.arrayContaining((await commandFlags(name))!.flags.map((f) => `--${f}`)));
      expect(flags, name).not.toContain('--version');
    }
    expect(await complete(['library', '--'])).not.toContain('--file');
  });

  it("completes every run flag's choices, built-in policies and worlds, in run, sweep and matrix", async () => {
    let checked = 0;
    for (const p of RUN_FLAGS) {
      const known = p.kind === 'choice' || p.kind === 'policy' ? p.values : p.kind === 'world' ? envIds() : undefined;
      if (known === undefined) continue;
      for (const command of ['run', 'sweep', 'matrix'])
        if ((await commandFlags(command))!.flags.includes(p.flag))
          expect(await complete([command, `--${p.flag}`, '']), `${command} --${p.flag}`).toEqual(known);
      checked++;
    }
    expect(checked).toBeGreaterThan(15);
    expect(await complete(['run', '--env', ''])).toEqual(expect.arrayContaining(['lock-v1', 'flaky-tools-v1']));
    expect(await complete(['run', '--exploration', 'r'])).toEqual(['refutation']);
    expect(await complete(['run', '--lifecycle', ''])).toEqual(expect.arrayContaining(['beta', 'expel']));
    for (const c of HIDDEN_CHOICES) expect(await complete(['reproduce', `--${c.flag}`, '']), c.flag).toEqual(c.values);
  });

  it('completes the choices of the flags outside the run declarations, and the shells', async () => {
    for (const command of ['run', 'sweep', 'merge'])
      expect(await complete([command, '--format', ''])).toEqual(['csv', 'parquet', 'both']);
    expect(await complete(['library', 'lib.sqlite', '--question', ''])).toEqual([
      'refuted',
      'retired',
      'never-retrieved',
      'explored',
    ]);
    expect(await complete(['completion', ''])).toEqual(['bash', 'zsh', 'fish']);
    expect(await complete(['check-env', 'noisy'])).toEqual(['noisy-lock-v1']);
  });

  /**
   * Every flag whose value hexa checks against a fixed list (`parseChoice`, `notOneOf` in scripts/) has its
   * values completed somewhere: a new one without completion fails here.
   */
  it('leaves no flag with a fixed set of values uncompleted', async () => {
    const checked = new Set<string>();
    const walk = (dir: string): void => {
      for (const e of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
        const rel = join(dir, e.name);
        if (e.isDirectory()) walk(rel);
        else if (rel.endsWith('.ts') && !rel.includes('findings'))
          for (const m of readFileSync(join(ROOT, rel), 'utf8').matchAll(/(?:parseChoice|notOneOf)\('([\w-]+)'/g))
            checked.add(m[1]!);
      }
    };
    walk('scripts');
    expect([...checked].sort()).toEqual(['format', 'question']);
    for (const flag of checked) {
      for (const command of COMMAND_NAMES)
        if ((await commandFlags(command))!.flags.includes(flag))
          expect(await complete([command, 'x', `--${flag}`, '']), `${command} --${flag}`).not.toEqual([]);
    }
  });

  it("completes --param with the named world's parameters, ready for a value", async () => {
    expect(await complete(['run', '--param', ''])).toEqual(['bits=', 'truth=']);
    expect(await complete(['run', '--env', 'noisy-lock-v1', '--param', ''])).toEqual(['bits=', 'truth=', 'q=']);
    expect(await complete(['sweep', '--env=drift-lock-v1', '--param', 'f'])).toEqual(['flips=']);
    expect(await complete(['check-env', 'mastermind-v1', '--param', 'c'])).toEqual(['colours=']);
    expect(await complete(['check-env', './world.mjs', '--param', ''])).toEqual([]);
  });

  it("completes a sweep's list after its last comma; --flag=value whole, or after the = bash splits", async () => {
    expect(await complete(['sweep', '--cadence', 'task,r'])).toEqual(['task,round']);
    expect(await complete(['run', '--cadence', 'task,r'])).toEqual([]);
    expect(await complete(['run', '--env=noi'])).toEqual(['--env=noisy-lock-v1']);
    expect(await complete(['run', '--env', '=', 'noi'])).toEqual(['noisy-lock-v1']);
    expect(await complete(['run', '--cadence', '='])).toEqual(['task', 'round']);
  });

  it('gives nothing for a file, a folder, a number or free text, so the shell completes files', async () => {
    expect(await complete(['run', '--csv', ''])).toEqual([]);
    expect(await complete(['run', '--replicates', ''])).toEqual([]);
    expect(await complete(['report', 'out/'])).toEqual([]);
    expect(await complete(['report', 'x', '--out', ''])).toEqual([]);
    expect(await complete(['envs', '--env', ''])).toEqual([]);
    expect(await complete(['run', '--env', './docs/'])).toEqual([]);
    expect(await complete(['run', '--library', ''])).toEqual([]);
  });
});

describe('the scripts', () => {
  /** `script` of `shell` for `how`, written beside a test folder, naming the built CLI. */
  function scriptFile(shell: Shell, how: Invocation = NPX): string {
    const file = join(tempDir('completion'), `hexa.${shell}`);
    writeFileSync(file, completionScript(shell, how, builtCli()));
    return file;
  }

  const installed = (shell: string): boolean => spawnSync(shell, ['-c', 'exit 0']).status === 0;

  /** COMPREPLY of the bash script's function for the words typed (the last one the word under the cursor). */
  function bash(file: string, words: readonly string[]): string[] {
    const quoted = words.map((w) => `'${w}'`).join(' ');
    const r = spawnSync(
      'bash',
      [
        '--norc',
        '-c',
        [
          `source '${file}'`,
          `COMP_WORDS=(${quoted})`,
          `COMP_CWORD=${words.length - 1}`,
          '_hexa_completions',
          `printf '%s\\n' "\${COMPREPLY[@]}"`,
        ].join('; '),
      ],
      { encoding: 'utf8' },
    );
    expect(r.status, r.stderr).toBe(0);
    return r.stdout.split('\n').filter((l) => l !== '');
  }

  it('bash: registers hexa and the command used, and completes through this copy of hexa, PATH or not', () => {
    const file = scriptFile('bash');
    const registered = spawnSync('bash', ['--norc', '-c', `source '${file}'; complete -p hexa npx`], {
      encoding: 'utf8',
      env: { PATH: '/usr/bin:/bin' },
    });
    expect(registered.stdout).toContain('-F _hexa_completions hexa');
    expect(registered.stdout).toContain('-F _hexa_completions npx');
    expect(bash(file, ['npx', 'hexa', 'run', '--cadence', ''])).toEqual(['task', 'round']);
    expect(bash(file, ['hexa', 'sw'])).toEqual(['sweep']);
    expect(bash(file, ['npx', 'hexa', 'run', '--env', '=', 'mast'])).toEqual(['mastermind-v1']);
    expect(bash(file, ['npx', 'hexa', 'report', ''])).toEqual([]);
    // npx running something else: no words, so bash completes file names as it would.
    expect(bash(file, ['npx', 'tsc', '--'])).toEqual([]);
    const node = scriptFile('bash', { kind: 'node', typed: 'node dist/scripts/hexa.js' });
    expect(bash(node, ['node', 'dist/scripts/hexa.js', 'completion', 'z'])).toEqual(['zsh']);
    expect(bash(node, ['node', 'other.js', 'completion', 'z'])).toEqual([]);
  });

  it.skipIf(!installed('zsh'))("zsh: adds the words of this copy of hexa, or falls back to the command's own", () => {
    const file = scriptFile('zsh');
    const zsh = (words: readonly string[]): string => {
      const quoted = words.map((w) => `'${w}'`).join(' ');
      // The completion system's builtins, stubbed to print what the script asks of them.
      const stubs = [
        'compdef() { print -r -- "compdef $*"; }',
        'compadd() { print -r -- "compadd $*"; }',
        '_default() { print _default; }',
      ].join('; ');
      const r = spawnSync(
        'zsh',
        [
          '-f',
          '-c',
          [stubs, `source '${file}'`, `words=(${quoted})`, `CURRENT=${words.length}`, `PREFIX='${words.at(-1)}'`]
            .concat('_hexa_completions')
            .join('; '),
        ],
        { encoding: 'utf8' },
      );
      expect(r.status, r.stderr).toBe(0);
      return r.stdout;
    };
    expect(zsh(['hexa', 'run', '--cadence', ''])).toBe(
      'compdef _hexa_completions hexa npx\ncompadd -Q -- task round\n',
    );
    expect(zsh(['npx', 'hexa', 'run', '--param', 'b'])).toContain('compadd -Q -S  -- bits=\n');
    expect(zsh(['npx', 'hexa', 'report', 'o'])).toContain('_default');
    expect(zsh(['npx', 'tsc', ''])).toContain('_default');
  });

  it.skipIf(!installed('fish'))(
    'fish: completes hexa and npx hexa, and leaves npx running something else alone',
    () => {
      const file = scriptFile('fish');
      const fish = (line: string): string[] => {
        const r = spawnSync('fish', ['--no-config', '-c', `source '${file}'; complete -C'${line}'`], {
          encoding: 'utf8',
        });
        expect(r.status, r.stderr).toBe(0);
        return r.stdout.split('\n').filter((l) => l !== '');
      };
      expect(fish('npx hexa run --cadence ')).toEqual(['round', 'task']);
      expect(fish('hexa run --env=noisy')).toEqual(['--env=noisy-lock-v1']);
      expect(fish('npx hexa completion ')).toEqual(['bash', 'fish', 'zsh']);
      expect(fish('npx hexa report /nonexistent-dir')).toEqual([]);
    },
  );

  it("hexa completion SHELL prints that shell's script, for $SHELL without one; another shell is refused", async () => {
    const fish = await hexaHere(['completion', 'fish']);
    expect(fish.status).toBe(0);
    expect(fish.stdout).toContain("complete -c hexa -n __hexa_words -f -a '$__hexa_reply'");
    expect(fish.stdout).toContain(builtCli());
    expect((await hexaHere(['completion'], { env: { SHELL: '/usr/bin/zsh' } })).stdout).toContain(
      'compdef _hexa_completions',
    );
    expect((await hexaHere(['completion'], { env: { SHELL: '/bin/tcsh' } })).stdout).toContain(
      'complete -o bashdefault',
    );
    const tcsh = await hexaHere(['completion', 'tcsh']);
    expect(tcsh.status).toBe(2);
    expect(tcsh.stdout).toBe('');
    expect(tcsh.stderr).toBe("hexa: completion: 'tcsh' is not a shell hexa completes (bash, zsh, fish)\n");
    expect(chosenShell(undefined, '/usr/local/bin/fish')).toBe('fish');
  });

  it('names the command as it was started: node FILE.js, npx hexa (npm exec), or the hexa on the PATH', () => {
    expect(invocation('/x/dist/scripts/hexa.js', {}).kind).toBe('node');
    expect(invocation('/x/node_modules/.bin/hexa', { npm_command: 'exec', PATH: '' }).kind).toBe('npx');
    expect(invocation('/x/node_modules/.bin/hexa', { PATH: '' }).kind).toBe('npx');
    const bin = tempDir('path');
    symlinkSync(builtCli(), join(bin, 'hexa'));
    expect(invocation(join(bin, 'hexa'), { PATH: bin })).toEqual({ kind: 'hexa', typed: 'hexa' });
    expect(invocation(join(bin, 'hexa'), { PATH: bin, npm_command: 'exec' }).kind).toBe('npx');
  });
});

/**
 * The command that resumes a sweep, to print when it stops (a signal): the user's own command line with
 * `--resume` in place of `--force`, and the folder named when the sweep chose it (`out/sweep-…`, which a second
 * run would not choose again) — ready to paste into a POSIX shell.
 */
import { realpathSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { shownDir } from './diskFull.js';

/** `text` as one word of a POSIX shell command (quoted only when it needs to be). */
export function shellWord(text: string): string {
  return /^[\w./:,=@%+-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * How to start this program from a shell: `hexa` when the `hexa` on the PATH is this very program (installed
 * globally, or in an npm script), else `npx hexa` (a clone or a project that depends on hexa-sim, where npx finds
 * it in node_modules/.bin).
 */
export function programName(script: string = process.argv[1] ?? '', path: string = process.env.PATH ?? ''): string {
  const real = (p: string): string | null => {
    try {
      return realpathSync(p);
    } catch {
      return null;
    }
  };
  const self = real(script);
  const onPath = path
    .split(delimiter)
    .filter((d) => d !== '')
    .map((d) => real(join(d, 'hexa')))
    .find((p) => p !== null);
  return self !== null && onPath === self ? 'hexa' : 'npx hexa';
}

/**
 * `args`: the command's own arguments (`process.argv.slice(2)`: `sweep …`); `out`: its folder, and whether
 * `--out` named it; `program`: how the shell starts hexa (`programName`).
 */
export function resumeCommand(
  args: readonly string[],
  out: string,
  outGiven: boolean,
  program: string = programName(),
): string {
  const kept = args.filter((a) => !/^--(no-)?(force|resume)(=.*)?$/.test(a));
  const words = [...kept, ...(outGiven ? [] : ['--out', shownDir(out)]), '--resume'];
  return [program, ...words.map(shellWord)].join(' ');
}

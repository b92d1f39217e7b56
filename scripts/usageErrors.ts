/**
 * yargs' complaints about a command line, reworded to hexa's one line: what was wrong, in the spelling the
 * user typed (yargs also reports `--library-db` as `--libraryDb`), the closest known names where a typo is
 * likely, and the help to read.
 */
import { msg } from '../sim/core/messages.js';
import { closestNames } from '../sim/core/params/suggest.js';

/** What the command line held when yargs complained. */
export interface UsageContext {
  /** The command typed (undefined before one is). */
  readonly command: string | undefined;
  /** Every long flag the command knows, without dashes. */
  readonly flags: readonly string[];
  /** What to say when the command's positional arguments are missing. */
  readonly missing?: string;
}

/** `libraryDb` → `library-db`. */
const kebab = (name: string): string => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** The names yargs lists as unknown, each once, as typed: a camelCase copy of a dashed name is dropped. */
export function oneSpelling(names: readonly string[]): string[] {
  const given = new Set(names);
  return [...new Set(names)].filter((n) => !(/[A-Z]/.test(n) && given.has(kebab(n))));
}

const dashed = (name: string): string => (name.length > 1 ? `--${name}` : `-${name}`);

/** "unknown flag --replicats (did you mean --replicates?)", for every unknown name. */
export function unknownFlags(names: readonly string[], context: UsageContext): string {
  const known = context.flags.filter((f) => f.length > 1 && !/[A-Z]/.test(f));
  const parts = oneSpelling(names).map((name) => {
    const close = closestNames(name.replace(/^no-/, ''), known);
    return { flag: dashed(name), suggestions: close.map(dashed) };
  });
  return msg.unknownFlag(parts, context.command);
}

/** The command a mistyped one most likely meant, or the list of commands. */
export function unknownCommand(typed: string, commands: readonly string[]): string {
  return msg.unknownCommand(typed, closestNames(typed, commands), commands);
}

/** yargs' message about the command line, as one line naming what was wrong. */
export function usageLine(yargsMessage: string, context: UsageContext): string {
  const unknown = /^Unknown arguments?: (.*)$/.exec(yargsMessage);
  if (unknown) return unknownFlags(unknown[1]!.split(', '), context);
  if (/^Not enough non-option arguments/.test(yargsMessage) && context.missing !== undefined) return context.missing;
  return yargsMessage.split('\n')[0]!;
}

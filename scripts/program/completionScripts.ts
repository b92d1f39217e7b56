/**
 * `hexa completion [shell]`: a completion script of its own for bash, zsh and fish. The script asks this very copy
 * of hexa for the words (`node …/dist/scripts/hexa.js --get-yargs-completions …`, answered by program/complete.ts),
 * so it works in a clone where no `hexa` is on the PATH, and it completes the command as it was typed to print the
 * script: `hexa`, `npx hexa` or `node dist/scripts/hexa.js`.
 */
import { fileURLToPath } from 'node:url';
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import { msg, UsageError } from '../../sim/core/messages.js';
import { programName, shellWord } from '../sweep/resumeCommand.js';
import { COMPLETE_FLAG } from './completeFlag.js';

/** The shells with a script; the first is the one printed when $SHELL is none of them. */
export const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof SHELLS)[number];

/** How hexa was started: the words a user types before a command (`npx hexa`), and the command the script names. */
export interface Invocation {
  readonly kind: 'hexa' | 'npx' | 'node';
  /** The shown command, for the script's installation line. */
  readonly typed: string;
}

/** The way this process was started: `node FILE.js`, `npx hexa` (npm exec), or the `hexa` on the PATH. */
export function invocation(script: string = process.argv[1] ?? '', env = process.env): Invocation {
  if (script.endsWith('.js')) return { kind: 'node', typed: 'node dist/scripts/hexa.js' };
  if (env.npm_command !== 'exec' && programName(script, env.PATH ?? '') === 'hexa')
    return { kind: 'hexa', typed: 'hexa' };
  return { kind: 'npx', typed: 'npx hexa' };
}

/** This copy's entry point (dist/scripts/hexa.js), which the scripts run for their words. */
export const ENTRY = fileURLToPath(new URL('../hexa.js', import.meta.url));

/** The commands a script completes: `hexa`, and `npx` or `node` when that is how the script was printed. */
function commandsFor(how: Invocation): string[] {
  return how.kind === 'hexa' ? ['hexa'] : ['hexa', how.kind];
}

/** The script for `shell`, completing `how`'s command with the words of `entry`. */
export function completionScript(shell: Shell, how: Invocation, entry: string = ENTRY): string {
  const words = `node ${shellWord(entry)} ${COMPLETE_FLAG} hexa`;
  const commands = commandsFor(how);
  const header = [
    '###-begin-hexa-completions-###',
    `# Tab completion of ${commands.map((c) => SHOWN[c]).join(' and ')} in ${shell}:`,
    '# commands, flags, worlds, policies and every choice. Its words come from this copy of hexa,',
    `# ${entry} (print the script again if that moves). Installed with`,
    `#   ${how.typed} completion ${shell} ${INSTALL[shell]}`,
  ].join('\n');
  return `${header}\n${BODY[shell](words, commands)}###-end-hexa-completions-###\n`;
}

/** A completed command as typed. */
const SHOWN: Readonly<Record<string, string>> = { hexa: 'hexa', npx: 'npx hexa', node: 'node …/hexa.js' };

const INSTALL: Readonly<Record<Shell, string>> = {
  bash: '>> ~/.bashrc',
  zsh: '>> ~/.zshrc',
  fish: '> ~/.config/fish/conf.d/hexa.fish',
};

/**
 * The scripts' bodies. Each passes the words typed after `hexa` up to the word under the cursor (in zsh and fish
 * that word as far as the cursor), and falls back to the shell's own completion (file names) when no word comes
 * back: a flag that takes a file, a folder, a module path. A reply ending in `=` (`--param bits=`) takes no space.
 */
const BODY: Readonly<Record<Shell, (words: string, commands: readonly string[]) => string>> = {
  bash: (words, commands) => `_hexa_completions() {
  local first=1 line
  COMPREPLY=()
  case "\${COMP_WORDS[0]##*/}" in
    npx) [[ "\${COMP_WORDS[1]}" == hexa ]] || return 0; first=2 ;;
    node) [[ "\${COMP_WORDS[1]}" == *hexa.js ]] || return 0; first=2 ;;
  esac
  (( COMP_CWORD >= first )) || return 0
  while IFS= read -r line; do
    [[ -n "\${line}" ]] && COMPREPLY+=("\${line}")
  done < <(${words} "\${COMP_WORDS[@]:first:COMP_CWORD-first+1}" 2>/dev/null)
  if [[ \${#COMPREPLY[@]} -eq 1 && "\${COMPREPLY[0]}" == *= ]]; then compopt -o nospace 2>/dev/null; fi
  return 0
}
complete -o bashdefault -o default -F _hexa_completions ${commands.join(' ')}
`,
  zsh: (words, commands) => `_hexa_completions() {
  local -i first=2
  case "\${words[1]:t}" in
    npx) [[ "\${words[2]}" == hexa ]] || { _hexa_fallback; return; }; first=3 ;;
    node) [[ "\${words[2]}" == *hexa.js ]] || { _hexa_fallback; return; }; first=3 ;;
  esac
  (( CURRENT >= first )) || { _hexa_fallback; return; }
  local -a reply open closed
  reply=("\${(@f)$(${words} "\${(@)words[first,CURRENT-1]}" "\${PREFIX}" 2>/dev/null)}")
  reply=(\${reply:#})
  (( \${#reply} )) || { _default; return; }
  open=(\${(M)reply:#*=})
  closed=(\${reply:#*=})
  (( \${#open} )) && compadd -Q -S '' -- "\${open[@]}"
  (( \${#closed} )) && compadd -Q -- "\${closed[@]}"
  return 0
}
_hexa_fallback() {
  local own="_\${words[1]:t}"
  if (( \${+functions[\${own}]} )); then "\${own}"; else _default; fi
}
if (( ! \${+functions[compdef]} )); then autoload -Uz compinit && compinit; fi
compdef _hexa_completions ${commands.join(' ')}
`,
  fish: (words, commands) => `function __hexa_words
  set -l typed (commandline -opc)
  set -l first 2
  switch (string replace -r '.*/' '' -- $typed[1])
    case npx
      test "$typed[2]" = hexa; or return 1
      set first 3
    case node
      string match -q -- '*hexa.js' "$typed[2]"; or return 1
      set first 3
  end
  set -g __hexa_reply (${words} $typed[$first..-1] (commandline -ct) 2>/dev/null)
  test (count $__hexa_reply) -gt 0
end
${commands.map((c) => `complete -c ${c} -n __hexa_words -f -a '$__hexa_reply'`).join('\n')}
`,
};

interface CompletionArgs {
  shell?: string;
}

/** The shell named on the command line, else $SHELL's when it has a script, else bash. */
export function chosenShell(named: string | undefined, shellVar: string = process.env.SHELL ?? ''): Shell {
  const known = (text: string): Shell | undefined => SHELLS.find((s) => s === text);
  if (named !== undefined) {
    const shell = known(named);
    if (shell === undefined) throw new UsageError(msg.unknownShell(named, SHELLS));
    return shell;
  }
  return known(shellVar.replace(/.*\//, '')) ?? 'bash';
}

export const completionCommand: CommandModule<object, CompletionArgs> = {
  builder: (y: Argv) =>
    y
      .positional('shell', { type: 'string', describe: `${SHELLS.join(', ')} [default: $SHELL's, else bash]` })
      .example('npx hexa completion bash >> ~/.bashrc', 'tab completion of npx hexa in new bash shells')
      .example(
        'hexa completion fish > ~/.config/fish/completions/hexa.fish',
        'in fish',
      ) as unknown as Argv<CompletionArgs>,
  handler: (argv: ArgumentsCamelCase<CompletionArgs>) => {
    const shell = chosenShell(argv.shell === undefined ? undefined : String(argv.shell));
    process.stdout.write(completionScript(shell, invocation()));
  },
};

/**
 * The `hexa` command lines the documentation shows, read from README.md and docs/*.md: in code blocks every
 * shell line that runs hexa (`npx hexa …`, `node dist/scripts/hexa.js …`, `$ hexa …`, inside `parallel`,
 * `--wrap '…'` or a Kubernetes `command`), and in prose every inline `hexa …` span with a flag. A command shown
 * with the error it prints (`$ npx hexa …` followed by a `hexa: …` line) is kept with that line.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface DocCommand {
  /** Where it is shown (`docs/sweeps.md:88`). */
  readonly place: string;
  /** The words after `hexa`, with shell variables and `{}` placeholders filled in. */
  readonly args: readonly string[];
  /** The line the docs say it prints on stderr, for a command shown failing. */
  readonly error?: string;
}

/** The documentation files: the README and every page under docs/. */
export function docFiles(root: string): string[] {
  const pages = readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => `docs/${f}`);
  return ['README.md', ...pages];
}

const LAUNCHER = /(?:^|[\s'"(])(?:npx\s+hexa|node\s+dist\/scripts\/hexa\.js|hexa)\s+(?=\S)/;

/** Where one shell command of a line ends and the next may begin. */
const SEPARATOR = /\s*(?:&&|\|\||;|\|)\s+/;

/** The end of the command inside a shell command: a comment, a redirection, a quote or a `parallel` list. */
const END = /\s+#\s|\s+>>?\s|'|"\]|"$|\s+:::\s|\)$/;

/** Placeholders of synopses (`DIR…`, `[--json]`, `<command>`, `ID|FILE`) and JavaScript templates. */
const SYNOPSIS = /[…[\]<>|]|\$\{|\b[A-Z]{2,}\b|\bN\b/;

/** Splits a command's text into words as sh would for these simple lines (quotes kept together, no escapes). */
function words(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)) out.push(m[1] ?? m[2] ?? m[3] ?? '');
  return out;
}

/** Shell variables (`$SLURM_ARRAY_TASK_ID`, `"$SLURM_CPUS_PER_TASK"`) and GNU parallel's `{}` become `1`. */
function fillIn(text: string): string {
  return text.replace(/\$\{?[A-Z_]+\}?/g, '1').replace(/\{\}/g, '1');
}

function commandIn(command: string): string | null {
  const m = LAUNCHER.exec(command);
  if (m === null) return null;
  const rest = command.slice(m.index + m[0].length);
  const end = END.exec(rest);
  return (end === null ? rest : rest.slice(0, end.index)).trim();
}

/** The commands one Markdown file shows. */
export function commandsIn(root: string, file: string): DocCommand[] {
  const lines = readFileSync(join(root, file), 'utf8').split('\n');
  const found: DocCommand[] = [];
  let fence: string | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const place = `${file}:${i + 1}`;
    if (line.startsWith('```')) {
      fence = fence === null ? line.slice(3) : null;
      continue;
    }
    if (fence === null) {
      for (const span of line.matchAll(/`((?:npx )?hexa [^`]*--[^`]*)`/g)) {
        for (const part of (span[1] ?? '').split(SEPARATOR)) {
          const text = commandIn(part);
          if (text !== null && !SYNOPSIS.test(text)) found.push({ place, args: words(text) });
        }
      }
      continue;
    }
    if (!['', 'sh', 'bash', 'yaml'].includes(fence)) continue;
    let shell = line;
    while (shell.endsWith('\\') && i + 1 < lines.length) shell = `${shell.slice(0, -1)} ${lines[++i] ?? ''}`;
    // Output lines (`hexa: …` errors, `hexa run: 12/40 …` progress) and prose quoted in a block are not commands.
    if (/^\s*hexa[\s:]/.test(shell) && !/^\s*hexa\s+[a-z-]+(\s|$)/.test(shell)) continue;
    if (/^\s*hexa\s+[a-z-]+:/.test(shell)) continue;
    if (fence === '' && !/^\$ /.test(shell)) continue;
    const next = lines[i + 1] ?? '';
    const error = shell.startsWith('$ ') && next.startsWith('hexa: ') ? next.slice('hexa: '.length) : undefined;
    for (const part of shell.replace(/^\$ /, '').split(SEPARATOR)) {
      const text = commandIn(part);
      if (text === null || SYNOPSIS.test(text)) continue;
      found.push({ place, args: words(fillIn(text)), ...(error === undefined ? {} : { error }) });
    }
  }
  return found;
}

/**
 * The repository's own text files, for checks that hold across the tree: what git tracks or would track
 * (ignored files such as dist/ and out/ excluded), read as UTF-8.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../layers/importGraph.js';

export interface TreeFile {
  readonly path: string;
  readonly lines: readonly string[];
}

/** Tracked and untracked-but-not-ignored files whose path matches `pattern`, that still exist. */
export function treeFiles(pattern: RegExp): TreeFile[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return [...new Set(listed.split('\0'))]
    .filter((path) => pattern.test(path))
    .flatMap((path) => {
      try {
        return [{ path, lines: readFileSync(join(ROOT, path), 'utf8').split('\n') }];
      } catch {
        return []; // deleted in the work tree but not yet in the index
      }
    });
}

/** Where a line breaks a rule, as `path:line: text` for a failure message. */
export const place = (file: TreeFile, index: number): string => `${file.path}:${index + 1}: ${file.lines[index]}`;

/**
 * Comparing the plugin modules two results were made with: a resume or a merge must run the same code.
 * Modules are matched by kind and path, or — when a kind has one module on each side — by kind alone,
 * so a folder moved or resumed from elsewhere is still compared with the file it names now.
 */
import type { ModuleRef } from './config.js';
import { sha256Hex } from '../core/digest/sha256.js';
import { host } from '../core/host/host.js';

/** SHA-256 (hex) of a file's bytes, or null when it cannot be read (a module's or a saved library's content). */
export function fileSha256(path: string): string | null {
  const files = host('a module file');
  try {
    return sha256Hex(files.readFile(path));
  } catch {
    return null;
  }
}

/** The first module whose content differs between `before` and `now`, or null when every match agrees. */
export function changedModule(
  before: readonly ModuleRef[],
  now: readonly ModuleRef[],
): { readonly before: ModuleRef; readonly now: ModuleRef } | null {
  for (const b of before) {
    const sameKind = now.filter((n) => n.kind === b.kind);
    const match =
      sameKind.find((n) => n.path === b.path) ??
      (sameKind.length === 1 && before.filter((x) => x.kind === b.kind).length === 1 ? sameKind[0] : undefined);
    if (match !== undefined && match.sha256 !== b.sha256) return { before: b, now: match };
  }
  return null;
}

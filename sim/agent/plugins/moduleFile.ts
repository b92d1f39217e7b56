/**
 * A module file, read and run: the one place a plugin's code first runs in this program. Each file is read once,
 * hashed (SHA-256 of its bytes) and imported under a URL carrying that hash, so the code that runs is the code
 * that was hashed; what goes wrong is one UsageError naming the flag and the file (loadError.ts gives a failed
 * import its place). It is imported held (sandboxedLoad.ts): a deadline, its output, its exits and the
 * built-ins it could change; load.ts and `hexa check-env` both go through `runModuleFile`.
 */
import { sha256Hex } from '../../core/digest/sha256.js';
import { host } from '../../core/host/host.js';
import { msg, UsageError } from '../../core/messages.js';
import { loadErrorText } from './loadError.js';
import { importHeld } from './sandboxedLoad.js';

/** A module file as read, before any of its code ran. */
export interface ModuleFile {
  /** The flag that named it, and its path as given there (for messages). */
  readonly flag: string;
  readonly path: string;
  /** Its absolute path, and the SHA-256 of the bytes read. */
  readonly full: string;
  readonly sha256: string;
}

/** Read and hash the file a flag names; a file that cannot be read is the flag's bad value. */
export function readModuleFile(flag: string, path: string): ModuleFile {
  const files = host('a module file');
  const full = files.resolvePath(path);
  let bytes: Uint8Array;
  try {
    if (!files.isFile(full)) throw new UsageError(msg.moduleMissing(flag, path));
    bytes = files.readFile(full);
  } catch (e) {
    if (e instanceof UsageError) throw e;
    throw new UsageError(msg.moduleMissing(flag, path));
  }
  return { flag, path, full, sha256: sha256Hex(bytes) };
}

/** Run the file (import it, under its hash) and give its default export, unchecked. */
export async function runModuleFile(file: ModuleFile): Promise<unknown> {
  const { flag, path, full } = file;
  const modules = host('a module file');
  let namespace: Record<string, unknown>;
  try {
    namespace = await importHeld(file, modules);
  } catch (e) {
    if (e instanceof UsageError) throw e; // refused by the hold on its load, already one line
    throw new UsageError(msg.moduleUnloadable(flag, path, loadErrorText(e, full, path)));
  }
  if (namespace.default === undefined) throw new UsageError(msg.moduleNoDefault(flag, path));
  return namespace.default;
}

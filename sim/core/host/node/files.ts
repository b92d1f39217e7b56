/** Node's files and module files: paths against the working folder, reads, and modules run by `import`. */
import { readFileSync, statSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Host } from '../host.js';

export const nodeFiles: Pick<Host, 'resolvePath' | 'shownPath' | 'isFile' | 'readFile' | 'importModule' | 'pathOfUrl'> =
  {
    resolvePath: (path) => resolve(path),
    shownPath: (full) => {
      const rel = relative(process.cwd(), full);
      return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel) ? rel : full;
    },
    isFile: (path) => {
      try {
        return statSync(path).isFile();
      } catch {
        return false;
      }
    },
    readFile: (path) => readFileSync(path),
    // Under a URL carrying the version, so a file whose content changed is run again, not taken from the cache.
    importModule: async (full, version) =>
      (await import(`${pathToFileURL(full).href}?sha256=${version}`)) as Record<string, unknown>,
    pathOfUrl: (url) => (url.startsWith('file://') ? fileURLToPath(url) : url),
  };

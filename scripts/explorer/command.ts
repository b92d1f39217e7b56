/**
 * `hexa explorer`: writes the explorer, one self-contained HTML page (engine, charts and workers inlined) that
 * opens from file:// or any static host and makes no network request — as a file (`--out`, default
 * hexa-explorer.html; '-': stdout) or as a folder ready for static hosting (`--site DIR`: index.html). The page is
 * built with the package (npm run build); this copies it, so it takes no time.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import { msg } from '../../sim/core/messages.js';
import { single, STDIO } from '../config/flags.js';
import { makeParentFolders, publishFolder, writeFileAtomic } from '../output.js';
import { OutputPlan } from '../program/outputs.js';
import { PAGE_FILE } from './pageFile.js';

interface ExplorerArgs {
  out?: string;
  site?: string;
  force?: boolean;
}

/** What `--site DIR` writes in DIR: the page, and a marker that tells a pages host to serve the files as they are. */
const SITE_FILES: readonly string[] = ['index.html', '.nojekyll'];

export const explorerCommand: CommandModule<object, ExplorerArgs> = {
  builder: (y: Argv) =>
    y
      .option('out', {
        type: 'string',
        describe: "write the page to FILE ('-': stdout) [default: hexa-explorer.html, unless --site is given]",
      })
      .option('site', {
        type: 'string',
        describe: 'write the page as a folder DIR ready for static hosting (DIR/index.html)',
      })
      .option('force', { type: 'boolean', describe: 'replace an existing --out file or --site folder' })
      .example('hexa explorer', 'hexa-explorer.html in this folder: open it in a browser')
      .example(
        'hexa explorer --site public',
        'public/index.html, for a project pages site',
      ) as unknown as Argv<ExplorerArgs>,
  handler: (argv: ArgumentsCamelCase<ExplorerArgs>) => {
    const force = argv.force === true;
    const site = single('site', argv.site);
    const out = single('out', argv.out) ?? (site === undefined ? 'hexa-explorer.html' : undefined);
    const outputs = new OutputPlan();
    const outPath = out === undefined || out === STDIO ? undefined : outputs.file('out', out, force);
    const owns = (name: string): boolean => SITE_FILES.includes(name);
    const siteDir = site === undefined ? undefined : outputs.folder('site', site, force, { owns });
    const page = fileURLToPath(PAGE_FILE);
    if (!existsSync(page)) throw new Error(msg.explorerNotBuilt(page));
    outputs.claim();
    const html = readFileSync(page);
    if (out === STDIO) process.stdout.write(html);
    if (outPath !== undefined) {
      makeParentFolders(outPath);
      writeFileAtomic(outPath, html);
    }
    if (siteDir !== undefined)
      publishFolder(siteDir, (staging) => {
        writeFileSync(join(staging, 'index.html'), html);
        writeFileSync(join(staging, '.nojekyll'), '');
      });
  },
};

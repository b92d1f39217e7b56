/**
 * The explorer's one script. In the page it builds the views; started as a Web Worker (from this same script, as
 * a Blob URL: a page opened from file:// can load no second file) it runs replicates. Bundled with the engine
 * into the page at build time (scripts/explorer/build.ts).
 */
// The built-in worlds first, in the page and in each worker (every program of the package does so).
import '../../../envs/install.js';
import { serveJobs } from './worker.js';
import { startPage } from './page.js';

if (typeof document === 'undefined') serveJobs(self as unknown as Parameters<typeof serveJobs>[0]);
else startPage();

/**
 * How a command ends on SIGINT or SIGTERM: what it was writing is left as a true record (a sweep's manifest says
 * "stopped": the sweep registers that with `onStop`), every temporary is removed (reports/store/temporaries.ts),
 * the output locks are released (their exit hooks), one line on stderr says what was kept, and the process ends
 * as the signal would have ended it (128 + its number: 130, 143). Any other exit removes the temporaries too.
 */
import { constants } from 'node:os';
import { removeTemporaries } from '../../reports/store/temporaries.js';

/** What a command does when stopped; returns what the line says was kept, if anything was. */
export type Stopper = () => string | undefined;

const stoppers = new Set<Stopper>();
let installed = false;
let stopping = false;

/** Listen for SIGINT and SIGTERM, and remove temporaries at any exit (idempotent). */
export function installInterrupts(): void {
  if (installed) return;
  installed = true;
  process.on('exit', removeTemporaries);
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

/** Run `stopper` if a signal ends the process before `remove` is called. */
export function onStop(stopper: Stopper): { remove(): void } {
  installInterrupts();
  stoppers.add(stopper);
  return { remove: () => void stoppers.delete(stopper) };
}

function stop(signal: 'SIGINT' | 'SIGTERM'): void {
  const status = 128 + (constants.signals[signal] ?? 0);
  // A second signal while stopping: the user wants out now.
  if (stopping) process.exit(status);
  stopping = true;
  let kept: string | undefined;
  for (const stopper of [...stoppers].reverse()) {
    try {
      kept = stopper() ?? kept;
    } catch {
      // Stopping anyway: the record it could not write stays as it was ("running" is read as unfinished).
    }
  }
  removeTemporaries();
  const fresh = process.stderr.isTTY ? '\n' : ''; // below a progress bar
  process.stderr.write(`${fresh}hexa: stopped by ${signal}; ${kept ?? 'nothing half-written was left behind'}\n`);
  process.exit(status);
}

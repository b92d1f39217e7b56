/**
 * How a command ends on SIGINT or SIGTERM: what it was writing is left as a true record (a sweep's manifest says
 * "stopped": the sweep registers that with `onStop`), every temporary is removed (reports/store/temporaries.ts),
 * the output locks are released (their exit hooks), one line on stderr says what was kept, and the process ends
 * as the signal would have ended it (128 + its number: 130, 143). Any other exit removes the temporaries too.
 *
 * A signal's handler runs only when the event loop has a turn, so only commands whose long work hands it turns
 * listen (`hearSignals`): `run` between replicates, `sweep` and `reproduce` between the pool's tasks. The others
 * (`merge`, `report`, …) keep the default — the process ends at once — and what they leave is the next writer's
 * to clean (stale locks are taken over, temporaries removed, a half-written folder replaced with --force): a
 * listener they could not run in time would only hold the signal back until their work was done.
 */
import { constants } from 'node:os';
import { removeTemporaries } from '../../reports/store/temporaries.js';

/** What a command does when stopped; returns what the line says was kept, if anything was. */
export type Stopper = () => string | undefined;

const stoppers = new Set<Stopper>();
let cleaning = false;
let hearing = false;
let stopping = false;

/** Remove temporaries at any exit (idempotent): an error's exit, or a signal's. */
export function installInterrupts(): void {
  if (cleaning) return;
  cleaning = true;
  process.on('exit', removeTemporaries);
}

/** Stop on SIGINT and SIGTERM with one line and nothing half-written (idempotent; for the rest of the process). */
export function hearSignals(): void {
  installInterrupts();
  if (hearing) return;
  hearing = true;
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

/** Run `stopper` if a signal ends the process before `remove` is called. */
export function onStop(stopper: Stopper): { remove(): void } {
  hearSignals();
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

/** The HExA matrix as two 3 × 3 terminal tables: success rate and mean attempts, mean ± sd over runs. */
import { LIBRARY_DYNAMICS, LIBRARY_SOURCES } from '../../sim/agent/modes.js';
import type { MatrixCell } from '../../sim/experiment/matrix.js';
import { formatMeanSd } from '../../sim/experiment/runMetrics.js';
import { renderTable } from './table.js';
import { at } from '../../sim/core/at.js';

const SOURCE_LABEL = { offline: 'Offline', off2on: 'Off2On', online: 'Online' } as const;
const DYNAMICS_LABEL = { static: 'Static', iterative: 'Iterative', evolving: 'Evolving' } as const;

export function renderMatrix(cells: readonly MatrixCell[]): string {
  const first = at(cells, 0, 'matrix cells');
  const c = first.config;
  const cell = (source: string, dynamics: string): MatrixCell =>
    cells.find((x) => x.source === source && x.dynamics === dynamics)!;
  const table = (pick: (m: MatrixCell) => string): string =>
    renderTable(
      ['', ...LIBRARY_DYNAMICS.map((d) => DYNAMICS_LABEL[d])],
      LIBRARY_SOURCES.map((s) => [SOURCE_LABEL[s], ...LIBRARY_DYNAMICS.map((d) => pick(cell(s, d)))]),
    );
  const offline = cells.find((x) => x.source === 'offline')!.config;
  const prior = offline.agent.priorRounds;
  const saved = offline.modules?.find((m) => m.kind === 'library');
  const start =
    offline.agent.libraryFrom !== undefined && saved !== undefined
      ? `Offline and Off2On start from the saved library ${offline.agent.libraryFrom} ` +
        `(sha256 ${saved.sha256.slice(0, 12)}…) instead of a prior batch.`
      : `Offline and Off2On first play a prior batch of ${prior} round${prior === 1 ? '' : 's'} (not scored).`;
  return [
    `HExA configuration matrix · ${c.env} ${Object.entries(c.envParams)
      .map(([k, v]) => `${k}=${v}`)
      .join(' ')} · ` +
      `${c.rounds} evaluation rounds × ${c.tasks} tasks, cap ${c.cap} · actor ${c.agent.actor} · seed ${c.seed}, ` +
      `${first.runs} runs per cell`,
    `${start} Each run scores all its evaluation tasks; cells show mean ± sd over runs.`,
    '',
    'Success rate',
    table((m) => formatMeanSd(m.successRate, 1, 100, ' %')),
    '',
    'Mean attempts per task (an unsolved task counts the cap)',
    table((m) => formatMeanSd(m.meanAttempts, 2)),
  ].join('\n');
}

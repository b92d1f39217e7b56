/**
 * The audit's simulations by key: a reading's simulation key names the job that makes it and, for an arm that reads
 * the test accounting, the accounting's variant of that job's figures.
 */
import {
  runFigureJobs,
  type AuditJob,
  type RunJobResult,
  type SimulationFigure,
  type SimulationPool,
} from '../simulationJobs.js';
import { TEST_FIGURES, type FigureId } from '../figures.js';

/** A reading's simulation key split into the job that makes it and the accounting variant it takes (or null). */
export function splitKey(key: string): { job: string; variant: string | null } {
  const at = key.lastIndexOf('@');
  return at < 0 ? { job: key, variant: null } : { job: key.slice(0, at), variant: key.slice(at + 1) };
}

/** One variant of a job's figures: its arm's figures, the test figures those of the variant's accounting. */
export function variantOf(
  results: ReadonlyMap<SimulationFigure, Float64Array>,
  variant: string | null,
): Map<FigureId, Float64Array> {
  const values = new Map<FigureId, Float64Array>();
  for (const [id, v] of results) if (!id.includes('@')) values.set(id as FigureId, v);
  if (variant !== null)
    for (const id of TEST_FIGURES) values.set(id, results.get(`${id}@${variant}` as SimulationFigure)!);
  return values;
}

/** Figure jobs (and runs kept whole) on the pool; each job's figures by its key. */
export async function figuresOn(
  pool: SimulationPool,
  jobs: readonly AuditJob[],
  options: Pick<Parameters<typeof runFigureJobs>[2] & object, 'onProgress' | 'alongside' | 'onRuns'> = {},
): Promise<{ values: Map<string, Map<SimulationFigure, Float64Array>>; runs: Map<string, RunJobResult> }> {
  const { values, runs } = await runFigureJobs(pool, jobs, options);
  return { values: new Map([...values].map(([key, r]) => [key, new Map(r.values)])), runs };
}

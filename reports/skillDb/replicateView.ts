/**
 * One replicate of a skill database, read back: each skill's life and its standing round by round, and the
 * library it ended with — what `hexa library` prints and the report's skill timeline draws. The default
 * replicate is the median one: the replicate whose attempts over the evaluation rounds are the median
 * (the lower one of an even count; ties by replicate number).
 */
import type { Database } from '../../sim/experiment/libraryDb/sqlite.js';
import { noRuns, typedRows } from '../../sim/experiment/libraryDb/check.js';

export interface CellRecord {
  readonly cell: string;
  readonly label: string | null;
  readonly env: string;
  readonly rounds: number;
  readonly tasks: number;
  readonly replicates: number;
}

export interface SkillRoundView {
  readonly round: number;
  readonly inLibrary: boolean;
  readonly confidence: number;
  readonly weight: number;
  readonly share: number | null;
  readonly tests: number;
  readonly refuted: number;
  readonly retrieved: number;
}

export interface SkillView {
  readonly skillId: number;
  readonly claim: string;
  readonly context: number;
  readonly position: number;
  readonly value: number;
  readonly origin: string;
  readonly bornRound: number;
  readonly bornTask: number;
  readonly entries: number;
  readonly status: string;
  readonly endedRound: number | null;
  readonly endedTask: number | null;
  readonly confidence: number;
  readonly evidence: number;
  /** Tests and refutations over the recorded rounds. */
  readonly tests: number;
  readonly refuted: number;
  readonly rounds: readonly SkillRoundView[];
}

export interface ReplicateView {
  readonly cell: CellRecord;
  readonly replicate: number;
  /** Whether it is the median replicate (the default). */
  readonly median: boolean;
  /** Its attempts per evaluation round. */
  readonly attempts: readonly number[];
  readonly skills: readonly SkillView[];
}

export function cellsOf(db: Database): CellRecord[] {
  return typedRows<CellRecord>(
    'cells',
    db.prepare('SELECT cell, label, env, rounds, tasks, replicates FROM cells ORDER BY cell').all(),
  );
}

/** The median replicate of a cell's runs; a cell without runs is a damaged file (check.ts). */
export function medianReplicate(db: Database, cell: string): number {
  const totals = typedRows<{ replicate: number }>(
    'runs',
    db
      .prepare(
        `SELECT replicate FROM runs WHERE cell = ? AND round >= 1
         GROUP BY replicate ORDER BY SUM(attempts), replicate`,
      )
      .all(cell),
  );
  const median = totals[Math.floor((totals.length - 1) / 2)];
  if (median === undefined) throw noRuns(cell);
  return median.replicate;
}

interface SkillRow {
  skill_id: number;
  claim: string;
  context: number;
  position: number;
  value: number;
  origin: string;
  born_round: number;
  born_task: number;
  entries: number;
  status: string;
  ended_round: number | null;
  ended_task: number | null;
  confidence: number;
  evidence: number;
}

interface RoundRow {
  skill_id: number;
  round: number;
  in_library: number;
  confidence: number;
  weight: number;
  share: number | null;
  tests: number;
  refuted: number;
  retrieved: number;
}

export function readReplicate(db: Database, cell: CellRecord, replicate?: number): ReplicateView {
  const median = medianReplicate(db, cell.cell);
  const r = replicate ?? median;
  const rows = typedRows<RoundRow>(
    'skill_rounds',
    db
      .prepare(
        `SELECT skill_id, round, in_library, confidence, weight, share, tests, refuted, retrieved FROM skill_rounds
         WHERE cell = ? AND replicate = ? ORDER BY skill_id, round`,
      )
      .all(cell.cell, r),
  );
  const skills = typedRows<SkillRow>(
    'skills',
    db
      .prepare(
        `SELECT skill_id, claim, context, position, value, origin, born_round, born_task, entries, status,
                ended_round, ended_task, confidence, evidence
         FROM skills WHERE cell = ? AND replicate = ? ORDER BY skill_id`,
      )
      .all(cell.cell, r),
  ).map((s): SkillView => {
    const own = rows.filter((w) => w.skill_id === s.skill_id);
    return {
      skillId: s.skill_id,
      claim: s.claim,
      context: s.context,
      position: s.position,
      value: s.value,
      origin: s.origin,
      bornRound: s.born_round,
      bornTask: s.born_task,
      entries: s.entries,
      status: s.status,
      endedRound: s.ended_round,
      endedTask: s.ended_task,
      confidence: s.confidence,
      evidence: s.evidence,
      tests: own.reduce((n, w) => n + w.tests, 0),
      refuted: own.reduce((n, w) => n + w.refuted, 0),
      rounds: own.map((w) => ({
        round: w.round,
        inLibrary: w.in_library === 1,
        confidence: w.confidence,
        weight: w.weight,
        share: w.share,
        tests: w.tests,
        refuted: w.refuted,
        retrieved: w.retrieved,
      })),
    };
  });
  const attempts = typedRows<{ attempts: number }>(
    'runs',
    db
      .prepare('SELECT attempts FROM runs WHERE cell = ? AND replicate = ? AND round >= 1 ORDER BY round')
      .all(cell.cell, r),
  ).map((row) => row.attempts);
  if (attempts.length === 0) throw noRuns(cell.cell, r);
  return { cell, replicate: r, median: r === median, attempts, skills };
}

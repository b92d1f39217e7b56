/**
 * The canned questions of `hexa library FILE --question NAME`: each is plain SQL over the schema (printed
 * with --sql, so a user learns the tables by example and can take it to sqlite3 or DuckDB), answered per
 * cell. docs/library-db.md shows the same queries.
 */
import type { Database } from '../../sim/experiment/libraryDb/sqlite.js';

export const QUESTIONS = ['refuted', 'retired', 'never-retrieved', 'explored'] as const;
export type Question = (typeof QUESTIONS)[number];

/** What each question asks, in a line. */
export const QUESTION_HELP: Readonly<Record<Question, string>> = {
  refuted: 'skills refuted in the two rounds after their birth',
  retired: 'how skills left the library, with their confidence and share in the round they left',
  'never-retrieved': 'skills the Retriever never handed to a task',
  explored: 'the share of tests that exploration attempts made',
};

/** `AND s.cell = '…'` for one cell, or nothing. */
const oneCell = (alias: string, cell: string | null): string =>
  cell === null ? '' : `\n  AND ${alias}.cell = '${cell.replace(/'/g, "''")}'`;

/** The question's SQL, over every cell or one. */
export function questionSql(question: Question, cell: string | null): string {
  switch (question) {
    case 'refuted':
      return `-- Skills refuted within two rounds of their birth (in the two rounds after the one it entered), per cell
SELECT s.cell, c.label, COUNT(*) AS skills,
       SUM(early.refuted > 0) AS refuted_early,
       ROUND(100.0 * SUM(early.refuted > 0) / COUNT(*), 1) AS percent,
       SUM(early.refuted) AS refutations
FROM skills s
JOIN cells c USING (cell)
LEFT JOIN (SELECT r.cell, r.replicate, r.skill_id, SUM(r.refuted) AS refuted
      FROM skill_rounds r JOIN skills b USING (cell, replicate, skill_id)
      WHERE r.round > b.born_round AND r.round <= b.born_round + 2
      GROUP BY r.cell, r.replicate, r.skill_id) early USING (cell, replicate, skill_id)
WHERE 1 = 1${oneCell('s', cell)}
GROUP BY s.cell
ORDER BY s.cell;`;
    case 'retired':
      return `-- How skills left the library, and their confidence, share and age in the round they left, per cell
SELECT s.cell, c.label, s.status, COUNT(*) AS skills,
       ROUND(AVG(r.confidence), 3) AS confidence,
       ROUND(AVG(r.share), 3) AS share,
       ROUND(AVG(s.ended_round - s.born_round), 2) AS rounds_lived
FROM skills s
JOIN cells c USING (cell)
JOIN skill_rounds r
  ON r.cell = s.cell AND r.replicate = s.replicate AND r.skill_id = s.skill_id AND r.round = s.ended_round
WHERE s.status <> 'active'${oneCell('s', cell)}
GROUP BY s.cell, s.status
ORDER BY s.cell, s.status;`;
    case 'never-retrieved':
      return `-- Skills the Retriever never handed to a task, per cell
SELECT s.cell, c.label, COUNT(*) AS skills,
       SUM(h.retrieved = 0) AS never_retrieved,
       ROUND(100.0 * SUM(h.retrieved = 0) / COUNT(*), 1) AS percent
FROM skills s
JOIN cells c USING (cell)
JOIN (SELECT cell, replicate, skill_id, SUM(retrieved) AS retrieved
      FROM skill_rounds GROUP BY cell, replicate, skill_id) h USING (cell, replicate, skill_id)
WHERE 1 = 1${oneCell('s', cell)}
GROUP BY s.cell
ORDER BY s.cell;`;
    case 'explored':
      return `-- The share of the evaluation rounds' tests that exploration attempts made, per cell
-- (explored is NULL where the run cannot tell; those rows are counted apart)
SELECT r.cell, c.label, SUM(r.tests) AS tests,
       SUM(r.explored) AS by_exploration,
       ROUND(100.0 * SUM(r.explored) / SUM(r.tests), 1) AS percent,
       SUM(r.explored IS NULL) AS rows_unknown
FROM skill_rounds r
JOIN cells c USING (cell)
WHERE r.round >= 1${oneCell('r', cell)}
GROUP BY r.cell
ORDER BY r.cell;`;
  }
}

/** The answer: its columns and rows, as SQLite gives them. */
export interface Answer {
  readonly columns: readonly string[];
  readonly rows: readonly Record<string, unknown>[];
}

export function ask(db: Database, question: Question, cell: string | null): Answer {
  const statement = db.prepare(questionSql(question, cell));
  return { columns: statement.columns().map((c) => c.name), rows: statement.all() as Record<string, unknown>[] };
}

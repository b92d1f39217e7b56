/**
 * `hexa library FILE`: what a skill database (`--library-db`) holds — its cells; one replicate's skills as a
 * table (claim, birth, tests, refutations, confidence round by round, how each ended) and the library it
 * ended with; or a canned question answered per cell, whose SQL `--sql` prints instead, to learn the schema
 * by example (docs/library-db.md).
 */
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import { single } from '../config/flags.js';
import { msg, UsageError } from '../../sim/core/messages.js';
import { parseChoice } from '../../sim/core/params/read.js';
import { QUESTION_HELP, QUESTIONS } from '../../reports/skillDb/questions.js';
import { humanOutput, withOutputFlags, type OutputArgs } from './common.js';

interface LibraryArgs extends OutputArgs {
  file?: string;
  replicate?: unknown;
  cell?: unknown;
  question?: unknown;
  sql?: boolean;
}

const print = (text: string): void => void process.stdout.write(`${text}\n`);

export const libraryCommand: CommandModule<object, LibraryArgs> = {
  builder: (y: Argv) =>
    withOutputFlags(y, 'the replicate {cell, replicate, skills: [{claim, rounds, …}]} or the answer rows', false)
      .positional('file', { type: 'string', describe: 'a skill database written by --library-db' })
      .option('cell', {
        type: 'string',
        describe: 'the cell: its id or label (e.g. an arm of hexa reproduce) [default: the only one]',
      })
      .option('replicate', { type: 'string', describe: 'the replicate [default: the median one, by attempts]' })
      .option('question', {
        type: 'string',
        describe: `a canned question, per cell: ${QUESTIONS.map((q) => `${q} (${QUESTION_HELP[q]})`).join('; ')}`,
      })
      .option('sql', { type: 'boolean', describe: "print the question's SQL (for sqlite3 or DuckDB) instead" })
      .example('hexa library lib.sqlite', 'the median replicate: each skill, round by round')
      .example('hexa library rep/library.sqlite --cell explore --replicate 7', 'one arm of hexa reproduce')
      .example('hexa library lib.sqlite --question refuted --sql | sqlite3 lib.sqlite', 'the same question in SQL')
      .strict() as unknown as Argv<LibraryArgs>,
  handler: async (argv: ArgumentsCamelCase<LibraryArgs>) => {
    const file = String(argv.file);
    const questionText = single('question', argv.question);
    const question = questionText === undefined ? undefined : parseChoice('question', questionText, QUESTIONS);
    if (argv.sql === true && question === undefined) throw new UsageError(msg.sqlWithoutQuestion());
    const cellText = single('cell', argv.cell);
    const replicateText = single('replicate', argv.replicate);
    const { openSkillDb, chooseCell, replicateOf } = await import('../../sim/experiment/libraryDb/savedLibrary.js');
    const { cellsOf, readReplicate } = await import('../../reports/skillDb/replicateView.js');
    const { skillDbError } = await import('../../sim/experiment/libraryDb/check.js');
    const db = openSkillDb('FILE', file);
    try {
      const cells = cellsOf(db);
      const cell = cellText === undefined ? undefined : chooseCell('--cell', file, cells, cellText);
      if (question !== undefined) {
        const { ask, questionSql } = await import('../../reports/skillDb/questions.js');
        if (argv.sql === true) return print(questionSql(question, cell?.cell ?? null));
        const answer = ask(db, question, cell?.cell ?? null);
        if (argv.json === true) return print(JSON.stringify(answer.rows, null, 2));
        const { renderAnswer } = await import('../../reports/tables/libraryTable.js');
        return print(renderAnswer(answer));
      }
      const { renderCells, renderReplicate } = await import('../../reports/tables/libraryTable.js');
      if (cell === undefined && cells.length !== 1) {
        if (replicateText !== undefined) chooseCell('--cell', file, cells, undefined);
        if (argv.json === true) return print(JSON.stringify(cells, null, 2));
        return print(`${renderCells(cells)}\n\nChoose a cell with --cell (its id or label).`);
      }
      const chosen = cell ?? cells[0]!;
      const replicate =
        replicateText === undefined ? undefined : replicateOf('--replicate', file, chosen, replicateText);
      const view = readReplicate(db, chosen, replicate);
      if (argv.json === true) print(JSON.stringify(view, null, 2));
      else if (humanOutput(argv)) print(renderReplicate(view));
    } catch (e) {
      // A file that opened but cannot be read through (a damaged page, a hand-edited row): named, exit 2.
      throw skillDbError('FILE', file, e);
    } finally {
      db.close();
    }
  },
};

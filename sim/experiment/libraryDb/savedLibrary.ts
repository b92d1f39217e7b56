/**
 * A saved library (`--library-from FILE.sqlite[#[cell/]replicate]`): the skills one replicate of an earlier
 * run ended with, read from its skill database (schema.ts) — each with its claim, confidence, weight,
 * evidence and test record — so every replicate of a new run can start from it, in the same world or
 * another of the same shape. A configuration names it by its normalized value (the file made absolute, the
 * replicate always given, the cell when the file holds several), and its file's SHA-256 travels with the
 * configuration's modules, so a worker thread reads the same bytes the command line did, and a resume or a
 * merge refuses a file that changed.
 */
import type { SkillRecord } from '../../agent/skill.js';
import { at } from '../../core/at.js';
import { msg, UsageError } from '../../core/messages.js';
import type { ModuleRef } from '../../agent/moduleStore.js';
import { fileSha256 } from '../moduleRefs.js';
import { host } from '../../core/host/host.js';
import { APPLICATION_ID, SCHEMA_VERSION } from './schema.js';
import { openDatabase, type Database } from './sqlite.js';
import { checkSchema, noRuns, readingSkillDb, skillDbError, typedRows } from './check.js';

export interface SavedLibrary {
  /** How a configuration names it: FILE#replicate, or FILE#cell/replicate when the file holds several cells. */
  readonly value: string;
  readonly ref: ModuleRef;
  readonly cell: string;
  readonly replicate: number;
  /** The world it was learned in, and that world's shape. */
  readonly env: string;
  readonly positions: number;
  readonly arity: number;
  readonly contexts: number;
  /** The library at the replicate's end, in the order its skills first entered. */
  readonly skills: readonly SkillRecord[];
}

interface CellRow {
  readonly cell: string;
  readonly label: string | null;
  readonly env: string;
  readonly positions: number;
  readonly arity: number;
  readonly contexts: number;
  readonly replicates: number;
}

/** Libraries read by this process, by value and content. */
const loaded = new Map<string, SavedLibrary>();

/** FILE[#selector]: the file, and what follows its last '#'. */
export function splitLibraryValue(text: string): { readonly file: string; readonly selector: string | undefined } {
  const hash = text.lastIndexOf('#');
  return hash > 0 ? { file: text.slice(0, hash), selector: text.slice(hash + 1) } : { file: text, selector: undefined };
}

/**
 * Open a skill database for reading, refusing a file that is not one of this schema's version; `where` names
 * what gave the file in messages (`--library-from`, `FILE`).
 */
export function openSkillDb(where: string, file: string): Database {
  const files = host('a skill database');
  let db: Database;
  try {
    if (!files.isFile(file)) throw new UsageError(msg.skillDbMissing(where, file));
    // A writer's lock is waited for briefly, then named as a lock (not waited out for the driver's 5 s).
    db = openDatabase(file, { readonly: true, fileMustExist: true, timeout: LOCK_WAIT_MS });
  } catch (e) {
    if (e instanceof UsageError) throw e;
    throw new UsageError(msg.skillDbMissing(where, file));
  }
  try {
    const app = db.pragma('application_id', { simple: true });
    const version = db.pragma('user_version', { simple: true });
    if (app !== APPLICATION_ID) throw new UsageError(msg.notSkillDb(where, file, 'not written by --library-db'));
    if (version !== SCHEMA_VERSION)
      throw new UsageError(msg.notSkillDb(where, file, `schema version ${version}; this one reads ${SCHEMA_VERSION}`));
    checkSchema(db);
    return db;
  } catch (e) {
    db.close();
    const code = (e as { code?: unknown }).code;
    if (code === 'SQLITE_NOTADB') throw new UsageError(msg.notSkillDb(where, file, 'not a SQLite database'));
    throw skillDbError(where, file, e);
  }
}

/** How long a reader waits for another program's write to a skill database to end. */
const LOCK_WAIT_MS = 500;

/** The cell a selector names (its id, or its label), or the only one. */
export function chooseCell<C extends Pick<CellRow, 'cell' | 'label'>>(
  where: string,
  file: string,
  cells: readonly C[],
  name: string | undefined,
): C {
  if (name === undefined) {
    if (cells.length === 1) return at(cells, 0, 'cells');
    throw new UsageError(
      msg.skillDbCells(
        where,
        file,
        cells.map((c) => c.label ?? c.cell),
      ),
    );
  }
  const cell = cells.find((c) => c.cell === name) ?? cells.find((c) => c.label === name);
  if (cell === undefined) throw new UsageError(msg.skillDbNoCell(where, file, name));
  return cell;
}

export function cellRows(db: Database): CellRow[] {
  return typedRows<CellRow>(
    'cells',
    db.prepare('SELECT cell, label, env, positions, arity, contexts, replicates FROM cells ORDER BY cell').all(),
  );
}

/** A replicate number as the selector gives it, checked against the cell. */
export function replicateOf(
  where: string,
  file: string,
  cell: Pick<CellRow, 'replicates'>,
  text: string | undefined,
): number {
  if (text === undefined) return 0;
  const n = /^\d+$/.test(text) ? Number(text) : Number.NaN;
  if (!(n < cell.replicates)) throw new UsageError(msg.skillDbNoReplicate(where, file, text, cell.replicates));
  return n;
}

/**
 * Read the library `text` names (FILE, FILE#replicate or FILE#cell/replicate; replicate 0 by default). With
 * `sha256`, the file must still have that content. Refusals are UsageErrors naming `flag`.
 */
export function readSavedLibrary(flag: string, text: string, sha256?: string): SavedLibrary {
  const { file, selector } = splitLibraryValue(text);
  const full = host('a saved library').resolvePath(file);
  const sha = fileSha256(full);
  const where = `--${flag}`;
  if (sha === null) throw new UsageError(msg.skillDbMissing(where, file));
  if (sha256 !== undefined && sha !== sha256) throw new UsageError(msg.libraryChanged(file, sha256, sha));
  const slash = selector?.lastIndexOf('/') ?? -1;
  const cellName = selector !== undefined && slash >= 0 ? selector.slice(0, slash) : undefined;
  const replicateText = selector !== undefined && slash >= 0 ? selector.slice(slash + 1) : selector;
  const known = loaded.get(`${full}#${selector ?? ''}\n${sha}`);
  if (known !== undefined) return known;

  const db = openSkillDb(where, file);
  try {
    return readingSkillDb(where, file, () => {
      const cells = cellRows(db);
      const cell = chooseCell(where, file, cells, cellName);
      const replicate = replicateOf(where, file, cell, replicateText);
      const recorded = db
        .prepare('SELECT 1 FROM runs WHERE cell = ? AND replicate = ? LIMIT 1')
        .get(cell.cell, replicate);
      if (recorded === undefined) throw noRuns(cell.cell, replicate);
      const skills = typedRows<SkillRecord & { position: number; value: number; context: number }>(
        'skills',
        db
          .prepare(
            `SELECT context, position, value, confidence, weight, evidence, hits, agreed, refuted FROM skills
             WHERE cell = ? AND replicate = ? AND status = 'active' ORDER BY skill_id`,
          )
          .all(cell.cell, replicate),
      );
      checkInWorld(where, file, cell, skills);
      const value = `${full}#${cells.length > 1 ? `${cell.cell}/` : ''}${replicate}`;
      const library: SavedLibrary = {
        value,
        ref: { kind: 'library', path: full, sha256: sha },
        cell: cell.cell,
        replicate,
        env: cell.env,
        positions: cell.positions,
        arity: cell.arity,
        contexts: cell.contexts,
        skills,
      };
      loaded.set(`${full}#${selector ?? ''}\n${sha}`, library);
      loaded.set(`${value}\n${sha}`, library);
      return library;
    });
  } finally {
    db.close();
  }
}

/**
 * A cell's shape is a world's (positive integers), and each skill claims a place in it: position and value
 * inside the space, a context the world has, a confidence in [0, 1]; a saved library that does not is refused
 * (a skill at position 7 of a 4-position world would be read out of its arrays).
 */
function checkInWorld(
  where: string,
  file: string,
  cell: CellRow,
  skills: readonly (SkillRecord & { position: number; value: number; context: number })[],
): void {
  const positive = (n: number): boolean => Number.isSafeInteger(n) && n >= 1;
  if (!positive(cell.positions) || !positive(cell.arity) || !positive(cell.contexts))
    throw new UsageError(
      msg.skillDbOutOfWorld(where, file, `cell ${show(cell.cell)} records the shape ${shapeOf(cell)}`),
    );
  for (const s of skills) {
    const bad = !(s.position >= 0 && s.position < cell.positions)
      ? `position ${s.position}`
      : !(s.value >= 0 && s.value < cell.arity)
        ? `value ${s.value}`
        : !(s.context >= 0 && s.context < cell.contexts)
          ? `context ${s.context}`
          : !(s.confidence >= 0 && s.confidence <= 1)
            ? `confidence ${s.confidence}`
            : null;
    if (bad !== null)
      throw new UsageError(
        msg.skillDbOutOfWorld(where, file, `a skill claims ${bad}, outside the cell's world of ${shapeOf(cell)}`),
      );
  }
}

const show = (text: string): string => `'${text}'`;

/** The world a library fits, in words ("4 positions × 2 values, 1 context"). */
export function shapeOf(shape: { positions: number; arity: number; contexts: number }): string {
  const contexts = `${shape.contexts} context${shape.contexts === 1 ? '' : 's'}`;
  return `${shape.positions} positions × ${shape.arity} values, ${contexts}`;
}

/**
 * The skills a run starts every replicate with (`agent.libraryFrom`), or null: read once per process, from
 * the content the configuration's module list names.
 */
export function savedSkillsFor(config: {
  readonly agent: { readonly libraryFrom?: string };
  readonly modules?: readonly ModuleRef[];
}): readonly SkillRecord[] | null {
  const value = config.agent.libraryFrom;
  if (value === undefined) return null;
  const path = splitLibraryValue(value).file;
  const sha256 = config.modules?.find((m) => m.kind === 'library' && m.path === path)?.sha256;
  return readSavedLibrary('library-from', value, sha256).skills;
}

/**
 * A result folder's skill database, for its report: the file the manifest names (`libraryDb.file`, written
 * with --library-db inside the folder or elsewhere), or `library.sqlite` beside the manifest; and, for the
 * skill-timeline chart, the median replicate of each of the folder's groups (in the report's order) that
 * learned any skill.
 */
import { existsSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { openSkillDb } from '../../sim/experiment/libraryDb/savedLibrary.js';
import { readingSkillDb } from '../../sim/experiment/libraryDb/check.js';
import type { Database } from '../../sim/experiment/libraryDb/sqlite.js';
import type { Timeline } from '../charts/timeline.js';
import type { Palette } from '../charts/theme.js';
import type { ResultFolder } from '../resultFolder.js';
import { cellsOf, readReplicate } from './replicateView.js';

/** The database a folder's report reads, or null. */
export function folderDatabase(data: Pick<ResultFolder, 'dir' | 'manifest'>): string | null {
  const named = (data.manifest.libraryDb as { file?: unknown } | undefined)?.file;
  if (typeof named === 'string') {
    const path = isAbsolute(named) ? named : join(data.dir, named);
    if (existsSync(path)) return path;
  }
  const beside = join(data.dir, 'library.sqlite');
  return existsSync(beside) ? beside : null;
}

/** Each group's median replicate, for the groups with skills; and how many groups had skills. */
export function folderTimelines(
  data: ResultFolder,
  palette: Palette,
  max: number,
): { readonly timelines: Timeline[]; readonly withSkills: number } | null {
  const path = folderDatabase(data);
  if (path === null) return null;
  const db = openSkillDb('DIR', path);
  try {
    return readingSkillDb('DIR', path, () => timelinesOf(db, data, palette, max));
  } finally {
    db.close();
  }
}

function timelinesOf(
  db: Database,
  data: ResultFolder,
  palette: Palette,
  max: number,
): { readonly timelines: Timeline[]; readonly withSkills: number } {
  const cells = cellsOf(db);
  const cellOf = (id: string) =>
    cells.length === 1 && data.kind === 'run' ? cells[0] : cells.find((c) => c.cell === id || c.label === id);
  const timelines: Timeline[] = [];
  let withSkills = 0;
  for (const group of data.groups) {
    const cell = cellOf(group.id);
    if (cell === undefined) continue;
    const view = readReplicate(db, cell);
    if (view.skills.length === 0) continue;
    withSkills++;
    if (timelines.length < max) timelines.push({ label: palette.labelOf(group.id), view });
  }
  return { timelines, withSkills };
}

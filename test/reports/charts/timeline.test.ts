/**
 * The skill-timeline chart, at the spec level: from a run folder's skill database, the median replicate's
 * skills as bars over the rounds they were in the library (shaded by confidence on the ordered palette),
 * circles where they were refuted, a mark where one left; a folder without a database draws none.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sequentialScale } from '../../../reports/charts/conventions.js';
import { MAX_TIMELINES, timelineSpec, type Timeline } from '../../../reports/charts/timeline.js';
import { paletteFor } from '../../../reports/charts/theme.js';
import { loadResultFolder, type ResultData } from '../../../reports/resultFolder.js';
import { folderTimelines } from '../../../reports/skillDb/folderTimelines.js';
import { medianReplicate } from '../../../reports/skillDb/replicateView.js';
import { openDatabase } from '../../../sim/experiment/libraryDb/sqlite.js';
import { runFolder, tempDir } from '../fixtures.js';
import { compileChart, dataRows, nodes } from './compile.js';

let root: string;
let data: ResultData;
let timelines: Timeline[];

beforeAll(() => {
  root = tempDir();
  data = loadResultFolder(runFolder(join(root, 'run'), 40, { libraryDb: true, agent: { explore: 0.2 } }));
  const palette = paletteFor(data.groups.map((g) => g.id));
  const lives = folderTimelines(data, palette, MAX_TIMELINES);
  expect(lives).not.toBeNull();
  timelines = lives!.timelines;
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const markTypes = (spec: unknown): string[] =>
  nodes(spec)
    .map((n) => (n.mark as { type?: string } | undefined)?.type)
    .filter((t): t is string => t !== undefined);

describe('timelineSpec', () => {
  it('draws the median replicate’s skills, a bar a round in the library, and compiles without warnings', () => {
    expect(timelines).toHaveLength(1);
    const [t] = timelines as [Timeline];
    const db = openDatabase(join(data.dir, 'library.sqlite'), { readonly: true });
    const median = medianReplicate(db, t.view.cell.cell);
    const inLibrary = db
      .prepare('SELECT COUNT(*) FROM skill_rounds WHERE replicate = ? AND in_library = 1 AND round >= 1')
      .pluck()
      .get(median) as number;
    const refutedRounds = db
      .prepare('SELECT COUNT(*) FROM skill_rounds WHERE replicate = ? AND refuted > 0 AND round >= 1')
      .pluck()
      .get(median) as number;
    db.close();
    expect(t.view.replicate).toBe(median);
    expect(t.view.median).toBe(true);

    const spec = timelineSpec(timelines);
    expect(compileChart(spec).warnings).toEqual([]);
    const rows = dataRows(spec);
    expect(rows.filter((r) => r.kind === 'bar')).toHaveLength(inLibrary);
    expect(rows.filter((r) => r.kind === 'refutation')).toHaveLength(refutedRounds);
    for (const r of rows.filter((x) => x.kind === 'bar')) {
      expect(r.to).toBe(Number(r.round) + 0.5);
      expect(String(r.skill)).toMatch(/^\d+\. high-score codes have position \d = [01]$/);
    }
    // Confidence on the ordered-parameter palette of every chart.
    const colour = nodes(spec).find((n) => (n.color as { field?: string } | undefined)?.field === 'confidence')!
      .color as { scale: { scheme: unknown } };
    expect(colour.scale.scheme).toEqual(sequentialScale(5).scheme);
    expect(markTypes(spec)).toContain('rect');
    expect(String((spec as { title: { subtitle: string[] } }).title.subtitle[0])).toContain(
      `The median replicate (by attempts): replicate ${median}.`,
    );
  });

  it('marks the round a skill left, the shape saying why, and stacks one panel a cell', () => {
    const [t] = timelines as [Timeline];
    const skill = t.view.skills[0]!;
    const left = { ...skill, status: 'retired', endedRound: 3 };
    const view = { ...t.view, median: false, skills: [left, ...t.view.skills.slice(1)] };
    const spec = timelineSpec([
      { label: 'A', view },
      { label: 'B', view: t.view },
    ]);
    expect(compileChart(spec).warnings).toEqual([]);
    const exits = dataRows(spec).filter((r) => r.kind === 'exit');
    expect(exits).toEqual([expect.objectContaining({ panel: 'A', leftAt: 3, left: 'retired by its lifecycle' })]);
    expect(markTypes(spec)).toContain('point');
    expect((spec as { vconcat: unknown[] }).vconcat).toHaveLength(2);
    expect(String((spec as { title: { subtitle: string[] } }).title.subtitle[0])).toMatch(/^One replicate of each/);
  });

  it('is not drawn for a folder without a database', () => {
    const plain = loadResultFolder(runFolder(join(root, 'plain'), 5));
    expect(folderTimelines(plain, paletteFor(plain.groups.map((g) => g.id)), MAX_TIMELINES)).toBeNull();
  });
});

/**
 * Saved libraries (`--library-from FILE.sqlite#replicate`): read from a skill database as the replicate
 * ended, carried into a new run in the same or another world of the same shape, refused in one line
 * otherwise; and a run that starts from a learned library does better in its first round than one that
 * starts empty.
 */
import { copyFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joined } from '../../../helpers/pattern.js';
import { UsageError } from '../../../../sim/core/messages.js';
import { mean, sampleSd } from '../../../../sim/core/stats.js';
import { normalizeRun, PUBLISHED_RUN } from '../../../../sim/experiment/config.js';
import { runExperiment } from '../../../../sim/experiment/experiment.js';
import { readSavedLibrary, savedSkillsFor } from '../../../../sim/experiment/libraryDb/savedLibrary.js';
import { openDatabase } from '../../../../sim/experiment/libraryDb/sqlite.js';
import { SkillDbWriter } from '../../../../reports/skillDb/writer.js';
import { configFrom } from '../../../../scripts/config/runOptions.js';
import { skillDb, tempDir } from '../../../reports/fixtures.js';

let dir: string;
let lib: string;
/** The static library learned on the published lock, replicate by replicate. */
const learned = normalizeRun({
  ...PUBLISHED_RUN,
  replicates: 40,
  agent: { ...PUBLISHED_RUN.agent, mode: 'online-static' },
});

beforeAll(() => {
  dir = tempDir('hexa-saved-');
  lib = join(dir, 'lib.sqlite');
  skillDb(lib, learned);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const refusal = (f: () => unknown): string => {
  try {
    f();
  } catch (e) {
    if (e instanceof UsageError) return e.message;
    throw e;
  }
  return 'no error';
};

describe('a saved library', () => {
  it('is the skills one replicate ended with, with their standing and test record', () => {
    const db = openDatabase(lib, { readonly: true });
    const replicate = db
      .prepare("SELECT replicate FROM skills WHERE status = 'active' GROUP BY replicate HAVING COUNT(*) = 2 LIMIT 1")
      .pluck()
      .get() as number;
    const stored = db
      .prepare("SELECT * FROM skills WHERE replicate = ? AND status = 'active' ORDER BY skill_id")
      .all(replicate) as { position: number; value: number; confidence: number; hits: number }[];
    db.close();
    const saved = readSavedLibrary('library-from', `${lib}#${replicate}`);
    expect(saved.value).toBe(`${lib}#${replicate}`);
    expect(saved.ref).toMatchObject({ kind: 'library', path: lib });
    expect(saved.skills.map((s) => [s.position, s.value, s.confidence, s.hits])).toEqual(
      stored.map((s) => [s.position, s.value, s.confidence, s.hits]),
    );
    // Replicate 0 when none is named.
    expect(readSavedLibrary('library-from', lib).value).toBe(`${lib}#0`);
  });

  it('starts every replicate of a run, in another world of the same shape, whose first round it speeds up', () => {
    const db = openDatabase(lib, { readonly: true });
    const full = db
      .prepare("SELECT replicate FROM skills WHERE status = 'active' GROUP BY replicate HAVING COUNT(*) = 2 LIMIT 1")
      .pluck()
      .get() as number;
    db.close();
    const settings = { env: 'drift-lock-v1', replicates: '300' };
    const transfer = configFrom({ ...settings, 'library-from': `${lib}#${full}` });
    const fresh = configFrom(settings);
    expect(transfer.modules).toEqual([expect.objectContaining({ kind: 'library', path: lib })]);
    expect(savedSkillsFor(transfer)).toHaveLength(2);
    const firstRound = (c: typeof fresh): number[] => runExperiment(c).replicates.map((r) => r[0]!.meanAttempts);
    const a = firstRound(transfer);
    const b = firstRound(fresh);
    // Paired by replicate (the same streams): the difference's standard error sets the margin.
    const d = a.map((x, i) => b[i]! - x);
    const se = sampleSd(Float64Array.from(d)) / Math.sqrt(d.length);
    expect(mean(Float64Array.from(d))).toBeGreaterThan(3 * se);
    // Two bits known and no exploration: about the exact 3.987 of a pool of four codes, far from 11.6.
    expect(mean(Float64Array.from(a))).toBeLessThan(6);
  });

  it('is refused in one line from another shape of world, an online mode, the random control, absent replicate', () => {
    const from = { 'library-from': lib };
    expect(refusal(() => configFrom({ env: 'mastermind-v1', ...from }))).toMatch(
      joined(
        /^--library-from: .* 4 positions × 2 values, 1 context \(lock-v1\); /,
        /mastermind-v1 \(4 positions × 6 values, 1 context\) cannot use it$/,
      ),
    );
    expect(refusal(() => configFrom({ bits: '6', ...from }))).toMatch(/6 positions × 2 values.*cannot use it/);
    expect(refusal(() => configFrom({ mode: 'online-iterative', ...from }))).toMatch(/^--library-from: mode/);
    expect(refusal(() => configFrom({ library: 'false', ...from }))).toMatch(/random control/);
    expect(refusal(() => configFrom({ 'library-from': `${lib}#40` }))).toMatch(/replicate '40' is not one of 0 … 39/);
    expect(refusal(() => configFrom({ 'library-from': `${lib}#x` }))).toMatch(/replicate 'x'/);
    expect(refusal(() => configFrom({ 'library-from': join(dir, 'none.sqlite') }))).toMatch(/does not exist/);
    expect(refusal(() => configFrom({ env: 'mastermind-v1', ...from })).split('\n')).toHaveLength(1);
  });

  it('is refused when the file is no skill database, of another schema, or of several cells none named', () => {
    const text = join(dir, 'text.sqlite');
    writeFileSync(text, 'not a database\n');
    expect(refusal(() => readSavedLibrary('library-from', text))).toMatch(/not a SQLite database/);
    const other = join(dir, 'v2.sqlite');
    copyFileSync(lib, other);
    const db = openDatabase(other);
    db.pragma('user_version = 2');
    db.close();
    expect(refusal(() => readSavedLibrary('library-from', other))).toMatch(/schema version 2; this one reads 1/);
    const two = join(dir, 'two.sqlite');
    const writer = new SkillDbWriter(two, { command: 'reproduce', seed: 1, config: {} });
    for (const [label, explore] of [
      ['exploit', 0],
      ['explore', 0.2],
    ] as const) {
      const c = normalizeRun({ ...PUBLISHED_RUN, replicates: 3, agent: { ...PUBLISHED_RUN.agent, explore } });
      const cell = writer.addCell(c, label);
      runExperiment(c, 0, { onHistory: (history, rounds) => writer.push(cell, { history, rounds }) });
    }
    writer.finish();
    expect(refusal(() => readSavedLibrary('library-from', two))).toMatch(/holds 2 cells \(.*\); choose one with/);
    expect(refusal(() => readSavedLibrary('library-from', `${two}#nope/0`))).toMatch(/holds no cell 'nope'/);
    const chosen = readSavedLibrary('library-from', `${two}#explore/2`);
    expect(chosen.value).toBe(`${two}#${chosen.cell}/2`);
  });

  it('is refused by a worker when its file changed since the configuration was made', () => {
    const copy = join(dir, 'changing.sqlite');
    copyFileSync(lib, copy);
    const config = configFrom({ 'library-from': copy });
    const db = openDatabase(copy);
    db.prepare("UPDATE meta SET value = 'changed' WHERE key = 'command'").run();
    db.close();
    expect(refusal(() => savedSkillsFor(config))).toMatch(/^--library-from: .* has changed \(sha256/);
  });
});

/** Each cell of the HExA matrix wires the library as documented in sim/agent/modes.ts. */
import { describe, expect, it } from 'vitest';
import { configFrom } from '../../../scripts/config/runOptions.js';
import { UsageError } from '../../../sim/core/messages.js';
import { PUBLISHED_AGENT, type AgentConfig } from '../../../sim/agent/agentConfig.js';
import { normalizeRun, PUBLISHED_RUN, type RunConfig } from '../../../sim/experiment/config.js';
import { runExperiment } from '../../../sim/experiment/experiment.js';
import type { RoundMetrics } from '../../../sim/core/metrics.js';
import { LIBRARY_MODES, librarySchedule, normalizeAgent, type LibraryMode } from '../../../sim/agent/modes.js';

const run = (agent: Partial<AgentConfig>, protocol: Partial<RunConfig> = {}): RoundMetrics[][] =>
  runExperiment(
    normalizeRun({
      ...PUBLISHED_RUN,
      seed: 17,
      replicates: 12,
      rounds: 5,
      ...protocol,
      agent: { ...PUBLISHED_AGENT, ...agent },
    }),
  ).replicates;

const attempts = (reps: RoundMetrics[][]): number[][] => reps.map((rounds) => rounds.map((r) => r.attempts));
const mode = (m: LibraryMode, priorRounds = 3): Partial<AgentConfig> => ({ mode: m, priorRounds });

describe('library modes', () => {
  it('lists none and the nine cells of the matrix', () => {
    expect(LIBRARY_MODES).toHaveLength(10);
    expect(LIBRARY_MODES[0]).toBe('none');
  });

  it('dynamics set the hidden choices: static, evolving read all history, iterative the round; evolving merges', () => {
    expect(normalizeAgent({ ...PUBLISHED_AGENT, mode: 'online-static' })).toMatchObject({
      window: 'all',
      update: 'replace',
    });
    expect(normalizeAgent({ ...PUBLISHED_AGENT, mode: 'offline-iterative' })).toMatchObject({
      window: 'round',
      update: 'replace',
    });
    expect(normalizeAgent({ ...PUBLISHED_AGENT, mode: 'off2on-evolving' })).toMatchObject({
      window: 'all',
      update: 'merge',
    });
    const custom = { ...PUBLISHED_AGENT, window: 'all' as const, update: 'merge' as const };
    expect(normalizeAgent(custom)).toEqual(custom);
    // Without a prior batch in its mode, the rounds of one are not part of the configuration.
    expect(normalizeAgent({ ...custom, priorRounds: 3 }).priorRounds).toBe(0);
    expect(normalizeAgent({ ...custom, mode: 'offline-static', priorRounds: 3 }).priorRounds).toBe(3);
  });

  it('sources set the prior batch and whether evaluation learns', () => {
    expect(librarySchedule({ mode: 'offline-evolving', priorRounds: 4 })).toEqual({
      priorRounds: 4,
      learnsOnline: false,
      freezesOnceBuilt: false,
    });
    expect(librarySchedule({ mode: 'off2on-static', priorRounds: 4 })).toEqual({
      priorRounds: 4,
      learnsOnline: true,
      freezesOnceBuilt: true,
    });
    expect(librarySchedule({ mode: 'online-iterative', priorRounds: 4 })).toEqual({
      priorRounds: 0,
      learnsOnline: true,
      freezesOnceBuilt: false,
    });
    expect(librarySchedule({ mode: 'none', priorRounds: 4 })).toEqual({
      priorRounds: 0,
      learnsOnline: true,
      freezesOnceBuilt: false,
    });
  });

  it('online × iterative is the default setting; online × evolving is window all + merge', () => {
    expect(run(mode('online-iterative'))).toEqual(run({}));
    expect(run(mode('online-evolving'))).toEqual(run({ window: 'all', update: 'merge' }));
  });

  /** Whether any replicate's library changed (size or claims ever held) during the evaluation. */
  const changes = (reps: RoundMetrics[][]): boolean =>
    reps.some((rounds) => rounds.some((r) => r.skills !== rounds[0]!.skills || r.skillsEver !== rounds[0]!.skillsEver));

  it('offline: the prior batch builds the library, which then never changes during the evaluation', () => {
    for (const m of ['offline-static', 'offline-iterative', 'offline-evolving'] as const) {
      const reps = run(mode(m));
      expect(changes(reps), m).toBe(false);
      const built = reps.filter((rounds) => rounds[0]!.skills > 0);
      expect(built.length, m).toBeGreaterThan(0);
      // A library built before the evaluation is in use from its first task.
      for (const rounds of built) expect(rounds[0]!.tasksWithSkills).toBe(rounds[0]!.tasks);
    }
    // The online counterpart does change, so the check above can fail.
    expect(changes(run(mode('online-iterative')))).toBe(true);
  });

  it('the prior batch is as long as --prior-rounds: none at 0, a library for most replicates at 3', () => {
    expect(run(mode('offline-iterative', 0)).every((rounds) => rounds[0]!.skills === 0)).toBe(true);
    const three = run(mode('offline-iterative', 3));
    expect(three.filter((rounds) => rounds[0]!.skills > 0).length).toBeGreaterThan(three.length / 2);
  });

  it('offline with an empty prior batch is the random control, draw for draw (paired streams)', () => {
    expect(attempts(run(mode('offline-evolving', 0)))).toEqual(attempts(run({ library: false })));
  });

  it('off2on starts from the offline library, then keeps learning', () => {
    const off = run(mode('offline-iterative'));
    const on = run(mode('off2on-iterative'));
    for (let i = 0; i < off.length; i++) {
      expect(on[i]![0]!.attempts).toBe(off[i]![0]!.attempts);
      expect(on[i]![0]!.skills).toBe(off[i]![0]!.skills);
    }
    expect(changes(off)).toBe(false);
    expect(changes(on)).toBe(true);
  });

  it('static: once a skill is built, the library is fixed', () => {
    for (const m of ['online-static', 'off2on-static'] as const) {
      let frozenSeen = 0;
      for (const rounds of run(mode(m), { rounds: 8 })) {
        const first = rounds.findIndex((r) => r.skills > 0);
        if (first < 0) continue;
        frozenSeen++;
        for (const r of rounds.slice(first)) {
          expect(r.skills).toBe(rounds[first]!.skills);
          expect(r.skillsEver).toBe(rounds[first]!.skillsEver);
        }
      }
      expect(frozenSeen, m).toBeGreaterThan(0);
    }
    // Without freezing the same history does change after the first skill.
    expect(
      changes(
        run(mode('online-iterative'), { rounds: 8 }).map((rounds) =>
          rounds.slice(rounds.findIndex((r) => r.skills > 0)),
        ),
      ),
    ).toBe(true);
  });
});

describe('--mode and --prior-rounds flags', () => {
  it('set the mode, its window and update, and the effective prior rounds', () => {
    expect(configFrom({ mode: 'offline-evolving' }).agent).toMatchObject({
      mode: 'offline-evolving',
      priorRounds: 2,
      window: 'all',
      update: 'merge',
    });
    expect(configFrom({ mode: 'off2on-static', 'prior-rounds': '5' }).agent).toMatchObject({
      priorRounds: 5,
      window: 'all',
      update: 'replace',
    });
    expect(configFrom({ mode: 'online-iterative', 'prior-rounds': '5' }).agent.priorRounds).toBe(0);
    expect(configFrom({}).agent).toMatchObject({ mode: 'none', priorRounds: 0 });
  });

  it('refuse a mode together with the window or update flags it sets, and bad values', () => {
    expect(() => configFrom({ mode: 'online-static', window: 'round' })).toThrow(
      new UsageError('--mode and --window cannot be used together'),
    );
    expect(() => configFrom({ mode: 'offline-evolving', update: 'merge' })).toThrow(UsageError);
    expect(() => configFrom({ mode: 'offline' })).toThrow(/--mode: 'offline' is not one of none, offline-static/);
    expect(() => configFrom({ mode: 'offline-static', 'prior-rounds': '-1' })).toThrow(
      /--prior-rounds: '-1' is below the minimum 0/,
    );
  });
});

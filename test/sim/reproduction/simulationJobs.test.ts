import { describe, expect, it } from 'vitest';
import { auditGrid, auditJobs } from '../../../sim/reproduction/audit.js';
import {
  auditPieces,
  joinFigureValues,
  pairTwins,
  runSimulation,
  type AuditJobResult,
} from '../../../sim/reproduction/simulationJobs.js';
import { PartJoiner } from '../../../sim/core/parallel/split.js';
import { armConfig, findArm } from '../../../sim/reproduction/arms.js';
import { armFigureValues } from '../../../sim/reproduction/reproduction.js';
import { envSpecOf, runExperiment } from '../../../sim/experiment/experiment.js';
import { runReplicate } from '../../../sim/experiment/replicate.js';
import { PUBLISHED_AGENT } from '../../../sim/agent/agentConfig.js';
import { ReplicateWatch } from '../../../sim/reproduction/observers/replicateWatch.js';

describe('an audited simulation', () => {
  it('gives the figures of the whole experiment, each replicate reduced as it ends', () => {
    const { jobs } = auditJobs(auditGrid().slice(0, 4), 5, 40);
    for (const job of jobs) {
      const config = armConfig(findArm(job.arm), job.hidden, job.seed, job.replicates);
      const whole = armFigureValues(job.arm, runExperiment(config, 7).replicates);
      // The arm's own figures, then (for an arm read under every accounting) its test figures under each.
      const own = (runSimulation({ ...job, first: 7 }) as AuditJobResult).values.filter(([id]) => !id.includes('@'));
      expect(own).toEqual([...whole]);
    }
  });
});

describe('simulations cut into pieces', () => {
  it('joined in order, in any order of arrival, the pieces give every simulation exactly its whole values', () => {
    const { jobs } = auditJobs(auditGrid().slice(0, 3), 9, 120);
    const pieces = auditPieces(jobs, 4);
    // 120 replicates × a few simulations over 4 × 32 pieces: each simulation is cut.
    expect(pieces.length).toBeGreaterThan(jobs.length);
    for (const job of jobs) {
      const own = pieces.filter((p) => p.job.key.startsWith(`${job.key}@`)).map((p) => p.job);
      expect(own.reduce((n, p) => n + p.replicates, 0)).toBe(job.replicates);
      expect(own.map((p) => p.first)).toEqual([...own.map((p) => p.first)].sort((a, b) => a! - b!));
    }
    const joiner = new PartJoiner<AuditJobResult>();
    const joined = new Map<string, AuditJobResult>();
    for (const { job, piece } of [...pieces].reverse()) {
      const parts = joiner.add(piece, runSimulation(job) as AuditJobResult);
      const whole = jobs[piece.unit]!;
      if (parts !== null) joined.set(whole.key, joinFigureValues(whole, parts));
    }
    expect(joined.size).toBe(jobs.length);
    for (const job of jobs) expect(joined.get(job.key)).toEqual(runSimulation(job) as AuditJobResult);
  });

  it('leaves short simulations whole but the last few, and everything whole on one thread', () => {
    const { jobs } = auditJobs(auditGrid(), 9, 50);
    expect(auditPieces(jobs, 1).map((p) => p.job)).toEqual(jobs);
    const pieces = auditPieces(jobs, 2).map((p) => p.job);
    // Only the end of the list is cut (finer last pieces, so a stage ends evenly on both threads).
    const firstCut = pieces.findIndex((p) => p.key.includes('@'));
    expect(firstCut).toBeGreaterThan(jobs.length / 2);
    expect(pieces.slice(0, firstCut)).toEqual(jobs.slice(0, firstCut));
  });
});

describe("a '--update merge' simulation beside its 'replace' twin", () => {
  const byKey = (a: { key: string }, b: { key: string }): number => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

  it('pairs each merge simulation with the replace one that differs only in update, each job kept once', () => {
    const { jobs } = auditJobs(auditGrid(), 3, 20);
    const { jobs: paired, originals } = pairTwins(jobs);
    const twins = paired.filter((j) => j.twin !== undefined);
    expect(twins.length).toBeGreaterThan(jobs.length / 4);
    expect(paired.length).toBe(jobs.length - twins.length);
    expect([...originals.values()].flat().sort(byKey)).toEqual([...jobs].sort(byKey));
    for (const job of twins) {
      const twin = jobs.find((j) => j.key === job.twin!.key)!;
      expect([job.hidden.update, twin.hidden.update]).toEqual(['replace', 'merge']);
      expect([twin.arm, twin.hidden, twin.replicates]).toEqual([job.arm, { ...job.hidden, update: 'merge' }, 20]);
    }
    // Without its replace twin a merge simulation runs on its own.
    const merges = jobs.filter((j) => j.hidden.update === 'merge');
    expect(pairTwins(merges).jobs).toEqual(merges);
  });

  it('gives the merge simulation its own values exactly, where replace dropped skills and where it did not', () => {
    const grid = auditGrid().filter((h) =>
      (['samples', 'testUnit', 'testAt'] as const).every((k) => h[k] === PUBLISHED_AGENT[k]),
    );
    const { jobs } = auditJobs(grid, 11, 30);
    const { jobs: paired } = pairTwins(jobs);
    const replicatesDropping = (job: (typeof jobs)[number]): number => {
      const config = armConfig(findArm(job.arm), job.hidden, job.seed, job.replicates);
      const watch = new ReplicateWatch({}, { accountings: false, replacements: true });
      let dropping = 0;
      for (let r = 0; r < job.replicates; r++) {
        runReplicate(config, envSpecOf(config), r, watch.next());
        if (watch.dropped > 0) dropping++;
      }
      return dropping;
    };
    const twins = paired.filter((j) => j.twin !== undefined && j.arm === 'exploit');
    const drops = twins.map(replicatesDropping);
    // Both paths are taken: twins whose replace run dropped nothing, and replicates run again under merge.
    expect(drops.some((d) => d === 0)).toBe(true);
    expect(drops.some((d) => d > 0)).toBe(true);
    for (const job of paired.filter((j) => j.twin !== undefined)) {
      const both = runSimulation({ ...job, first: 4 }) as AuditJobResult;
      const alone = (key: string): AuditJobResult =>
        runSimulation({ ...jobs.find((j) => j.key === key)!, first: 4 }) as AuditJobResult;
      expect(both.values).toEqual(alone(job.key).values);
      expect(both.twin).toEqual(alone(job.twin!.key).values);
    }
  });

  it('cut into pieces and joined, gives both simulations their whole values', () => {
    const grid = auditGrid().filter((h) =>
      (['window', 'samples', 'exploreUnit', 'testUnit', 'testAt'] as const).every((k) => h[k] === PUBLISHED_AGENT[k]),
    );
    const { jobs } = auditJobs(grid, 5, 90);
    const paired = pairTwins(jobs).jobs.filter((j) => j.twin !== undefined);
    expect(paired.length).toBeGreaterThan(0);
    const joiner = new PartJoiner<AuditJobResult>();
    let joined = 0;
    for (const { job, piece } of auditPieces(paired, 4)) {
      const parts = joiner.add(piece, runSimulation(job) as AuditJobResult);
      if (parts === null) continue;
      const whole = paired[piece.unit]!;
      expect(parts.length).toBeGreaterThan(1);
      expect(joinFigureValues(whole, parts)).toEqual(runSimulation(whole));
      joined++;
    }
    expect(joined).toBe(paired.length);
  });
});

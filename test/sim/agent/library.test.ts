import { describe, expect, it } from 'vitest';
import type { TestTiming, TestUnit } from '../../../sim/agent/choices.js';
import fc from 'fast-check';
import { Library } from '../../../sim/agent/library.js';
import { SampleBatch } from '../../../sim/agent/samples/sampleBatch.js';
import { inEveryLayout } from './samples/layouts.js';

const code = (bits: string): number[] => Array.from(bits, (c) => Number(c));
/** One attempt: its code is a high-score sample or not. */
const attempt = (values: readonly number[], high: boolean): SampleBatch =>
  SampleBatch.of(high ? [values] : [], { attempts: 1 });
/** High-score samples, one attempt each. */
const samples = (...codes: string[]): SampleBatch => SampleBatch.of(codes.map(code));
const claim = (position: number, value: number, confidence = 0.9, evidence = 10) => ({
  position,
  value,
  confidence,
  evidence,
});

describe('Library', () => {
  it('records attempts handed over in batches, in every layout, as one at a time, for every accounting', () => {
    const attempts = fc.array(
      fc.tuple(fc.array(fc.integer({ min: 0, max: 1 }), { minLength: 5, maxLength: 5 }), fc.boolean()),
      { maxLength: 40 },
    );
    const accounting = fc.record({
      testUnit: fc.constantFrom<TestUnit>('high', 'any'),
      testAt: fc.constantFrom<TestTiming>('record', 'evolve'),
    });
    fc.assert(
      fc.property(attempts, accounting, fc.integer({ min: 1, max: 40 }), (run, acc, every) => {
        const skills = [claim(0, 1), claim(3, 0), claim(4, 1)];
        const oneByOne = new Library(5, 2, acc);
        const batched = {
          values: new Library(5, 2, acc),
          bits: new Library(5, 2, acc),
          byCode: new Library(5, 2, acc),
        };
        const all = [oneByOne, ...Object.values(batched)];
        for (const lib of all) lib.update(skills, 'replace');
        let highs: number[][] = [];
        let since = 0;
        run.forEach(([values, high], i) => {
          oneByOne.record(attempt(values, high));
          if (high) highs.push(values);
          since++;
          // Hand over every `every` attempts, and at the end.
          if ((i + 1) % every === 0 || i === run.length - 1) {
            const layouts = inEveryLayout(5, highs, { attempts: since });
            for (const layout of ['values', 'bits', 'byCode'] as const) batched[layout].record(layouts[layout]!);
            highs = [];
            since = 0;
          }
        });
        for (const lib of all) lib.update(skills, 'replace');
        const record = (lib: Library) => [
          lib.tests,
          lib.refutations,
          lib.skills.map((s) => [s.hits, s.refuted, s.agreed]),
        ];
        for (const lib of Object.values(batched)) expect(record(lib)).toEqual(record(oneByOne));
      }),
    );
  });

  it('each high-score sample tests every skill and refutes those it disagrees with', () => {
    const lib = new Library(4, 2);
    lib.update([claim(2, 1), claim(0, 1)], 'replace');
    lib.record(samples('1011', '0011'));
    expect(lib.tests).toBe(4);
    expect(lib.refutations).toBe(1);
    const byPos = Object.fromEntries(lib.skills.map((s) => [s.position, [s.hits, s.refuted]]));
    expect(byPos).toEqual({ 2: [2, 0], 0: [2, 1] });
  });

  it("'replace' drops skills not re-emitted; 'merge' keeps them; a re-emitted claim keeps its record", () => {
    const lib = new Library(4, 2);
    lib.update([claim(0, 1), claim(1, 0)], 'replace');
    lib.record(samples('0000'));
    lib.update([claim(0, 1, 0.95, 20)], 'replace');
    expect(lib.skills.map((s) => [s.position, s.value, s.confidence, s.evidence, s.hits, s.refuted])).toEqual([
      [0, 1, 0.95, 20, 1, 1],
    ]);
    lib.update([claim(3, 1)], 'merge');
    expect(lib.skills.map((s) => s.position)).toEqual([0, 3]);
    lib.update([], 'replace');
    expect(lib.size).toBe(0);
  });

  it("tells an observer each skill 'replace' dropped (only those): none while it is what 'merge' makes", () => {
    const lib = new Library(4, 2);
    const left: string[] = [];
    lib.attach({ left: (skill, reason) => void left.push(`${skill.position}${skill.value} ${reason}`) });
    lib.update([claim(0, 1), claim(1, 0)], 'replace');
    lib.update([claim(0, 1), claim(1, 0), claim(2, 1)], 'replace');
    expect(left).toEqual([]);
    lib.update([claim(3, 1)], 'merge');
    expect(left).toEqual([]);
    lib.update([claim(0, 1)], 'replace');
    expect(left).toEqual(['10 replaced', '21 replaced', '31 replaced']);
    lib.remove(lib.skills[0]!);
    expect(left.slice(3)).toEqual(['01 removed']);
  });

  it('tells every attached observer of the events it listens to, in the order they were attached', () => {
    const lib = new Library(4, 2);
    const told: string[] = [];
    lib.attach({ entered: (s) => void told.push(`a entered ${s.position}`) });
    lib.attach({
      entered: (s) => void told.push(`b entered ${s.position}`),
      left: (s, reason) => void told.push(`b left ${s.position} ${reason}`),
      recording: (batch, skills) => void told.push(`b recording ${batch.count} against ${skills.length}`),
    });
    lib.update([claim(0, 1)], 'replace');
    lib.record(samples('1000', '0000'));
    lib.update([claim(1, 0)], 'replace');
    expect(told).toEqual([
      'a entered 0',
      'b entered 0',
      'b recording 2 against 1',
      'a entered 1',
      'b entered 1',
      'b left 0 replaced',
    ]);
    // Nothing listens to tests: the library settles them as before.
    expect(lib.tests).toBe(2);
  });

  it('shows an observer of evolutions the samples since the last one, whatever its own test timing', () => {
    for (const testAt of ['record', 'evolve'] as const) {
      const lib = new Library(4, 2, { testUnit: 'high', testAt });
      const seen: number[][] = [];
      lib.attach({
        evolved: (skills, since) =>
          void seen.push([
            skills.length,
            since.high(0),
            since.attempts(0),
            since.holding(0, 0, 1),
            since.holding(0, 3, 0),
          ]),
      });
      lib.update([claim(0, 1)], 'replace');
      lib.record(samples('1001', '1000', '0001'));
      lib.record(attempt(code('0110'), false));
      lib.update([claim(0, 1), claim(3, 0)], 'replace');
      lib.flushTests();
      lib.record(samples('0000'));
      lib.flushTests();
      // Told only where samples came since the previous evolution: three high-score ones of four attempts, then one.
      expect(seen).toEqual([
        [2, 3, 4, 2, 1],
        [2, 1, 1, 0, 1],
      ]);
    }
  });

  it('bumps its version on every update (the Retriever rebuilds on change)', () => {
    const lib = new Library(2, 2);
    const v = lib.version;
    lib.update([claim(0, 0)], 'merge');
    expect(lib.version).toBeGreaterThan(v);
  });
});

/** Agrees with "position 1 = 1" (high), refutes it (high), and a low-score attempt. */
function recordThree(library: Library): void {
  library.record(attempt(code('1000'), true));
  library.record(attempt(code('0111'), true));
  library.record(attempt(code('0000'), false));
}

function make(testUnit: TestUnit, testAt: TestTiming): Library {
  return new Library(4, 2, { testUnit, testAt });
}

describe('Library skill accounting', () => {
  it("'record': each high-score sample tests the skills in force and refutes those it disagrees with", () => {
    const lib = make('high', 'record');
    recordThree(lib); // no skills yet: nothing tested
    expect([lib.tests, lib.refutations]).toEqual([0, 0]);
    lib.update([claim(0, 1)], 'replace');
    recordThree(lib);
    expect([lib.tests, lib.refutations]).toEqual([2, 1]);
    expect(lib.skills[0]).toMatchObject({ hits: 2, refuted: 1 });
  });

  it("'any' unit: every attempt is a test, only high-score samples refute", () => {
    const lib = make('any', 'record');
    lib.update([claim(0, 1), claim(3, 1)], 'replace');
    recordThree(lib);
    // skill 1=1: 3 tests, refuted by 0111; skill 4=1: 3 tests, refuted by 1000
    expect([lib.tests, lib.refutations]).toEqual([6, 2]);
  });

  it("'evolve': the new library is tested against the attempts since the last evolution, once", () => {
    for (const [unit, tests] of [
      ['high', 2],
      ['any', 3],
    ] as const) {
      const lib = make(unit, 'evolve');
      recordThree(lib);
      expect(lib.tests).toBe(0); // nothing counted before an evolution
      lib.update([claim(0, 1)], 'replace');
      expect([lib.tests, lib.refutations]).toEqual([tests, 1]);
      lib.update([claim(0, 1)], 'replace'); // no new attempts: no new tests
      expect([lib.tests, lib.refutations]).toEqual([tests, 1]);
      lib.record(attempt(code('1011'), true));
      lib.update([claim(0, 1), claim(1, 0)], 'replace');
      expect([lib.tests, lib.refutations]).toEqual([tests + 2, 1]);
    }
  });

  it('an empty evolution discards the pending attempts', () => {
    const lib = make('high', 'evolve');
    recordThree(lib);
    lib.update([], 'replace');
    lib.update([claim(0, 1)], 'replace');
    expect(lib.tests).toBe(0);
  });

  it('everHeld counts distinct claims ever held and those contradicting the truth', () => {
    const lib = make('high', 'record');
    lib.update([claim(0, 1), claim(1, 1)], 'replace');
    lib.update([claim(0, 1)], 'replace'); // 2=1 dropped
    lib.update([claim(1, 1), claim(2, 1)], 'replace'); // 2=1 back: still one distinct claim
    expect(lib.size).toBe(2);
    expect(lib.everHeld(Int32Array.from(code('1011')))).toEqual({ distinct: 3, wrong: 1 });
  });
});

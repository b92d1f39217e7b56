import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { configColumns, METRIC_COLUMNS } from '../../../reports/csv/rows.js';
import { normalizeRun, PUBLISHED_RUN, type Run } from '../../../sim/experiment/config.js';
import {
  canonicalOrder,
  idAt,
  planConfigs,
  planSweep,
  positionOf,
  shardPositions,
} from '../../../scripts/sweep/cells.js';
import { canonical, cellId } from '../../../sim/experiment/cellId.js';
import { buildGrid, type AxisText } from '../../../scripts/sweep/grid.js';

const flag = (name: string, text: string): AxisText => ({ kind: 'flag', name, text });

describe('cell ids', () => {
  it('depend on the resolved configuration, not on spelling, defaults or flag order', () => {
    const plain = planSweep(buildGrid([flag('explore', '0.1,0.2'), flag('cadence', 'task,round')]));
    const spelled = planSweep(
      buildGrid([
        flag('cadence', 'task,round'),
        flag('threshold', '0.85'),
        flag('explore', '0.10,0.200'),
        flag('bits', '4'),
      ]),
    );
    expect(spelled.ids).toEqual(plain.ids);
    expect(spelled.gridId).toBe(plain.gridId);
    expect(new Set(plain.ids).size).toBe(4);
    plain.ids.forEach((_, p) => expect(positionOf(plain, idAt(plain, p))).toBe(p));
    expect(positionOf(plain, '0123456789abcdef')).toBe(-1);
  });

  it('leave the seed and the replicate count out (they are their own axis)', () => {
    const base = cellId(PUBLISHED_RUN);
    expect(cellId({ ...PUBLISHED_RUN, seed: 99, replicates: 7 })).toBe(base);
    expect(cellId({ ...PUBLISHED_RUN, agent: { ...PUBLISHED_RUN.agent, topK: 3 } })).not.toBe(base);
    expect(cellId({ ...PUBLISHED_RUN, envParams: { bits: 4, truth: '0000' } })).not.toBe(base);
    // …but the grid id does change with them: shards of different seeds must not merge.
    const g1 = planSweep(buildGrid([flag('explore', '0,0.1'), flag('seed', '1')]));
    const g2 = planSweep(buildGrid([flag('explore', '0,0.1'), flag('seed', '2')]));
    expect(g2.ids).toEqual(g1.ids);
    expect(g2.gridId).not.toBe(g1.gridId);
  });

  it('refuses two grid points that resolve to one cell', () => {
    expect(() => planSweep(buildGrid([flag('explore', '0.1,0.10')]))).toThrow(/same cell/);
  });
});

describe('sweep plan', () => {
  it('is the same for a list of configurations as for the grid of the same cells, whatever their order', () => {
    const grid = planSweep(buildGrid([flag('explore', '0,0.2'), flag('env', 'lock-v1,noisy-lock-v1')]));
    const configs = Array.from(grid.ids, (_, p) => grid.configAt(p)).reverse();
    const list = planConfigs(configs);
    expect([list.ids, list.columns, list.gridId, list.modules]).toEqual([
      grid.ids,
      grid.columns,
      grid.gridId,
      grid.modules,
    ]);
    expect(list.grid).toBeNull();
    expect(Array.from(list.ids, (_, p) => cellId(list.configAt(p)))).toEqual(
      Array.from(list.ids, (_, p) => idAt(list, p)),
    );
    // The manifest's values: the configuration columns that differ between cells.
    expect(Object.keys(list.valuesAt(0)).sort()).toEqual(['env', 'explore', 'q']);
    expect(() => planConfigs([...configs, configs[0]!])).toThrow(/same cell/);
    expect(() => planConfigs([configs[0]!, normalizeRun({ ...configs[1]!, seed: 5 })])).toThrow(
      /same seed and replicate count/,
    );
    expect(() => planConfigs([])).toThrow(/at least one configuration/);
  });

  it('sorts cells by id, with the tidy columns of reports/csv/rows.ts behind a leading cell column', () => {
    const plan = planSweep(buildGrid([flag('threshold', '0.6:0.95:0.05'), flag('explore', '0,0.1,0.2')]));
    expect(plan.ids).toHaveLength(24);
    const hex = Array.from(plan.ids, (_, p) => idAt(plan, p));
    expect([...hex].sort()).toEqual(hex);
    hex.forEach((id, p) => expect(cellId(plan.configAt(p))).toBe(id));
    const config = plan.configAt(0);
    expect(plan.columns).toEqual([
      'cell',
      ...Object.keys(configColumns(config)),
      'replicate',
      'round',
      ...METRIC_COLUMNS,
    ]);
  });

  it('splits cells into disjoint, covering, balanced shards', () => {
    const plan = planSweep(buildGrid([flag('explore', '0:1:0.1')]));
    const shards = [0, 1, 2].map((i) => shardPositions(plan, i, 3));
    expect(shards.flat().sort((a, b) => a - b)).toEqual(Array.from(plan.ids, (_, p) => p));
    expect(shards.map((s) => s.length)).toEqual([4, 4, 3]);
  });
});

describe('a large plan, as defined', () => {
  // 10 001 cells: more than one buffer of the grid id's hash (4096 ids), and ids made as two words each.
  const plan = planSweep(buildGrid([flag('explore', '0:1:0.0001')]));

  it("names each cell by its configuration's id, in ascending order", () => {
    expect(plan.ids.length).toBe(10_001);
    for (const p of [0, 1, 4095, 4096, 5000, 10_000]) expect(idAt(plan, p)).toBe(cellId(plan.configAt(p)));
    for (let p = 1; p < plan.ids.length; p++) expect(plan.ids[p]! > plan.ids[p - 1]!).toBe(true);
  });

  it('has the grid id of its definition: SHA-256 over seed, replicates, columns and every id, a line each', () => {
    const hash = createHash('sha256').update(
      `hexa-sim/grid/v1\n${plan.seed}\n${plan.replicates}\n${plan.columns.join(',')}\n`,
    );
    for (let p = 0; p < plan.ids.length; p++) hash.update(`${idAt(plan, p)}\n`);
    expect(plan.gridId).toBe(hash.digest().subarray(0, 8).toString('hex'));
  });
});

describe('canonical order', () => {
  it('orders combinations by id (ties by combination), many sharing the high 32 bits of their ids', () => {
    const id = fc.tuple(fc.integer({ min: 0, max: 3 }), fc.nat({ max: 0xffff_ffff }));
    fc.assert(
      fc.property(fc.array(id, { maxLength: 200 }), (pairs) => {
        const ids = BigUint64Array.from(pairs, ([high, low]) => (BigInt(high) << 32n) | BigInt(low));
        const expected = [...ids.keys()].sort((a, b) => (ids[a]! < ids[b]! ? -1 : ids[a]! > ids[b]! ? 1 : a - b));
        expect([...canonicalOrder(Uint32Array.from(pairs.flat()))]).toEqual(expected);
      }),
      { seed: 21, numRuns: 200 },
    );
  });
});

describe('cell ids are the definition', () => {
  /** Canonical JSON as defined, written plainly: keys sorted at every level, undefined values left out. */
  const reference = (value: unknown): string => {
    if (Array.isArray(value)) return `[${value.map(reference).join(',')}]`;
    if (value === null || typeof value !== 'object') return JSON.stringify(value);
    const keys = Object.keys(value).sort();
    const record = value as Record<string, unknown>;
    return `{${keys
      .filter((k) => record[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${reference(record[k])}`)
      .join(',')}}`;
  };
  /** The id as defined: 16 hex digits of SHA-256 over the tag and the canonical resolved configuration. */
  const defined = (config: Run): string => {
    const { env, envParams, rounds, tasks, cap, agent } = config;
    const text = `hexa-sim/cell/v1\n${reference({ env, envParams, rounds, tasks, cap, agent })}`;
    expect(text).toBe(`hexa-sim/cell/v1\n${canonical({ env, envParams, rounds, tasks, cap, agent })}`);
    return createHash('sha256').update(text).digest('hex').slice(0, 16);
  };
  const axis = <T>(values: readonly T[]) =>
    fc.subarray([...values], { minLength: 1, maxLength: Math.min(3, values.length) });

  it('a plan names every cell of a random grid as SHA-256 of its canonical configuration does', () => {
    fc.assert(
      fc.property(
        axis(['0', '0.1', '0.35', '1']),
        axis(['0.5', '0.8', '0.95']),
        axis(['4', '6', '9']),
        axis(['shared', 'separate']),
        axis(['round', 'task']),
        (explore, threshold, bits, routing, cadence) => {
          const grid = buildGrid([
            { kind: 'flag', name: 'explore', text: explore.join(',') },
            { kind: 'flag', name: 'threshold', text: threshold.join(',') },
            { kind: 'flag', name: 'bits', text: bits.join(',') },
            { kind: 'flag', name: 'routing', text: routing.join(',') },
            { kind: 'flag', name: 'cadence', text: cadence.join(',') },
          ]);
          const plan = planSweep(grid);
          for (let p = 0; p < plan.ids.length; p++) {
            const config = plan.configAt(p);
            expect(idAt(plan, p)).toBe(defined(config));
            expect(cellId(config)).toBe(defined(config));
          }
        },
      ),
      { seed: 20, numRuns: 25 },
    );
  });
});

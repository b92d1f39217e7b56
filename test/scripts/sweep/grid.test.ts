import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../sim/core/messages.js';
import { buildGrid, cellCount, combination, parseValues } from '../../../scripts/sweep/grid.js';
import { planSweep } from '../../../scripts/sweep/cells.js';
import { parseShard } from '../../../scripts/commands/sweep.js';
import { tempDir } from './cli.js';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { hexaHere } from '../../helpers/inProcess.js';

describe('grid syntax', () => {
  it('reads lists, ranges (step 1 by default) and both mixed', () => {
    expect(parseValues('explore', '0,0.1,0.2')).toEqual(['0', '0.1', '0.2']);
    expect(parseValues('top-k', '1:4')).toEqual(['1', '2', '3', '4']);
    expect(parseValues('threshold', '0.6:0.95:0.05')).toContain('0.7');
    expect(parseValues('explore', '0, 0.5:0.7:0.1 ,1')).toEqual(['0', '0.5', '0.6', '0.7', '1']);
    expect(parseValues('cadence', 'task,round')).toEqual(['task', 'round']);
  });

  it.each([
    ['explore', '0,,0.1', /empty value/],
    ['threshold', '0.6:0.9:0.1:2', /start:stop/],
    ['threshold', '0.6:x:0.1', /'x' in '0.6:x:0.1' is not a number/],
    ['explore', '1:0:0.1', /start is above the end/],
    ['explore', '0:1:0', /step must be positive/],
    ['explore', '0.1,0.1', /appears twice/],
  ])('--%s %s is rejected naming the flag and value', (flag, text, reason) => {
    let error: unknown;
    try {
      parseValues(flag, text);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toContain(`--${flag}: '${text}'`);
    expect((error as Error).message).toMatch(reason);
  });

  it('keeps seed and replicates single-valued', () => {
    expect(() => buildGrid([{ kind: 'flag', name: 'seed', text: '1,2' }])).toThrow(/--seed: '1,2': takes one value/);
    expect(() => buildGrid([{ kind: 'flag', name: 'replicates', text: '1:3' }])).toThrow(/--replicates/);
  });

  it('is the Cartesian product, each combination once, whatever order the flags came in', () => {
    const a = buildGrid([
      { kind: 'flag', name: 'explore', text: '0,0.1,0.2' },
      { kind: 'param', name: 'truth', text: '1011,0000' },
      { kind: 'flag', name: 'cadence', text: 'task,round' },
    ]);
    const b = buildGrid([
      { kind: 'flag', name: 'cadence', text: 'task,round' },
      { kind: 'param', name: 'truth', text: '1011,0000' },
      { kind: 'flag', name: 'explore', text: '0,0.1,0.2' },
    ]);
    expect(b).toEqual(a);
    expect(cellCount(a)).toBe(12);
    const seen = new Set(Array.from({ length: 12 }, (_, i) => JSON.stringify(combination(a, i))));
    expect(seen.size).toBe(12);
  });

  it('lets the command line override a config entry', () => {
    const g = buildGrid([
      { kind: 'flag', name: 'explore', text: '0,0.5' },
      { kind: 'flag', name: 'explore', text: '0.2' },
    ]);
    expect(g.axes).toEqual([{ kind: 'flag', name: 'explore', values: ['0.2'] }]);
  });
});

describe('bad grids', () => {
  // Every value of every axis goes through configFrom, the validation of hexa run.
  it.each([
    [[['threshold', '0.5,1.5']], '--threshold'],
    [[['cadence', 'task,weekly']], '--cadence'],
    [[['param:nosuch', '1,2']], '--param'],
    [[['param:truth', '1011,10x1']], '--truth'],
    [
      [
        ['top-k', '1:3'],
        ['explore', '0,2'],
      ],
      '--explore',
    ],
  ])('%j is refused naming %s', (entries, flag) => {
    const grid = buildGrid(
      entries.map(([name, text]) =>
        name!.startsWith('param:')
          ? { kind: 'param', name: name!.slice(6), text: text! }
          : { kind: 'flag', name: name!, text: text! },
      ),
    );
    expect(() => planSweep(grid)).toThrow(UsageError);
    expect(() => planSweep(grid)).toThrow(new RegExp(`^${flag}: `));
  });

  it('rejects a malformed --shard', () => {
    for (const bad of ['3/3', '1', '-1/3', '1/0', 'a/b'])
      expect(() => parseShard(bad)).toThrow(/^--shard: .* is not i\/n/);
    expect(parseShard('2/3')).toEqual({ index: 2, count: 3 });
    expect(parseShard(undefined)).toEqual({ index: 0, count: 1 });
  });

  it.each([
    [['--threshold', '0.6:0.95:abc'], '--threshold'],
    [['--param', 'nosuch=1,2'], '--param'],
    [['--seed', '1,2'], '--seed'],
  ])('from the command line, %j → exit 2, one line naming %s, nothing written', async (args, flag) => {
    const parent = tempDir('grid-err');
    const out = join(parent, 'out');
    const r = await hexaHere(['sweep', ...args, '--out', out, '--quiet']);
    expect(r.status).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(new RegExp(`^hexa: ${flag}`));
    expect(r.stdout).toBe('');
    expect(readdirSync(parent)).toEqual([]);
  });
});

describe('parseValues at scale', () => {
  it('expands a range of ~124 k values without overflowing the stack', () => {
    const values = parseValues('explore', '0:0.99:0.000008');
    expect(values.length).toBe(123751);
    expect(values[1]).toBe('0.000008');
  });
});

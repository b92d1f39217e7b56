import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAnchors } from '../../reports/references.js';
import { loadResultFolder, type Group, type ResultData } from '../../reports/resultFolder.js';
import { runFolder, tempDir } from './fixtures.js';

let root: string;
let data: ResultData;

beforeAll(() => {
  root = tempDir();
  data = loadResultFolder(runFolder(join(root, 'run'), 3));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const withParams = (params: Record<string, string>): Pick<ResultData, 'groups'> => ({
  groups: [{ ...data.groups[0]!, params: { ...data.groups[0]!.params, ...params } } as Group],
});
const values = (d: Pick<ResultData, 'groups'>): string[] => runAnchors(d).map((a) => a.value.value.toFixed(3));

describe('runAnchors', () => {
  it('gives the exact anchors hexa run prints: the closed forms at the run’s exploration rate, up to its top-k', () => {
    expect(values(data)).toEqual(['11.599', '7.446', '3.987']);
    expect(values(withParams({ explore: '0.2' }))).toEqual(['11.599', '8.072', '4.666']);
    expect(values(withParams({ topK: '1' }))).toEqual(['11.599', '7.446']);
    expect(runAnchors(data).map((a) => a.baseline)).toEqual([true, false, false]);
    expect(runAnchors(withParams({ explore: '0.2' }))[1]!.what).toBe('1 bit fixed by skills, exploring 0.2');
  });

  it('has only the baseline without a library, the opener’s value for an opener, nothing for several worlds', () => {
    expect(values(withParams({ library: 'false' }))).toEqual(['11.599']);
    expect(values(withParams({ library: 'false', actor: 'optimal' }))).toEqual(['3.250']);
    expect(runAnchors(withParams({ library: 'false', actor: 'optimal' }))[0]!.baseline).toBe(false);
    expect(runAnchors({ groups: [...data.groups, ...withParams({ bits: '5' }).groups] })).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { describeHidden } from '../../../reports/tables/reproduceTables.js';

describe('reproduction tables', () => {
  it('describes hidden choices as flags', () => {
    expect(describeHidden({ cadence: 'task', testAt: 'record' })).toBe('--cadence task --test-at record');
  });
});

import { describe, expect, it } from 'vitest';
import { hiddenOf, type HiddenChoices } from '../../../sim/reproduction/arms.js';
import type { AuditEntry } from '../../../sim/reproduction/audit.js';
import { PUBLISHED_AGENT } from '../../../sim/agent/agentConfig.js';
import { verdict } from '../../../sim/reproduction/verdict.js';
import { describeHidden, renderVerdict } from '../../../reports/tables/reproduceTables.js';

const entry = (hidden: Partial<HiddenChoices>, inside: number, patternShare: number): AuditEntry => ({
  hidden: { ...hiddenOf(PUBLISHED_AGENT), ...hidden }, inside, total: 19, replicates: 1000, patternShare,
  exploitPatternShare: patternShare, fit: 0.5, placements: new Map(), rank: 1,
});

describe('verdict text', () => {
  it('names the flags and says plainly when the pattern is atypical or a figure is unexplained', () => {
    const rare = renderVerdict(verdict([entry({}, 19, 0.001), entry({ update: 'merge' }, 19, 0.001)]));
    expect(rare).toContain('Not identified (the leading 2 combinations differ): update.');
    expect(rare).toContain('at best 0.1 % of single runs show it');
    const common = renderVerdict(verdict([entry({}, 18, 0.3)]));
    expect(common).toContain('No combination explains every published figure');
    expect(common).not.toContain('pattern as a whole typical');
  });

  it('describes hidden choices as flags', () => {
    expect(describeHidden({ cadence: 'task', testAt: 'record' })).toBe('--cadence task --test-at record');
  });
});

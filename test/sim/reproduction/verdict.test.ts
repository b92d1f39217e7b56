import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../sim/reproduction/audit.js';
import { hiddenOf, type HiddenChoices } from '../../../sim/reproduction/arms.js';
import { PUBLISHED_AGENT } from '../../../sim/agent/agentConfig.js';
import { clearlyLower, verdict } from '../../../sim/reproduction/verdict.js';

const base = hiddenOf(PUBLISHED_AGENT);
const entry = (hidden: Partial<HiddenChoices>, inside: number, patternShare: number, exploitPatternShare: number, rank: number): AuditEntry => ({
  hidden: { ...base, ...hidden }, inside, total: 19, replicates: 1000, patternShare, exploitPatternShare, fit: 0.5, placements: new Map(), rank,
});

describe('verdict', () => {
  it('identifies the choices the leading group agrees on and leaves the others open', () => {
    const entries = [
      entry({ update: 'replace' }, 19, 0.001, 0.03, 1),
      entry({ update: 'merge' }, 19, 0.001, 0.029, 2), // indistinguishable
      entry({ window: 'all' }, 19, 0, 0, 3), // exploitation pattern clearly rarer
      entry({ cadence: 'task' }, 17, 0.01, 0.05, 4), // fewer figures inside
    ];
    const v = verdict(entries);
    expect(v.leading).toHaveLength(2);
    expect(v.open).toEqual(['update']);
    expect(v.identified).toMatchObject({ cadence: 'round', window: base.window, testAt: base.testAt });
    expect(v.explainsEveryFigure).toBe(true);
  });

  it('says when no combination explains every figure', () => {
    expect(verdict([entry({}, 18, 0, 0, 1)]).explainsEveryFigure).toBe(false);
  });

  it('calls a share clearly lower only beyond two standard errors', () => {
    expect(clearlyLower(0, 1000, 0.03, 1000)).toBe(true);
    expect(clearlyLower(0.029, 1000, 0.03, 1000)).toBe(false);
    expect(clearlyLower(0, 1000, 0, 1000)).toBe(false);
    expect(clearlyLower(0.05, 1000, 0.03, 1000)).toBe(false);
  });
});

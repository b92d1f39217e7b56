/** Hand-made audit entries for the verdict and headline tests: only what they read is meaningful. */
import { hiddenOf, type HiddenChoices } from '../../../sim/reproduction/arms.js';
import type { AuditEntry } from '../../../sim/reproduction/audit.js';
import { PUBLISHED_AGENT } from '../../../sim/agent/agentConfig.js';

export interface EntrySpec {
  readonly hidden?: Partial<HiddenChoices>;
  readonly posterior: number;
  readonly tied?: boolean;
  readonly log?: number;
  readonly inside?: number;
  readonly patternShare?: number;
  readonly rank?: number;
}

export function entry(spec: EntrySpec): AuditEntry {
  const log = spec.log ?? Math.log(spec.posterior);
  return {
    hidden: { ...hiddenOf(PUBLISHED_AGENT), ...spec.hidden },
    inside: spec.inside ?? 19,
    total: 19,
    trueModel: { expected: 18.4, all: 0.57 },
    replicates: 1000,
    patternShare: spec.patternShare ?? 0.013,
    exploitPatternShare: 0.03,
    fit: 0.5,
    placements: new Map(),
    likelihood: {
      arms: [],
      joint: { log, se: 0.4, upper: null },
      exact: { log: -Infinity, se: NaN, upper: -35 },
      smoothed: { log, se: 0.4, upper: null },
      tooRare: [],
    },
    rank: spec.rank ?? 1,
    posterior: spec.posterior,
    logBayesFactor: 0,
    logBayesFactorSe: 0,
    tiedWithBest: spec.tied ?? false,
  };
}

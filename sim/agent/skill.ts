/**
 * A skill: "high-score codes hold value v at position p", in a scope — the context it applies in (one
 * API, one task type), or every context. So one model covers "bit 3 is 1" and "for order_api, code 200
 * means success".
 */

/** The scope of a skill that applies in every context. */
export const EVERY_CONTEXT = -1;

/** A skill in the library: its claim, its standing (confidence, weight, evidence) and its test record. */
export interface Skill {
  /** The claim in the world's words (by default "high-score codes have position 4 = 1"). */
  readonly name: string;
  /** The context the skill applies in, or EVERY_CONTEXT. */
  readonly context: number;
  /** 0-based position. */
  readonly position: number;
  readonly value: number;
  /** The skill's slot in the library: (scope, position, value) as one index. */
  readonly slot: number;
  /** Share of the high-score samples that hold `value` at `position`, when last distilled. */
  confidence: number;
  /**
   * What the Retriever ranks by: the confidence under the published rules; a lifecycle may rank by its
   * own estimate (votes, a posterior mean) and scale it down for staleness. 0: not retrieved (a candidate
   * under validation, or a skill untested for too long).
   */
  weight: number;
  /** Number of high-score samples behind `confidence`. */
  evidence: number;
  /** Times a recorded high-score sample tested it. */
  hits: number;
  /** Times such a sample disagreed with it. */
  refuted: number;
  /**
   * High-score samples that agreed with it. Equal to hits − refuted when a test is a high-score sample;
   * with every attempt counted as a test (`--test-unit any`) a low-score attempt is a test but no evidence
   * either way, so lifecycle policies read `agreed` and `refuted`, not `hits`.
   */
  agreed: number;
  /** Contexts cut out of an every-context scope (scope narrowing); null when none are. */
  excluded: Uint8Array | null;
  /** For a skill spanning several contexts: [agreed, refuted] per context, so policies can tell where it fails. */
  readonly byContext: Int32Array | null;
}

/** A skill's standing and whole test record (hits: its tests). */
export interface SkillStanding {
  readonly confidence: number;
  readonly weight: number;
  readonly evidence: number;
  readonly hits: number;
  readonly agreed: number;
  readonly refuted: number;
}

/** A skill as a saved library keeps it: its claim, standing and test record (`Library.restore`). */
export interface SkillRecord extends SkillStanding {
  readonly context: number;
  readonly position: number;
  readonly value: number;
}

/** A distilled candidate before it enters the library. */
export interface SkillClaim {
  /** The context the evidence came from, or EVERY_CONTEXT when contexts are pooled (absent: 0). */
  readonly context?: number;
  readonly position: number;
  readonly value: number;
  readonly confidence: number;
  readonly evidence: number;
}

/** Whether a skill applies in a context. */
export function covers(skill: Skill, context: number): boolean {
  if (skill.context !== EVERY_CONTEXT) return skill.context === context;
  return skill.excluded === null || skill.excluded[context] !== 1;
}

/** Human-readable name; positions are shown 1-based as in the article. */
export function skillName(position: number, value: number): string {
  return `high-score codes have position ${position + 1} = ${value}`;
}

/** Names a claim in the world's own words (e.g. "for order_api, code 200 means success"). */
export type ClaimNamer = (context: number, position: number, value: number) => string;

/**
 * Retrieval order: weight (the confidence, under the published rules), then evidence (both descending);
 * ties broken by position, value, then scope.
 */
export function compareSkills(a: Skill, b: Skill): number {
  return (
    b.weight - a.weight ||
    b.evidence - a.evidence ||
    a.position - b.position ||
    a.value - b.value ||
    a.context - b.context
  );
}

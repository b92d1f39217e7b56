/** A skill: "high-score codes hold value v at position p", with the evidence behind it. */
export interface Skill {
  readonly name: string;
  /** 0-based position. */
  readonly position: number;
  readonly value: number;
  /** Share of the high-score samples that hold `value` at `position`, when last distilled. */
  confidence: number;
  /** Number of high-score samples behind `confidence`. */
  evidence: number;
  /** Times a recorded high-score sample tested it. */
  hits: number;
  /** Times such a sample disagreed with it. */
  refuted: number;
}

/** A distilled candidate before it enters the library. */
export interface SkillClaim {
  readonly position: number;
  readonly value: number;
  readonly confidence: number;
  readonly evidence: number;
}

/** Human-readable name; positions are shown 1-based as in the article. */
export function skillName(position: number, value: number): string {
  return `high-score codes have position ${position + 1} = ${value}`;
}

/** Retrieval order: confidence, then evidence (both descending); ties broken by position, then value. */
export function compareSkills(a: Skill, b: Skill): number {
  return b.confidence - a.confidence || b.evidence - a.evidence || a.position - b.position || a.value - b.value;
}

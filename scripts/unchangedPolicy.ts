/**
 * A policy module that changes nothing. When a run's replicates come out exactly as they do under the flag's
 * default rule, the module most likely is never called (a lifecycle whose evolve emits nothing new, a
 * ranking that always ties) or restates the rule — either way its results are the published ones, and the
 * run says so on stderr rather than letting them pass for the module's.
 */
import { AGENT_PARAMS, type AgentConfig } from '../sim/agent/agentConfig.js';
import { BUILT_IN_POLICIES } from '../sim/agent/moduleStore.js';
import { msg } from '../sim/core/messages.js';
import { placedParams } from '../sim/core/params/read.js';
import { normalizeRun, type Run } from '../sim/experiment/config.js';
import { runExperiment, type ExperimentResult } from '../sim/experiment/experiment.js';

/** Replicates compared: enough for a policy that acts at all to show in one of them, and cheap beside the run. */
export const COMPARED_REPLICATES = 50;

const POLICY_PARAMS = placedParams(AGENT_PARAMS).filter(({ param }) => param.kind === 'policy');

/** A copy of `agent` with the field at `path` set to `value` (removed when `value` is undefined). */
function withField(agent: AgentConfig, path: readonly string[], value: unknown): AgentConfig {
  const copy: Record<string, unknown> = { ...agent };
  const [key, ...rest] = path as [string, ...string[]];
  if (rest.length > 0) copy[key] = withField(copy[key] as AgentConfig, rest, value);
  else if (value === undefined) delete copy[key];
  else copy[key] = value;
  return copy as unknown as AgentConfig;
}

function fieldOf(agent: AgentConfig, path: readonly string[]): unknown {
  return path.reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], agent);
}

/** One warning per policy module of `config` whose replicates in `result` equal those of the default rule. */
export function unchangedPolicyWarnings(config: Run, result: ExperimentResult): string[] {
  const warnings: string[] = [];
  const compared = Math.min(config.replicates, COMPARED_REPLICATES);
  const same = (other: ExperimentResult): boolean =>
    other.replicates.every((rounds, i) => JSON.stringify(rounds) === JSON.stringify(result.replicates[i]));
  for (const { param, path } of POLICY_PARAMS) {
    if (param.kind !== 'policy') continue;
    const name = fieldOf(config.agent, path);
    if (
      typeof name !== 'string' ||
      (BUILT_IN_POLICIES[param.module as keyof typeof BUILT_IN_POLICIES] ?? []).includes(name)
    )
      continue;
    const module = config.modules?.find((m) => m.kind === param.module);
    const agent = withField(config.agent, path, param.optional === true ? undefined : param.default);
    const baseline = runExperiment(normalizeRun({ ...config, agent, replicates: compared }));
    if (same(baseline))
      warnings.push(msg.policyUnchanged(param.flag, module?.path ?? name, name, param.default, compared));
  }
  return warnings;
}

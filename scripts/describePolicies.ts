/** One line naming the non-published policies of a run (nothing when it runs the published agent). */
import { PUBLISHED_AGENT, type AgentConfig } from '../sim/agent/agentConfig.js';

export function describePolicies(a: AgentConfig): string | null {
  const parts: string[] = [];
  const b = a.breaker;
  if (b.failures > 0)
    parts.push(
      `circuit breaker after ${b.failures} consecutive ${b.counts === 'tool' ? 'tool ' : ''}failures, ${b.cooldown} ` +
        `tasks off`,
    );
  if (!a.library) return parts.length === 0 ? null : parts.join(', ');
  const lc = a.lifecycle;
  if (lc.name !== 'published') parts.push(`lifecycle ${lc.name}`);
  if (lc.staleHalflife > 0) parts.push(`stale half-life ${lc.staleHalflife} tasks (floor ${lc.staleFloor})`);
  if (a.thresholdRule !== PUBLISHED_AGENT.thresholdRule)
    parts.push(`threshold on the Wilson lower bound (z ${a.lcbZ})`);
  if (a.scope !== PUBLISHED_AGENT.scope) parts.push(`skills pooled over contexts`);
  if (a.extraction !== undefined) parts.push(`extraction ${a.extraction}`);
  if (a.ranking !== undefined) parts.push(`ranking ${a.ranking}`);
  const x = a.exploration;
  if (x.name === 'refutation') {
    parts.push(
      `exploration ${x.high} while the refutation rate over ${x.window} tasks is above ${x.refuteHigh}, ${a.explore} ` +
        `below ${x.refuteLow}`,
    );
  } else if (x.name === 'decay') {
    parts.push(`exploration from ${a.explore} halving every ${x.halflife} tasks (floor ${x.floor})`);
  } else if (x.name !== 'fixed') {
    parts.push(`exploration ${x.name} (from ${a.explore})`);
  }
  return parts.length === 0 ? null : parts.join(', ');
}

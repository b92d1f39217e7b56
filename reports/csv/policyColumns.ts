/**
 * Columns present only when a policy module is in use (`--extraction FILE`, `--ranking FILE`): the optional
 * declarations of the agent, whose field is absent while it holds its default, so built-in runs keep their
 * columns.
 */
import { AGENT_PARAMS } from '../../sim/agent/agentConfig.js';

type AgentParams = typeof AGENT_PARAMS;
type OptionalKey = {
  [K in keyof AgentParams]: AgentParams[K] extends { readonly optional: true } ? K : never;
}[keyof AgentParams];

/** The optional fields (each its own column, of the same name). */
export const PLUGIN_COLUMNS = Object.entries(AGENT_PARAMS).flatMap(([key, p]) =>
  'optional' in p ? [key as OptionalKey] : [],
);

/** What an optional column reads for a run without its module: the declaration's default. */
export function pluginColumnDefault(column: string): string | undefined {
  const p = (AGENT_PARAMS as Readonly<Record<string, { readonly optional?: true; readonly default?: unknown }>>)[
    column
  ];
  return p?.optional === true ? String(p.default) : undefined;
}

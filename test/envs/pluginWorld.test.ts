/**
 * The example plugin world (docs/examples/lock-world.mjs, plain JavaScript) has lock-v1's dynamics draw for
 * draw: the same parameters resolve alike and every run gives the same metrics, with and without a library.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { EnvParams, EnvSpec } from '../../sim/core/world/env.js';
import { lockV1 } from '../../envs/lock.js';
import { PUBLISHED_AGENT } from '../../sim/agent/agentConfig.js';
import { normalizeRun, PUBLISHED_RUN } from '../../sim/experiment/config.js';
import { runReplicate } from '../../sim/experiment/replicate.js';
import { ROOT } from '../helpers/cli.js';
import { resolveEnvParams } from '../../sim/core/world/params.js';

const world = ((await import(pathToFileURL(join(ROOT, 'docs/examples/lock-world.mjs')).href)) as { default: EnvSpec })
  .default;

describe('the plugin lock module', () => {
  it.each<EnvParams>([
    {},
    { bits: 6 },
    { truth: '0110' },
    { bits: '9', truth: 'random' },
    { bits: 12, truth: 'random' },
  ])('resolves %j as lock-v1 does', (params) => {
    expect(resolveEnvParams(world, params)).toEqual(resolveEnvParams(lockV1, params));
  });

  it.each<EnvParams>([{ bits: 'x' }, { bits: 0 }, { truth: '10a1' }, { truth: '101', bits: 4 }, { colour: 1 }])(
    'rejects %j naming the parameter lock-v1 names',
    (params) => {
      const nameOf = (spec: EnvSpec): unknown => {
        try {
          resolveEnvParams(spec, params);
        } catch (e) {
          return (e as { param?: unknown }).param;
        }
        return undefined;
      };
      expect(nameOf(world)).toBeDefined();
      expect(nameOf(world)).toBe(nameOf(lockV1));
    },
  );

  it.each([
    ['the published arm', {}, {}],
    ['8 random bits, 20 % exploration', { bits: 8, truth: 'random' }, { explore: 0.2 }],
    ['the random control', {}, { library: false }],
    ['the consistent actor', { bits: 6, truth: 'random' }, { actor: 'consistent' as const, library: false }],
  ])('gives the same metrics as lock-v1: %s', (_what, params, agent) => {
    const config = {
      ...PUBLISHED_RUN,
      envParams: resolveEnvParams(lockV1, params),
      agent: { ...PUBLISHED_AGENT, ...agent },
    };
    for (let r = 0; r < 20; r++)
      expect(runReplicate(normalizeRun({ ...config, env: world.id }), world, r)).toEqual(
        runReplicate(normalizeRun(config), lockV1, r),
      );
  });
});

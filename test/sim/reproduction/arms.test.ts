import { describe, expect, it } from 'vitest';
import { ARMS, armConfig, effectiveKey, findArm, hiddenOf } from '../../../sim/reproduction/arms.js';
import { PUBLISHED_AGENT } from '../../../sim/agent/agentConfig.js';
import { PUBLISHED_RUN } from '../../../sim/experiment/config.js';

const hidden = hiddenOf(PUBLISHED_AGENT);

describe('arms of the published benchmark', () => {
  it('run the published protocol and differ from the published agent only where the article says', () => {
    expect(ARMS.map((a) => a.id)).toEqual(['random', 'exploit', 'explore', 'separate', 'threshold90', 'threshold75']);
    for (const arm of ARMS) {
      const c = armConfig(arm, hidden, 9, 10);
      expect({ ...c, agent: undefined, seed: 1, replicates: 1 }).toEqual({ ...PUBLISHED_RUN, agent: undefined });
    }
    const agent = (id: Parameters<typeof findArm>[0]) => findArm(id).agent(hidden);
    expect(agent('exploit')).toEqual(PUBLISHED_AGENT);
    expect(agent('random').library).toBe(false);
    expect(agent('explore')).toEqual({ ...PUBLISHED_AGENT, explore: 0.2, routing: 'shared' });
    expect(agent('separate')).toEqual({ ...PUBLISHED_AGENT, explore: 0.2, routing: 'separate' });
    expect(agent('threshold90').threshold).toBe(0.9);
    expect(agent('threshold75').threshold).toBe(0.75);
  });

  it('effectiveKey merges settings a run ignores, and only those', () => {
    const exploit = findArm('exploit');
    const explore = findArm('explore');
    const random = findArm('random');
    const key = (arm = exploit, h = hidden, tests = true) => effectiveKey(armConfig(arm, h, 1, 10), tests);
    expect(key(exploit, { ...hidden, exploreUnit: 'task' })).toBe(key()); // no exploration
    expect(key(explore, { ...hidden, exploreUnit: 'task' })).not.toBe(key(explore));
    expect(key(random, { ...hidden, cadence: 'task', window: 'all' })).toBe(key(random));
    expect(key(exploit, { ...hidden, testAt: 'record' }, false)).toBe(key(exploit, hidden, false));
    expect(key(exploit, { ...hidden, testAt: 'record' }, true)).not.toBe(key(exploit, hidden, true));
    expect(key(exploit, { ...hidden, window: 'all' })).not.toBe(key());
  });
});

/** The run flags read off the declarations: documented defaults, validation naming the flag, and the CLI path. */
import { describe, expect, it } from 'vitest';
import { PUBLISHED_AGENT } from '../../../sim/agent/agentConfig.js';
import { configFrom, RUN_FLAGS } from '../../../scripts/config/runOptions.js';
import { defaultText } from '../../../sim/core/params/read.js';
import { UsageError } from '../../../sim/core/messages.js';
import { envIds } from '../../../sim/agent/moduleStore.js';
import { runExperiment } from '../../../sim/experiment/experiment.js';
import { hexaHere } from '../../helpers/inProcess.js';

function errorOf(settings: Record<string, string>, params: Record<string, string> = {}): string {
  try {
    configFrom(settings, params);
  } catch (e) {
    if (e instanceof UsageError) return e.message;
    throw e;
  }
  return 'no error';
}

describe('run flags', () => {
  it('each have help, and a default unless the world decides it (or it names a file, absent until given)', () => {
    const decided = ['bits', 'truth', 'good-score'];
    for (const p of RUN_FLAGS) {
      expect(p.help.length, p.flag).toBeGreaterThan(10);
      expect(defaultText(p) === undefined, p.flag).toBe(decided.includes(p.flag) || p.kind === 'file');
    }
    expect(new Set(RUN_FLAGS.map((p) => p.flag)).size).toBe(RUN_FLAGS.length);
  });

  it('list each help section together, sections in the order of SECTIONS', () => {
    const sections = RUN_FLAGS.map((p) => p.section).filter((s, i, all) => i === 0 || all[i - 1] !== s);
    expect(sections).toEqual([
      'world',
      'protocol',
      'agent',
      'hidden',
      'skills',
      'exploration',
      'tools',
      'rules',
      'mode',
    ]);
  });

  it('their defaults reproduce the published agent exactly', () => {
    expect(configFrom({}).agent).toEqual(PUBLISHED_AGENT);
  });

  it('set the lifecycle and its constants', () => {
    const a = configFrom({
      lifecycle: 'evobelief',
      'evo-decay': '0.5',
      'paper-bounds': '2/9',
      'paper-rewards': '1/0.1',
      'threshold-rule': 'lcb',
      'lcb-z': '2',
    }).agent;
    expect(a.lifecycle.name).toBe('evobelief');
    expect(a.lifecycle.evobelief.decay).toBe(0.5);
    expect(a.lifecycle.paper.bounds).toEqual([2, 9]);
    expect([a.thresholdRule, a.lcbZ]).toEqual(['lcb', 2]);
  });

  it.each([
    [{ lifecycle: 'forever' }, /^--lifecycle: 'forever' is not one of published, evobelief, hexa-paper, expel, beta$/],
    [{ 'skill-scope': 'api' }, /^--skill-scope: 'api' is not one of context, global$/],
    [{ 'evo-promote': '1.2' }, /^--evo-promote: '1.2' is not a rate/],
    [{ 'evo-trials': '0' }, /^--evo-trials: '0' is below the minimum 1$/],
    [{ 'lcb-z': '0' }, /^--lcb-z: '0' must be above 0$/],
    [{ 'beta-alpha': '-1' }, /^--beta-alpha: '-1' must be above 0$/],
    [{ 'stale-halflife': 'soon' }, /^--stale-halflife: 'soon' is not a number$/],
    [{ 'paper-bounds': '3/3' }, /^--paper-bounds: '3\/3' is malformed: bounds must increase$/],
    [{ 'paper-bounds': '3//7' }, /^--paper-bounds: '3\/\/7' is malformed/],
    [
      { 'paper-rewards': '1/0.5' },
      /^--paper-rewards: '1\/0.5' is malformed: has 2 rewards for 4 bounds of --paper-bounds$/,
    ],
    [
      { 'paper-min-confidence': '0.6', 'paper-max-confidence': '0.5' },
      /^--paper-max-confidence: '0.5' is below the minimum 0.6$/,
    ],
    [{ exploration: 'sometimes' }, /^--exploration: 'sometimes' is not one of fixed, refutation, decay$/],
    [{ 'refute-low': '0.2', 'refute-high': '0.1' }, /^--refute-high: '0.1' is below the minimum 0.2$/],
    [{ 'refute-window': '0' }, /^--refute-window: '0' is below the minimum 1$/],
    [{ 'explore-halflife': '0' }, /^--explore-halflife: '0' must be above 0$/],
    [{ 'breaker-failures': '-1' }, /^--breaker-failures: '-1' is below the minimum 0$/],
    [{ 'breaker-counts': 'some' }, /^--breaker-counts: 'some' is not one of tool, all$/],
  ])('rejects %j naming the flag', (settings, pattern) => {
    expect(errorOf(settings)).toMatch(pattern);
  });

  it('from the CLI: a bad value is one line on stderr and exit 2', async () => {
    const r = await hexaHere(['run', '--lifecycle', 'beta', '--beta-retire-below', '2']);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe("hexa: --beta-retire-below: '2' is not a rate in [0, 1]\n");
  });

  it('every lifecycle runs from run settings on every registered world', () => {
    for (const env of envIds()) {
      for (const lc of ['published', 'evobelief', 'hexa-paper', 'expel', 'beta']) {
        const config = configFrom({
          env,
          lifecycle: lc,
          replicates: '2',
          rounds: '3',
          explore: '0.1',
          'skill-scope': 'global',
          'stale-halflife': '5',
        });
        const rounds = runExperiment(config).rounds;
        expect(rounds, `${env} ${lc}`).toHaveLength(3);
        for (const r of rounds) expect(r.meanAttempts).toBeGreaterThanOrEqual(1);
      }
    }
  });
});

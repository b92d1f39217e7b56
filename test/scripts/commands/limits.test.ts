import { describe, expect, it } from 'vitest';
import { configFrom } from '../../../scripts/config/runOptions.js';
import { UsageError } from '../../../sim/core/messages.js';
import { joined } from '../../helpers/pattern.js';
import { hexaHere } from '../../helpers/inProcess.js';

describe('hexa limits', () => {
  it('--json: exact fractions for the 4-bit lock', async () => {
    const r = await hexaHere(['limits', '--bits', '4', '--json']);
    expect(r.status, r.stderr).toBe(0);
    const doc = JSON.parse(r.stdout) as Record<string, unknown> & {
      optimal: { expected: string; worst: number };
      consistent: { expected: string };
      random: {
        withReplacement: { capped: { expected: string; value: number }; uncapped: { expected: string } };
        withoutReplacement: { uncapped: { expected: string } };
      };
    };
    expect(Object.keys(doc).slice(0, 4)).toEqual(['bits', 'cap', 'optimal', 'consistent']);
    expect(doc.bits).toBe(4);
    expect(doc.optimal).toMatchObject({ expected: '13/4', worst: 5 });
    expect(doc.consistent.expected).toBe('13/4');
    expect(doc.random.withReplacement.uncapped.expected).toBe('16/1');
    expect(doc.random.withReplacement.capped.expected).toMatch(/^\d+\/\d+$/);
    expect(doc.random.withReplacement.capped.value).toBeCloseTo(11.599, 3);
    expect(doc.random.withoutReplacement.uncapped.expected).toBe('17/2');
  });

  it('prints a table by default', async () => {
    const r = await hexaHere(['limits', '--bits', '3']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/optimal opener\s+2\.6250\s+4\s+21\/8/);
  });

  it('bad input: one line naming the flag, exit 2, nothing on stdout', async () => {
    for (const [args, pattern] of [
      [
        ['limits', '--bits', '9'],
        /^hexa: --bits: '9' is above 8, the largest lock whose optimal opener is solved exactly/,
      ],
      [
        ['run', '--actor', 'optimal', '--bits', '9'],
        /^hexa: --actor: 'optimal' is solved exactly only for binary locks up to 8 bits/,
      ],
    ] as const) {
      const r = await hexaHere(args);
      expect(r.status).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
      expect(r.stderr.trimEnd()).toMatch(pattern);
    }
  });

  it('validates --actor, --mode and --prior-rounds before any work (the messages the CLI prints)', () => {
    const bad: [Record<string, string>, RegExp][] = [
      [
        { actor: 'consistent', bits: '23' },
        joined(
          /^--actor: 'consistent' samples exactly only while a feedback class has at most 1048576 codes: /,
          /up to 22 positions/,
        ),
      ],
      [{ actor: 'clever' }, /^--actor: 'clever' is not one of published, consistent, optimal$/],
      [
        { actor: 'consistent', 'breaker-failures': '3' },
        /^--actor: 'consistent' does not model a circuit breaker \(use --breaker-failures 0\)$/,
      ],
      [{ mode: 'online-static', window: 'all' }, /^--mode and --window cannot be used together$/],
      [{ mode: 'offline-static', 'prior-rounds': 'x' }, /^--prior-rounds: 'x' is not a whole number$/],
    ];
    for (const [settings, pattern] of bad) {
      expect(() => configFrom(settings), JSON.stringify(settings)).toThrow(UsageError);
      expect(() => configFrom(settings)).toThrow(pattern);
    }
  });

  it('rejects a malformed --bits or --cap for limits', async () => {
    const { limitsCommand } = await import('../../../scripts/commands/limits.js');
    const handler = limitsCommand.handler as (argv: Record<string, unknown>) => Promise<void>;
    await expect(handler({ bits: 'four' })).rejects.toThrow(/^--bits: 'four' is not a whole number$/);
    await expect(handler({ cap: '0' })).rejects.toThrow(/^--cap: '0' is below the minimum 1$/);
  });
});

/**
 * A first `hexa run` teaches: by default 200 replicates, the mean per round with an interval, and the share
 * of runs that learned beside the rest; one run says whether it ever learned (a run that never does guesses
 * at random throughout, which looks like an agent that does not work).
 */
import { describe, expect, it } from 'vitest';
import { joined } from '../helpers/pattern.js';
import { hexaHere } from '../helpers/inProcess.js';

describe('a first hexa run', () => {
  it('runs 200 replicates by default and says what share learned', async () => {
    const r = await hexaHere(['run']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^lock-v1 bits=4 truth=1011 · 5 rounds × 30 tasks, cap 20 · seed 1, 200 replicates\n/);
    expect(r.stdout).toMatch(/^5 +\d+\.\d{3} +\[\d+\.\d{3}, \d+\.\d{3}\]/m);
    const m = joined(
      /^Learning: (\d+) of 200 runs \((\d+\.\d) %\) started tasks with skills by round 5; /m,
      /in round 5 they average (\d+\.\d\d) attempts, /,
      /the (\d+) that never did (\d+\.\d\d) \(uniform guessing: 11\.599\)\.$/,
    ).exec(r.stdout);
    expect(m, r.stdout).not.toBeNull();
    const [, learned, share, learnedFinal, others, othersFinal] = m!;
    expect(Number(learned) + Number(others)).toBe(200);
    expect(Number(share)).toBeCloseTo(Number(learned) / 2, 1);
    // The runs that never learned guess at random: near the exact 11.599; the others well below it.
    expect(Math.abs(Number(othersFinal) - 11.599)).toBeLessThan(1);
    expect(Number(learnedFinal)).toBeLessThan(Number(othersFinal) - 2);
    // The same as asking for them: the default is only a default.
    expect((await hexaHere(['run', '--replicates', '200'])).stdout).toBe(r.stdout);
  });

  it('one run says whether it learned, and where to see more', async () => {
    const never = await hexaHere(['run', '--replicates', '1']);
    expect(never.stdout).toContain(
      'One run (seed 1): its library never held a skill, so every task was guessed at random (uniform guessing: ' +
        '11.599).',
    );
    expect(never.stdout).toContain('without --replicates, hexa run shows 200');
    const learns = await hexaHere(['run', '--replicates', '1', '--seed', '3']);
    expect(learns.stdout).toMatch(/^One run \(seed 3\): tasks start with skills from round \d on\.$/m);
  });
});

/**
 * Finding 5 (the tool loop of docs/worlds-and-policies.md): circuit breaker alone, skill confidence alone, and both.
 *
 * flaky-tools-v1: 3 task types × 4 tools (per type a best tool at 0.9, a fallback at 0.5, the rest 0.1),
 * random outages (5 % of tasks start one, lasting 20 tasks), optionally a drifting best tool. 10 rounds ×
 * 30 tasks. Paired differences in attempts per task against an agent with neither, and the failure
 * taxonomy per task (calls to unavailable tools, tool errors).
 */
import {
  attemptsOver,
  command,
  fmt,
  plan,
  runArm,
  side,
  table,
  type Arm,
  type Replicates,
  type Scale,
} from '../measure.js';

const WORLDS: readonly [string, Record<string, string>][] = [
  ['outages', { outages: '0.05', downtime: '20' }],
  ['outages + best tool drifting every 60 tasks', { outages: '0.05', downtime: '20', every: '60' }],
];

const SKILLS = { threshold: '0.5' };
const BREAKER = { 'breaker-failures': '3', 'breaker-cooldown': '20' };

/** Skill confidence that sees evidence at once: tests as recorded, evolution after every task, fast staleness. */
const FAST_BETA = { lifecycle: 'beta', 'stale-halflife': '5', 'test-at': 'record', cadence: 'task' };

const ARMS: readonly [string, Record<string, string>][] = [
  ['breaker alone', { library: 'false', ...BREAKER }],
  ['skills alone (published)', { ...SKILLS }],
  ['skills alone (hexa-paper)', { ...SKILLS, lifecycle: 'hexa-paper' }],
  ['skills alone (beta, immediate evidence, stale half-life 5)', { ...SKILLS, ...FAST_BETA }],
  ['both (published)', { ...SKILLS, ...BREAKER }],
  ['both (hexa-paper)', { ...SKILLS, lifecycle: 'hexa-paper', ...BREAKER }],
  ['both (beta, immediate evidence, stale half-life 5)', { ...SKILLS, ...FAST_BETA, ...BREAKER }],
];

function perTask(reps: Replicates, pick: (m: Replicates[number][number]) => number): string {
  let s = 0;
  let tasks = 0;
  for (const rounds of reps)
    for (const m of rounds) {
      s += pick(m);
      tasks += m.tasks;
    }
  return (s / tasks).toFixed(2);
}

export function toolLoop(scale: Scale): string {
  const boot = plan(scale);
  const parts: string[] = [];
  for (const [label, world] of WORLDS) {
    const base = { env: 'flaky-tools-v1', rounds: '10' };
    const none = runArm({ label: 'neither', settings: { ...base, library: 'false' }, params: world }, scale);
    const noneAttempts = attemptsOver(none, 0, 10);
    const rows: string[][] = [
      [
        'neither (random tool)',
        fmt(boot.mean(noneAttempts)),
        '–',
        perTask(none, (m) => m.toolUnavailable),
        perTask(none, (m) => m.toolErrors),
        '0',
      ],
    ];
    for (const [arm, extra] of ARMS) {
      const reps = runArm({ label: arm, settings: { ...base, ...extra }, params: world }, scale);
      const a = attemptsOver(reps, 0, 10);
      const d = boot.pairedDifference(a, noneAttempts);
      rows.push([
        arm,
        fmt(boot.mean(a)),
        fmt(d) + (side(d) === -1 ? ' ✓' : side(d) === 1 ? ' ✗' : ''),
        perTask(reps, (m) => m.toolUnavailable),
        perTask(reps, (m) => m.toolErrors),
        perTask(reps, (m) => m.breakerTrips),
      ]);
    }
    const header = [
      'agent',
      'attempts/task',
      '− neither',
      'unavailable calls/task',
      'tool errors/task',
      'breaker trips/task',
    ];
    parts.push(`**${label}**`, '', table(header, rows), '');
  }
  const example: Arm = {
    label: '',
    settings: { env: 'flaky-tools-v1', rounds: '10', ...SKILLS, lifecycle: 'hexa-paper', ...BREAKER },
    params: WORLDS[0]![1],
  };
  parts.push(
    `${scale.replicates} replicates per arm, seed ${scale.seed}, paired 95 % bootstrap intervals (✓ fewer attempts ` +
      `than neither). E.g. \`${command(example)}\`.`,
  );
  return parts.join('\n');
}

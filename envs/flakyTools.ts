/**
 * flaky-tools-v1 (docs/worlds-and-policies.md, the tool loop): task types × tools. Each task has a type (its context);
 * each attempt calls
 * one tool (one position, `tools` values). A call succeeds with a hidden rate — `best` for the type's best
 * tool, `second` for its fallback (another tool), `other` for the rest — and a success ends the task. Failures carry
 * the taxonomy of the agent loop:
 *
 *   tool unavailable  the tool is in an outage (every call fails while it lasts);
 *   parameter error   the call was malformed (probability `param-error`, whatever the tool);
 *   ambiguous query   the request could not be resolved (probability `ambiguous`, whatever the tool);
 *   tool error        the tool itself failed (1 − its success rate).
 *
 * The world moves: before every `every`-th task one task type's best tool moves to another tool (drift),
 * and before each task a random tool goes down for `downtime` tasks with probability `outages`. Both are
 * drawn from the task's own 'drift' stream (a fixed number of draws per task), per-call outcomes from its
 * 'feedback' stream (three draws per call), so paired arms see the same world.
 */
import {
  FAILURE,
  TaskEndedError,
  type Env,
  type EnvSpec,
  type Feedback,
  type ParamSpec,
  type TaskContext,
} from '../sim/core/world/env.js';
import type { Stream } from '../sim/core/rng.js';
import { resolveSpecs } from '../sim/core/world/params.js';

export const TASK_TYPES = [
  'weather',
  'flights',
  'stocks',
  'email',
  'hotels',
  'news',
  'maps',
  'translate',
  'calendar',
  'search',
  'payments',
  'files',
  'music',
  'recipes',
  'sports',
  'trains',
] as const;
export const TOOL_NAMES = [
  'get_weather',
  'search_flights',
  'search_web',
  'get_stock',
  'send_email',
  'book_hotel',
  'get_news',
  'geocode',
  'translate',
  'calendar_api',
  'pay_api',
  'file_store',
  'music_api',
  'recipe_db',
  'sports_feed',
  'rail_api',
] as const;

const PARAMS: readonly ParamSpec[] = [
  { name: 'types', kind: 'int', min: 1, max: TASK_TYPES.length, default: 3, describe: 'task types (contexts)' },
  { name: 'tools', kind: 'int', min: 2, max: TOOL_NAMES.length, default: 4, describe: 'tools the agent can call' },
  { name: 'best', kind: 'rate', default: 0.9, describe: "success rate of a type's best tool (drawn per replicate)" },
  {
    name: 'second',
    kind: 'rate',
    default: 0.5,
    describe: "success rate of a type's fallback tool (another tool, drawn per replicate)",
  },
  { name: 'other', kind: 'rate', default: 0.1, describe: 'success rate of every other tool' },
  {
    name: 'every',
    kind: 'int',
    min: 0,
    default: 0,
    describe: "before every m-th task one type's best tool moves to another tool; 0 = never",
  },
  {
    name: 'outages',
    kind: 'rate',
    default: 0.02,
    describe: 'probability, before each task, that a random tool goes down',
  },
  { name: 'downtime', kind: 'int', min: 1, default: 20, describe: 'tasks an outage lasts' },
  {
    name: 'param-error',
    kind: 'rate',
    default: 0.05,
    describe: 'probability that a call fails with a parameter error',
  },
  { name: 'ambiguous', kind: 'rate', default: 0.05, describe: 'probability that a call fails as an ambiguous query' },
];

interface ToolWorld {
  readonly types: number;
  readonly tools: number;
  readonly best: number;
  readonly second: number;
  readonly other: number;
  readonly every: number;
  readonly outages: number;
  readonly downtime: number;
  readonly paramError: number;
  readonly ambiguous: number;
}

function resolveTools(params: Readonly<Record<string, number | string>>): {
  resolved: Record<string, number | string>;
  world: ToolWorld;
} {
  const r = resolveSpecs(params, PARAMS, 'flaky-tools-v1');
  const n = (k: string): number => r[k] as number;
  return {
    resolved: r,
    world: {
      types: n('types'),
      tools: n('tools'),
      best: n('best'),
      second: n('second'),
      other: n('other'),
      every: n('every'),
      outages: n('outages'),
      downtime: n('downtime'),
      paramError: n('param-error'),
      ambiguous: n('ambiguous'),
    },
  };
}

export class FlakyToolsEnv implements Env {
  readonly id = 'flaky-tools-v1';
  readonly space;
  readonly maxScore = 1;
  readonly goodScore = 1;
  readonly failureTaxonomy = true;
  readonly contexts: number;
  private readonly bestTool: Int32Array;
  private readonly secondTool: Int32Array;
  /** Tool k is down for tasks with index < downUntil[k]. */
  private readonly downUntil: Int32Array;
  private readonly answer = new Int32Array(1);
  private readonly feedback: Feedback = { score: 0, solved: false, failure: FAILURE.none };
  private calls: Stream | null = null;
  private taskIndex = 0;
  private type = 0;
  private ended = false;

  constructor(
    private readonly w: ToolWorld,
    world: Stream,
  ) {
    this.space = { positions: 1, arity: w.tools } as const;
    this.contexts = w.types;
    this.bestTool = new Int32Array(w.types);
    this.secondTool = new Int32Array(w.types);
    for (let t = 0; t < w.types; t++) {
      const best = Math.floor(world.quick() * w.tools);
      const second = Math.floor(world.quick() * (w.tools - 1));
      this.bestTool[t] = best;
      this.secondTool[t] = second >= best ? second + 1 : second;
    }
    this.downUntil = new Int32Array(w.tools);
  }

  reset(task: TaskContext): void {
    const w = this.w;
    const t = task.taskIndex;
    this.ended = false;
    this.taskIndex = t;
    const drift = task.stream('drift');
    const outage = drift.quick();
    const downTool = Math.floor(drift.quick() * w.tools);
    const driftType = Math.floor(drift.quick() * w.types);
    const shift = Math.floor(drift.quick() * (w.tools - 1));
    if (w.every > 0 && t > 0 && t % w.every === 0) {
      // The best tool moves to another tool; if that was the fallback, the old best becomes the fallback.
      const old = this.bestTool[driftType]!;
      const moved = shift >= old ? shift + 1 : shift;
      if (moved === this.secondTool[driftType]) this.secondTool[driftType] = old;
      this.bestTool[driftType] = moved;
    }
    if (outage < w.outages) this.downUntil[downTool] = Math.max(this.downUntil[downTool]!, t + w.downtime);
    this.type = Math.floor(task.stream('env').quick() * w.types);
    this.calls = task.stream('feedback');
  }

  step(code: Int32Array): Feedback {
    if (this.ended || this.calls === null) throw new TaskEndedError(this.id);
    const w = this.w;
    const tool = code[0]!;
    const calls = this.calls;
    const paramDraw = calls.quick();
    const ambiguousDraw = calls.quick();
    const toolDraw = calls.quick();
    const fb = this.feedback;
    let failure: Feedback['failure'] = FAILURE.none;
    if (this.taskIndex < this.downUntil[tool]!) failure = FAILURE.toolUnavailable;
    else if (paramDraw < w.paramError) failure = FAILURE.paramError;
    else if (ambiguousDraw < w.ambiguous) failure = FAILURE.ambiguousQuery;
    else if (toolDraw >= this.rate(tool)) failure = FAILURE.toolError;
    fb.failure = failure;
    fb.solved = failure === FAILURE.none;
    fb.score = fb.solved ? 1 : 0;
    this.ended = fb.solved;
    return fb;
  }

  /** A tool's success rate for the current task type. */
  rate(tool: number): number {
    return tool === this.bestTool[this.type]
      ? this.w.best
      : tool === this.secondTool[this.type]
        ? this.w.second
        : this.w.other;
  }

  context(): number {
    return this.type;
  }

  truthIn(context: number): Int32Array {
    this.answer[0] = this.bestTool[context]!;
    return this.answer;
  }

  /** The current type's best tool. */
  truth(): Int32Array {
    this.answer[0] = this.bestTool[this.type]!;
    return this.answer;
  }

  /** Whether a tool is in an outage for the current task (analysis and tests). */
  isDown(tool: number): boolean {
    return this.taskIndex < this.downUntil[tool]!;
  }

  describeClaim(context: number, _position: number, value: number): string {
    const where = context < 0 ? 'for every task type' : `for ${TASK_TYPES[context]} tasks`;
    return `${where}, call ${TOOL_NAMES[value]}`;
  }
}

export const flakyToolsV1: EnvSpec = {
  id: 'flaky-tools-v1',
  summary: 'task types × tools with hidden, drifting success rates and outages; failure taxonomy (tool loop)',
  params: PARAMS,
  exactRandomControl: false,
  resolve(params) {
    return resolveTools(params).resolved;
  },
  create(params, world) {
    return new FlakyToolsEnv(resolveTools(params).world, world);
  },
};

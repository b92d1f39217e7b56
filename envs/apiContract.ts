/**
 * api-contract-v1 (docs/worlds-and-policies.md): several APIs share a response-code convention — "code 0 means success"
 * —
 * until, before task `drift`, one of them (order_api by default) switches to another code.
 *
 * Each task calls one API (the task's context, drawn from the task's own stream). Each attempt is a
 * judgment: the agent names the response code it takes to mean success for that API (one position,
 * `codes` values); feedback is 1 when the judgment is right (the task ends) and 0 when it is a
 * misjudgment. Misjudgments per task = attempts − 1 when solved, the cap otherwise.
 *
 * A skill here reads "for order_api, code 200 means success": context-scoped to one API, or global
 * ("for every API …") when the agent pools contexts — then the drift refutes it in one context only.
 */
import {
  EnvParamError,
  type Env,
  type EnvSpec,
  type Feedback,
  type ParamSpec,
  type TaskContext,
} from '../sim/core/world/env.js';
import { TaskEndedError } from '../sim/core/world/env.js';
import { resolveSpecs } from '../sim/core/world/params.js';

export const API_NAMES = [
  'order_api',
  'user_api',
  'pay_api',
  'cart_api',
  'stock_api',
  'ship_api',
  'auth_api',
  'mail_api',
  'search_api',
  'price_api',
  'review_api',
  'promo_api',
  'geo_api',
  'log_api',
  'chat_api',
  'feed_api',
] as const;
export const CODE_LABELS = ['0', '200', '201', '204', '1', '202', '206', '299'] as const;

const PARAMS: readonly ParamSpec[] = [
  {
    name: 'apis',
    kind: 'int',
    min: 1,
    max: API_NAMES.length,
    default: 3,
    describe: `number of APIs (${API_NAMES.slice(0, 3).join(', ')} …)`,
  },
  {
    name: 'codes',
    kind: 'int',
    min: 2,
    max: CODE_LABELS.length,
    default: 4,
    describe: `response codes in play (${CODE_LABELS.join(', ')}, first n)`,
  },
  { name: 'initial', kind: 'string', default: '0', describe: 'the code meaning success for every API at the start' },
  { name: 'after', kind: 'string', default: '200', describe: "the drifting API's success code after the drift" },
  { name: 'api', kind: 'string', default: 'order_api', describe: 'the API whose contract changes' },
  {
    name: 'drift',
    kind: 'int',
    min: 0,
    default: 60,
    describe: 'the change happens before this task (0-based over the run); 0 = never',
  },
];

interface Contract {
  readonly apis: number;
  readonly codes: number;
  readonly initial: number;
  readonly after: number;
  readonly api: number;
  readonly drift: number;
}

function codeIndex(name: string, label: string, codes: number): number {
  const i = CODE_LABELS.indexOf(label as (typeof CODE_LABELS)[number]);
  if (i < 0 || i >= codes)
    throw new EnvParamError(
      name,
      label,
      `is not one of the ${codes} codes in play (${CODE_LABELS.slice(0, codes).join(', ')})`,
    );
  return i;
}

function resolveContract(params: Readonly<Record<string, number | string>>): {
  resolved: Record<string, number | string>;
  contract: Contract;
} {
  const r = resolveSpecs(params, PARAMS, 'api-contract-v1');
  const apis = r.apis as number;
  const codes = r.codes as number;
  const api = API_NAMES.indexOf(String(r.api) as (typeof API_NAMES)[number]);
  if (api < 0 || api >= apis)
    throw new EnvParamError('api', r.api, `is not one of the ${apis} APIs (${API_NAMES.slice(0, apis).join(', ')})`);
  const initial = codeIndex('initial', String(r.initial), codes);
  const after = codeIndex('after', String(r.after), codes);
  if (after === initial) throw new EnvParamError('after', r.after, 'must differ from initial');
  return { resolved: r, contract: { apis, codes, initial, after, api, drift: r.drift as number } };
}

export class ApiContractEnv implements Env {
  readonly id = 'api-contract-v1';
  readonly space;
  readonly maxScore = 1;
  readonly goodScore = 1;
  readonly contexts: number;
  private readonly success: Int32Array;
  private readonly answer = new Int32Array(1);
  private readonly feedback: Feedback = { score: 0, solved: false };
  private current = 0;
  private ended = false;

  constructor(private readonly contract: Contract) {
    this.space = { positions: 1, arity: contract.codes } as const;
    this.contexts = contract.apis;
    this.success = new Int32Array(contract.apis).fill(contract.initial);
  }

  reset(task: TaskContext): void {
    this.ended = false;
    if (this.contract.drift > 0 && task.taskIndex >= this.contract.drift)
      this.success[this.contract.api] = this.contract.after;
    this.current = Math.floor(task.stream().quick() * this.contract.apis);
  }

  step(code: Int32Array): Feedback {
    if (this.ended) throw new TaskEndedError(this.id);
    const right = code[0] === this.success[this.current];
    this.feedback.score = right ? 1 : 0;
    this.feedback.solved = right;
    this.ended = right;
    return this.feedback;
  }

  context(): number {
    return this.current;
  }

  truth(): Int32Array {
    return this.truthIn(this.current);
  }

  truthIn(context: number): Int32Array {
    this.answer[0] = this.success[context]!;
    return this.answer;
  }

  describeClaim(context: number, _position: number, value: number): string {
    const where = context < 0 ? 'for every API' : `for ${API_NAMES[context]}`;
    return `${where}, code ${CODE_LABELS[value]} means success`;
  }
}

export const apiContractV1: EnvSpec = {
  id: 'api-contract-v1',
  summary: "APIs judged by response code; one API's success code changes at a drift point (scored on misjudgments)",
  params: PARAMS,
  exactRandomControl: true,
  resolve(params) {
    return resolveContract(params).resolved;
  },
  create(params) {
    return new ApiContractEnv(resolveContract(params).contract);
  },
};

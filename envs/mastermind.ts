/**
 * mastermind-v1: n pegs, c colours; feedback is the number of pegs of the right colour in the right place
 * (exact-position feedback only — no "right colour, wrong place" pegs). The same world as the lock with
 * c values per position, so the action space grows as c^n while skills stay "peg p has colour v".
 */
import type { Stream } from '../sim/core/rng.js';
import { EnvParamError, type EnvSpec, type ParamSpec } from '../sim/core/world/env.js';
import { LockEnv } from './lock.js';
import { intParam, rejectUnknown, stringParam } from '../sim/core/world/params.js';

const DIGITS = '0123456789abcdefghijklmnopqrstuvwxyz';

const PEGS: ParamSpec = {
  name: 'pegs',
  kind: 'int',
  min: 1,
  max: 4096,
  describe: 'number of pegs n (default: the length of truth, else 4)',
};
const COLOURS: ParamSpec = {
  name: 'colours',
  kind: 'int',
  min: 2,
  max: DIGITS.length,
  default: 6,
  describe: 'number of colours c',
};
const TRUTH: ParamSpec = {
  name: 'truth',
  kind: 'string',
  default: 'random',
  describe: "hidden code, one character per peg (0-9 then a-z), e.g. 0215; or 'random' (drawn per replicate)",
};
const PARAMS = [PEGS, COLOURS, TRUTH];

function parseCode(text: string, pegs: number, colours: number): Int32Array {
  if (text.length !== pegs) throw new EnvParamError('truth', text, `has ${text.length} pegs but pegs=${pegs}`);
  return Int32Array.from(text, (ch) => {
    const v = DIGITS.indexOf(ch);
    if (v < 0 || v >= colours)
      throw new EnvParamError('truth', text, `'${ch}' is not a colour 0…${DIGITS[colours - 1]}`);
    return v;
  });
}

function resolveMastermind(params: Readonly<Record<string, number | string>>): {
  pegs: number;
  colours: number;
  truth: string;
} {
  rejectUnknown(params, PARAMS, 'mastermind-v1');
  const truth = stringParam(params, TRUTH);
  const pegs = intParam(params, PEGS, truth !== 'random' ? truth.length : 4);
  const colours = intParam(params, COLOURS);
  if (truth !== 'random') parseCode(truth, pegs, colours);
  return { pegs, colours, truth };
}

function drawCode(pegs: number, colours: number, world: Stream): Int32Array {
  const code = new Int32Array(pegs);
  for (let p = 0; p < pegs; p++) code[p] = Math.floor(world.quick() * colours);
  return code;
}

export const mastermindV1: EnvSpec = {
  id: 'mastermind-v1',
  summary: 'n pegs, c colours, exact-position feedback: larger action spaces',
  params: PARAMS,
  exactRandomControl: true,
  feedback: 'matches',
  resolve(params) {
    return resolveMastermind(params);
  },
  create(params, world) {
    const { pegs, colours, truth } = resolveMastermind(params);
    const hidden = truth === 'random' ? drawCode(pegs, colours, world) : parseCode(truth, pegs, colours);
    return new LockEnv('mastermind-v1', hidden, colours);
  },
};

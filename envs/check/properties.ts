/**
 * The properties every world must have, each a function of (spec, parameters) that returns what went
 * wrong, or null. They drive the world only through the EnvSpec contract, so they apply to the built-in
 * worlds and to plain-JavaScript modules alike.
 */
import { paramErrorOf, type EnvParams, type EnvSpec, type ParamSpec } from '../../sim/core/world/env.js';
import { at } from '../../sim/core/at.js';
import { drawCode, makeEnv, trajectory } from './harness.js';
import { resolveEnvParams } from '../../sim/core/world/params.js';
import { SeededTask } from '../../sim/core/world/task.js';
import { msg } from '../../sim/core/messages.js';
import { bitWords, packBits } from '../../sim/core/bitCode.js';

const w = msg.envCheck;

/** Canonical text of resolved parameters (key order does not matter). */
function canonicalParams(params: EnvParams): string {
  return JSON.stringify(
    Object.keys(params)
      .sort()
      .map((k) => [k, params[k]]),
  );
}

/** A code for messages: digits run together (1011), commas once a value has two digits. */
const codeText = (code: ArrayLike<number>): string =>
  Array.from(code).join(Array.from(code).some((v) => v > 9) ? ',' : '');

function sameCode(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Resolving (the declarations, then the world's resolve): deterministic, every parameter filled in, idempotent. */
export function resolvesCleanly(spec: EnvSpec, params: EnvParams): string | null {
  const once = resolveEnvParams(spec, params);
  if (canonicalParams(resolveEnvParams(spec, params)) !== canonicalParams(once)) return w.resolveUnstable();
  if (canonicalParams(resolveEnvParams(spec, once)) !== canonicalParams(once)) return w.resolveNotIdempotent();
  for (const p of spec.params) if (once[p.name] === undefined) return w.notFilledIn(p.name);
  return null;
}

/** What a value of a declared parameter must be, in words, or null when `value` is one. */
function kindProblem(p: ParamSpec, value: unknown): string | null {
  const inBounds = (n: number): boolean =>
    (p.min === undefined || n >= p.min) &&
    (p.max === undefined || n <= p.max) &&
    (p.kind !== 'rate' || (n >= 0 && n <= 1));
  switch (p.kind) {
    case 'int':
      return typeof value === 'number' && Number.isSafeInteger(value) && inBounds(value) ? null : w.kindInt(p);
    case 'rate':
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) && inBounds(value) ? null : w.kindNumber(p);
    case 'string':
      return typeof value === 'string' ? null : w.kindString();
  }
}

/**
 * The world's parameters agree with their declarations: each declared default is a value of its kind within
 * its bounds, resolving keeps every declared default as declared (a world declaring 2 and filling 3 would
 * run with a value its documentation does not give), and every resolved value is of its declared kind.
 */
export function agreesWithDeclaration(spec: EnvSpec, params: EnvParams): string | null {
  for (const p of spec.params) {
    if (p.default === undefined) continue;
    const problem = kindProblem(p, p.default);
    if (problem !== null) return w.badDefault(p.name, p.default, problem);
  }
  const resolved = resolveEnvParams(spec, params);
  for (const p of spec.params) {
    const value = resolved[p.name];
    if (value === undefined) continue; // the resolve check reports it
    if (params[p.name] === undefined && p.default !== undefined && value !== p.default)
      return w.defaultChanged(p.name, p.default, value);
    const problem = kindProblem(p, value);
    if (problem !== null) return w.resolvedBadKind(p.name, value, problem);
  }
  return null;
}

/** The same seed gives the same trajectory, run after run (no hidden state, no unseeded randomness). */
export function deterministic(spec: EnvSpec, params: EnvParams): string | null {
  const a = trajectory(spec, params, 11);
  const b = trajectory(spec, params, 11);
  const i = a.findIndex((x, k) => x !== b[k]);
  return i < 0 && a.length === b.length ? null : w.nondeterministic(i < 0 ? Math.min(a.length, b.length) : i);
}

/** Action space, contexts, truth, scores and failure kinds within their declared ranges. */
export function inRange(spec: EnvSpec, params: EnvParams): string | null {
  const { env, key } = makeEnv(spec, params, 5);
  const { positions, arity } = env.space;
  if (!Number.isInteger(positions) || positions < 1 || !Number.isInteger(arity) || arity < 1)
    return w.badSpace(positions, arity);
  if (!Number.isInteger(env.maxScore) || env.maxScore < 1) return w.badMaxScore(env.maxScore);
  const contexts = env.contexts ?? 1;
  if (!Number.isInteger(contexts) || contexts < 1) return w.badContexts(contexts);
  const good = env.goodScore ?? env.maxScore - 1;
  if (good > env.maxScore) return w.goodAboveMax(good, env.maxScore);
  const slot = new SeededTask(key);
  const code = new Int32Array(positions);
  for (let t = 0; t < 30; t++) {
    env.reset(slot.at(t));
    const ctx = env.context?.() ?? 0;
    if (!(Number.isInteger(ctx) && ctx >= 0 && ctx < contexts)) return w.badContext(t, ctx, contexts);
    const truth = env.truth();
    if (truth.length !== positions || Array.from(truth).some((v) => !(Number.isInteger(v) && v >= 0 && v < arity)))
      return w.badTruth(t, codeText(truth));
    const guess = key.stream('guess', slot.round, slot.task);
    for (let a = 0; a < 5; a++) {
      drawCode(code, guess, arity);
      const fb = env.step(code);
      if (!(Number.isInteger(fb.score) && fb.score >= 0 && fb.score <= env.maxScore))
        return w.badScore(t, fb.score, env.maxScore);
      if (fb.failure !== undefined && !(Number.isInteger(fb.failure) && fb.failure >= 0 && fb.failure <= 4))
        return w.badFailure(t, fb.failure);
      if (fb.solved) break;
    }
  }
  return null;
}

/** Submitting the truth ends a task; a step after that throws; reset starts the next task. */
export function endsTasks(spec: EnvSpec, params: EnvParams): string | null {
  const { env, key } = makeEnv(spec, params, 3);
  const slot = new SeededTask(key);
  const code = new Int32Array(env.space.positions);
  for (let t = 0; t < 3; t++) {
    env.reset(slot.at(t));
    const guess = key.stream('guess', slot.round, slot.task);
    let solved = false;
    for (let a = 0; a < 2000 && !solved; a++) {
      if (a % 2 === 0) code.set(env.truth());
      else drawCode(code, guess, env.space.arity);
      solved = env.step(code).solved;
    }
    if (!solved) return w.neverSolved(t);
    let threw = false;
    try {
      env.step(code);
    } catch {
      threw = true;
    }
    if (!threw) return w.stepAfterEnd(t);
  }
  return null;
}

/** With one solving code (`exactRandomControl`): the truth solves, and no other code does. */
export function solvedIffTruth(spec: EnvSpec, params: EnvParams): string | null {
  const { env, key } = makeEnv(spec, params, 7);
  const slot = new SeededTask(key);
  const code = new Int32Array(env.space.positions);
  for (let t = 0; t < 20; t++) {
    env.reset(slot.at(t));
    const guess = key.stream('guess', slot.round, slot.task);
    let solved = false;
    for (let a = 0; a < 30 && !solved; a++) {
      drawCode(code, guess, env.space.arity);
      const isTruth = sameCode(code, env.truth());
      solved = env.step(code).solved;
      if (solved !== isTruth)
        return solved
          ? w.solvedByOther(t, codeText(code), codeText(env.truth()))
          : w.truthDidNotSolve(t, codeText(code));
    }
    if (!solved) {
      code.set(env.truth());
      if (!env.step(code).solved) return w.truthDidNotSolve(t, codeText(code));
    }
  }
  return null;
}

/** `step` reads the code it is given and keeps nothing of it: the caller reuses and overwrites the array. */
export function keepsNoCode(spec: EnvSpec, params: EnvParams): string | null {
  const reused = trajectory(spec, params, 13, 40, 12, 'scribble');
  const copied = trajectory(spec, params, 13, 40, 12, 'copy');
  return reused.length === copied.length && reused.every((x, k) => x === copied[k]) ? null : w.keepsCode();
}

/** Whether the world takes bit words (`stepBits`, used by the Actor only where there are 2 values per position). */
export function takesBitWords(spec: EnvSpec, params: EnvParams): boolean {
  const { env } = makeEnv(spec, params, 17);
  return env.space.arity === 2 && typeof env.stepBits === 'function';
}

/**
 * `stepBits` gives what `step` gives: two instances of the world, one fed codes, one their bit words; and
 * `stepWord`, where the world has it (at most 32 positions), a third instance fed the one word.
 */
export function bitsAgree(spec: EnvSpec, params: EnvParams): string | null {
  const [a, b, c] = [makeEnv(spec, params, 17), makeEnv(spec, params, 17), makeEnv(spec, params, 17)];
  const [slotA, slotB, slotC] = [new SeededTask(a.key), new SeededTask(b.key), new SeededTask(c.key)];
  const byWord = c.env.space.positions <= 32 && typeof c.env.stepWord === 'function';
  const code = new Int32Array(a.env.space.positions);
  const words = new Int32Array(bitWords(code.length));
  const seen = (f: { score: number; solved: boolean; failure?: number }): string =>
    `score ${f.score}${f.solved ? ', solved' : ''}${f.failure ? `, failure ${f.failure}` : ''}`;
  for (let t = 0; t < 20; t++) {
    a.env.reset(slotA.at(t));
    b.env.reset(slotB.at(t));
    if (byWord) c.env.reset(slotC.at(t));
    const guess = a.key.stream('guess', slotA.round, slotA.task);
    for (let s = 0; s < 12; s++) {
      if (s % 4 === 3) code.set(a.env.truth());
      else drawCode(code, guess, 2);
      packBits(code, words);
      const byCode = seen(a.env.step(code));
      const byBits = seen(b.env.stepBits!(words));
      if (byCode !== byBits) return w.bitsDisagree(t, codeText(code), byCode, 'stepBits', byBits);
      if (byWord) {
        const byOneWord = seen(c.env.stepWord!(at(words, 0, 'words')));
        if (byCode !== byOneWord) return w.bitsDisagree(t, codeText(code), byCode, 'stepWord', byOneWord);
      }
      if (byCode.includes('solved')) break;
    }
  }
  return null;
}

/** What an invalid value must do: throw a parameter error (naming `name`, when given). */
export function rejects(spec: EnvSpec, params: EnvParams, name?: string): string | null {
  let thrown: unknown;
  try {
    resolveEnvParams(spec, params);
  } catch (e) {
    thrown = e;
  }
  const label = JSON.stringify(params);
  if (thrown === undefined) return w.accepted(label);
  const error = paramErrorOf(thrown);
  if (error === null) return w.notParamError(label, thrown instanceof Error ? thrown.message : String(thrown));
  if (name !== undefined && error.param !== name) return w.wrongParamNamed(label, error.param, name);
  return null;
}

/** Values no parameter of this kind accepts. Text parameters have no generic bad value. */
export function genericBadValues(p: ParamSpec): (number | string)[] {
  switch (p.kind) {
    case 'int':
      return [
        'abc',
        '1.5',
        '',
        ...(p.min !== undefined ? [p.min - 1] : []),
        ...(p.max !== undefined ? [p.max + 1] : []),
      ];
    case 'rate':
      return [-0.1, 1.1, 'x', ''];
    case 'number':
      return ['x', '', ...(p.min !== undefined ? [p.min - 1] : []), ...(p.max !== undefined ? [p.max + 1] : [])];
    case 'string':
      return [];
  }
}

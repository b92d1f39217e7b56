/**
 * A cell's id: 16 hex digits of SHA-256 over the environment id and the *resolved* configuration
 * (defaults filled in, numbers parsed), without the seed or replicate count — so it does not depend on
 * flag order, on spelling (`0.10` vs `0.1`) or on whether a default was given, and the replicate axis
 * never leaks into the settings. Sweeps from the shell and from code name their cells alike.
 */
import type { RunConfig } from './config.js';
import { canonical } from './canonical/json.js';
import { CanonicalTexts } from './canonical/template.js';
import { sha256 } from '../core/digest/sha256.js';

export { canonical } from './canonical/json.js';

/** What of a configuration names its cell: the env id and the resolved parameters. */
function identity(config: RunConfig): object {
  const { env, envParams, rounds, tasks, cap, agent } = config;
  return { env, envParams, rounds, tasks, cap, agent };
}

/** The text a cell's id hashes: its identity, canonical, after a tag. */
function cellText(config: RunConfig): string {
  return `hexa-sim/cell/v1\n${canonical(identity(config))}`;
}

/** The stable id of a cell: 16 hex digits of SHA-256 over (env id, resolved parameters). */
export function cellId(config: RunConfig): string {
  return cellIdNumber(config).toString(16).padStart(16, '0');
}

/** The id as the number a plan sorts by: the first 8 bytes of the digest, big-endian (its words H0 and H1). */
export function cellIdNumber(config: RunConfig): bigint {
  const digest = sha256(cellText(config));
  return (BigInt(digest[0]!) << 32n) | BigInt(digest[1]!);
}

/**
 * The ids of many cells, as `cellIdNumber` gives them, for a plan: the canonical texts come from a template
 * cut from the first cell's (canonical/template.ts), as cells differ from one another only in what is swept.
 */
export class CellIds {
  private readonly texts = new CanonicalTexts();

  /**
   * `cellIdNumber`'s id as two 32-bit words, high then low, into `words` at 2·at and 2·at + 1: a plan of many cells
   * keeps them so, as every BigInt it made (the id, the halves cut from it) is an object on the heap.
   */
  idWords(config: RunConfig, words: Uint32Array, at: number): void {
    const digest = sha256(`hexa-sim/cell/v1\n${this.texts.text(identity(config))}`);
    words[2 * at] = digest[0]!;
    words[2 * at + 1] = digest[1]!;
  }
}

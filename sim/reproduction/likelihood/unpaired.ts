/**
 * The article's arms are separate runs, so a simulated publication must draw each arm from its own random
 * numbers. Each arm gets a seed derived from (seed, arm) by SHA-256: arms are independent of each other, and
 * one arm under two readings still shares its random numbers, so differences between readings are paired.
 */
import { sha256Seed48 } from '../../core/digest/sha256.js';
import type { ArmId } from '../arms.js';

/** The arm's own seed (below 2^48, a valid --seed). */
export function unpairedSeed(seed: number, arm: ArmId): number {
  return sha256Seed48(`hexa-sim/v1/unpaired/seed=${seed}/arm=${arm}`);
}

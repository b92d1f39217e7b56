/**
 * Every property test runs from a fixed seed, so the suite never flakes (override with FC_SEED to explore); and
 * the tests run in Node with Node's host and the built-in worlds, as the command line does.
 */
import fc from 'fast-check';
import '../scripts/program/nodeProgram.js';

fc.configureGlobal({ seed: Number(process.env.FC_SEED ?? 20261129) });

/** Every property test runs from a fixed seed, so the suite never flakes (override with FC_SEED to explore). */
import fc from 'fast-check';

fc.configureGlobal({ seed: Number(process.env.FC_SEED ?? 20261129) });

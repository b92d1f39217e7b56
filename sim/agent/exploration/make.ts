/** Build the exploration policy a run's configuration names: a built-in one, or a loaded module's. */
import type { ExplorationConfig } from './config.js';
import { DecayingRate, FixedRate, RefutationTriggered, type ExplorationPolicy } from './policy.js';
import { pluginExploration } from '../plugins/build.js';

export function makeExploration(base: number, cfg: ExplorationConfig): ExplorationPolicy {
  switch (cfg.name) {
    case 'fixed':
      return new FixedRate(base);
    case 'decay':
      return new DecayingRate(base, cfg.halflife, cfg.floor);
    case 'refutation':
      return new RefutationTriggered(base, cfg);
    default:
      return pluginExploration(cfg.name, base);
  }
}

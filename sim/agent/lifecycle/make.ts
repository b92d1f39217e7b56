/** Build the lifecycle policy a run's configuration names. */
import type { LibraryUpdate } from '../choices.js';
import { BetaLifecycle } from './beta.js';
import { EvoBeliefLifecycle } from './evobelief.js';
import { ExpelLifecycle } from './expel.js';
import { HexaPaperLifecycle } from './hexaPaper.js';
import type { Lifecycle, LifecycleParts } from './lifecycle.js';
import { PublishedLifecycle } from './published.js';
import { pluginLifecycle } from '../plugins/build.js';

export function makeLifecycle(
  parts: LifecycleParts,
  positions: number,
  arity: number,
  update: LibraryUpdate,
): Lifecycle {
  const slots = (parts.contexts + 1) * positions * arity;
  switch (parts.config.name) {
    case 'published':
      return new PublishedLifecycle(parts, slots, update);
    case 'evobelief':
      return new EvoBeliefLifecycle(parts, slots);
    case 'hexa-paper':
      return new HexaPaperLifecycle(parts, slots, positions, arity);
    case 'expel':
      return new ExpelLifecycle(parts, slots);
    case 'beta':
      return new BetaLifecycle(parts, slots);
    default:
      return pluginLifecycle({ ...parts, positions, arity, update });
  }
}

import type { Queue } from 'bullmq';
import { requestRun, scheduleDeltas } from '../index-queue';
import type { Redis } from '../redis';
import { announcePublish } from './config-registry';
import type { OnPublished } from './publish';

/**
 * What follows a publish: serving processes are told, a full run is queued (documents depend on markets,
 * facets and collections, so every publish rebuilds; the first one builds the site's first index) and the
 * site's repeatable delta is scheduled.
 */
export function afterPublish(deps: { redis: Redis; queue: Queue; deltaEveryMs: number }): OnPublished {
  return async (event) => {
    await announcePublish(deps.redis)(event);
    await requestRun(deps.queue, { type: 'full', siteId: event.siteId });
    await scheduleDeltas(deps.queue, event.siteId, deps.deltaEveryMs);
  };
}

import type { Logger } from '../../../logger';
import type { Redis } from '../../../redis';
import { watchChannel, type ChannelWatcher } from '../../../watch-channel';
import type { AliasSyncFailure } from './embedded-engine';

/** Redis pub/sub channel on which alias moves are announced. */
export const ALIAS_CHANNEL = 'aisle:search-aliases';

/** An AliasStore `onChange` that announces the move to every serving process. */
export const publishAliasChange =
  (redis: Redis, channel = ALIAS_CHANNEL) =>
  async (alias: string): Promise<void> => {
    await redis.publish(channel, alias);
  };

type Syncable = { syncAliases(): Promise<AliasSyncFailure[]> };
export type AliasWatcher = ChannelWatcher;

/**
 * Keeps a serving engine's aliases current: re-syncs on every announcement, and every `pollMs` as a fallback
 * for missed messages. Syncs never overlap; announcements during a sync cause exactly one more.
 * `subscriber` must be a connection of its own (Redis reserves subscribed connections).
 */
export async function watchAliases(options: {
  engine: Syncable;
  subscriber: Redis;
  logger: Logger;
  pollMs?: number;
  channel?: string;
}): Promise<AliasWatcher> {
  const { engine, logger } = options;
  return watchChannel({
    subscriber: options.subscriber,
    channel: options.channel ?? ALIAS_CHANNEL,
    logger,
    pollMs: options.pollMs ?? 30_000,
    sync: async () => {
      for (const { alias, index, error } of await engine.syncAliases())
        logger.error({ err: error, alias, index }, 'alias not moved: its index could not be loaded');
    },
  });
}

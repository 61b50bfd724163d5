import type { Logger } from '../../../logger';
import type { Redis } from '../../../redis';
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
export type AliasWatcher = { sync: () => Promise<void>; stop: () => Promise<void> };

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
  const { engine, subscriber, logger, channel = ALIAS_CHANNEL } = options;
  let running: Promise<void> | null = null;
  let again = false;
  const sync = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        const failures = await engine.syncAliases().catch((err: unknown) => [{ alias: '*', index: '*', error: err }]);
        for (const { alias, index, error } of failures) logger.error({ err: error, alias, index }, 'alias not moved: its index could not be loaded');
      } while (again);
      running = null;
    })();
    return running;
  };
  subscriber.on('message', (ch: string) => {
    if (ch === channel) void sync();
  });
  await subscriber.subscribe(channel);
  const timer = setInterval(() => void sync(), options.pollMs ?? 30_000);
  timer.unref();
  return {
    sync,
    stop: async () => {
      clearInterval(timer);
      await subscriber.unsubscribe(channel);
      await running;
    },
  };
}

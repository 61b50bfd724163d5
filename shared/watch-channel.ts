import type { Logger } from './logger';
import type { Redis } from './redis';

export type ChannelWatcher = { sync: () => Promise<void>; stop: () => Promise<void> };

/**
 * Runs `sync` on every message on `channel`, and every `pollMs` as a fallback for messages missed while
 * pub/sub was down. Syncs never overlap; messages during a sync cause exactly one more. A failed sync is
 * logged and retried by the next message or poll. `subscriber` must be a connection of its own (Redis
 * reserves subscribed connections).
 */
export async function watchChannel(options: {
  subscriber: Redis;
  channel: string;
  sync: () => Promise<void>;
  logger: Logger;
  pollMs: number;
}): Promise<ChannelWatcher> {
  const { subscriber, channel, logger } = options;
  let running: Promise<void> | null = null;
  let again = false;
  const sync = (): Promise<void> => {
    if (running !== null) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await options
          .sync()
          .catch((err: unknown) => logger.error({ err, channel }, 'sync failed; the next message or poll retries'));
      } while (again);
      running = null;
    })();
    return running;
  };
  subscriber.on('message', (ch: string) => {
    if (ch === channel) void sync();
  });
  await subscriber.subscribe(channel);
  const timer = setInterval(() => void sync(), options.pollMs);
  timer.unref();
  return {
    sync,
    stop: async () => {
      clearInterval(timer);
      await subscriber.unsubscribe(channel).catch(() => undefined);
      await running;
    },
  };
}

import { randomBytes } from 'node:crypto';
import { createRedis, type Redis } from '../../shared/redis';
import { requireEnv } from './admin-db';

export type TestRedis = { redis: Redis; url: string; prefix: string; cleanup: () => Promise<void> };

/**
 * A Redis connection whose keys all live under a prefix of this test file's own; pass `prefix` on to
 * BullMQ queues and workers too. `cleanup` deletes the prefix's keys and disconnects.
 */
export function createTestRedis(): TestRedis {
  const url = requireEnv('REDIS_URL');
  const prefix = `t${process.env.JEST_WORKER_ID ?? '0'}-${randomBytes(4).toString('hex')}`;
  const redis = createRedis(url, { keyPrefix: `${prefix}:` });
  const cleanup = async () => {
    const raw = createRedis(url);
    try {
      let cursor = '0';
      do {
        const [next, keys] = await raw.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
        if (keys.length) await raw.del(...keys);
        cursor = next;
      } while (cursor !== '0');
    } finally {
      raw.disconnect();
      redis.disconnect();
    }
  };
  return { redis, url, prefix, cleanup };
}

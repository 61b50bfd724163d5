import { Redis, type RedisOptions } from 'ioredis';

export type { Redis };

/**
 * A Redis connection. `maxRetriesPerRequest: null` is what BullMQ requires of its connections
 * and is harmless elsewhere: commands wait for a reconnect instead of failing fast.
 */
export function createRedis(url: string, options: RedisOptions = {}): Redis {
  return new Redis(url, { maxRetriesPerRequest: null, lazyConnect: false, ...options });
}

export async function pingRedis(redis: Redis): Promise<void> {
  const answer = await redis.ping();
  if (answer !== 'PONG') throw new Error(`unexpected PING answer: ${answer}`);
}

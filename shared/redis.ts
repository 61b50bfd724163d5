import { Redis, type RedisOptions } from 'ioredis';
import type { Logger } from './logger';

export type { Redis, RedisOptions };

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

/** Connection states in which ioredis has lost its server and holds new commands until it reconnects. */
const LOST = new Set(['reconnecting', 'close', 'end']);

/**
 * Runs `call` (commands on `redis`) without waiting for a reconnect: it fails with `outage()` at once while the
 * connection is lost, and after `timeoutMs` without an answer (a connection still being made, or a server that
 * accepts but does not answer). A createRedis connection would otherwise hold the commands until Redis is back.
 */
export async function withoutWaiting<T>(
  redis: Redis,
  timeoutMs: number,
  outage: () => Error,
  call: () => Promise<T>,
): Promise<T> {
  if (LOST.has(redis.status)) throw outage();
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(outage()), timeoutMs);
  });
  try {
    return await Promise.race([call(), expired]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Logs a connection's errors through the process logger: the first one after the connection was ready (a warning
 * naming the connection), and its return. Without an `error` listener ioredis prints every reconnect attempt's
 * error to the console, once a second or so for as long as Redis is away.
 */
export function reportRedisErrors(redis: Redis, logger: Logger, connection: string): Redis {
  let failing = false;
  redis.on('error', (err: Error) => {
    if (failing) return;
    failing = true;
    logger.warn({ connection, err: err.message }, 'redis connection lost; retrying');
  });
  redis.on('ready', () => {
    if (!failing) return;
    failing = false;
    logger.info({ connection }, 'redis connection back');
  });
  return redis;
}

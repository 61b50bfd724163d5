import { ensurePostgres, postgresStatus, stopPostgres } from './postgres';
import { dataDir, postgresOptions } from './paths';
import { ensureRedis, redisStatus, stopRedis } from './redis';

export type Services = {
  databaseUrl: string;
  redisUrl: string;
  /** The instances this call started (and so should stop), as opposed to ones it found running or was given. */
  started: { postgres: boolean; redis: boolean };
};

/**
 * Uses DATABASE_URL / REDIS_URL when set; otherwise starts (or reuses) the private instances under
 * the data directory. Idempotent.
 */
export async function ensureServices(env: NodeJS.ProcessEnv = process.env): Promise<Services> {
  const dir = dataDir(env);
  const [postgres, redis] = await Promise.all([
    env.DATABASE_URL ? { url: env.DATABASE_URL, started: false } : ensurePostgres(dir, postgresOptions(env)),
    env.REDIS_URL ? { url: env.REDIS_URL, started: false } : ensureRedis(dir),
  ]);
  return { databaseUrl: postgres.url, redisUrl: redis.url, started: { postgres: postgres.started, redis: redis.started } };
}

/** Stops the private instances; with `only`, just the ones named. */
export async function stopServices(
  only: Services['started'] = { postgres: true, redis: true },
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ postgres: boolean; redis: boolean }> {
  const dir = dataDir(env);
  const [postgres, redis] = await Promise.all([
    only.postgres ? stopPostgres(dir, postgresOptions(env)) : false,
    only.redis ? stopRedis(dir) : false,
  ]);
  return { postgres, redis };
}

/** The URLs of the private instances that are running, without starting anything. */
export async function servicesStatus(env: NodeJS.ProcessEnv = process.env): Promise<{ postgres?: string; redis?: string }> {
  const dir = dataDir(env);
  const [postgres, redis] = await Promise.all([postgresStatus(dir), redisStatus(dir)]);
  return { postgres, redis };
}

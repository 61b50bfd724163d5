import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DEMO_KEY_FILE } from '../../services/demo-shop/site-key';
import { createRedis } from '../../shared/redis';
import { createDatabaseIfMissing, databaseUrlFor, dropDatabase, withAdminClient } from '../services/database-admin';
import { isAlive } from '../services/exec';
import type { Services } from '../services/provision';

const DATABASE_PREFIX = 'aisle_smoke_';

export type SmokeStores = { env: NodeJS.ProcessEnv; cleanup: () => Promise<void> };

/**
 * A database, Redis key prefix and data directory of the smoke's own on the shared PostgreSQL and Redis, so it
 * touches nothing of `npm start`'s or a test run's (a shared queue would hand their jobs to the smoke's indexer).
 * Databases of smokes whose process is gone are dropped first. The data directory holds a stand-in demo site key,
 * which the demo shop's /readyz looks for.
 */
export async function smokeStores(services: Services, pid: number): Promise<SmokeStores> {
  const database = `${DATABASE_PREFIX}${pid}`;
  const prefix = `smoke${pid}`;
  await withAdminClient(services.databaseUrl, async (client) => {
    const { rows } = await client.query<{ datname: string }>('select datname from pg_database where datname like $1', [
      `${DATABASE_PREFIX}%`,
    ]);
    for (const { datname } of rows)
      if (!isAlive(Number(datname.slice(DATABASE_PREFIX.length)))) await dropDatabase(client, datname);
    await createDatabaseIfMissing(client, database);
  });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'aisle-smoke-'));
  await writeFile(path.join(dataDir, DEMO_KEY_FILE), JSON.stringify({ siteId: 1, key: 'smoke' }), { mode: 0o600 });
  const env = {
    DATABASE_URL: databaseUrlFor(services.databaseUrl, database),
    DATA_DIR: dataDir,
    QUEUE_PREFIX: prefix,
    RATE_LIMIT_KEY_PREFIX: `${prefix}:identity`,
  };
  const cleanup = async () => {
    await withAdminClient(services.databaseUrl, (client) => dropDatabase(client, database));
    await deleteKeys(services.redisUrl, `${prefix}:*`);
    await rm(dataDir, { recursive: true, force: true });
  };
  return { env, cleanup };
}

async function deleteKeys(url: string, pattern: string): Promise<void> {
  const redis = createRedis(url);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

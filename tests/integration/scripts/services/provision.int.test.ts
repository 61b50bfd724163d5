import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Redis } from 'ioredis';
import { ensureServices, servicesStatus, stopServices } from '../../../../scripts/services/provision';

// Starts a second, private pair of instances in a throwaway data directory (the suite's own stay untouched).
describe('provisioning of private PostgreSQL and Redis', () => {
  let dir: string;
  let env: NodeJS.ProcessEnv;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'aisle-provision-'));
    // mkdtemp makes it 0700; opened, the cluster stays inside it (home-directory.int.test.ts covers a closed one).
    await chmod(dir, 0o755);
    env = { PATH: process.env.PATH, DATA_DIR: dir };
  });
  afterAll(async () => {
    await stopServices(undefined, env);
    await rm(dir, { recursive: true, force: true });
  });

  it('starts both, reuses them on a second call, and stops them', async () => {
    const first = await ensureServices(env);
    expect(first.started).toEqual({ postgres: true, redis: true, elasticsearch: false });

    const client = new pg.Client({ connectionString: first.databaseUrl });
    await client.connect();
    expect((await client.query('select current_database() as db')).rows[0].db).toBe('aisle');
    await client.end();
    const redis = new Redis(first.redisUrl);
    expect(await redis.ping()).toBe('PONG');
    redis.disconnect();

    const second = await ensureServices(env);
    expect(second).toEqual({ ...first, started: { postgres: false, redis: false, elasticsearch: false } });
    expect(await servicesStatus(env)).toEqual({
      postgres: first.databaseUrl,
      redis: first.redisUrl,
      elasticsearch: undefined,
    });

    expect(await stopServices(undefined, env)).toEqual({ postgres: true, redis: true, elasticsearch: false });
    expect(await servicesStatus(env)).toEqual({ postgres: undefined, redis: undefined, elasticsearch: undefined });
  }, 60_000);

  it('uses DATABASE_URL, REDIS_URL and ELASTICSEARCH_URL when set, starting nothing', async () => {
    const given = {
      ...env,
      DATABASE_URL: 'postgres://x@db.example:5432/a',
      REDIS_URL: 'redis://cache.example:6379',
      ELASTICSEARCH_URL: 'https://es.example:9200',
    };
    expect(await ensureServices(given, { elasticsearch: 'required' })).toEqual({
      databaseUrl: given.DATABASE_URL,
      redisUrl: given.REDIS_URL,
      elasticsearch: { url: given.ELASTICSEARCH_URL },
      started: { postgres: false, redis: false, elasticsearch: false },
    });
    expect(await servicesStatus(env)).toEqual({ postgres: undefined, redis: undefined, elasticsearch: undefined });
  });

  it('skips Elasticsearch with the reason when it is optional and no JDK can run it, and fails when it is required', async () => {
    const noJdk = {
      ...env,
      DATABASE_URL: 'postgres://x@db.example:5432/a',
      REDIS_URL: 'redis://cache.example:6379',
      ES_JAVA_HOME: path.join(dir, 'no-jdk'),
    };
    expect((await ensureServices(noJdk, { elasticsearch: 'optional' })).elasticsearch).toEqual({
      skipped: expect.stringContaining('no JDK 17 or newer'),
    });
    await expect(ensureServices(noJdk, { elasticsearch: 'required' })).rejects.toThrow('no JDK 17 or newer');
  });
});

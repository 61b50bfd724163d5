import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Worker } from 'bullmq';
import { storefrontCommand, type STOREFRONT_COMMANDS } from '../../../../scripts/cli/storefront/command';
import { seedTenant } from '../../../../scripts/seed/seed-tenant';
import { createWorker } from '../../../../indexer/worker';
import { createLogger } from '../../../../shared/logger';
import { createRedis, type Redis } from '../../../../shared/redis';
import { EmbeddedSearchEngine } from '../../../../shared/search/embedded/lifecycle/embedded-engine';
import { PgAliasStore } from '../../../../shared/search/embedded/lifecycle/pg-alias-store';
import { SnapshotStore } from '../../../../shared/search/embedded/snapshot/snapshot-store';
import { requireEnv } from '../../../support/admin-db';
import { guideCommands } from '../../../support/guide-commands';
import { createStorefrontTestApp } from '../../../support/storefront-api';
import { storefrontConformance } from '../../../support/storefront-openapi';
import { createTestDb, type TestDb } from '../../../support/test-db';
import { createTestRedis, type TestRedis } from '../../../support/test-redis';

const GUIDE = readFileSync(path.join(__dirname, '../../../../services/storefront-api/docs/onboarding.md'), 'utf8');
type Name = (typeof STOREFRONT_COMMANDS)[number];

describe('the onboarding guide, run command by command', () => {
  let t: TestDb;
  let r: TestRedis;
  let redis: Redis;
  let dataDir: string;
  let worker: Worker;
  let engine: EmbeddedSearchEngine;
  const saved = { ...process.env };

  beforeAll(async () => {
    t = await createTestDb();
    r = createTestRedis();
    dataDir = await mkdtemp(path.join(tmpdir(), 'aisle-guide-'));
    const prefix = `guide${randomBytes(4).toString('hex')}`;
    // The CLI finds its stores through the environment, as under `npm run cli`; the guide's tenant is `demo`.
    Object.assign(process.env, {
      DATABASE_URL: t.url,
      DATA_DIR: dataDir,
      QUEUE_PREFIX: prefix,
      STOREFRONT_DELTA_EVERY_MS: '86400000',
    });
    await seedTenant(t.db, {
      tenant: 'demo',
      products: 60,
      orders: 0,
      seed: 5,
      asOf: new Date('2025-06-01T00:00:00Z'),
      analyze: false,
    });
    redis = createRedis(requireEnv('REDIS_URL'));
    engine = new EmbeddedSearchEngine({
      aliasStore: new PgAliasStore(t.db),
      snapshots: new SnapshotStore(path.join(dataDir, 'search')),
    });
    worker = createWorker({
      db: t.db,
      engine,
      logger: createLogger({ name: 'test', level: 'silent' }),
      gateFraction: 0.5,
      connection: redis,
      prefix,
      syncEngine: async () => void (await engine.syncAliases()),
    });
  }, 60_000);
  afterAll(async () => {
    await worker.close();
    redis.disconnect();
    await r.cleanup();
    process.env = saved;
    await rm(dataDir, { recursive: true, force: true });
    await t.drop();
  });

  it('takes a new site to a first listing call', async () => {
    const commands = guideCommands(GUIDE, ['npm run cli --', 'curl']);
    const names = commands.filter((c) => c[0] === 'npm').map((c) => `${c[4]} ${c[5]}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'site save',
        'market save',
        'key create',
        'publish --tenant',
        'reindex --tenant',
        'sync-status --tenant',
      ]),
    );
    let key = '';
    let curls = 0;
    for (const words of commands) {
      if (words[0] === 'npm') {
        const [name, ...args] = words.slice(4);
        const out: string[] = [];
        const err: string[] = [];
        const code = await storefrontCommand(name as Name).run(args, {
          out: (l) => out.push(l),
          err: (l) => err.push(l),
        });
        expect({ command: words.join(' '), code, err: err.join('\n') }).toEqual({
          command: words.join(' '),
          code: 0,
          err: '',
        });
        const printed: unknown = JSON.parse(out.join('\n'));
        if (name === 'key') key = (printed as { key: string }).key;
        if (name === 'reindex') expect(printed).toMatchObject({ outcome: 'ok' });
        continue;
      }
      // curl -H "X-Site-Key: $KEY" <url>: the same request, to the app.
      const { app } = await createStorefrontTestApp({ db: t.db, redis: r.redis, engine });
      const doc = await storefrontConformance(app);
      const url = new URL(words.at(-1)!);
      const [header, value] = words[words.indexOf('-H') + 1]!.replace('$KEY', key).split(': ');
      const res = await doc.get(`${url.pathname}${url.search}`, { [header!]: value! });
      expect(res.status).toBe(200);
      if (url.pathname === '/v1/products' && url.search === '') expect(res.body.total).toBeGreaterThan(0);
      curls++;
    }
    expect(key).toMatch(/^sfk_pub_/);
    expect(curls).toBeGreaterThanOrEqual(3);
  }, 90_000);
});

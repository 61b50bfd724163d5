import { randomBytes } from 'node:crypto';
import { createLogger } from '../../../../shared/logger';
import { createRedis, type Redis } from '../../../../shared/redis';
import { announcePublish, ConfigRegistry } from '../../../../shared/storefront-config/config-registry';
import { saveSite } from '../../../../shared/storefront-config/drafts';
import { publishConfig } from '../../../../shared/storefront-config/publish';
import { seedTenant } from '../../../../scripts/seed/seed-tenant';
import { requireEnv } from '../../../support/admin-db';
import { createTestDb, type TestDb } from '../../../support/test-db';
import { publishTwoMarketSite } from '../../../support/storefront-fixture';

const logger = createLogger({ name: 'test', level: 'silent' });

async function timeUntil(probe: () => boolean, ms: number): Promise<number> {
  const start = Date.now();
  while (!probe()) {
    if (Date.now() - start > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
  return Date.now() - start;
}

describe('published config pickup across processes', () => {
  let t: TestDb;
  let tenantId: number;
  let siteId: number;
  const channel = `cfg-${randomBytes(4).toString('hex')}`;
  const connections: Redis[] = [];
  const registries: ConfigRegistry[] = [];
  const connect = () => {
    const redis = createRedis(requireEnv('REDIS_URL'));
    connections.push(redis);
    return redis;
  };

  beforeAll(async () => {
    t = await createTestDb();
    tenantId = (
      await seedTenant(t.db, {
        tenant: 'pickup',
        products: 20,
        orders: 0,
        seed: 3,
        asOf: new Date('2025-06-01T00:00:00Z'),
        analyze: false,
      })
    ).tenantId;
    siteId = await publishTwoMarketSite(t.db, tenantId);
  }, 60_000);
  afterAll(async () => {
    await Promise.all(registries.map((r) => r.stop()));
    for (const c of connections) c.disconnect();
    await t.drop();
  });

  it('a registry subscribed to the channel holds a new version within 1 s of the publish', async () => {
    const registry = new ConfigRegistry(t.db);
    registries.push(registry);
    await registry.start({ subscriber: connect(), logger, channel, pollMs: 600_000 });
    expect(registry.get(siteId)?.version).toBe(1);
    await saveSite(t.db, tenantId, { siteId, code: 'shop', name: 'Renamed shop', ecomSiteId: 1 });
    await publishConfig(t.db, tenantId, siteId, 'rename', async (event) => announcePublish(connect(), channel)(event));
    const ms = await timeUntil(() => registry.get(siteId)?.version === 2, 1000);
    expect(ms).toBeLessThan(1000);
    expect(registry.get(siteId)?.config.site.name).toBe('Renamed shop');
  });

  it('with pub/sub missing the message, polling picks the version up within the poll interval', async () => {
    const registry = new ConfigRegistry(t.db);
    registries.push(registry);
    // Subscribed to a channel nobody announces on: only the poll can find the new version.
    await registry.start({ subscriber: connect(), logger, channel: `${channel}-silent`, pollMs: 500 });
    const before = registry.get(siteId)?.version ?? 0;
    await publishConfig(t.db, tenantId, siteId, 'silent');
    const ms = await timeUntil(() => registry.get(siteId)?.version === before + 1, 1500);
    expect(ms).toBeLessThanOrEqual(1500);
  });
});

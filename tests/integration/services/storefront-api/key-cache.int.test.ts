import { seedTenant } from '../../../../scripts/seed/seed-tenant';
import { KeyCache } from '../../../../services/storefront-api/keys/key-cache';
import { createDb, type Knex } from '../../../../shared/db/knex';
import { createKey, revokeKey } from '../../../../shared/storefront-config/keys';
import { publishConfig } from '../../../../shared/storefront-config/publish';
import { publishTwoMarketSite } from '../../../support/storefront-fixture';
import { startTcpProxy, type TcpProxy } from '../../../support/tcp-proxy';
import { createTestDb, type TestDb } from '../../../support/test-db';

// The key cache is cleared on every config poll. A poll just before a database outage must not turn a live key's
// requests into 503s: while the database cannot be read, a key keeps its last answer.
describe('KeyCache while the database cannot be read', () => {
  let t: TestDb;
  let proxy: TcpProxy;
  let proxied: Knex;
  let tenantId: number;
  let siteId: number;

  beforeAll(async () => {
    t = await createTestDb();
    const url = new URL(t.url);
    proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port) });
    url.port = String(proxy.port);
    proxied = createDb(url.toString(), { pool: { min: 0, max: 2 } });
    tenantId = (await seedTenant(t.db, { tenant: 'keycache', products: 5, orders: 0, analyze: false })).tenantId;
    siteId = await publishTwoMarketSite(t.db, tenantId);
  }, 60_000);
  afterAll(async () => {
    await proxied.destroy();
    await proxy.close();
    await t.drop();
  });

  it('answers a key its last answer after a clear, fails a key it never answered, and reads again once it can', async () => {
    const { key, raw } = await createKey(t.db, tenantId, siteId, 'publishable', 'web');
    const { raw: unseen } = await createKey(t.db, tenantId, siteId, 'publishable', 'never looked up');
    await publishConfig(t.db, tenantId, siteId, 'keys');
    const cache = new KeyCache(proxied);
    expect((await cache.lookup(raw))?.id).toBe(key.id);

    await proxy.cut();
    try {
      cache.clear();
      expect((await cache.lookup(raw))?.id).toBe(key.id);
      expect(cache.known(raw)?.id).toBe(key.id);
      await expect(cache.lookup(unseen)).rejects.toThrow();
      // Revoked meanwhile: not seen while the database cannot be read.
      await revokeKey(t.db, tenantId, key.id);
      expect((await cache.lookup(raw))?.id).toBe(key.id);
    } finally {
      await proxy.restore();
    }
    cache.clear();
    expect(await cache.lookup(raw)).toBeNull();
    expect((await cache.lookup(unseen))?.tenantId).toBe(tenantId);
  });
});

import { Registry } from 'prom-client';
import { createDb, type Knex } from '../../../../shared/db/knex';
import { createLogger } from '../../../../shared/logger';
import { SearchAnalytics } from '../../../../shared/search-analytics/search-analytics';
import type { RecordedSearch } from '../../../../shared/search-analytics/search-fact';
import { DEFAULT_ROLLUP_BOUNDS } from '../../../../shared/search-analytics/search-rollup';
import { saveSite } from '../../../../shared/storefront-config/drafts';
import { insertTenant } from '../../../support/identity';
import { startTcpProxy, type TcpProxy } from '../../../support/tcp-proxy';
import { createTestDb, type TestDb } from '../../../support/test-db';

// PostgreSQL out of reach: recording never waits on it, roll-ups wait in memory up to their bound, the oldest are
// then dropped and counted, the drop is logged once, and flushes resume when PostgreSQL is back.
describe('search analytics while PostgreSQL is out of reach', () => {
  let t: TestDb;
  let proxy: TcpProxy;
  let db: Knex;
  let metrics: Registry;
  let analytics: SearchAnalytics;
  const warnings: string[] = [];
  let search: (query: string) => RecordedSearch;

  beforeAll(async () => {
    t = await createTestDb();
    const tenantId = await insertTenant(t.db, 'outage');
    const siteId = await saveSite(t.db, tenantId, { code: 'shop', name: 'Shop', ecomSiteId: 1 });
    search = (query) => ({
      place: { tenantId, siteId, market: 'se', language: 'sv' },
      fact: {
        kind: 'listing',
        query,
        total: 1,
        corrected: false,
        redirected: false,
        ruled: false,
        filters: [],
        page: 1,
      },
    });
    const target = new URL(t.url);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port) });
    const proxied = new URL(t.url);
    proxied.port = String(proxy.port);
    db = createDb(proxied.toString(), { pool: { min: 0, max: 2 } });
    metrics = new Registry();
    const logger = createLogger({ name: 'test', level: 'warn' });
    logger.warn = ((obj: unknown, msg?: string) => void warnings.push(String(msg ?? obj))) as typeof logger.warn;
    analytics = new SearchAnalytics(
      { db, logger, metrics },
      { flushEveryMs: 60_000, retentionDays: 90, bounds: DEFAULT_ROLLUP_BOUNDS, maxPendingFlushes: 2 },
    );
  });
  afterAll(async () => {
    await db.destroy();
    await proxy.close();
    await t.drop();
  });

  const dropped = async () =>
    (await metrics.getSingleMetric('storefront_search_analytics_dropped_total')?.get())?.values.find(
      (v) => v.labels.reason === 'store',
    )?.value ?? 0;
  const counts = () => t.db('storefront_search_queries').orderBy('query').pluck('query');

  it('keeps two flushes while PostgreSQL is down, drops the oldest past them, and stores the rest once it is back', async () => {
    await proxy.cut();
    const flushOf = async (query: string) => {
      analytics.record(search(query));
      analytics.record(search(query));
      await analytics.flush();
    };
    await flushOf('first');
    await flushOf('second');
    expect(await dropped()).toBe(0);
    await flushOf('third');
    expect(await dropped()).toBe(2);
    await flushOf('fourth');
    expect(await dropped()).toBe(4);
    expect(warnings.filter((w) => w.includes('dropped'))).toHaveLength(1);
    await proxy.restore();
    await analytics.flush();
    expect(await counts()).toEqual(['fourth', 'third']);
    await flushOf('fifth');
    expect(await counts()).toEqual(['fifth', 'fourth', 'third']);
    expect(await dropped()).toBe(4);
  }, 60_000);

  it('writes what was counted before a flush asked for while another is writing (it runs after that one)', async () => {
    analytics.record(search('sixth'));
    const running = analytics.flush();
    // Counted after the running flush drained: the running flush cannot write it, the flush asked for now must.
    analytics.record(search('seventh'));
    const asked = analytics.flush();
    expect(analytics.flush()).toBe(asked);
    await Promise.all([running, asked]);
    expect(await counts()).toEqual(['fifth', 'fourth', 'seventh', 'sixth', 'third']);
  });
});

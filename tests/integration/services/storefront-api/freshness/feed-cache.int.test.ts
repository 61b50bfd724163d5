import { createTestDb, type TestDb } from '../../../../support/test-db';
import { seedTenant } from '../../../../../scripts/seed/seed-tenant';
import { createDb } from '../../../../../shared/db/knex';
import { ChangeFollower } from '../../../../../services/storefront-api/freshness/change-follower';
import { FeedCache } from '../../../../../services/storefront-api/freshness/feed-cache';

// Generous, so a loaded machine's slow reads of the log still finish well inside it.
const BOUND_MS = 1000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits (at most 10 s) until `done` holds, checking every 10 ms. */
async function until(done: () => boolean): Promise<void> {
  for (let waited = 0; !done(); waited += 10) {
    if (waited > 10_000) throw new Error('condition not reached in 10 s');
    await sleep(10);
  }
}

describe('FeedCache over the change log (real PostgreSQL)', () => {
  let t: TestDb;
  let tenantId: number;
  let productIds: number[];
  const errors: unknown[] = [];
  const follower = () =>
    new ChangeFollower(t.db, { boundMs: BOUND_MS, idleMs: 60_000, onError: (e) => errors.push(e) });
  const cacheOn = (feed: ChangeFollower, maxBytes = 100_000, maxEntries = 100) =>
    new FeedCache<string>(feed, { maxEntries, maxBytes, maxAgeMs: 60_000 });
  const value = (text: string, products: number[], bytes = text.length) =>
    Promise.resolve({ value: text, products, bytes });
  /** Until a read of the log that started now has finished (so what is kept can be served). */
  const settled = (feed: ChangeFollower) => until(() => feed.fresh(tenantId));

  beforeAll(async () => {
    t = await createTestDb();
    ({ tenantId } = await seedTenant(t.db, { tenant: 'feed', products: 12, orders: 0, seed: 3, analyze: false }));
    productIds = (
      await t.db('products').where({ tenant_id: tenantId }).whereNull('parent_id').orderBy('id').pluck('id')
    )
      .map(Number)
      .slice(0, 4);
  }, 120_000);
  afterAll(async () => t.drop());
  afterEach(() => expect(errors).toEqual([]));

  it('keeps a value until the log names one of its products, within the bound', async () => {
    const feed = follower();
    const cache = cacheOn(feed);
    await settled(feed);
    const [a, b] = productIds as [number, number];
    let computed = 0;
    const read = (key: string, products: number[]) =>
      cache.get(key, tenantId, () => {
        computed++;
        return value(`${key}@${computed}`, products);
      });
    expect(await read('page-a', [a])).toBe('page-a@1');
    expect(await read('page-b', [b])).toBe('page-b@2');
    expect(await read('page-a', [a])).toBe('page-a@1');
    await t.db('products').where({ tenant_id: tenantId, id: a }).update({ name: 'Renamed for the feed' });
    await sleep(BOUND_MS);
    // The bound has passed: nothing kept from before the change is served until a read of the log has finished.
    expect(cache.peek('page-a')).toBeUndefined();
    await settled(feed);
    // That read told the change: it evicted page-a alone.
    expect(await read('page-a', [a])).toBe('page-a@3');
    expect(await read('page-b', [b])).toBe('page-b@2');
  });

  it('computes again, and keeps in its place, a kept value its reader says is no longer current', async () => {
    const feed = follower();
    const cache = cacheOn(feed);
    await settled(feed);
    let computed = 0;
    // As a product page keeps the serving token of the listing cards it shows: current while that token is.
    let token = 'g1';
    const current = (kept: string) => kept.endsWith(`#${token}`);
    const read = () =>
      cache.get('page', tenantId, () => value(`page@${++computed}#${token}`, [productIds[0] as number]), current);
    expect(await read()).toBe('page@1#g1');
    expect(await read()).toBe('page@1#g1');
    token = 'g2';
    expect(cache.peek('page', current)).toBeUndefined();
    expect(await read()).toBe('page@2#g2');
    expect(cache.peek('page', current)).toBe('page@2#g2');
    expect(cache.size().entries).toBe(1);
  });

  it('does not keep a value computed while the log told a change', async () => {
    const feed = follower();
    const cache = cacheOn(feed);
    await settled(feed);
    const [, , c] = productIds as [number, number, number];
    const told = () => feed.keeps(tenantId, epochAtStart) === false;
    let epochAtStart: number | null = null;
    const slow = cache.get('slow', tenantId, async () => {
      epochAtStart = feed.epoch(tenantId);
      await t
        .db('prices')
        .where({ tenant_id: tenantId, product_id: c })
        .update({ amount: t.db.raw('amount + 1') });
      // The follower reads the log again (past half the bound) and tells the change while this is under way.
      await sleep(BOUND_MS / 2);
      await until(() => {
        feed.fresh(tenantId);
        return told();
      });
      return { value: 'read before the change', products: [c], bytes: 10 };
    });
    expect(await slow).toBe('read before the change');
    expect(cache.peek('slow')).toBeUndefined();
  });

  it('holds at most its bound in bytes and entries, keeping what is read', async () => {
    const feed = follower();
    const cache = cacheOn(feed, 10_000, 1000);
    await settled(feed);
    await cache.get('hot', tenantId, () => value('hot', [], 1000));
    for (let i = 0; i < 50; i++) {
      await cache.get(`cold-${i}`, tenantId, () => value(`cold-${i}`, [], 1000));
      // Read between evictions, the hot entry gets its second chance each time.
      expect(cache.peek('hot')).toBe('hot');
      expect(cache.size().bytes).toBeLessThanOrEqual(10_000);
    }
    expect(cache.size()).toEqual({ entries: 10, bytes: 10_000 });
    expect(cache.peek('cold-0')).toBeUndefined();
    expect(cache.peek('cold-49')).toBe('cold-49');
    // A value larger than the whole bound is answered and not kept.
    expect(await cache.get('huge', tenantId, () => value('huge', [], 10_001))).toBe('huge');
    expect(cache.peek('huge')).toBeUndefined();
    const small = cacheOn(feed, 10_000, 3);
    for (let i = 0; i < 10; i++) await small.get(`k${i}`, tenantId, () => value('v', []));
    expect(small.size().entries).toBe(3);
  });

  it('serves nothing kept while its last read of the log is older than the bound', async () => {
    const feed = follower();
    const cache = cacheOn(feed);
    await settled(feed);
    await cache.get('kept', tenantId, () => value('kept', []));
    expect(cache.peek('kept')).toBe('kept');
    await sleep(BOUND_MS);
    // Unread for the whole bound: not served until a new read of the log has started and finished.
    expect(cache.peek('kept')).toBeUndefined();
    await settled(feed);
    expect(cache.peek('kept')).toBe('kept');
  });

  it('drops everything kept, and keeps nothing, while the log cannot be read', async () => {
    const own = createDb(t.url);
    const failures: unknown[] = [];
    const feed = new ChangeFollower(own, { boundMs: BOUND_MS, idleMs: 60_000, onError: (e) => failures.push(e) });
    const cache = cacheOn(feed);
    await settled(feed);
    await cache.get('kept', tenantId, () => value('kept', []));
    expect(cache.peek('kept')).toBe('kept');
    await own.destroy();
    await sleep(BOUND_MS / 2);
    await until(() => {
      cache.peek('kept');
      return failures.length > 0;
    });
    expect(cache.size()).toEqual({ entries: 0, bytes: 0 });
    expect(await cache.get('kept', tenantId, () => value('again', []))).toBe('again');
    expect(cache.size().entries).toBe(0);
  });
});

import { createTestDb, type TestDb } from '../../../../support/test-db';
import { seedTenant } from '../../../../../scripts/seed/seed-tenant';
import { createDb } from '../../../../../shared/db/knex';
import { ChangeFollower } from '../../../../../services/storefront-api/freshness/change-follower';
import { FeedCache } from '../../../../../services/storefront-api/freshness/feed-cache';

const BOUND_MS = 300;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('FeedCache over the change log (real PostgreSQL)', () => {
  let t: TestDb;
  let tenantId: number;
  let productIds: number[];
  const errors: unknown[] = [];
  const follower = () =>
    new ChangeFollower(t.db, { boundMs: BOUND_MS, idleMs: 60_000, onError: (e) => errors.push(e) });
  const value = (text: string, products: number[], bytes = text.length) =>
    Promise.resolve({ value: text, products, bytes });
  /** Lets the follower take its first read of the log (nothing is kept before it). */
  const following = async (cache: FeedCache<string>) => {
    await cache.get('warm-up', tenantId, () => value('x', []));
    await sleep(50);
  };

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
    const cache = new FeedCache<string>(follower(), { maxEntries: 100, maxBytes: 100_000, maxAgeMs: 60_000 });
    await following(cache);
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
    // The bound has passed: what is served now is read after the change (never the value kept before it).
    cache.peek('page-b');
    await sleep(50);
    expect(await read('page-a', [a])).toBe('page-a@3');
    // The read of the log that told the change evicted page-a alone.
    expect(await read('page-b', [b])).toBe('page-b@2');
  });

  it('does not keep a value computed while the log told a change', async () => {
    const cache = new FeedCache<string>(follower(), { maxEntries: 100, maxBytes: 100_000, maxAgeMs: 60_000 });
    await following(cache);
    const [, , c] = productIds as [number, number, number];
    const slow = cache.get('slow', tenantId, async () => {
      await t
        .db('prices')
        .where({ tenant_id: tenantId, product_id: c })
        .update({ amount: t.db.raw('amount + 1') });
      // Long enough for the follower to read the change while this computation is still under way.
      await sleep(BOUND_MS);
      cache.peek('nudge');
      await cache.get('nudge', tenantId, () => value('n', []));
      await sleep(100);
      return { value: 'read before the change', products: [c], bytes: 10 };
    });
    expect(await slow).toBe('read before the change');
    expect(cache.peek('slow')).toBeUndefined();
  });

  it('holds at most its bound in bytes and entries, keeping what is read', async () => {
    const cache = new FeedCache<string>(follower(), { maxEntries: 1000, maxBytes: 10_000, maxAgeMs: 60_000 });
    await following(cache);
    await cache.get('hot', tenantId, () => value('hot', [], 1000));
    for (let i = 0; i < 50; i++) {
      await cache.get(`cold-${i}`, tenantId, () => value(`cold-${i}`, [], 1000));
      expect(cache.peek('hot')).toBe('hot');
      expect(cache.size().bytes).toBeLessThanOrEqual(10_000);
    }
    expect(cache.size()).toEqual({ entries: 10, bytes: 10_000 });
    expect(cache.peek('cold-0')).toBeUndefined();
    expect(cache.peek('cold-49')).toBe('cold-49');
    // A value larger than the whole bound is answered and not kept.
    expect(await cache.get('huge', tenantId, () => value('huge', [], 10_001))).toBe('huge');
    expect(cache.peek('huge')).toBeUndefined();
    const small = new FeedCache<string>(follower(), { maxEntries: 3, maxBytes: 10_000, maxAgeMs: 60_000 });
    await following(small);
    for (let i = 0; i < 10; i++) await small.get(`k${i}`, tenantId, () => value('v', []));
    expect(small.size().entries).toBe(3);
  });

  it('serves nothing kept while its last read of the log is older than the bound', async () => {
    const cache = new FeedCache<string>(follower(), { maxEntries: 10, maxBytes: 10_000, maxAgeMs: 60_000 });
    await following(cache);
    await cache.get('kept', tenantId, () => value('kept', []));
    expect(cache.peek('kept')).toBe('kept');
    await sleep(BOUND_MS);
    // Unread for the whole bound: not served until a new read of the log has started and finished.
    expect(cache.peek('kept')).toBeUndefined();
    await sleep(50);
    expect(cache.peek('kept')).toBe('kept');
  });

  it('drops everything kept, and keeps nothing, while the log cannot be read', async () => {
    const own = createDb(t.url);
    const failures: unknown[] = [];
    const feed = new ChangeFollower(own, { boundMs: BOUND_MS, idleMs: 60_000, onError: (e) => failures.push(e) });
    const cache = new FeedCache<string>(feed, { maxEntries: 10, maxBytes: 10_000, maxAgeMs: 60_000 });
    await following(cache);
    await cache.get('kept', tenantId, () => value('kept', []));
    await own.destroy();
    await sleep(BOUND_MS / 2);
    expect(cache.peek('kept')).toBe('kept');
    await sleep(50);
    expect(failures.length).toBe(1);
    expect(cache.size()).toEqual({ entries: 0, bytes: 0 });
    expect(await cache.get('kept', tenantId, () => value('again', []))).toBe('again');
    expect(cache.size().entries).toBe(0);
  });
});

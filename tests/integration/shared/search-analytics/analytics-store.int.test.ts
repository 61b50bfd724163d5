import { deleteOlderThan, writeRollups } from '../../../../shared/search-analytics/analytics-store';
import type { SearchFact, SearchPlace } from '../../../../shared/search-analytics/search-fact';
import { SearchRollup } from '../../../../shared/search-analytics/search-rollup';
import { saveSite } from '../../../../shared/storefront-config/drafts';
import { insertTenant } from '../../../support/identity';
import { createTestDb, type TestDb } from '../../../support/test-db';

const NOON = Date.parse('2026-11-26T12:00:00Z');
const fact = (query: string, over: Partial<SearchFact> = {}): SearchFact => ({
  kind: 'listing',
  query,
  total: 4,
  corrected: false,
  redirected: false,
  ruled: false,
  filters: [],
  page: 1,
  ...over,
});

describe('search analytics store', () => {
  let t: TestDb;
  let place: SearchPlace;
  const bounds = { queriesPerGroup: 3, filtersPerGroup: 2 };
  const queries = () =>
    t
      .db('storefront_search_queries')
      .where({ site_id: place.siteId, market: 'se' })
      .orderBy([{ column: 'count', order: 'desc' }, 'query'])
      .select('query', 'count', 'no_hits', 'last_total');

  beforeAll(async () => {
    t = await createTestDb();
    const tenantId = await insertTenant(t.db, 'analytics');
    const siteId = await saveSite(t.db, tenantId, { code: 'shop', name: 'Shop', ecomSiteId: 1 });
    place = { tenantId, siteId, market: 'se', language: 'sv' };
  });
  afterAll(() => t.drop());

  const flush = async (record: (rollup: SearchRollup) => void) => {
    const rollup = new SearchRollup();
    record(rollup);
    await writeRollups(t.db, rollup.drain(), bounds);
  };

  it('adds each flush to what earlier flushes wrote, keeping the latest total', async () => {
    await flush((r) => {
      r.record(place, fact('jacka', { total: 0 }), NOON);
      r.record(place, fact('jacka', { total: 0, filters: ['brand=acme'] }), NOON);
    });
    await flush((r) => r.record(place, fact('jacka', { total: 9, filters: ['brand=acme'] }), NOON));
    expect(await queries()).toEqual([{ query: 'jacka', count: '3', no_hits: '2', last_total: 9 }]);
    const [volume] = await t
      .db('storefront_search_volumes')
      .where({ site_id: place.siteId })
      .select('day', 'requests', 'no_hits');
    expect({ ...volume, day: new Date(volume.day).toISOString().slice(0, 10) }).toEqual({
      day: '2026-11-26',
      requests: '3',
      no_hits: '2',
    });
    expect(await t.db('storefront_search_filters').where({ site_id: place.siteId }).select('filter', 'count')).toEqual([
      { filter: 'brand=acme', count: '2' },
    ]);
  });

  it('keeps no more rows per group than its bounds, the most counted ones', async () => {
    await flush((r) => {
      for (const [query, n] of [
        ['a', 5],
        ['b', 4],
        ['c', 3],
        ['d', 2],
        ['e', 1],
      ] as const)
        for (let i = 0; i < n; i++) r.record(place, fact(query, { filters: [`f=${query}`] }), NOON);
    });
    expect((await queries()).map((q) => q.query)).toEqual(['a', 'b', 'c']);
    expect(
      await t.db('storefront_search_filters').where({ site_id: place.siteId }).count<{ n: string }[]>({ n: '*' }),
    ).toEqual([{ n: '2' }]);
    const [volume] = await t.db('storefront_search_volumes').where({ site_id: place.siteId }).select('requests');
    expect(volume.requests).toBe('18');
  });

  it('skips the rows of a site that does not exist instead of failing the flush', async () => {
    await flush((r) => {
      r.record({ ...place, siteId: 999_999 }, fact('ghost'), NOON);
      r.record(place, fact('a'), NOON);
    });
    expect(await t.db('storefront_search_queries').where({ query: 'ghost' }).first()).toBeUndefined();
    expect((await queries())[0]).toMatchObject({ query: 'a', count: '6' });
  });

  it('keeps the rows of 100,000 distinct random queries within the bound, over several flushes', async () => {
    const bound = { queriesPerGroup: 200, filtersPerGroup: 50 };
    const other = { ...place, market: 'bots' };
    for (let flushes = 0; flushes < 4; flushes++) {
      const rollup = new SearchRollup({ ...bound, maxGroups: 10 });
      for (let i = 0; i < 25_000; i++)
        rollup.record(other, fact(`bot ${flushes} ${i} ${Math.random()}`, { filters: [`f=${i}`] }), NOON);
      await writeRollups(t.db, rollup.drain(), bound);
    }
    const stored = (table: string) =>
      t.db(table).where({ site_id: place.siteId, market: 'bots' }).count<{ n: string }[]>({ n: '*' });
    expect(await stored('storefront_search_queries')).toEqual([{ n: '200' }]);
    expect(await stored('storefront_search_filters')).toEqual([{ n: '50' }]);
    expect(
      (await t.db('storefront_search_volumes').where({ site_id: place.siteId, market: 'bots' }).first()).requests,
    ).toBe('100000');
  });

  it('deletes the days past the retention', async () => {
    await flush((r) => r.record(place, fact('old'), Date.parse('2026-08-01T12:00:00Z')));
    expect(await deleteOlderThan(t.db, 90, '2026-11-26')).toBe(2); // its volume and its query
    expect(await t.db('storefront_search_queries').where({ query: 'old' }).first()).toBeUndefined();
    expect((await queries()).length).toBe(3);
  });
});

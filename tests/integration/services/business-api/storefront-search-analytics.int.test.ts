import { writeRollups } from '../../../../shared/search-analytics/analytics-store';
import type { SearchFact, SearchPlace } from '../../../../shared/search-analytics/search-fact';
import { SearchRollup, utcDay } from '../../../../shared/search-analytics/search-rollup';
import { saveSite } from '../../../../shared/storefront-config/drafts';
import { startBusinessApi, type BusinessApiHarness } from '../../../support/business-api';
import { insertTenant } from '../../../support/identity';

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
// A month before the test runs: only the record made "today" falls in the default range.
const RANGE = { from: '2025-06-01', to: '2025-06-30' };

describe('GET /storefront/sites/{siteId}/search-analytics/{report}', () => {
  let h: BusinessApiHarness;
  let tenantA: number;
  let tenantB: number;
  let siteA: number;
  let siteB: number;
  let readOnly: string;

  const path = (siteId: number, report: string) => `/storefront/sites/${siteId}/search-analytics/${report}`;
  const get = (report: string, query: Record<string, string | number> = {}, token = readOnly, siteId = siteA) =>
    h.call('get', path(siteId, report), { token, query });

  beforeAll(async () => {
    h = await startBusinessApi();
    tenantA = await insertTenant(h.t.db, 'analytics-a');
    tenantB = await insertTenant(h.t.db, 'analytics-b');
    siteA = await saveSite(h.t.db, tenantA, { code: 'shop', name: 'Shop', ecomSiteId: 1 });
    siteB = await saveSite(h.t.db, tenantB, { code: 'shop', name: 'Shop', ecomSiteId: 1 });
    const se: SearchPlace = { tenantId: tenantA, siteId: siteA, market: 'se', language: 'sv' };
    const rollup = new SearchRollup();
    const record = (place: SearchPlace, f: SearchFact, at: number, times: number) => {
      for (let i = 0; i < times; i++) rollup.record(place, f, at);
    };
    const june20 = Date.parse('2025-06-20T12:00:00Z');
    record(se, fact('jacka', { filters: ['brand=acme'] }), june20, 3);
    record(se, fact('jakka', { total: 0 }), june20, 2);
    record({ ...se, market: 'no', language: 'nb' }, fact('jakke', { total: 0, filters: ['color=red'] }), june20, 1);
    record(se, fact('ja', { kind: 'suggest', total: 5 }), june20, 6);
    record(se, fact('today'), Date.now(), 1);
    record({ ...se, tenantId: tenantB, siteId: siteB }, fact('b-only'), june20, 1);
    await writeRollups(h.t.db, rollup.drain(), { queriesPerGroup: 100, filtersPerGroup: 100 });
    readOnly = await h.token(tenantA, { access: 'read-only', permissions: [] });
  });
  afterAll(() => h.close());

  it('answers top queries with counts, latest totals, shares and the range totals, to a read-only token', async () => {
    const res = await get('top-queries', RANGE);
    expect(res.status).toBe(200);
    expect(res.headers['x-service-api-version']).toBe('v1');
    expect(res.body).toEqual({
      siteId: siteA,
      report: 'top-queries',
      ...RANGE,
      market: null,
      limit: 20,
      totals: { requests: 6, noHitRequests: 3 },
      items: [
        { query: 'jacka', count: 3, noHits: 0, latestTotal: 4, share: 0.5 },
        { query: 'jakka', count: 2, noHits: 2, latestTotal: 0, share: 0.333333 },
        { query: 'jakke', count: 1, noHits: 1, latestTotal: 0, share: 0.166667 },
      ],
    });
    // A read-write token reads the same.
    expect((await get('top-queries', RANGE, await h.token(tenantA))).body).toEqual(res.body);
  });

  it('answers the other reports, a market and a limit', async () => {
    expect((await get('no-hit-queries', { ...RANGE, market: 'se' })).body).toMatchObject({
      market: 'se',
      totals: { requests: 5, noHitRequests: 2 },
      items: [{ query: 'jakka', count: 2, noHits: 2, latestTotal: 0 }],
    });
    expect((await get('top-filters', { ...RANGE, limit: 1 })).body).toMatchObject({
      limit: 1,
      items: [{ filter: 'brand=acme', count: 3, share: 0.5 }],
    });
    expect((await get('suggest-queries', RANGE)).body).toMatchObject({
      totals: { requests: 6, noHitRequests: 0 },
      items: [{ query: 'ja', count: 6, noHits: 0, latestTotal: 5, share: 1 }],
    });
  });

  it('answers the volume report: listing requests per day, every day of the range, to a read-only token', async () => {
    const res = await get('volume', { from: '2025-06-19', to: '2025-06-21', limit: 1 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      siteId: siteA,
      report: 'volume',
      from: '2025-06-19',
      to: '2025-06-21',
      market: null,
      limit: 1,
      totals: { requests: 6, noHitRequests: 3 },
      items: [
        { day: '2025-06-19', requests: 0, noHitRequests: 0 },
        { day: '2025-06-20', requests: 6, noHitRequests: 3 },
        { day: '2025-06-21', requests: 0, noHitRequests: 0 },
      ],
    });
    expect((await get('volume', { ...RANGE, market: 'se' })).body).toMatchObject({
      totals: { requests: 5, noHitRequests: 2 },
    });
    expect((await get('volume', RANGE)).body.items).toHaveLength(30);
    // By default the last 7 days, today's search on the last.
    const recent = (await get('volume')).body;
    expect(recent.items.map((i: { requests: number }) => i.requests)).toEqual([0, 0, 0, 0, 0, 0, 1]);
    expect(recent.items.at(-1).day).toBe(utcDay(Date.now()));
  });

  it("answers the volume report of another tenant's site with 404, and each tenant its own days", async () => {
    const res = await get('volume', RANGE, readOnly, siteB);
    expect([res.status, res.body.code]).toEqual([404, 'not_found']);
    const own = await get('volume', { from: '2025-06-20', to: '2025-06-20' }, await h.token(tenantB), siteB);
    expect(own.body.items).toEqual([{ day: '2025-06-20', requests: 1, noHitRequests: 0 }]);
  });

  it('reads the last 7 days including today (UTC) by default', async () => {
    const res = await get('top-queries');
    const today = utcDay(Date.now());
    expect(res.body).toMatchObject({
      to: today,
      from: utcDay(Date.parse(`${today}T00:00:00Z`) - 6 * 86_400_000),
      totals: { requests: 1 },
    });
    expect(res.body.items).toEqual([{ query: 'today', count: 1, noHits: 0, latestTotal: 4, share: 1 }]);
  });

  it("answers 404 not_found for another tenant's site and for a site that does not exist", async () => {
    for (const siteId of [siteB, 999_999]) {
      const res = await get('top-queries', RANGE, readOnly, siteId);
      expect([res.status, res.body.code]).toEqual([404, 'not_found']);
    }
    const own = await get('top-queries', RANGE, await h.token(tenantB), siteB);
    expect(own.body.items.map((i: { query: string }) => i.query)).toEqual(['b-only']);
  });

  it.each<[string, string, Record<string, string | number>, string]>([
    ['an unknown report', 'top-brands', {}, 'report'],
    ['a day that does not exist', 'top-queries', { from: '2026-02-30' }, 'from'],
    ['a date-time', 'top-queries', { to: '2026-11-01T10:00:00Z' }, 'to'],
    ['limit 0', 'top-queries', { limit: 0 }, 'limit'],
    ['limit 101', 'top-queries', { limit: 101 }, 'limit'],
    ['a limit that is not a number', 'top-queries', { limit: 'ten' }, 'limit'],
    ['a market in capitals', 'top-queries', { market: 'SE' }, 'market'],
  ])('answers %s with ValidationProblemDetails naming the parameter', async (_name, report, query, field) => {
    const res = await get(report, query);
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(Object.keys(res.body.errors)).toEqual([field]);
  });

  it('answers a site id that is not a whole number with ValidationProblemDetails', async () => {
    const res = await h.call('get', '/storefront/sites/web/search-analytics/top-queries', { token: readOnly });
    expect([res.status, Object.keys(res.body.errors)]).toEqual([400, ['siteId']]);
  });

  it.each([
    ['from after to', { from: '2026-11-10', to: '2026-11-09' }, 'from (2026-11-10) is after to (2026-11-09).'],
    [
      'a range over 366 days',
      { from: '2025-01-01', to: '2026-01-02' },
      'from 2025-01-01 to 2026-01-02 is 367 days; a report covers at most 366.',
    ],
  ])('answers %s with 400 invalid_request, for the volume report too', async (_name, query, message) => {
    for (const report of ['top-queries', 'volume']) {
      const res = await get(report, query);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'invalid_request', message });
    }
  });

  it('answers a bad volume parameter with ValidationProblemDetails naming it', async () => {
    const res = await get('volume', { from: '2025-02-30', market: 'SE' });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors).sort()).toEqual(['from', 'market']);
  });

  it('needs a token', async () => {
    const res = await h.call('get', path(siteA, 'top-queries'));
    expect([res.status, res.body.code]).toEqual([401, 'unauthorized']);
  });
});

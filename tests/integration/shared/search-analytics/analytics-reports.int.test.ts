import { writeRollups } from '../../../../shared/search-analytics/analytics-store';
import { searchAnalyticsReport, type ReportScope } from '../../../../shared/search-analytics/analytics-reports';
import type { ReportRequest } from '../../../../shared/search-analytics/report-request';
import type { SearchFact, SearchPlace } from '../../../../shared/search-analytics/search-fact';
import { SearchRollup } from '../../../../shared/search-analytics/search-rollup';
import { saveSite } from '../../../../shared/storefront-config/drafts';
import { ConfigNotFoundError } from '../../../../shared/storefront-config/errors';
import { removeSite } from '../../../../shared/storefront-config/site-store';
import { insertTenant } from '../../../support/identity';
import { createTestDb, type TestDb } from '../../../support/test-db';

const NOW = new Date('2026-11-26T15:00:00Z');
const RANGE = { from: '2026-11-01', to: '2026-11-26' };
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
const noon = (day: string) => Date.parse(`${day}T12:00:00Z`);

describe('search analytics reports', () => {
  let t: TestDb;
  let tenantA: number;
  let tenantB: number;
  let sites = 0;

  beforeAll(async () => {
    t = await createTestDb();
    tenantA = await insertTenant(t.db, 'reports-a');
    tenantB = await insertTenant(t.db, 'reports-b');
  });
  afterAll(() => t.drop());

  /** A fresh site of the tenant, so each test reads only what it wrote. */
  const newSite = async (tenantId = tenantA): Promise<ReportScope> => {
    sites += 1;
    return { tenantId, siteId: await saveSite(t.db, tenantId, { code: `site-${sites}`, name: 'Shop', ecomSiteId: 1 }) };
  };
  const placeOf = (scope: ReportScope, market = 'se', language = 'sv'): SearchPlace => ({ ...scope, market, language });
  /** One flush (its own transaction, so a later flush has a later last_at): `record` returns [place, fact, day, times]. */
  const flush = async (...records: [SearchPlace, SearchFact, string, number?][]) => {
    const rollup = new SearchRollup();
    for (const [place, f, day, times = 1] of records)
      for (let i = 0; i < times; i++) rollup.record(place, f, noon(day));
    await writeRollups(t.db, rollup.drain(), { queriesPerGroup: 1000, filtersPerGroup: 1000 });
  };
  const report = (scope: ReportScope, request: ReportRequest) => searchAnalyticsReport(t.db, scope, request, NOW);
  const queriesOf = async (scope: ReportScope, request: ReportRequest) =>
    (await report(scope, request)).items.map((i) => ('query' in i ? [i.query, i.count, i.noHits, i.latestTotal] : i));

  describe('top-queries', () => {
    it('sums each query over days, markets and languages, most counted first (ties by query), browse listings left out', async () => {
      const s = await newSite();
      await flush(
        [placeOf(s), fact('jacka'), '2026-11-20', 3],
        [placeOf(s, 'no', 'nb'), fact('jacka'), '2026-11-21', 2],
        [placeOf(s, 'se', 'en'), fact('byxor'), '2026-11-22', 5],
        [placeOf(s), fact('mössa'), '2026-11-22', 2],
        [placeOf(s), fact('halsduk'), '2026-11-23', 2],
        [placeOf(s), fact(''), '2026-11-23', 9],
      );
      expect(await queriesOf(s, { report: 'top-queries', ...RANGE })).toEqual([
        ['byxor', 5, 0, 4],
        ['jacka', 5, 0, 4],
        ['halsduk', 2, 0, 4],
        ['mössa', 2, 0, 4],
      ]);
    });

    it('answers the total of the row a flush wrote last, not of the latest day nor the largest', async () => {
      const s = await newSite();
      await flush(
        [placeOf(s), fact('jacka', { total: 7 }), '2026-11-25'],
        [placeOf(s), fact('skor', { total: 0 }), '2026-11-25'],
      );
      // A later flush of an earlier day (a late process): its total is the latest one.
      await flush(
        [placeOf(s, 'no', 'nb'), fact('jacka', { total: 0 }), '2026-11-24'],
        [placeOf(s), fact('skor', { total: 12 }), '2026-11-24'],
      );
      expect(await queriesOf(s, { report: 'top-queries', ...RANGE })).toEqual([
        ['jacka', 2, 1, 0],
        ['skor', 2, 1, 12],
      ]);
      // Within one market, its own latest row answers.
      expect(await queriesOf(s, { report: 'top-queries', ...RANGE, market: 'se' })).toEqual([
        ['skor', 2, 1, 12],
        ['jacka', 1, 0, 7],
      ]);
    });

    it('breaks a tie of one flush by the later day, then by the larger total', async () => {
      const s = await newSite();
      await flush(
        [placeOf(s), fact('a', { total: 0 }), '2026-11-25'],
        [placeOf(s, 'no', 'nb'), fact('a', { total: 3 }), '2026-11-24'],
        [placeOf(s), fact('b', { total: 0 }), '2026-11-25'],
        [placeOf(s, 'no', 'nb'), fact('b', { total: 3 }), '2026-11-25'],
      );
      expect(await queriesOf(s, { report: 'top-queries', ...RANGE })).toEqual([
        ['a', 2, 1, 0],
        ['b', 2, 1, 3],
      ]);
    });

    it('reads the request totals of listings (browse and trimmed queries included) and gives each query its share', async () => {
      const s = await newSite();
      await flush(
        [placeOf(s), fact('jacka', { total: 0 }), '2026-11-20', 2],
        [placeOf(s), fact('jacka'), '2026-11-20'],
        [placeOf(s), fact(''), '2026-11-20', 4],
        [placeOf(s), fact('jacka', { kind: 'suggest' }), '2026-11-20', 50],
      );
      const answer = await report(s, { report: 'top-queries', ...RANGE });
      expect(answer.totals).toEqual({ requests: 7, noHitRequests: 2 });
      expect(answer.items).toEqual([{ query: 'jacka', count: 3, noHits: 2, latestTotal: 4, share: 0.428571 }]);
    });

    it('keeps to the limit (20 by default)', async () => {
      const s = await newSite();
      await flush(
        ...Array.from({ length: 30 }, (_, i): [SearchPlace, SearchFact, string, number] => [
          placeOf(s),
          fact(`q${String(i).padStart(2, '0')}`),
          '2026-11-20',
          30 - i,
        ]),
      );
      const byDefault = await report(s, { report: 'top-queries', ...RANGE });
      expect(byDefault.limit).toBe(20);
      expect(byDefault.items.map((i) => ('query' in i ? i.query : ''))).toEqual(
        Array.from({ length: 20 }, (_, i) => `q${String(i).padStart(2, '0')}`),
      );
      expect((await report(s, { report: 'top-queries', ...RANGE, limit: 3 })).items).toHaveLength(3);
      expect((await report(s, { report: 'top-queries', ...RANGE, limit: 100 })).items).toHaveLength(30);
    });
  });

  describe('the range and the market', () => {
    it('covers from and to inclusive, and by default the last 7 days including today (UTC)', async () => {
      const s = await newSite();
      await flush(
        ...['2026-11-18', '2026-11-19', '2026-11-20', '2026-11-26', '2026-11-27'].map(
          (day): [SearchPlace, SearchFact, string] => [placeOf(s), fact(day), day],
        ),
      );
      const queries = async (request: Omit<ReportRequest, 'report'>) =>
        (await report(s, { report: 'top-queries', ...request })).items.map((i) => ('query' in i ? i.query : '')).sort();
      expect(await queries({ from: '2026-11-19', to: '2026-11-20' })).toEqual(['2026-11-19', '2026-11-20']);
      expect(await queries({ from: '2026-11-26', to: '2026-11-26' })).toEqual(['2026-11-26']);
      const byDefault = await report(s, { report: 'top-queries' });
      expect([byDefault.from, byDefault.to]).toEqual(['2026-11-20', '2026-11-26']);
      expect(byDefault.items.map((i) => ('query' in i ? i.query : '')).sort()).toEqual(['2026-11-20', '2026-11-26']);
      expect(byDefault.totals.requests).toBe(2);
      // Only `to`: the seven days up to it; only `from`: up to today.
      expect(await queries({ to: '2026-11-25' })).toEqual(['2026-11-19', '2026-11-20']);
      expect(await queries({ from: '2026-11-19' })).toEqual(['2026-11-19', '2026-11-20', '2026-11-26']);
    });

    it('reads one market when asked, totals included; an unknown market finds nothing', async () => {
      const s = await newSite();
      await flush(
        [placeOf(s), fact('jacka'), '2026-11-20', 2],
        [placeOf(s, 'no', 'nb'), fact('jakke', { total: 0 }), '2026-11-20', 3],
        [placeOf(s, 'no', 'nb'), fact(''), '2026-11-20'],
      );
      const no = await report(s, { report: 'top-queries', ...RANGE, market: 'no' });
      expect(no).toMatchObject({ market: 'no', totals: { requests: 4, noHitRequests: 3 } });
      expect(no.items).toEqual([{ query: 'jakke', count: 3, noHits: 3, latestTotal: 0, share: 0.75 }]);
      expect((await report(s, { report: 'top-queries', ...RANGE })).market).toBeNull();
      expect(await report(s, { report: 'top-queries', ...RANGE, market: 'dk' })).toMatchObject({
        totals: { requests: 0, noHitRequests: 0 },
        items: [],
      });
    });
  });

  describe('no-hit-queries', () => {
    it('lists the queries whose latest total is 0, most no-hit requests first, and drops one that finds products again', async () => {
      const s = await newSite();
      await flush(
        [placeOf(s), fact('jakka', { total: 0 }), '2026-11-20', 2],
        [placeOf(s), fact('jakka', { total: 3 }), '2026-11-20', 5],
        [placeOf(s), fact('jakka', { total: 0 }), '2026-11-20'],
        [placeOf(s), fact('vinterjakka', { total: 0 }), '2026-11-21', 4],
        [placeOf(s), fact('skoor', { total: 0 }), '2026-11-21', 6],
        [placeOf(s), fact('skor', { total: 8 }), '2026-11-21', 9],
        [placeOf(s), fact('', { total: 0 }), '2026-11-21', 9],
      );
      expect(await queriesOf(s, { report: 'no-hit-queries', ...RANGE })).toEqual([
        ['skoor', 6, 6, 0],
        ['vinterjakka', 4, 4, 0],
        ['jakka', 8, 3, 0],
      ]);
      // A synonym lands: the next flush finds products for "skoor", which leaves the list.
      await flush([placeOf(s), fact('skoor', { total: 5 }), '2026-11-22']);
      const after = await report(s, { report: 'no-hit-queries', ...RANGE });
      expect(after.items.map((i) => ('query' in i ? i.query : ''))).toEqual(['vinterjakka', 'jakka']);
      expect(after.totals).toEqual({ requests: 37, noHitRequests: 22 });
      // Before that day it still was a no-hit query.
      expect((await queriesOf(s, { report: 'no-hit-queries', from: '2026-11-20', to: '2026-11-21' }))[0]).toEqual([
        'skoor',
        6,
        6,
        0,
      ]);
    });
  });

  describe('top-filters', () => {
    it('counts the filter values of listings only, most used first, ties by value', async () => {
      const s = await newSite();
      await flush(
        [placeOf(s), fact('jacka', { filters: ['brand=acme', 'color=red'] }), '2026-11-20', 3],
        [placeOf(s, 'no', 'nb'), fact('', { filters: ['brand=acme'] }), '2026-11-21', 2],
        [placeOf(s), fact('', { filters: ['size=m'] }), '2026-11-21', 3],
        [placeOf(s), fact('re', { kind: 'facet-values', filters: ['brand=other'] }), '2026-11-21', 9],
      );
      const answer = await report(s, { report: 'top-filters', ...RANGE });
      expect(answer.items).toEqual([
        { filter: 'brand=acme', count: 5, share: 0.625 },
        { filter: 'color=red', count: 3, share: 0.375 },
        { filter: 'size=m', count: 3, share: 0.375 },
      ]);
      expect(answer.totals).toEqual({ requests: 8, noHitRequests: 0 });
      expect((await report(s, { report: 'top-filters', ...RANGE, market: 'no', limit: 1 })).items).toEqual([
        { filter: 'brand=acme', count: 2, share: 1 },
      ]);
    });
  });

  describe('suggest-queries', () => {
    it('reads suggest requests only, with their own totals', async () => {
      const s = await newSite();
      await flush(
        [placeOf(s), fact('ja', { kind: 'suggest', total: 6 }), '2026-11-20', 4],
        [placeOf(s), fact('jx', { kind: 'suggest', total: 0 }), '2026-11-20'],
        [placeOf(s), fact('jacka'), '2026-11-20', 10],
        [placeOf(s), fact('re', { kind: 'facet-values' }), '2026-11-20', 10],
      );
      const answer = await report(s, { report: 'suggest-queries', ...RANGE });
      expect(answer.totals).toEqual({ requests: 5, noHitRequests: 1 });
      expect(answer.items).toEqual([
        { query: 'ja', count: 4, noHits: 0, latestTotal: 6, share: 0.8 },
        { query: 'jx', count: 1, noHits: 1, latestTotal: 0, share: 0.2 },
      ]);
      // Search-in-facet queries are in no report.
      expect(await queriesOf(s, { report: 'top-queries', ...RANGE })).toEqual([['jacka', 10, 0, 4]]);
    });
  });

  describe('volume', () => {
    it('counts listing requests per day over markets and languages, every day of the range, oldest first', async () => {
      const s = await newSite();
      await flush(
        [placeOf(s), fact('jacka'), '2026-11-20', 3],
        [placeOf(s, 'no', 'nb'), fact('skor', { total: 0 }), '2026-11-20', 2],
        [placeOf(s), fact('', { filters: ['brand=acme'] }), '2026-11-22', 4],
        [placeOf(s), fact('ja', { kind: 'suggest' }), '2026-11-21', 7],
        [placeOf(s), fact('re', { kind: 'facet-values' }), '2026-11-21', 7],
        // Outside the range.
        [placeOf(s), fact('jacka'), '2026-11-24', 9],
      );
      const answer = await report(s, { report: 'volume', from: '2026-11-19', to: '2026-11-23', limit: 1 });
      expect(answer).toMatchObject({
        report: 'volume',
        from: '2026-11-19',
        to: '2026-11-23',
        totals: { requests: 9, noHitRequests: 2 },
      });
      // A quiet day is a zero, not a gap; limit does not cut the series.
      expect(answer.items).toEqual([
        { day: '2026-11-19', requests: 0, noHitRequests: 0 },
        { day: '2026-11-20', requests: 5, noHitRequests: 2 },
        { day: '2026-11-21', requests: 0, noHitRequests: 0 },
        { day: '2026-11-22', requests: 4, noHitRequests: 0 },
        { day: '2026-11-23', requests: 0, noHitRequests: 0 },
      ]);
      expect((await report(s, { report: 'volume', from: '2026-11-20', to: '2026-11-20', market: 'no' })).items).toEqual(
        [{ day: '2026-11-20', requests: 2, noHitRequests: 2 }],
      );
    });

    it('answers the longest range with one item per day, totals equal to the top-queries report', async () => {
      const s = await newSite();
      await flush([placeOf(s), fact('jacka'), '2025-11-26'], [placeOf(s), fact('skor', { total: 0 }), '2026-11-26', 2]);
      const range = { from: '2025-11-26', to: '2026-11-26' };
      const answer = await report(s, { report: 'volume', ...range });
      expect(answer.items).toHaveLength(366);
      expect([answer.items[0], answer.items.at(-1)]).toEqual([
        { day: '2025-11-26', requests: 1, noHitRequests: 0 },
        { day: '2026-11-26', requests: 2, noHitRequests: 2 },
      ]);
      expect(answer.totals).toEqual((await report(s, { report: 'top-queries', ...range })).totals);
    });
  });

  describe('scope', () => {
    it('answers a site without roll-ups with zero totals and no items', async () => {
      const s = await newSite();
      expect(await report(s, { report: 'no-hit-queries' })).toEqual({
        siteId: s.siteId,
        report: 'no-hit-queries',
        from: '2026-11-20',
        to: '2026-11-26',
        market: null,
        limit: 20,
        totals: { requests: 0, noHitRequests: 0 },
        items: [],
      });
    });

    it("reads only the tenant's own site: another tenant's site id is not found, and its own sites see none of the other's rows", async () => {
      const a = await newSite(tenantA);
      const b = await newSite(tenantB);
      await flush([placeOf(a), fact('secret-a'), '2026-11-20', 3], [placeOf(b), fact('b-only'), '2026-11-20']);
      await expect(
        report({ tenantId: tenantB, siteId: a.siteId }, { report: 'top-queries', ...RANGE }),
      ).rejects.toThrow(ConfigNotFoundError);
      await expect(
        report({ tenantId: tenantB, siteId: a.siteId }, { report: 'top-queries', ...RANGE }),
      ).rejects.toMatchObject({ status: 404, code: 'not_found' });
      const own = await report(b, { report: 'top-queries', ...RANGE });
      expect(own.items.map((i) => ('query' in i ? i.query : ''))).toEqual(['b-only']);
      expect(own.totals.requests).toBe(1);
    });

    it('does not report on a removed site', async () => {
      const s = await newSite();
      await flush([placeOf(s), fact('jacka'), '2026-11-20']);
      await removeSite(t.db, s.tenantId, s.siteId);
      await expect(report(s, { report: 'top-queries', ...RANGE })).rejects.toMatchObject({
        status: 404,
        code: 'not_found',
      });
    });
  });

  describe('requests it refuses', () => {
    let s: ReportScope;
    beforeAll(async () => {
      s = await newSite();
    });

    it.each<[string, Record<string, unknown>, RegExp]>([
      ['from after to', { from: '2026-11-10', to: '2026-11-09' }, /from \(2026-11-10\) is after to \(2026-11-09\)/],
      ['from after today when to is left out', { from: '2026-11-27' }, /is after to \(2026-11-26, today by default\)/],
      ['a range of 367 days', { from: '2025-11-24', to: '2026-11-25' }, /367 days; a report covers at most 366/],
      ['a day that does not exist', { from: '2026-02-30' }, /from: must be a calendar date written YYYY-MM-DD/],
      ['a date-time', { to: '2026-11-01T00:00:00Z' }, /to: must be a calendar date/],
      ['a year before 2000', { from: '0000-01-01' }, /from 2000-01-01 on/],
      ['limit 0', { limit: 0 }, /limit:/],
      ['limit 101', { limit: 101 }, /limit:/],
      ['a fractional limit', { limit: 1.5 }, /limit:/],
      ['a market code in capitals', { market: 'SE' }, /market: must be a market code/],
      ['an unknown report', { report: 'top-brands' }, /report:/],
      ['an unknown field', { language: 'sv' }, /language/],
    ])('refuses %s with 400 invalid_request naming it', async (_name, request, message) => {
      const refusal = report(s, { report: 'top-queries', ...request } as ReportRequest);
      await expect(refusal).rejects.toMatchObject({ status: 400, code: 'invalid_request' });
      await expect(refusal).rejects.toThrow(message);
    });

    it('accepts a range of exactly 366 days', async () => {
      expect(await report(s, { report: 'top-queries', from: '2025-11-26', to: '2026-11-26' })).toMatchObject({
        from: '2025-11-26',
        to: '2026-11-26',
      });
    });

    it('checks the request before the site, so a bad request is a 400 whatever the site', async () => {
      await expect(
        report({ tenantId: tenantB, siteId: s.siteId }, { report: 'top-queries', limit: 0 }),
      ).rejects.toMatchObject({ status: 400 });
    });
  });
});

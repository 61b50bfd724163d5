import type { SearchFact, SearchPlace } from '../../../../shared/search-analytics/search-fact';
import { SearchRollup, utcDay } from '../../../../shared/search-analytics/search-rollup';

const se: SearchPlace = { tenantId: 1, siteId: 7, market: 'se', language: 'sv' };
const fact = (query: string, over: Partial<SearchFact> = {}): SearchFact => ({
  kind: 'listing',
  query,
  total: 12,
  corrected: false,
  redirected: false,
  ruled: false,
  filters: [],
  page: 1,
  ...over,
});
const NOON = Date.parse('2026-11-26T12:00:00Z');

describe('SearchRollup', () => {
  it('counts each query of a group with how it went and the total it found last', () => {
    const rollup = new SearchRollup();
    rollup.record(se, fact('jacka', { total: 3 }), NOON);
    rollup.record(se, fact('jacka', { total: 0, corrected: true, page: 2 }), NOON);
    rollup.record(se, fact('jacka', { total: 5, redirected: true, ruled: true }), NOON);
    rollup.record(se, fact(''), NOON);
    const { queries, volumes } = rollup.drain();
    const group = { tenantId: 1, siteId: 7, market: 'se', language: 'sv', day: '2026-11-26', kind: 'listing' };
    expect(queries).toEqual([
      { ...group, query: 'jacka', count: 3, noHits: 1, corrected: 1, redirected: 1, ruled: 1, paged: 1, lastTotal: 5 },
      { ...group, query: '', count: 1, noHits: 0, corrected: 0, redirected: 0, ruled: 0, paged: 0, lastTotal: 12 },
    ]);
    expect(volumes).toEqual([{ ...group, requests: 4, noHits: 1 }]);
  });

  it('keeps groups apart by site, market, language, kind and UTC day', () => {
    const rollup = new SearchRollup();
    rollup.record(se, fact('a'), NOON);
    rollup.record({ ...se, market: 'eu', language: 'en' }, fact('a'), NOON);
    rollup.record({ ...se, siteId: 8 }, fact('a'), NOON);
    rollup.record(se, fact('a', { kind: 'suggest' }), NOON);
    rollup.record(se, fact('a'), Date.parse('2026-11-26T23:59:59.999Z'));
    rollup.record(se, fact('a'), Date.parse('2026-11-27T00:00:00Z'));
    expect(rollup.groupCount).toBe(5);
    const volumes = rollup.drain().volumes.map((v) => [v.siteId, v.market, v.kind, v.day, v.requests]);
    expect(volumes).toEqual([
      [7, 'se', 'listing', '2026-11-26', 2],
      [7, 'eu', 'listing', '2026-11-26', 1],
      [8, 'se', 'listing', '2026-11-26', 1],
      [7, 'se', 'suggest', '2026-11-26', 1],
      [7, 'se', 'listing', '2026-11-27', 1],
    ]);
  });

  it('counts filter values', () => {
    const rollup = new SearchRollup();
    rollup.record(se, fact('', { filters: ['brand=acme', 'colour=red'] }), NOON);
    rollup.record(se, fact('x', { filters: ['brand=acme'] }), NOON);
    expect(rollup.drain().filters.map((f) => [f.filter, f.count])).toEqual([
      ['brand=acme', 2],
      ['colour=red', 1],
    ]);
  });

  it('starts afresh after a drain', () => {
    const rollup = new SearchRollup();
    rollup.record(se, fact('a'), NOON);
    rollup.drain();
    expect(rollup.groupCount).toBe(0);
    expect(rollup.drain()).toEqual({ queries: [], filters: [], volumes: [] });
  });

  it('stays within its bounds under random queries, and keeps the frequent ones with their own counts', () => {
    const rollup = new SearchRollup({ queriesPerGroup: 50, filtersPerGroup: 10, maxGroups: 2 });
    for (let i = 0; i < 20_000; i++) {
      rollup.record(se, fact(`bot ${i}`, { total: 0, filters: [`brand=b${i}`] }), NOON);
      if (i % 4 === 0) rollup.record(se, fact('jacka'), NOON);
    }
    const { queries, filters, volumes } = rollup.drain();
    expect(queries).toHaveLength(50);
    expect(filters).toHaveLength(10);
    expect(queries[0]).toMatchObject({ query: 'jacka', count: 5000, noHits: 0 });
    expect(volumes[0]).toMatchObject({ requests: 25_000, noHits: 20_000 });
  });

  it('refuses a search of a new group once every group slot is taken', () => {
    const rollup = new SearchRollup({ queriesPerGroup: 5, filtersPerGroup: 5, maxGroups: 1 });
    expect(rollup.record(se, fact('a'), NOON)).toBe(true);
    expect(rollup.record({ ...se, siteId: 9 }, fact('a'), NOON)).toBe(false);
    expect(rollup.record(se, fact('b'), NOON)).toBe(true);
  });

  it('names the UTC day of an instant', () => {
    expect(utcDay(Date.parse('2026-01-01T00:30:00+02:00'))).toBe('2025-12-31');
  });
});

import type { RecordedSearch } from '../../../../shared/search-analytics/search-fact';
import { SearchRollup, utcDay } from '../../../../shared/search-analytics/search-rollup';
import { SearchTally } from '../../../../shared/search-analytics/search-tally';

const search = (query: string, total = 12): RecordedSearch => ({
  place: { tenantId: 1, siteId: 7, market: 'se', language: 'sv' },
  fact: { kind: 'listing', query, total, corrected: false, redirected: false, ruled: false, filters: [], page: 1 },
});
const NOON = Date.parse('2026-11-26T12:00:00Z');
const MIDNIGHT = Date.parse('2026-11-27T00:00:00Z');

/** A tally whose roll-ups are listed as [query, count, UTC day]. */
function tallied(maxSearches?: number) {
  const rolled: [string, number, string][] = [];
  const tally = new SearchTally((s, count, at) => rolled.push([s.fact.query, count, utcDay(at)]), maxSearches, NOON);
  return { tally, rolled };
}

describe('SearchTally', () => {
  it('rolls up each search once with how often it was counted, in the order each was last counted', () => {
    const { tally, rolled } = tallied();
    const [jacka, byxor, skor] = [search('jacka'), search('byxor'), search('skor')];
    for (const s of [jacka, byxor, jacka, skor, byxor, jacka]) tally.add(s, NOON);
    // An equal search that is another object is counted apart (answers share theirs).
    tally.add(search('skor'), NOON);
    expect(rolled).toEqual([]);
    tally.rollUp(NOON + 1000);
    expect(rolled).toEqual([
      ['skor', 1, '2026-11-26'],
      ['byxor', 2, '2026-11-26'],
      ['jacka', 3, '2026-11-26'],
      ['skor', 1, '2026-11-26'],
    ]);
    expect(tally.size).toBe(0);
  });

  it('keeps each search in the UTC day it was made, whenever it is rolled up', () => {
    const { tally, rolled } = tallied();
    const jacka = search('jacka');
    tally.add(jacka, MIDNIGHT - 1);
    tally.add(jacka, MIDNIGHT);
    tally.add(jacka, MIDNIGHT + 5);
    tally.add(search('skor'), MIDNIGHT + 5);
    // A flush a day later: what was held was made on the 27th.
    tally.rollUp(MIDNIGHT + 86_400_000 + 10);
    expect(rolled).toEqual([
      ['jacka', 1, '2026-11-26'],
      ['jacka', 2, '2026-11-27'],
      ['skor', 1, '2026-11-27'],
    ]);
    tally.add(jacka, MIDNIGHT + 86_400_000 + 20);
    tally.rollUp(MIDNIGHT + 86_400_000 + 30);
    expect(rolled.at(-1)).toEqual(['jacka', 1, '2026-11-28']);
  });

  it('rolls up by itself once it holds its bound of distinct searches', () => {
    const { tally, rolled } = tallied(3);
    const searches = ['a', 'b', 'c', 'd', 'e'].map((q) => search(q));
    for (const s of searches) {
      tally.add(s, NOON);
      tally.add(s, NOON);
      expect(tally.size).toBeLessThan(3);
    }
    // The third distinct search filled it: a, b and c went; c's second count and d filled it again.
    expect(rolled).toEqual([
      ['a', 2, '2026-11-26'],
      ['b', 2, '2026-11-26'],
      ['c', 1, '2026-11-26'],
      ['c', 1, '2026-11-26'],
      ['d', 2, '2026-11-26'],
      ['e', 1, '2026-11-26'],
    ]);
    tally.rollUp(NOON);
    expect(rolled.slice(6)).toEqual([['e', 1, '2026-11-26']]);
  });

  it('gives the same roll-ups as counting each search on its own', () => {
    const searches = [search('jacka', 3), search('jacka', 0), search('', 5), search('skor', 0)];
    const order = [0, 1, 2, 0, 3, 1, 1, 2, 0, 3, 3, 0];
    const alone = new SearchRollup();
    for (const i of order) {
      const s = searches[i] as RecordedSearch;
      alone.record(s.place, s.fact, NOON);
    }
    const batched = new SearchRollup();
    const tally = new SearchTally((s, count, at) => batched.record(s.place, s.fact, at, count), undefined, NOON);
    for (const i of order) tally.add(searches[i] as RecordedSearch, NOON);
    tally.rollUp(NOON);
    expect(batched.drain()).toEqual(alone.drain());
  });
});

import { TextDecoder } from 'node:util';
import type { SearchRequest } from '../../../../../shared/search';
import { buildIndex } from '../../../../../shared/search/embedded/build/build-index';
import { RecentSearches, warmUp } from '../../../../../shared/search/embedded/lifecycle/warm-up';
import { LiveIndex } from '../../../../../shared/search/embedded/query/live-index';
import { fixtureDocuments } from '../contract/fixture';

const request = (page: number): SearchRequest => ({ language: 'en', market: 'se', page, pageSize: 2 });

describe('recent searches (what a reload warms)', () => {
  it('keeps the last searches per target, most recent first, distinct by content', () => {
    const recent = new RecentSearches(3);
    for (const page of [1, 2, 3, 4]) recent.record('shop', request(page));
    recent.record('shop', request(4));
    expect(recent.of(['shop']).map((r) => r.page)).toEqual([4, 3]);
    recent.record('other', request(9));
    expect(recent.of(['other', 'shop']).map((r) => r.page)).toEqual([9, 4, 3]);
    expect(recent.of(['none'])).toEqual([]);
  });

  it('records the same request object twice in a row once', () => {
    const recent = new RecentSearches(2);
    const same = request(1);
    recent.record('shop', request(2));
    recent.record('shop', same);
    recent.record('shop', same);
    expect(recent.of(['shop']).map((r) => r.page)).toEqual([1, 2]);
  });

  it('forgets the oldest target past its limit', () => {
    const recent = new RecentSearches(2, 2);
    recent.record('a', request(1));
    recent.record('b', request(2));
    recent.record('c', request(3));
    expect(recent.of(['a', 'b', 'c']).map((r) => r.page)).toEqual([2, 3]);
  });
});

describe('warmUp', () => {
  const live = LiveIndex.of(buildIndex(fixtureDocuments(), { languages: ['en'] }));
  const decoder = new TextDecoder();

  it('runs each search once and counts those that ran', () => {
    expect(warmUp(live, [request(1), { ...request(1), text: 'jacket' }], decoder)).toBe(2);
  });

  it('runs nothing once the budget is spent', () => {
    expect(warmUp(live, [request(1), request(2)], decoder, 0)).toBe(0);
  });

  it('skips a search that fails and goes on with the rest', () => {
    const failing = {
      get language(): string {
        throw new Error('broken request');
      },
    } as unknown as SearchRequest;
    expect(warmUp(live, [failing, request(1)], decoder)).toBe(1);
  });
});

import type { Filter, SearchRequest } from '../../../../../shared/search';
import type { IndexMeta } from '../../../../../shared/search/elasticsearch/index-meta';
import {
  concreteIndex,
  countBody,
  pinnedHitsBody,
} from '../../../../../shared/search/elasticsearch/merchandised-bodies';
import { assemble, needsMultiSearch, servedBy } from '../../../../../shared/search/elasticsearch/merchandised-search';
import { windowBodies } from '../../../../../shared/search/elasticsearch/natural-windows';
import { searchQuery, windowBody } from '../../../../../shared/search/elasticsearch/search-body';
import { tierClauses } from '../../../../../shared/search/elasticsearch/tier-clauses';

const META: IndexMeta = { languages: ['en'], boosts: { sku: 8, name: 4, brand: 2, description: 1 }, fields: null };
const MARKET = { term: { markets: 'se' } };
const RED = { terms: { 'facets.color': ['red'] } };
const WOOL = { bool: { filter: [{ term: { 'facets.material': 'wool' } }] } };
const BY_SCORE = [{ _score: { order: 'desc' } }, { id: { order: 'asc' } }];
const CAP = {
  bool: {
    should: [
      {
        multi_match: {
          query: 'cap',
          fields: ['text.en.name^4', 'text.en.brand^2', 'text.en.description^1'],
          type: 'most_fields',
        },
      },
      { term: { skuTerms: { value: 'cap', boost: 8 } } },
    ],
    minimum_should_match: 1,
  },
};
const PINNED_CAP = {
  bool: {
    should: [{ bool: { must: [CAP] } }, { constant_score: { filter: { ids: { values: ['p9', 'p3'] } }, boost: 0 } }],
    minimum_should_match: 1,
  },
};
const PINS_OUT = { ids: { values: ['p9', 'p3'] } };
const HIDDEN = { ids: { values: ['p4'] } };

const nike: Filter = { kind: 'terms', key: 'brand', values: ['nike'], match: 'any' };
const request: SearchRequest = {
  language: 'en',
  market: 'se',
  text: 'cap',
  filters: [
    { kind: 'terms', key: 'color', values: ['red'], match: 'any' },
    { kind: 'terms', key: 'material', values: ['wool'], match: 'all' },
  ],
  facets: [{ kind: 'terms', key: 'brand' }],
  pins: [
    { id: 'p9', position: 1 },
    { id: 'p3', position: 4 },
  ],
  hide: ['p4'],
  boost: [[nike]],
  page: 2,
  pageSize: 10,
};
const tiers = tierClauses([[nike]], []);

describe('merchandised search bodies', () => {
  it('first round, main body: the answer query, post_filter and facets, no hits, the concrete index, tier counts', () => {
    // `_index` is aggregatable: https://www.elastic.co/guide/en/elasticsearch/reference/8.18/mapping-index-field.html
    const B = {
      bool: { should: [{ bool: { filter: [{ terms: { 'facets.brand': ['nike'] } }] } }], minimum_should_match: 1 },
    };
    const NONE = { match_none: {} };
    expect(countBody(request, META, undefined, { tiers, excluded: [PINS_OUT] })).toEqual({
      query: { bool: { filter: [MARKET, WOOL], must: [PINNED_CAP], must_not: [HIDDEN] } },
      post_filter: { bool: { filter: [RED] } },
      from: 0,
      size: 0,
      track_total_hits: true,
      _source: ['id', 'card'],
      aggs: {
        context_0: {
          filter: { bool: { filter: [RED] } },
          aggs: {
            facet_0: {
              terms: { field: 'facetLabels.brand.en', size: 10_000, order: [{ _count: 'desc' }, { _key: 'asc' }] },
            },
          },
        },
        index: { terms: { field: '_index', size: 1 } },
        tiers: {
          filter: { bool: { filter: [RED], must_not: [PINS_OUT] } },
          aggs: {
            tiers: {
              filters: {
                filters: {
                  top: { bool: { filter: [B], must_not: [NONE] } },
                  middle: {
                    bool: {
                      should: [{ bool: { filter: [B, NONE] } }, { bool: { must_not: [B, NONE] } }],
                      minimum_should_match: 1,
                    },
                  },
                  bottom: { bool: { filter: [NONE], must_not: [B] } },
                },
              },
            },
          },
        },
      },
    });
  });

  it('first round, main body without tiers has no tier counts', () => {
    const body = countBody({ ...request, boost: [] }, META, undefined, { tiers: null, excluded: [PINS_OUT] });
    expect(Object.keys(body.aggs ?? {})).toEqual(['context_0', 'index']);
  });

  it('first round, pinned products: the answer query narrowed to the pins, relaxable filters in the query', () => {
    expect(pinnedHitsBody(searchQuery(request, META), ['p9', 'p3'])).toEqual({
      query: { bool: { filter: [MARKET, WOOL, RED, PINS_OUT], must: [PINNED_CAP], must_not: [HIDDEN] } },
      size: 2,
      track_total_hits: false,
      _source: ['id', 'card'],
    });
  });

  it('a window of the natural order, without the pins, sorted as the plain body, no total', () => {
    // track_total_hits false: https://www.elastic.co/guide/en/elasticsearch/reference/8.18/search-your-data.html#track-total-hits
    const parts = searchQuery(request, META);
    expect(windowBody(request, parts, { filter: [], mustNot: [PINS_OUT] }, { from: 8, size: 9 })).toEqual({
      query: { bool: { filter: [MARKET, WOOL, RED], must: [CAP], must_not: [HIDDEN, PINS_OUT] } },
      sort: BY_SCORE,
      from: 8,
      size: 9,
      track_total_hits: false,
      track_scores: true,
      _source: ['id', 'card'],
    });
  });

  it('window bodies: each narrowed to its tier, the untiered one to nothing', () => {
    const parts = searchQuery(request, META);
    const windows = windowBodies(request, parts, { tiers, excluded: [PINS_OUT] }, [
      { tier: 'top', from: 8, size: 2 },
      { tier: 'middle', from: 0, size: 7 },
    ]);
    expect(windows).toEqual([
      windowBody(request, parts, { filter: [tiers.top], mustNot: [PINS_OUT] }, { from: 8, size: 2 }),
      windowBody(request, parts, { filter: [tiers.middle], mustNot: [PINS_OUT] }, { from: 0, size: 7 }),
    ]);
    expect(windows[1]).toMatchObject({
      query: { bool: { filter: [MARKET, WOOL, RED, tiers.middle] } },
      from: 0,
      size: 7,
    });
    const untiered = windowBodies(request, parts, { tiers: null, excluded: [PINS_OUT] }, [
      { tier: null, from: 0, size: 12 },
    ]);
    expect(untiered).toEqual([windowBody(request, parts, { filter: [], mustNot: [PINS_OUT] }, { from: 0, size: 12 })]);
    expect(windowBodies(request, parts, { tiers, excluded: [] }, [])).toEqual([]);
  });

  it('reads the concrete index, null when nothing matched', () => {
    expect(concreteIndex({ index: { buckets: [{ key: 'shop-2', doc_count: 4 }] } })).toBe('shop-2');
    expect(concreteIndex({ index: { buckets: [] } })).toBeNull();
  });

  it('assembles the page from its slots, leaving out a slot whose document did not come back', () => {
    const hit = (id: string) => ({ id, score: 1, card: null });
    const slots = [{ natural: 8 }, { pin: 'p3' }, { natural: 9 }, { natural: 10 }];
    expect(assemble(slots, [hit('p3')], [hit('a'), hit('b'), hit('c')], 8).map((h) => h.id)).toEqual([
      'a',
      'p3',
      'b',
      'c',
    ]);
    expect(assemble(slots, [], [hit('a')], 8).map((h) => h.id)).toEqual(['a']);
  });

  it('speculative windows are used only when every hit came from the counted index (_index of each hit)', () => {
    const response = (...indices: string[]) => ({
      took: 1,
      timed_out: false,
      _shards: { total: 1, successful: 1, failed: 0 },
      hits: { hits: indices.map((_index, i) => ({ _index, _id: `p${i}` })) },
    });
    expect(servedBy([response('shop-1', 'shop-1'), response()], 'shop-1')).toBe(true);
    expect(servedBy([response('shop-1'), response('shop-2')], 'shop-1')).toBe(false);
    expect(servedBy([], 'shop-1')).toBe(true);
  });

  it('only pins or a tiered order take the _msearch flow; synonyms and hide stay one _search', () => {
    const plain = { language: 'en', market: 'se' };
    expect(needsMultiSearch({ ...plain, pins: [{ id: 'a', position: 1 }] })).toBe(true);
    expect(needsMultiSearch({ ...plain, bury: [[nike]] })).toBe(true);
    expect(needsMultiSearch({ ...plain, bury: [[nike]], sort: 'newest' })).toBe(false);
    expect(
      needsMultiSearch({ ...plain, hide: ['a'], synonyms: [{ start: 0, length: 1, alternatives: ['x'] }], pins: [] }),
    ).toBe(false);
  });
});

import type { Filter, SearchRequest } from '../../../../../shared/search';
import type { IndexMeta } from '../../../../../shared/search/elasticsearch/index-meta';
import { speculation } from '../../../../../shared/search/elasticsearch/merchandised-search';
import { windowBodies } from '../../../../../shared/search/elasticsearch/natural-windows';
import type { EsSearchResponse } from '../../../../../shared/search/elasticsearch/query-responses';
import { searchQuery } from '../../../../../shared/search/elasticsearch/search-body';
import { tierClauses } from '../../../../../shared/search/elasticsearch/tier-clauses';
import {
  MAX_INNER_RESULT_WINDOW,
  readTierHits,
  tierHitsBody,
} from '../../../../../shared/search/elasticsearch/tier-hits';

const META: IndexMeta = { languages: ['en'], boosts: { sku: 8, name: 4, brand: 2, description: 1 }, fields: null };
const MARKET = { term: { markets: 'se' } };
const RED = { terms: { 'facets.color': ['red'] } };
const BY_SCORE = [{ _score: { order: 'desc' } }, { id: { order: 'asc' } }];
const BY_POPULARITY = [
  { popularity: { order: 'desc', missing: '_last', unmapped_type: 'double' } },
  { id: { order: 'asc' } },
];
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
const PINS_OUT = { ids: { values: ['p9'] } };
const HIDDEN = { ids: { values: ['p4'] } };

const nike: Filter = { kind: 'terms', key: 'brand', values: ['nike'], match: 'any' };
const request: SearchRequest = {
  language: 'en',
  market: 'se',
  text: 'cap',
  filters: [{ kind: 'terms', key: 'color', values: ['red'], match: 'any' }],
  pins: [{ id: 'p9', position: 1 }],
  hide: ['p4'],
  boost: [[nike]],
  bury: [[nike]],
};
const tiers = tierClauses([[nike]], [[nike]]);

describe('tier windows as top_hits', () => {
  it('one body: the window query without a tier, no hits or total, a filter aggregation per window holding its top_hits', () => {
    // top_hits: https://www.elastic.co/guide/en/elasticsearch/reference/8.18/search-aggregations-metrics-top-hits-aggregation.html
    const windows = [
      { tier: 'top' as const, from: 2, size: 6 },
      { tier: 'bottom' as const, from: 0, size: 8 },
    ];
    expect(tierHitsBody(request, searchQuery(request, META), { tiers, excluded: [PINS_OUT] }, windows)).toEqual({
      query: { bool: { filter: [MARKET, RED], must: [CAP], must_not: [HIDDEN, PINS_OUT] } },
      size: 0,
      track_total_hits: false,
      aggs: {
        top: {
          filter: tiers.top,
          aggs: {
            hits: { top_hits: { from: 2, size: 6, sort: BY_SCORE, _source: ['id', 'card'], track_scores: true } },
          },
        },
        bottom: {
          filter: tiers.bottom,
          aggs: {
            hits: { top_hits: { from: 0, size: 8, sort: BY_SCORE, _source: ['id', 'card'], track_scores: true } },
          },
        },
      },
    });
  });

  it('without text: sorted by popularity, no scores tracked, nothing left out without pins', () => {
    const listing = { ...request, text: undefined, filters: [], hide: [] };
    expect(
      tierHitsBody(listing, searchQuery(listing, META), { tiers, excluded: [] }, [
        { tier: 'middle', from: 0, size: 24 },
      ]),
    ).toEqual({
      query: { bool: { filter: [MARKET] } },
      size: 0,
      track_total_hits: false,
      aggs: {
        middle: {
          filter: tiers.middle,
          aggs: { hits: { top_hits: { from: 0, size: 24, sort: BY_POPULARITY, _source: ['id', 'card'] } } },
        },
      },
    });
    expect(MAX_INNER_RESULT_WINDOW).toBe(100);
  });

  it("reads each window's hits in the order asked, none for a window missing from the answer", () => {
    const hit = (id: string) => ({ _index: 'shop-1', _id: id, _score: 1.5, _source: { id, card: { id } } });
    const aggregations = {
      middle: {
        doc_count: 2,
        hits: { hits: { total: { value: 2, relation: 'eq' }, max_score: 1.5, hits: [hit('m1'), hit('m2')] } },
      },
      top: { doc_count: 1, hits: { hits: { hits: [hit('t1')] } } },
    };
    const windows = [
      { tier: 'top' as const, from: 0, size: 3 },
      { tier: 'middle' as const, from: 0, size: 3 },
      { tier: 'bottom' as const, from: 0, size: 3 },
    ];
    expect(readTierHits(aggregations, windows)).toEqual([
      { hits: { hits: [hit('t1')] } },
      { hits: { hits: [hit('m1'), hit('m2')] } },
      { hits: { hits: [] } },
    ]);
    expect(readTierHits(undefined, windows.slice(0, 1))).toEqual([{ hits: { hits: [] } }]);
  });

  it('speculation: untiered, the window is a search of its own; tiered, one top_hits search; none when nothing is speculated', () => {
    const parts = searchQuery(request, META);
    const untiered = { tiers: null, excluded: [PINS_OUT] };
    const one = speculation(request, parts, untiered, [{ tier: null, from: 0, size: 24 }]);
    expect(one.bodies).toEqual(windowBodies(request, parts, untiered, [{ tier: null, from: 0, size: 24 }]));
    const response = {
      took: 1,
      timed_out: false,
      _shards: { total: 1, successful: 1, failed: 0 },
      hits: { hits: [] },
    } as EsSearchResponse;
    expect(one.read([response])).toEqual([response]);
    const windows = [
      { tier: 'top' as const, from: 0, size: 24 },
      { tier: 'middle' as const, from: 0, size: 24 },
    ];
    const tiered = speculation(request, parts, { tiers, excluded: [PINS_OUT] }, windows);
    expect(tiered.bodies).toEqual([tierHitsBody(request, parts, { tiers, excluded: [PINS_OUT] }, windows)]);
    expect(tiered.windows).toEqual(windows);
    expect(tiered.read([{ ...response, aggregations: {} }])).toEqual([{ hits: { hits: [] } }, { hits: { hits: [] } }]);
    expect(speculation(request, parts, { tiers, excluded: [] }, []).bodies).toEqual([]);
  });
});

import type { Filter, SearchRequest } from '../../../../../shared/search';
import type { IndexMeta } from '../../../../../shared/search/elasticsearch/index-meta';
import { buildSearchBody } from '../../../../../shared/search/elasticsearch/search-body';

const META: IndexMeta = { languages: ['en'], boosts: { sku: 8, name: 4, brand: 2, description: 1 }, fields: null };
const ORDER = [{ _count: 'desc' }, { _key: 'asc' }];
const RED = { terms: { 'facets.color': ['red'] } };
const NIKE = { terms: { 'facets.brand': ['nike'] } };
const PRICE = { range: { 'numbers.price.se': { gte: -5, lte: 50 } } };

const redFilter: Filter = { kind: 'terms', key: 'color', values: ['red'], match: 'any' };

const request: SearchRequest = {
  language: 'en',
  market: 'se',
  filters: [
    redFilter,
    { kind: 'terms', key: 'brand', values: ['nike'], match: 'any' },
    { kind: 'range', key: 'price.se', min: -5, max: 50 },
  ],
  facets: [
    { kind: 'terms', key: 'color', size: 10 },
    { kind: 'hierarchy', key: 'category' },
    { kind: 'range', key: 'price.se' },
    { kind: 'toggle', key: 'inStock.se' },
  ],
};

describe('disjunctive facet aggregations', () => {
  it('post_filter holds the shopper selections and each facet re-applies all but its own', () => {
    const body = buildSearchBody(request, META);
    expect(body.post_filter).toEqual({ bool: { filter: [RED, NIKE, PRICE] } });
    expect(body.aggs).toEqual({
      context_0: {
        filter: { bool: { filter: [NIKE, PRICE] } },
        aggs: { facet_0: { terms: { field: 'facetLabels.color.en', size: 10, order: ORDER } } },
      },
      context_1: {
        filter: { bool: { filter: [RED, NIKE, PRICE] } },
        aggs: {
          facet_1: { terms: { field: 'facetLabels.category.en', size: 10_000, order: ORDER } },
          facet_3: { filter: { term: { 'flags.inStock.se': true } } },
        },
      },
      context_2: {
        filter: { bool: { filter: [RED, NIKE] } },
        aggs: { facet_2: { stats: { field: 'numbers.price.se' } } },
      },
    });
  });

  it('facets that re-apply the same filters share one context, evaluated once', () => {
    const body = buildSearchBody(
      {
        language: 'en',
        market: 'se',
        filters: [redFilter],
        facets: [
          { kind: 'terms', key: 'brand', size: 5 },
          { kind: 'terms', key: 'color', size: 5 },
          { kind: 'toggle', key: 'inStock.se' },
          { kind: 'range', key: 'price.se' },
        ],
      },
      META,
    );
    expect(body.aggs).toEqual({
      context_0: {
        filter: { bool: { filter: [RED] } },
        aggs: {
          facet_0: { terms: { field: 'facetLabels.brand.en', size: 5, order: ORDER } },
          facet_2: { filter: { term: { 'flags.inStock.se': true } } },
          facet_3: { stats: { field: 'numbers.price.se' } },
        },
      },
      context_1: {
        filter: { match_all: {} },
        aggs: { facet_1: { terms: { field: 'facetLabels.color.en', size: 5, order: ORDER } } },
      },
    });
  });

  it('a facet with nothing left to apply filters with match_all', () => {
    const body = buildSearchBody(
      { language: 'en', market: 'se', filters: [redFilter], facets: [{ kind: 'terms', key: 'color', size: 5 }] },
      META,
    );
    expect(body.aggs).toEqual({
      context_0: {
        filter: { match_all: {} },
        aggs: { facet_0: { terms: { field: 'facetLabels.color.en', size: 5, order: ORDER } } },
      },
    });
  });

  it('an all selection stays in the query and is never relaxed, even by its own facet', () => {
    const body = buildSearchBody(
      {
        language: 'en',
        market: 'se',
        filters: [{ kind: 'terms', key: 'material', values: ['wool'], match: 'all' }],
        facets: [{ kind: 'terms', key: 'material' }],
      },
      META,
    );
    expect(body.query).toEqual({
      bool: { filter: [{ term: { markets: 'se' } }, { bool: { filter: [{ term: { 'facets.material': 'wool' } }] } }] },
    });
    expect(body.post_filter).toBeUndefined();
    expect(body.aggs?.context_0).toEqual({
      filter: { match_all: {} },
      aggs: { facet_0: { terms: { field: 'facetLabels.material.en', size: 10_000, order: ORDER } } },
    });
  });

  it('a language without label pairs counts the bare value keys; size 0 still asks for one bucket', () => {
    const body = buildSearchBody(
      { language: 'fi', market: 'se', facets: [{ kind: 'terms', key: 'color', size: 0 }] },
      META,
    );
    expect(body.aggs).toEqual({
      context_0: {
        filter: { match_all: {} },
        aggs: { facet_0: { terms: { field: 'facets.color', size: 1, order: ORDER } } },
      },
    });
  });
});

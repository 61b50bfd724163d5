import type { IndexMeta } from '../../../../../shared/search/elasticsearch/index-meta';
import { buildFacetValuesBody } from '../../../../../shared/search/elasticsearch/facet-values-body';
import { buildSuggestBody } from '../../../../../shared/search/elasticsearch/suggest-body';

const META: IndexMeta = {
  languages: ['en', 'sv'],
  boosts: { sku: 8, name: 4, brand: 2, description: 1 },
  fields: null,
};
const ORDER = [{ _count: 'desc' }, { _key: 'asc' }];
const MARKET = { term: { markets: 'se' } };
const BY_POPULARITY = { popularity: { order: 'desc', missing: '_last', unmapped_type: 'double' } };

describe('facetValues body', () => {
  it('counts the 1000 most common pairs in the filter context, own any selection relaxed, no text or scope', () => {
    const body = buildFacetValuesBody(
      {
        key: 'brand',
        q: 'ni',
        language: 'en',
        market: 'se',
        filters: [
          { kind: 'terms', key: 'brand', values: ['nike'], match: 'any' },
          { kind: 'terms', key: 'color', values: ['red'], match: 'any' },
          { kind: 'range', key: 'price.se', min: null, max: 100 },
        ],
      },
      META,
    );
    expect(body).toEqual({
      size: 0,
      track_total_hits: false,
      query: {
        bool: {
          filter: [MARKET, { terms: { 'facets.color': ['red'] } }, { range: { 'numbers.price.se': { lte: 100 } } }],
        },
      },
      aggs: { facet_0: { terms: { field: 'facetLabels.brand.en', size: 1000, order: ORDER } } },
    });
  });

  it('keeps an all selection on the same facet', () => {
    const body = buildFacetValuesBody(
      {
        key: 'brand',
        q: '',
        language: 'en',
        market: 'se',
        filters: [{ kind: 'terms', key: 'brand', values: ['nike'], match: 'all' }],
      },
      META,
    );
    expect(body.query).toEqual({
      bool: { filter: [MARKET, { bool: { filter: [{ term: { 'facets.brand': 'nike' } }] } }] },
    });
  });
});

describe('suggest body', () => {
  it('hits by name-word prefixes in post_filter, values by a literal label-prefix regex on folded-first pairs', () => {
    const body = buildSuggestBody({ q: 'Ru Sh', language: 'en', market: 'se', facetKeys: ['brand', 'category'] }, META);
    expect(body).toEqual({
      size: 5,
      track_total_hits: false,
      query: { bool: { filter: [MARKET] } },
      sort: [BY_POPULARITY, { id: { order: 'asc' } }],
      _source: ['id', 'card'],
      post_filter: { match: { 'text.en.name.prefix': { query: 'ru sh', operator: 'and' } } },
      aggs: {
        // A literal prefix: the include regex is compiled to an automaton intersected with the terms, so Lucene
        // seeks to "ru sh" in the folded-first pairs instead of testing every term; the old "[^␟]*␟ru sh.*" had
        // no literal prefix (https://www.elastic.co/guide/en/elasticsearch/reference/8.18/search-aggregations-bucket-terms-aggregation.html#_filtering_values_4).
        facet_0: { terms: { field: 'facetPrefixes.brand.en', size: 1000, order: ORDER, include: 'ru\\ sh.*' } },
        facet_1: { terms: { field: 'facetPrefixes.category.en', size: 1000, order: ORDER, include: 'ru\\ sh.*' } },
      },
    });
  });

  it('folds the needle and escapes regex operators; limits come from the request', () => {
    const body = buildSuggestBody(
      { q: 'Fjäll.*', language: 'sv', market: 'se', facetKeys: ['brand'], hitLimit: 3, valueLimit: 4 },
      META,
    );
    expect(body.size).toBe(3);
    expect(body.post_filter).toEqual({ match: { 'text.sv.name.prefix': { query: 'fjäll', operator: 'and' } } });
    expect(body.aggs).toEqual({
      facet_0: { terms: { field: 'facetPrefixes.brand.sv', size: 1000, order: ORDER, include: 'fjall\\.\\*.*' } },
    });
  });

  it('an unanalysed language gets no hits and falls back to the most common bare values', () => {
    const body = buildSuggestBody({ q: 'ni', language: 'fi', market: 'se', facetKeys: ['brand'] }, META);
    expect(body.size).toBe(0);
    expect(body.post_filter).toBeUndefined();
    expect(body.aggs).toEqual({ facet_0: { terms: { field: 'facets.brand', size: 1000, order: ORDER } } });
  });

  it('a blank needle asks for no values', () => {
    const body = buildSuggestBody({ q: '  ', language: 'en', market: 'se', facetKeys: ['brand'] }, META);
    expect(body.aggs).toBeUndefined();
    expect(body.size).toBe(0);
  });
});

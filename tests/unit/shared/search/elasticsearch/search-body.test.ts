import { MAX_RESULT_POSITION, type SearchRequest } from '../../../../../shared/search';
import { MAX_RESULT_WINDOW } from '../../../../../shared/search/elasticsearch/index-body';
import type { IndexMeta } from '../../../../../shared/search/elasticsearch/index-meta';
import { buildSearchBody, windowedPage } from '../../../../../shared/search/elasticsearch/search-body';
import { pageWindow } from '../../../../../shared/search/page-window';

const META: IndexMeta = {
  languages: ['en', 'sv'],
  boosts: { sku: 8, name: 4, brand: 2, description: 1 },
  fields: null,
};
const base: SearchRequest = { language: 'en', market: 'se' };
const BY_ID = { id: { order: 'asc' } };
const MARKET = { term: { markets: 'se' } };
const BY_POPULARITY = { popularity: { order: 'desc', missing: '_last', unmapped_type: 'double' } };

describe('search body', () => {
  it('a plain listing: market filter, popularity then id, page 1 of 24, exact total', () => {
    expect(buildSearchBody(base, META)).toEqual({
      query: { bool: { filter: [MARKET] } },
      sort: [BY_POPULARITY, BY_ID],
      from: 0,
      size: 24,
      track_total_hits: true,
      _source: ['id', 'card'],
    });
  });

  // Typos are not a fuzzy query: Elasticsearch's fuzzy match only finds the misspelt surface's neighbours and
  // scores exact words too (https://www.elastic.co/guide/en/elasticsearch/reference/8.18/query-dsl-fuzzy-query.html).
  // Like the embedded engine, the body matches the stems of the neighbours found by typo-expansion, at 0.4.
  it('text: one required clause per word with boosts, typo stems only for 5+ letters, SKU term', () => {
    const typos = new Map([
      ['jackets', ['jacke', 'packet']],
      ['red', ['bed']],
    ]);
    const body = buildSearchBody({ ...base, text: 'Red jackets' }, META, typos);
    expect(body).toEqual({
      query: {
        bool: {
          filter: [MARKET],
          must: [
            {
              bool: {
                should: [
                  {
                    multi_match: {
                      query: 'red',
                      fields: ['text.en.name^4', 'text.en.brand^2', 'text.en.description^1'],
                      type: 'most_fields',
                    },
                  },
                  { term: { skuTerms: { value: 'red', boost: 8 } } },
                ],
                minimum_should_match: 1,
              },
            },
            {
              bool: {
                should: [
                  {
                    multi_match: {
                      query: 'jackets',
                      fields: ['text.en.name^4', 'text.en.brand^2', 'text.en.description^1'],
                      type: 'most_fields',
                    },
                  },
                  { term: { 'text.en.name': { value: 'jacke', boost: 1.6 } } },
                  { term: { 'text.en.brand': { value: 'jacke', boost: 0.8 } } },
                  { term: { 'text.en.description': { value: 'jacke', boost: 0.4 } } },
                  { term: { 'text.en.name': { value: 'packet', boost: 1.6 } } },
                  { term: { 'text.en.brand': { value: 'packet', boost: 0.8 } } },
                  { term: { 'text.en.description': { value: 'packet', boost: 0.4 } } },
                  { term: { skuTerms: { value: 'jackets', boost: 8 } } },
                ],
                minimum_should_match: 1,
              },
            },
          ],
        },
      },
      sort: [{ _score: { order: 'desc' } }, BY_ID],
      from: 0,
      size: 24,
      track_total_hits: true,
      track_scores: true,
      _source: ['id', 'card'],
    });
  });

  it('text in a language the index does not analyse only matches SKUs', () => {
    const body = buildSearchBody({ ...base, language: 'fi', text: 'AB-12' }, META);
    expect(body.query).toEqual({
      bool: {
        filter: [MARKET],
        must: [
          { bool: { should: [{ term: { skuTerms: { value: 'ab', boost: 8 } } }], minimum_should_match: 1 } },
          { bool: { should: [{ term: { skuTerms: { value: '12', boost: 8 } } }], minimum_should_match: 1 } },
        ],
      },
    });
  });

  it('index boosts reach the field weights', () => {
    const body = buildSearchBody(
      { ...base, text: 'cap' },
      { ...META, boosts: { sku: 10, name: 3, brand: 1, description: 0.5 } },
    );
    expect(body.query).toEqual({
      bool: {
        filter: [MARKET],
        must: [
          {
            bool: {
              should: [
                {
                  multi_match: {
                    query: 'cap',
                    fields: ['text.en.name^3', 'text.en.brand^1', 'text.en.description^0.5'],
                    type: 'most_fields',
                  },
                },
                { term: { skuTerms: { value: 'cap', boost: 10 } } },
              ],
              minimum_should_match: 1,
            },
          },
        ],
      },
    });
  });

  it('text without words is a plain listing', () => {
    expect(buildSearchBody({ ...base, text: ' - ' }, META)).toEqual(buildSearchBody(base, META));
  });

  it.each([
    ['price_asc', { 'numbers.price.se': { order: 'asc', missing: '_last', unmapped_type: 'double' } }],
    ['price_desc', { 'numbers.price.se': { order: 'desc', missing: '_last', unmapped_type: 'double' } }],
    ['name_asc', { 'sortKeys.name.en': { order: 'asc', missing: '_last', unmapped_type: 'keyword' } }],
    ['newest', { 'sortKeys.createdAt': { order: 'desc', missing: '_last', unmapped_type: 'long' } }],
    ['relevance', BY_POPULARITY],
  ] as const)('sort %s, then id ascending', (sort, primary) => {
    expect(buildSearchBody({ ...base, sort }, META).sort).toEqual([primary, BY_ID]);
  });

  it('paging: from and size of a 1-based page', () => {
    expect(buildSearchBody({ ...base, page: 3, pageSize: 10 }, META)).toMatchObject({ from: 20, size: 10 });
    expect(pageWindow(undefined, undefined)).toEqual({ from: 0, size: 24 });
    expect(pageWindow(0, -5)).toEqual({ from: 0, size: 0 });
    expect(pageWindow(5, 0)).toEqual({ from: 0, size: 0 });
  });

  it('deep pages stay inside index.max_result_window: cut at the window, or no hits with total and facets', () => {
    // from + size above max_result_window (10 000) is a 400 from Elasticsearch, not an empty page:
    // https://www.elastic.co/guide/en/elasticsearch/reference/8.18/paginate-search-results.html
    const facets = [{ kind: 'terms' as const, key: 'brand' }];
    const deep = buildSearchBody({ ...base, page: 418, pageSize: 24, facets }, META);
    expect(deep).toMatchObject({ from: 0, size: 0, track_total_hits: true });
    expect(deep.aggs).toEqual(buildSearchBody({ ...base, facets }, META).aggs);
    expect(buildSearchBody({ ...base, page: 417, pageSize: 24 }, META)).toMatchObject({ from: 9984, size: 16 });
    expect(buildSearchBody({ ...base, page: 1, pageSize: 50_000 }, META)).toMatchObject({ from: 0, size: 10_000 });
    expect(buildSearchBody({ ...base, page: 100, pageSize: 100 }, META)).toMatchObject({ from: 9900, size: 100 });
    expect(windowedPage(3, 10, 25)).toEqual({ from: 20, size: 5 });
    // The window the indices are created with is the port's promise to the API (page x pageSize <= 10 000).
    expect(MAX_RESULT_WINDOW).toBe(MAX_RESULT_POSITION);
  });

  it('scope and non-relaxable filters join the query; any selections and ranges go to post_filter', () => {
    const body = buildSearchBody(
      {
        ...base,
        scope: [{ kind: 'terms', key: 'collection', values: ['summer'], match: 'any' }],
        filters: [
          { kind: 'terms', key: 'color', values: ['red'], match: 'any' },
          { kind: 'terms', key: 'material', values: ['wool', 'silk'], match: 'all' },
          { kind: 'range', key: 'price.se', min: 100, max: null },
          { kind: 'toggle', key: 'inStock.se' },
        ],
      },
      META,
    );
    expect(body.query).toEqual({
      bool: {
        filter: [
          MARKET,
          { terms: { 'facets.collection': ['summer'] } },
          { bool: { filter: [{ term: { 'facets.material': 'wool' } }, { term: { 'facets.material': 'silk' } }] } },
          { term: { 'flags.inStock.se': true } },
        ],
      },
    });
    expect(body.post_filter).toEqual({
      bool: { filter: [{ terms: { 'facets.color': ['red'] } }, { range: { 'numbers.price.se': { gte: 100 } } }] },
    });
    expect(body.aggs).toBeUndefined();
  });
});

import type { Filter } from '../../../../../shared/search';
import {
  isTiered,
  readTierCounts,
  tierClauses,
  tierCountAgg,
  tierWindows,
} from '../../../../../shared/search/elasticsearch/tier-clauses';

const nike: Filter = { kind: 'terms', key: 'brand', values: ['nike'], match: 'any' };
const black: Filter = { kind: 'terms', key: 'color', values: ['black'], match: 'any' };
const dear: Filter = { kind: 'range', key: 'price.se', min: 500, max: null };
const sale: Filter = { kind: 'toggle', key: 'sale' };

// Bool clauses in filter context, minimum_should_match 1 for "any of":
// https://www.elastic.co/guide/en/elasticsearch/reference/8.18/query-dsl-bool-query.html
const B = {
  bool: {
    should: [
      { bool: { filter: [{ terms: { 'facets.brand': ['nike'] } }] } },
      { bool: { filter: [{ term: { 'flags.sale': true } }] } },
    ],
    minimum_should_match: 1,
  },
};
const U = {
  bool: {
    should: [
      { bool: { filter: [{ terms: { 'facets.color': ['black'] } }, { range: { 'numbers.price.se': { gte: 500 } } }] } },
    ],
    minimum_should_match: 1,
  },
};

describe('rank tiers of boost and bury', () => {
  it('top = in a boost set and no bury set, middle = both or neither, bottom = the reverse of top', () => {
    expect(tierClauses([[nike], [sale]], [[black, dear]])).toEqual({
      top: { bool: { filter: [B], must_not: [U] } },
      middle: {
        bool: { should: [{ bool: { filter: [B, U] } }, { bool: { must_not: [B, U] } }], minimum_should_match: 1 },
      },
      bottom: { bool: { filter: [U], must_not: [B] } },
    });
  });

  it('no sets on one side match nothing there; a set constraining nothing matches everything', () => {
    const none = { match_none: {} };
    const every = { bool: { should: [{ match_all: {} }], minimum_should_match: 1 } };
    expect(tierClauses([[{ kind: 'terms', key: 'brand', values: [], match: 'any' }]], [])).toEqual({
      top: { bool: { filter: [every], must_not: [none] } },
      middle: {
        bool: {
          should: [{ bool: { filter: [every, none] } }, { bool: { must_not: [every, none] } }],
          minimum_should_match: 1,
        },
      },
      bottom: { bool: { filter: [none], must_not: [every] } },
    });
  });

  it('only the relevance sort (the default) is tiered, and only with a boost or bury set', () => {
    expect(isTiered({ boost: [[nike]] })).toBe(true);
    expect(isTiered({ bury: [[nike]], sort: 'relevance' })).toBe(true);
    expect(isTiered({ boost: [[nike]], sort: 'price_asc' })).toBe(false);
    expect(isTiered({ boost: [], bury: [] })).toBe(false);
    expect(isTiered({})).toBe(false);
  });

  it('counts per tier: a filters aggregation inside a filter re-applying the post_filter and leaving out the pins', () => {
    // Filter and filters aggregations:
    // https://www.elastic.co/guide/en/elasticsearch/reference/8.18/search-aggregations-bucket-filter-aggregation.html
    // https://www.elastic.co/guide/en/elasticsearch/reference/8.18/search-aggregations-bucket-filters-aggregation.html
    const tiers = { top: { term: { a: 1 } }, middle: { term: { b: 1 } }, bottom: { term: { c: 1 } } };
    const red = { terms: { 'facets.color': ['red'] } };
    expect(tierCountAgg(tiers, [red], [{ ids: { values: ['p1'] } }])).toEqual({
      filter: { bool: { filter: [red], must_not: [{ ids: { values: ['p1'] } }] } },
      aggs: {
        tiers: {
          filters: { filters: { top: { term: { a: 1 } }, middle: { term: { b: 1 } }, bottom: { term: { c: 1 } } } },
        },
      },
    });
    expect(tierCountAgg(tiers, [red], [])).toMatchObject({ filter: { bool: { filter: [red] } } });
    expect(tierCountAgg(tiers, [], [])).toMatchObject({ filter: { match_all: {} } });
  });

  it('reads the keyed buckets of the filters aggregation, 0 for one missing', () => {
    const aggregations = {
      tiers: { doc_count: 9, tiers: { buckets: { top: { doc_count: 2 }, middle: { doc_count: 7 } } } },
    };
    expect(readTierCounts(aggregations)).toEqual({ top: 2, middle: 7, bottom: 0 });
    expect(readTierCounts(undefined)).toEqual({ top: 0, middle: 0, bottom: 0 });
  });

  it('a window of the natural order is the part of each tier it spans', () => {
    const counts = { top: 3, middle: 10, bottom: 4 };
    expect(tierWindows(counts, 0, 2)).toEqual([{ tier: 'top', from: 0, size: 2 }]);
    expect(tierWindows(counts, 2, 5)).toEqual([
      { tier: 'top', from: 2, size: 1 },
      { tier: 'middle', from: 0, size: 4 },
    ]);
    expect(tierWindows(counts, 0, 17)).toEqual([
      { tier: 'top', from: 0, size: 3 },
      { tier: 'middle', from: 0, size: 10 },
      { tier: 'bottom', from: 0, size: 4 },
    ]);
    expect(tierWindows(counts, 12, 24)).toEqual([
      { tier: 'middle', from: 9, size: 1 },
      { tier: 'bottom', from: 0, size: 4 },
    ]);
    expect(tierWindows({ top: 0, middle: 0, bottom: 5 }, 1, 2)).toEqual([{ tier: 'bottom', from: 1, size: 2 }]);
    expect(tierWindows(counts, 17, 5)).toEqual([]);
  });
});

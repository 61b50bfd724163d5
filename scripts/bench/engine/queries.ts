import type { FacetRequest, Filter, SearchRequest, SuggestRequest } from '../../../shared/search';
import { priceField } from '../../../shared/search';

/**
 * The fixed query mix, engine-neutral, on values that exist in the seed generator's catalogue (seed 42):
 * market retail-sek (the SEK price list) in English.
 * Q1 listing (no text) with five facets plus price min/max, by price, page 1 of 24;
 * Q1f the same listing with one category selected (the embedded engine memoises Q1's unfiltered counts, not these);
 * Q2 one common word plus the facets; Q3 two words, three facet filters and a price range, disjunctive counts;
 * Q4 a three-letter suggest (names and facet labels).
 */
export const MIX = {
  market: 'retail-sek',
  language: 'en',
  pageSize: 24,
  /** A depth-2 category of the seeded tree (Clothing > its first segment), as category ids. */
  q1fCategory: '1/2',
  q2Text: 'wool',
  q3Text: 'leather jacket',
  q3Brands: ['nordcraft', 'fjallcraft', 'havcraft'],
  q3Colours: ['black', 'brown', 'navy'],
  q3Sizes: ['m', 'l', 'xl'],
  q3Price: { min: 300, max: 1500 },
  q4Text: 'nor',
  termFacets: ['brand', 'colour', 'size', 'material'],
  hierarchyFacet: 'category',
} as const;

export const PRICE_KEY = priceField(MIX.market);

const FACETS: FacetRequest[] = [
  ...MIX.termFacets.map((key): FacetRequest => ({ kind: 'terms', key, size: 20 })),
  { kind: 'hierarchy', key: MIX.hierarchyFacet },
  { kind: 'range', key: PRICE_KEY },
];

const Q3_FILTERS: Filter[] = [
  { kind: 'terms', key: 'brand', values: [...MIX.q3Brands], match: 'any' },
  { kind: 'terms', key: 'colour', values: [...MIX.q3Colours], match: 'any' },
  { kind: 'terms', key: 'size', values: [...MIX.q3Sizes], match: 'any' },
  { kind: 'range', key: PRICE_KEY, min: MIX.q3Price.min, max: MIX.q3Price.max },
];

const base = { language: MIX.language, market: MIX.market, page: 1, pageSize: MIX.pageSize, facets: FACETS };

/** The mix as port requests (embedded engine, and any engine behind the port). */
export const PORT_QUERIES: {
  Q1: SearchRequest;
  Q1f: SearchRequest;
  Q2: SearchRequest;
  Q3: SearchRequest;
  Q4: SuggestRequest;
} = {
  Q1: { ...base, sort: 'price_asc' },
  Q1f: {
    ...base,
    sort: 'price_asc',
    filters: [{ kind: 'hierarchy', key: MIX.hierarchyFacet, paths: [MIX.q1fCategory], match: 'any' }],
  },
  Q2: { ...base, text: MIX.q2Text, sort: 'relevance' },
  Q3: { ...base, text: MIX.q3Text, filters: Q3_FILTERS, sort: 'relevance' },
  Q4: { q: MIX.q4Text, language: MIX.language, market: MIX.market, facetKeys: ['brand', 'category'] },
};

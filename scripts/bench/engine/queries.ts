import type { FacetRequest, Filter, SearchRequest, SuggestRequest } from '../../../shared/search';
import { madeUpWord } from './vocabulary';

/**
 * The fixed query mix, engine-neutral. Every peer answers the same thing on market se in English:
 * Q1 listing (no text) with five facets plus price min/max, by price, page 1 of 24;
 * Q2 one common word plus the facets; Q3 two words, three facet filters and a price range, disjunctive counts;
 * Q4 a three-letter suggest (names and facet labels).
 */
export const MIX = {
  market: 'se',
  language: 'en',
  pageSize: 24,
  q2Text: 'jacket',
  q3Text: 'running shoes',
  q3Brands: [madeUpWord(0, 2), madeUpWord(1, 2), madeUpWord(2, 2)],
  q3Colors: ['black', 'blue', 'red'],
  q3Sizes: ['42', '43', '44'],
  q3Price: { min: 150, max: 350 },
  q4Text: 'run',
  termFacets: ['brand', 'color', 'size', 'material'],
  hierarchyFacet: 'category',
} as const;

const FACETS: FacetRequest[] = [
  ...MIX.termFacets.map((key): FacetRequest => ({ kind: 'terms', key, size: 20 })),
  { kind: 'hierarchy', key: MIX.hierarchyFacet },
  { kind: 'range', key: 'price.se' },
];

const Q3_FILTERS: Filter[] = [
  { kind: 'terms', key: 'brand', values: [...MIX.q3Brands], match: 'any' },
  { kind: 'terms', key: 'color', values: [...MIX.q3Colors], match: 'any' },
  { kind: 'terms', key: 'size', values: [...MIX.q3Sizes], match: 'any' },
  { kind: 'range', key: 'price.se', min: MIX.q3Price.min, max: MIX.q3Price.max },
];

const base = { language: MIX.language, market: MIX.market, page: 1, pageSize: MIX.pageSize, facets: FACETS };

/** The mix as port requests (embedded engine, and any engine behind the port). */
export const PORT_QUERIES: { Q1: SearchRequest; Q2: SearchRequest; Q3: SearchRequest; Q4: SuggestRequest } = {
  Q1: { ...base, sort: 'price_asc' },
  Q2: { ...base, text: MIX.q2Text, sort: 'relevance' },
  Q3: { ...base, text: MIX.q3Text, filters: Q3_FILTERS, sort: 'relevance' },
  Q4: { q: MIX.q4Text, language: MIX.language, market: MIX.market, facetKeys: ['brand', 'category'] },
};

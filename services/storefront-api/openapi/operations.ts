import type { z } from 'zod';
import { CATALOGUE_OPERATIONS } from './catalogue-operations';
import { listingResponseSchema } from './listing-schemas';
import { facetKeyParams, facetSearchQuery, listingQuery, suggestQuery } from './parameters';
import { facetSearchResponseSchema, siteResponseSchema, suggestResponseSchema } from './site-schemas';

export type ErrorCodes = readonly [string, ...string[]];

/** One /v1 read, as the document describes it; errors are by status, with the spec's codes it can carry. */
export interface StorefrontOperation {
  path: string;
  operationId: string;
  summary: string;
  description: string;
  tag: 'Site' | 'Listing' | 'Search' | 'Product' | 'Catalogue';
  query?: z.ZodObject;
  params?: z.ZodObject;
  body: z.ZodType;
  /** Codes beyond those of the shared pipeline (which every /v1 route can answer), by status. */
  errors: Partial<Record<400 | 404 | 503, ErrorCodes>>;
}

/** What the /v1 pipeline itself can answer on any route (keys, market, limits, start-up), by status. */
export const PIPELINE_ERRORS: Record<number, { codes: ErrorCodes; description: string }> = {
  400: {
    codes: ['MARKET_UNKNOWN'],
    description: 'MARKET_UNKNOWN: X-Market is not a market of the site (`validMarkets` lists them)',
  },
  401: {
    codes: ['SITE_KEY_MISSING', 'SITE_KEY_INVALID'],
    description: 'SITE_KEY_MISSING: no X-Site-Key; SITE_KEY_INVALID: unknown, revoked or not yet published',
  },
  403: {
    codes: ['SECRET_KEY_FROM_BROWSER'],
    description: 'SECRET_KEY_FROM_BROWSER: a secret key sent from a browser (no CORS headers either)',
  },
  404: { codes: ['SITE_INACTIVE'], description: 'SITE_INACTIVE: the shop or all its markets are inactive' },
  429: {
    codes: ['RATE_LIMITED'],
    description:
      'RATE_LIMITED: 600 a minute per publishable or preview key, 6000 per secret key, 60 per IP without a valid key',
  },
  500: { codes: ['INTERNAL_ERROR'], description: 'INTERNAL_ERROR: a fault on the server (never a stack trace)' },
  503: {
    codes: ['SITE_REGISTRY_WARMING', 'SERVICE_UNAVAILABLE'],
    description:
      'SITE_REGISTRY_WARMING: the process is still loading the published configurations; ' +
      'SERVICE_UNAVAILABLE: a store the answer needs (the database, or Redis for carts) cannot be reached; ' +
      'retry after Retry-After',
  },
};

/** The extra description of a route's own codes. */
export const CODE_DESCRIPTIONS: Record<string, string> = {
  INVALID_PAGE:
    'INVALID_PAGE: page or pageSize not a positive integer, pageSize above 100, or page x pageSize above ' +
    '10000 (on the sitemap: pageSize above 1000)',
  INVALID_FILTER:
    'INVALID_FILTER: malformed filter syntax (e.g. `filter[a][b]`); on the variants endpoint also an axis ' +
    'the product lacks, a comma list, a repeated axis or an empty value',
  INVALID_QUERY: 'INVALID_QUERY: q missing, blank or over 100 characters',
  FACET_NOT_SEARCHABLE: 'FACET_NOT_SEARCHABLE: a range or toggle facet (only list and swatch facets are searchable)',
  FACET_NOT_FOUND: 'FACET_NOT_FOUND: not a facet of this site',
  INVALID_TYPE: 'INVALID_TYPE: sitemap `type` missing or not product, collection or brand',
  INVALID_SINCE: 'INVALID_SINCE: sitemap `since` not an ISO 8601 date or date-time with an offset',
  PRODUCT_NOT_FOUND:
    'PRODUCT_NOT_FOUND: no such product on the market (unknown, a variant, inactive, or without a price on the market)',
  COLLECTION_NOT_FOUND: 'COLLECTION_NOT_FOUND: no such collection on the site',
  NOT_FOUND:
    'NOT_FOUND: nothing at this path (a path segment that does not percent-decode; on a brand page, a market ' +
    'without brand pages or a brand it does not sell)',
  INDEX_UNAVAILABLE:
    "INDEX_UNAVAILABLE: the site's index is being built (first build unfinished) or the search engine is " +
    'unavailable; retry after Retry-After',
};

const LISTING_OPERATIONS: StorefrontOperation[] = [
  {
    path: '/v1/site',
    operationId: 'getSite',
    summary: 'The site, its markets and media configuration',
    description:
      'Bootstrap for a frontend: the site, its active markets, the answering market and language, ' +
      '`configVersion`, `urlPatterns` and the `media` block.',
    tag: 'Site',
    body: siteResponseSchema,
    errors: {},
  },
  {
    path: '/v1/products',
    operationId: 'listProducts',
    summary: 'Search and list products with facets',
    description:
      'A listing page: free text, filters, facets with disjunctive counts, sort, paging and collection ' +
      'scope. Filters that cannot be honoured become `warnings`, not errors.',
    tag: 'Listing',
    query: listingQuery,
    body: listingResponseSchema,
    errors: { 400: ['INVALID_PAGE', 'INVALID_FILTER'], 503: ['INDEX_UNAVAILABLE'] },
  },
  {
    path: '/v1/search/suggest',
    operationId: 'suggest',
    summary: 'Type-ahead suggestions',
    description:
      'Up to 5 product cards whose name has a word starting with `q`, 5 category values and 10 other facet ' +
      'values whose label starts with `q`.',
    tag: 'Search',
    query: suggestQuery,
    body: suggestResponseSchema,
    errors: { 400: ['INVALID_QUERY'], 503: ['INDEX_UNAVAILABLE'] },
  },
  {
    path: '/v1/products/facets/{key}',
    operationId: 'searchFacetValues',
    summary: 'Search the values of one facet',
    description:
      'Values of a list or swatch facet matching `q`, with counts in the filter context: searched over the ' +
      "facet's 1000 most common values, at most 50 returned. Free text and collection scope are not applied.",
    tag: 'Search',
    params: facetKeyParams,
    query: facetSearchQuery,
    body: facetSearchResponseSchema,
    errors: {
      400: ['INVALID_QUERY', 'INVALID_FILTER', 'FACET_NOT_SEARCHABLE'],
      404: ['FACET_NOT_FOUND', 'NOT_FOUND'],
      503: ['INDEX_UNAVAILABLE'],
    },
  },
];

/** Every /v1 read the document describes. */
export const STOREFRONT_OPERATIONS: StorefrontOperation[] = [...LISTING_OPERATIONS, ...CATALOGUE_OPERATIONS];

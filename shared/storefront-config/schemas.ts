import { z } from 'zod';
import { isMediaSource } from '../media/source-paths';

/** Facet keys the storefront reserves for its built-in facets. */
export const RESERVED_FACET_KEYS: readonly string[] = ['price', 'in-stock'];

const SITE_CODE = /^[a-z0-9-]{1,40}$/;
const KEY = /^[a-z0-9][a-z0-9_-]{0,63}$/;
/** The rule of a market code (search analytics reads roll-ups by it). */
export const MARKET_CODE = KEY;
/** The rule of a facet key (the admin API binds it from the path). */
export const FACET_KEY = KEY;
/**
 * Whether a facet key is one the storefront can take: FACET_KEY's form, and not a name every JavaScript object
 * already has (`constructor`), which a lookup by key would find without any facet.
 */
export const isFacetKey = (key: string): boolean => KEY.test(key) && !(key in Object.prototype);
const FACET_KEY_MESSAGE =
  'must be lowercase letters, digits, hyphens or underscores, and not a name JavaScript objects already have (such as "constructor")';
// BCP-47 as the storefront uses it: a primary language, optionally a region or script ("en", "de-AT", "zh-Hant").
const LANGUAGE = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/;

const origin = z.string().refine((value) => {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value;
  } catch {
    return false;
  }
}, 'must be an origin such as https://shop.example (scheme, host and optional port, no path)');

const absoluteUrl = z.string().refine((value) => {
  try {
    const url = new URL(value.replaceAll('{path}', 'p'));
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}, 'must be an absolute http(s) URL');

const pathPattern = (placeholder: string) =>
  z
    .string()
    .startsWith('/', 'must start with /')
    .includes(placeholder, { message: `must contain ${placeholder}` })
    .max(200);

const perLanguage = (max: number) =>
  z.record(
    z.string().regex(LANGUAGE, 'must be a language code such as en or de-AT'),
    z.string().trim().min(1).max(max),
  );

export const languageSchema = z.string().regex(LANGUAGE, 'must be a BCP-47 language code such as en or de-AT');

export const siteSchema = z.strictObject({
  code: z.string().regex(SITE_CODE, 'must be 1 to 40 lowercase letters, digits or hyphens'),
  name: z.string().trim().min(1).max(200),
  ecomSiteId: z.number().int().positive(),
  /** A switched-off shop answers SITE_INACTIVE (as does one whose every market is inactive). */
  active: z.boolean().default(true),
  devOrigins: z.array(origin).max(20).default([]),
  assortment: z
    .strictObject({
      categoryRootIds: z.array(z.number().int().positive()).max(500).default([]),
      excludeInactive: z.boolean().default(true),
    })
    .default({ categoryRootIds: [], excludeInactive: true }),
  urlPatterns: z
    .strictObject({ product: pathPattern('{slug}'), collection: pathPattern('{path}') })
    .default({ product: '/p/{slug}', collection: '/k/{path}' }),
});
export type SiteFields = z.infer<typeof siteSchema>;

export const marketSchema = z.strictObject({
  code: z.string().regex(KEY, 'must be lowercase letters, digits, hyphens or underscores (at most 64)'),
  language: languageSchema,
  currency: z.string().regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as EUR'),
  country: z.string().regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 code such as SE'),
  urlTemplate: absoluteUrl.refine((v) => v.includes('{path}'), 'must contain {path}'),
  priceListId: z.number().int().positive(),
  isDefault: z.boolean().default(false),
  brandUrlPattern: pathPattern('{slug}').nullable().default(null),
  active: z.boolean().default(true),
});
export type Market = z.infer<typeof marketSchema>;

/** Where a facet's values come from (see docs/decisions.md, "Facet definitions"). */
export const facetSourceSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('brand') }),
  z.strictObject({ kind: z.literal('option'), option: z.string().trim().min(1).max(100) }),
  z.strictObject({ kind: z.literal('attribute'), attribute: z.string().trim().min(1).max(100) }),
  z.strictObject({ kind: z.literal('category'), rootId: z.number().int().positive().nullable() }),
]);
export type FacetSourceDef = z.infer<typeof facetSourceSchema>;

const swatchSchema = z.strictObject({
  color: z.string().max(100).nullable().default(null),
  // A media source, as product media name theirs: the indexer reads and renders it (see docs/decisions.md).
  image: z
    .string()
    .max(2000)
    .refine(isMediaSource, 'must be a path under the media source root (such as swatches/red.png) or an http(s) URL')
    .nullable()
    .default(null),
});

export const facetDefinitionSchema = z.strictObject({
  source: facetSourceSchema,
  type: z.enum(['list', 'hierarchy', 'range', 'toggle', 'swatch']),
  match: z.enum(['any', 'all', 'single']).default('any'),
  label: perLanguage(100).default({}),
  help: perLanguage(500).default({}),
  collapsed: z.boolean().default(false),
  searchable: z.boolean().default(false),
  size: z.number().int().min(1).max(1000).default(20),
  position: z.number().int().min(0).max(10_000).default(0),
  range: z
    .strictObject({ unit: z.string().max(20).nullable().default(null), step: z.number().positive().default(1) })
    .nullable()
    .default(null),
  swatches: z.record(z.string().min(1).max(200), swatchSchema).default({}),
});
export type FacetDefinition = z.infer<typeof facetDefinitionSchema>;

export const facetSchema = z.strictObject({
  key: z.string().refine(isFacetKey, FACET_KEY_MESSAGE),
  definition: facetDefinitionSchema,
});
export type Facet = z.infer<typeof facetSchema>;

/** A collection's filter in the listing grammar: facet key to values; `{"all": []}` matches everything. */
export const collectionFilterSchema = z.record(
  z.string().regex(KEY, 'must be a facet key'),
  z.array(z.string().min(1).max(200)).max(100),
);

/** A product as merchandising names it: the business system's product id. */
const productId = z.union([
  z.string().regex(/^[1-9][0-9]{0,17}$/, 'must be a product id (digits)'),
  z.number().int().positive().transform(String),
]);

/** A product at a 1-based position of the answer (see docs/merchandising.md). */
export const pinSchema = z.strictObject({ productId, position: z.number().int().min(1).max(100) });
export type PinDef = z.infer<typeof pinSchema>;

const pins = z.array(pinSchema).max(100).default([]);
const hides = z.array(productId).max(1000).default([]);

export const collectionSchema = z.strictObject({
  id: z.number().int().positive(),
  slugs: perLanguage(120),
  names: perLanguage(200),
  filter: collectionFilterSchema,
  parentId: z.number().int().positive().nullable().default(null),
  position: z.number().int().min(0).max(100_000).default(0),
  /** Products at the head of the listing, at their positions. */
  pin: pins,
  /** Products left out of the listing, its total and its facet counts. */
  hide: hides,
});
export type Collection = z.infer<typeof collectionSchema>;

export const redirectTargetSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('url'), url: absoluteUrl }),
  z.strictObject({ kind: z.literal('collection'), collectionId: z.number().int().positive() }),
]);

const instant = z.iso.datetime({ offset: true, message: 'must be an ISO 8601 instant such as 2026-12-01T00:00:00Z' });

/** A query rule: which searches it matches (query, match, markets, time window) and what it does to them. */
export const queryRuleSchema = z.strictObject({
  id: z.number().int().positive(),
  query: z.string().trim().min(1).max(200),
  /** `exact`: the whole query, after the normalisation search applies; `contains`: the query holds the phrase as whole words. */
  match: z.enum(['exact', 'contains']).default('exact'),
  /** Market codes the rule is limited to; empty: every market. */
  markets: z.array(z.string().regex(KEY, 'must be a market code')).max(50).default([]),
  /** The rule applies from this instant (inclusive) until `activeUntil` (exclusive); null: open. */
  activeFrom: instant.nullable().default(null),
  activeUntil: instant.nullable().default(null),
  /** Redirect: the answer carries it in `redirect`. */
  target: redirectTargetSchema.nullable().default(null),
  pin: pins,
  hide: hides,
  /** Products matching this filter (listing grammar: facet key to values) rank ahead of the rest. */
  boost: collectionFilterSchema.nullable().default(null),
  /** Products matching this filter rank after the rest. */
  bury: collectionFilterSchema.nullable().default(null),
  /** Applied as if the shopper had chosen it: listed in appliedFilters; the shopper's own choice for a facet replaces it. */
  filter: collectionFilterSchema.nullable().default(null),
});
export type QueryRule = z.infer<typeof queryRuleSchema>;

/** One word or phrase of a synonym entry, as a shopper would type it. */
const synonymTerm = z.string().trim().min(1, 'must not be empty').max(100);

/** Equivalent terms (each finds all of them) or a one-way entry (`from` finds `to`, not back). */
export const equivalentSynonymSchema = z.strictObject({
  terms: z.array(synonymTerm).min(2, 'an equivalent group needs at least two terms').max(50),
});
export const oneWaySynonymSchema = z.strictObject({
  from: synonymTerm,
  to: z.array(synonymTerm).min(1, 'a one-way entry needs at least one term in to').max(50),
});
export const synonymEntrySchema = z.union([equivalentSynonymSchema, oneWaySynonymSchema], {
  error: 'must be {"terms": [...]} (equivalent) or {"from": "...", "to": [...]} (one-way)',
});
export type SynonymEntry = z.infer<typeof synonymEntrySchema>;

/** Most synonym entries per language, and per site over every language. */
export const MAX_SYNONYMS_PER_LANGUAGE = 10_000;
export const MAX_SYNONYMS_PER_SITE = 20_000;

export const synonymSetSchema = z.array(synonymEntrySchema).max(MAX_SYNONYMS_PER_LANGUAGE);

/** The types a shown attribute can take (the spec's attribute `type`). */
export const CONTENT_ATTRIBUTE_TYPES = ['text', 'html', 'number', 'bool', 'list'] as const;

const attributeKey = z.string().trim().min(1).max(100);

/**
 * Where a canonical text field comes from: one of the product's own description properties, an attribute's value
 * (by the attribute's key), or nothing (the field is always null).
 */
export const contentSourceSchema = z.union(
  [
    z.strictObject({ property: z.enum(['shortDescription', 'description']) }),
    z.strictObject({ attribute: attributeKey }),
    z.null(),
  ],
  { error: 'must be {"property": "shortDescription" | "description"}, {"attribute": "<attribute key>"} or null' },
);
export type ContentSource = z.infer<typeof contentSourceSchema>;

/** One attribute the product page shows: its key on the page, the product attribute it reads, and how. */
export const contentAttributeSchema = z.strictObject({
  key: z.string().regex(KEY, 'must be lowercase letters, digits, hyphens or underscores (at most 64)'),
  attribute: attributeKey,
  label: perLanguage(100).default({}),
  /** null: the type the product's attribute has (zero-config). */
  type: z.enum(CONTENT_ATTRIBUTE_TYPES).nullable().default(null),
});
export type ContentAttribute = z.infer<typeof contentAttributeSchema>;

/** Zero-config content: each field from its own property, every attribute with its own label and type. */
export const DEFAULT_CONTENT = {
  shortDescription: { property: 'shortDescription' },
  description: { property: 'description' },
  attributes: null,
} as const satisfies { shortDescription: ContentSource; description: ContentSource; attributes: null };

/** The site's `content` block (spec "Product content"): which product properties fill the canonical fields and attributes. */
export const contentSchema = z.strictObject({
  shortDescription: contentSourceSchema.default(DEFAULT_CONTENT.shortDescription),
  description: contentSourceSchema.default(DEFAULT_CONTENT.description),
  /** The attributes shown, in this order; null: every attribute the product has, in the merchant's order. */
  attributes: z.array(contentAttributeSchema).max(200).nullable().default(null),
});
export type ContentConfig = z.infer<typeof contentSchema>;

/** A site's whole configuration: the draft, and each published version, have this shape. */
export const siteConfigSchema = z.strictObject({
  site: siteSchema,
  markets: z.array(marketSchema).max(50),
  facets: z.array(facetSchema).max(300),
  collections: z.array(collectionSchema).max(5000),
  queryRules: z.array(queryRuleSchema).max(5000),
  /** Synonym entries per language code, applied to searches in that language. */
  synonyms: z.record(languageSchema, synonymSetSchema).default({}),
  /** Which product properties fill the page's content fields. */
  content: contentSchema.default(DEFAULT_CONTENT),
});
export type SiteConfig = z.infer<typeof siteConfigSchema>;

/** A new site's configuration: its own fields, and nothing else configured yet. */
export const emptyConfig = (site: SiteConfig['site']): SiteConfig => ({
  site,
  markets: [],
  facets: [],
  collections: [],
  queryRules: [],
  synonyms: {},
  content: contentSchema.parse({}),
});

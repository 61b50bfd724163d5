import { decimalString } from '../../../indexer/documents/format';
import type { FacetResult, FacetValueCount, SearchResponse } from '../../../shared/search';
import type { Market } from '../../../shared/storefront-config/schemas';
import { projectCard, type IndexedCard } from '../../../indexer/documents/card';
import { labelIn, textIn, type FacetSpec } from '../catalogue/facet-specs';
import { swatchOf, type SwatchImages } from '../catalogue/swatches';
import type { SiteCatalogue } from '../catalogue/site-catalogue';
import { collectionSlug, collectionUrl, productUrl } from '../catalogue/urls';
import { appliedLabelKey } from './applied-labels';
import { SORT_KEYS, type ListingPlan } from './listing-plan';
import type { PageItems } from './rendered-items';
import type { Warning } from './warnings';

const SORT_LABELS: Record<string, Record<string, string>> = {
  relevance: { en: 'Relevance', sv: 'Relevans', de: 'Relevanz' },
  price_asc: { en: 'Price, low to high', sv: 'Pris, lägst först', de: 'Preis aufsteigend' },
  price_desc: { en: 'Price, high to low', sv: 'Pris, högst först', de: 'Preis absteigend' },
  name_asc: { en: 'Name, A to Z', sv: 'Namn, A till Ö', de: 'Name, A bis Z' },
  newest: { en: 'Newest', sv: 'Nyast', de: 'Neueste' },
};

/** The spec's product card on the market, with its absolute URL and its collections' slugs in the language. */
export function cardOf(card: IndexedCard, catalogue: SiteCatalogue, market: Market, language: string) {
  const projected = projectCard(card, market.code, language);
  if (projected === null) return null;
  const collections = (card.collectionIds ?? [])
    .map((id) => catalogue.collectionsById.get(id))
    .filter((c) => c !== undefined)
    .map((c) => collectionSlug(c, language));
  // Object.assign on the fresh projection, not a spread: see facetOf.
  return Object.assign(projected, { url: productUrl(market, catalogue.config.site, projected.slug), collections });
}

/**
 * A range facet's bound as the spec writes shop data: a decimal string, never a JSON number (the price with at
 * least two decimals, as its amounts are).
 */
const rangeBound = (key: string, n: number | null): string | null =>
  n === null ? null : key === 'price' ? decimalString(String(n)) : String(n);

function facetOf(
  spec: FacetSpec,
  result: FacetResult | undefined,
  plan: ListingPlan,
  language: string,
  swatchImages: SwatchImages,
) {
  const selected = new Set(plan.applied.filter((a) => a.facet === spec.key).map((a) => a.value));
  // The rest is added with Object.assign, not `{ ...base, values }`: on Node 20 a spread followed by more
  // properties costs about 2 us an object (docs/decisions.md, "Spreads that add properties").
  const base = {
    key: spec.key,
    label: labelIn(spec.label, language, spec.key),
    type: spec.type,
    match: spec.match,
    searchable: spec.searchable,
    help: textIn(spec.help, language),
    collapsed: spec.collapsed,
  };
  if (result?.kind === 'range') {
    return Object.assign(base, {
      values: [],
      truncated: false,
      range: {
        unit: spec.range?.unit ?? null,
        step: spec.range?.step ?? 1,
        min: rangeBound(spec.key, result.min),
        max: rangeBound(spec.key, result.max),
      },
    });
  }
  if (result?.kind === 'toggle') {
    return Object.assign(base, {
      values: [{ value: 'true', label: base.label, count: result.count, selected: selected.has('true'), help: null }],
      truncated: false,
      range: null,
    });
  }
  const values = (result?.values ?? []).map((v: FacetValueCount & { depth?: number; parent?: string | null }) => ({
    value: v.value,
    label: v.label ?? v.value,
    count: v.count,
    selected: selected.has(v.value),
    help: null,
    ...(v.depth !== undefined && { depth: v.depth, parent: v.parent ?? null }),
    ...(spec.type === 'swatch' && { swatch: swatchOf(spec, v.value, swatchImages) }),
  }));
  return Object.assign(base, { values, truncated: result?.truncated ?? false, range: null });
}

/** The spec's listing response from the engine's answer and the page's items. */
export function listingResponse(input: {
  plan: ListingPlan;
  result: SearchResponse;
  catalogue: SiteCatalogue;
  language: string;
  redirect: unknown;
  queryCorrection: unknown;
  warnings?: Warning[];
  /** Labels of selected values the facets do not list (see missingLabels), by appliedLabelKey. */
  labels?: Map<string, string>;
  /** Descriptors of the configured swatch images, by source (none: every swatch `image` is null). */
  swatchImages?: SwatchImages;
  /** The page's items: rendered from the hits' cards, or kept from an earlier page. */
  items: PageItems;
}) {
  const { plan, result, catalogue, language } = input;
  const facets = catalogue.facets.map((spec, i) =>
    facetOf(spec, result.facets[i], plan, language, input.swatchImages ?? new Map()),
  );
  const labelOf = (facet: string, value: string) =>
    facets.find((f) => f.key === facet)?.values.find((v) => v.value === value)?.label ??
    input.labels?.get(appliedLabelKey(facet, value)) ??
    value;
  return {
    items: input.items.of(result.hits),
    facets,
    appliedFilters: plan.applied.map((a) => ({ facet: a.facet, value: a.value, label: labelOf(a.facet, a.value) })),
    total: result.total,
    page: plan.page,
    pageSize: plan.pageSize,
    sort: {
      selected: plan.sort,
      available: SORT_KEYS.map((key) => ({ key, label: labelIn(SORT_LABELS[key] ?? {}, language, key) })),
    },
    redirect: input.redirect,
    queryCorrection: input.queryCorrection,
    warnings: [...plan.warnings, ...(input.warnings ?? [])],
  };
}

export type ListingResponse = ReturnType<typeof listingResponse>;

/** The spec's redirect object of a query rule's target, or null. */
export function redirectFor(
  target: ListingPlan['redirect'],
  catalogue: SiteCatalogue,
  market: Market,
  language: string,
) {
  if (target === null) return null;
  if (target.kind === 'url') return { type: 'url' as const, url: target.url, collection: null };
  const collection = catalogue.collectionsById.get(target.collectionId);
  if (collection === undefined) return null;
  return {
    type: 'collection' as const,
    url: collectionUrl(market, catalogue.config.site, collection, catalogue.collectionsById, language),
    collection: {
      id: String(collection.id),
      slug: collectionSlug(collection, language),
      name: labelIn(collection.names, language, String(collection.id)),
    },
  };
}

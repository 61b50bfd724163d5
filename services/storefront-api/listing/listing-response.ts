import type { SearchResponse } from '../../../shared/search';
import type { Market } from '../../../shared/storefront-config/schemas';
import { projectCard, type IndexedCard } from '../../../indexer/documents/card';
import { labelIn } from '../catalogue/facet-specs';
import type { SiteCatalogue } from '../catalogue/site-catalogue';
import { collectionSlug, collectionUrl, productUrl } from '../catalogue/urls';
import { appliedLabelKey } from './applied-labels';
import type { FacetPanel } from './facet-view';
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
  /** The listing's facets (see facetPanel). */
  facets: FacetPanel;
  /** The page's items: rendered from the hits' cards, or kept from an earlier page. */
  items: PageItems;
}) {
  const { plan, result, language, facets } = input;
  const labelOf = (facet: string, value: string) => {
    const key = appliedLabelKey(facet, value);
    return facets.labels.get(key) ?? input.labels?.get(key) ?? value;
  };
  return {
    items: input.items.of(result.hits),
    facets: facets.json,
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

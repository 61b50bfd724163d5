import { siteIndexFields, type IndexSettings } from '../../shared/search';
import type { Facet, SiteConfig } from '../../shared/storefront-config/schemas';
import { deriveSiteIndexConfig, type FacetSource, type SiteIndexConfig, type TenantFacts } from './site-config';

/** The document source of one configured facet: range and toggle facets read an attribute as a number or a flag. */
export function facetSource({ key, definition: d }: Facet): FacetSource {
  switch (d.source.kind) {
    case 'brand':
      return { kind: 'brand', key };
    case 'option':
      return { kind: 'option', key, option: d.source.option };
    case 'category':
      return { kind: 'category', key, rootId: d.source.rootId };
    case 'attribute': {
      const as = d.type === 'range' ? 'number' : d.type === 'toggle' ? 'flag' : 'terms';
      return { kind: 'attribute', key, attribute: d.source.attribute, as };
    }
  }
}

/**
 * What the indexer needs of a site config: its active markets, their languages (the default market's
 * first), the configured facets (or, with none, the zero-config facets derived from the tenant's data),
 * the assortment, the collections and the content block.
 */
export function siteIndexConfig(config: SiteConfig, facts: TenantFacts): SiteIndexConfig {
  const markets = config.markets.filter((m) => m.active).sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
  const languages = [...new Set(markets.map((m) => m.language))];
  const facets = config.facets.length > 0 ? config.facets.map(facetSource) : deriveSiteIndexConfig(facts).facets;
  return {
    markets: markets.map((m) => ({
      code: m.code,
      language: m.language,
      currency: m.currency,
      priceListId: m.priceListId,
    })),
    languages,
    facets,
    assortment: config.site.assortment,
    collections: config.collections.map((c) => ({ id: c.id, filter: c.filter })),
    content: config.content,
  };
}

/** The index settings of a site: its languages and every field its documents may carry (Elasticsearch maps exactly these). */
export function siteIndexSettings(index: SiteIndexConfig): IndexSettings {
  const keysAs = (as: 'number' | 'flag') =>
    index.facets.filter((f) => f.kind === 'attribute' && f.as === as).map((f) => f.key);
  const terms = index.facets
    .filter((f) => !(f.kind === 'attribute' && (f.as === 'number' || f.as === 'flag')))
    .map((f) => f.key);
  return {
    languages: index.languages,
    fields: siteIndexFields({
      markets: index.markets.map((m) => m.code),
      facets: terms,
      numbers: keysAs('number'),
      flags: keysAs('flag'),
    }),
  };
}

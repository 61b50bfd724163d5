import { SiteMerchandising } from '../../../shared/merchandising/site-merchandising';
import type { Collection, Market, SiteConfig } from '../../../shared/storefront-config/schemas';
import { siteIndexConfig } from '../../../indexer/documents/from-site-config';
import type { SiteIndexConfig, TenantFacts } from '../../../indexer/documents/site-config';
import { facetSpecs, type FacetSpec } from './facet-specs';

/**
 * What the storefront serves for one config version of a site, computed once per version: its facets, markets,
 * collections by id and by slug per language, and its merchandising (query rules, synonyms).
 */
export class SiteCatalogue {
  readonly facets: FacetSpec[];
  readonly facetsByKey: Map<string, FacetSpec>;
  readonly markets: Market[];
  readonly collectionsById: Map<number, Collection>;
  private readonly collectionsBySlug = new Map<string, Collection>();
  /** Query rules and synonyms. */
  readonly merchandising: SiteMerchandising;
  /** Origins a browser may call from: every active market's urlTemplate origin and the site's devOrigins. */
  readonly origins: Set<string>;
  /** What the indexer builds documents from: detail reads decide sellability and prices with the same rules. */
  readonly index: SiteIndexConfig;

  constructor(readonly config: SiteConfig, facts: TenantFacts, readonly version: number | null) {
    this.facets = facetSpecs(config, facts);
    this.facetsByKey = new Map(this.facets.map((f) => [f.key, f]));
    this.markets = config.markets.filter((m) => m.active);
    this.collectionsById = new Map(config.collections.map((c) => [c.id, c]));
    for (const c of config.collections) for (const [language, slug] of Object.entries(c.slugs)) this.collectionsBySlug.set(`${language}\u0000${slug}`, c);
    this.merchandising = new SiteMerchandising(config);
    this.origins = allowedOrigins(config);
    this.index = siteIndexConfig(config, facts);
  }

  get defaultMarket(): Market | undefined {
    return this.markets.find((m) => m.isDefault) ?? this.markets[0];
  }

  /** Every language a market of the site speaks, the default market's first. */
  get languages(): string[] {
    const ordered = [...this.markets].sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
    return [...new Set(ordered.map((m) => m.language))];
  }

  /** A collection by its slug in the language (any language as a fallback) or by id. */
  collection(ref: string, language: string): Collection | undefined {
    const bySlug = this.collectionsBySlug.get(`${language}\u0000${ref}`);
    if (bySlug !== undefined) return bySlug;
    for (const c of this.config.collections) if (Object.values(c.slugs).includes(ref)) return c;
    return /^\d+$/.test(ref) ? this.collectionsById.get(Number(ref)) : undefined;
  }
}

/** The CORS origins of a config (spec "CORS"): active markets' urlTemplate origins and devOrigins. */
export function allowedOrigins(config: SiteConfig): Set<string> {
  const markets = config.markets.filter((m) => m.active).map((m) => new URL(m.urlTemplate.replace('{path}', '')).origin);
  return new Set([...markets, ...config.site.devOrigins]);
}


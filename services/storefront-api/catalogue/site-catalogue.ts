import { SiteMerchandising } from '../../../shared/merchandising/site-merchandising';
import type { Collection, Market, SiteConfig } from '../../../shared/storefront-config/schemas';
import { siteIndexConfig } from '../../../indexer/documents/from-site-config';
import type { SiteIndexConfig, TenantFacts } from '../../../indexer/documents/site-config';
import type { SlugRow } from '../../../shared/storefront-config/slugs/slug-store';
import { CollectionSlugs } from './collection-slugs';
import { facetSpecs, type FacetSpec } from './facet-specs';
import { collectionSlug } from './urls';

/**
 * What the storefront serves for one config version of a site, computed once per version: its facets, markets,
 * collections by id and by slug per language, and its merchandising (query rules, synonyms).
 */
export class SiteCatalogue {
  readonly facets: FacetSpec[];
  readonly facetsByKey: Map<string, FacetSpec>;
  readonly markets: Market[];
  readonly collectionsById: Map<number, Collection>;
  /** The config, its collections' `slugs` being the slugs served (minted at publish; see CollectionSlugs). */
  readonly config: SiteConfig;
  private readonly collectionSlugs: CollectionSlugs;
  /** Query rules and synonyms. */
  readonly merchandising: SiteMerchandising;
  /** Origins a browser may call from: every active market's urlTemplate origin and the site's devOrigins. */
  readonly origins: Set<string>;
  /** What the indexer builds documents from: detail reads decide sellability and prices with the same rules. */
  readonly index: SiteIndexConfig;

  /** `collectionSlugRows`: every slug minted for the site's collections (storefront_slugs). */
  constructor(
    config: SiteConfig,
    facts: TenantFacts,
    readonly version: number | null,
    collectionSlugRows: readonly SlugRow[] = [],
  ) {
    this.collectionSlugs = new CollectionSlugs(config.collections, collectionSlugRows);
    const collections = config.collections.map((c) => ({
      ...c,
      slugs: this.collectionSlugs.served.get(c.id) ?? c.slugs,
    }));
    this.config = { ...config, collections };
    this.facets = facetSpecs(config, facts);
    this.facetsByKey = new Map(this.facets.map((f) => [f.key, f]));
    this.markets = config.markets.filter((m) => m.active);
    this.collectionsById = new Map(collections.map((c) => [c.id, c]));
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

  /** A collection by its slug in the language (any language as a fallback; current, then historical) or by id. */
  collection(ref: string, language: string): Collection | undefined {
    return this.resolveCollection(ref, language)?.collection;
  }

  /**
   * A collection by slug or id, as `collection`, with `redirectTo`: its slug in the language when `ref` is a slug
   * that is not that one (historical, another language's, or in another case), else null.
   */
  resolveCollection(ref: string, language: string): { collection: Collection; redirectTo: string | null } | undefined {
    const hit = this.collectionSlugs.find(ref, language);
    const collection =
      hit !== undefined
        ? this.collectionsById.get(hit.id)
        : /^\d+$/.test(ref)
          ? this.collectionsById.get(Number(ref))
          : undefined;
    if (collection === undefined) return undefined;
    const slug = collectionSlug(collection, language);
    return { collection, redirectTo: hit !== undefined && slug !== ref ? slug : null };
  }
}

/** The CORS origins of a config (spec "CORS"): active markets' urlTemplate origins and devOrigins. */
export function allowedOrigins(config: SiteConfig): Set<string> {
  const markets = config.markets
    .filter((m) => m.active)
    .map((m) => new URL(m.urlTemplate.replace('{path}', '')).origin);
  return new Set([...markets, ...config.site.devOrigins]);
}

import type { Collection, Market } from '../../../shared/storefront-config/schemas';
import { labelIn } from '../catalogue/facet-specs';
import type { SiteCatalogue } from '../catalogue/site-catalogue';
import { collectionPath, collectionSlug, collectionUrl } from '../catalogue/urls';

// The collection resource (the spec's "not shown"), its tree, breadcrumb and hreflang alternates (pure).

export function collectionOf(c: Collection, catalogue: SiteCatalogue, market: Market, language: string) {
  const byId = catalogue.collectionsById;
  return {
    id: String(c.id),
    slug: collectionSlug(c, language),
    name: labelIn(c.names, language, String(c.id)),
    path: collectionPath(c, byId, language),
    url: collectionUrl(market, catalogue.config.site, c, byId, language),
    parentId: c.parentId === null || !byId.has(c.parentId) ? null : String(c.parentId),
  };
}

export type CollectionView = ReturnType<typeof collectionOf>;
export type CollectionNode = CollectionView & { children: CollectionNode[] };

const byPosition = (a: Collection, b: Collection) => a.position - b.position || a.id - b.id;

/** Every collection of the site as a tree: roots (and orphans) first level, children by position. */
export function collectionTree(catalogue: SiteCatalogue, market: Market, language: string): CollectionNode[] {
  const all = [...catalogue.config.collections].sort(byPosition);
  const childrenOf = (id: number | null): CollectionNode[] =>
    all
      .filter((c) =>
        id === null ? c.parentId === null || !catalogue.collectionsById.has(c.parentId) : c.parentId === id,
      )
      .map((c) => Object.assign(collectionOf(c, catalogue, market, language), { children: childrenOf(c.id) }));
  return childrenOf(null);
}

/** The collection's ancestors and itself, root first. */
export function breadcrumbOf(c: Collection, catalogue: SiteCatalogue, market: Market, language: string) {
  const trail: Collection[] = [];
  const seen = new Set<number>();
  for (
    let at: Collection | undefined = c;
    at !== undefined && !seen.has(at.id);
    at = at.parentId === null ? undefined : catalogue.collectionsById.get(at.parentId)
  ) {
    seen.add(at.id);
    trail.unshift(at);
  }
  return trail.map((step) => {
    const { id, slug, name, url } = collectionOf(step, catalogue, market, language);
    return { id, slug, name, url };
  });
}

/** hreflang: each site language's URL on a market of that language (the request's market first). */
export function collectionAlternates(c: Collection, catalogue: SiteCatalogue, market: Market): Record<string, string> {
  const out: Record<string, string> = {};
  for (const language of catalogue.languages) {
    const on = [market, ...catalogue.markets].find((m) => m.language === language);
    if (on !== undefined)
      out[language] = collectionUrl(on, catalogue.config.site, c, catalogue.collectionsById, language);
  }
  return out;
}

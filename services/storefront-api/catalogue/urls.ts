import type { Collection, Market, SiteConfig } from '../../../shared/storefront-config/schemas';

/** An absolute URL on the market: its urlTemplate with `{path}` replaced by the pattern's path (no leading slash). */
export function marketUrl(market: Market, pattern: string, values: Record<string, string>): string {
  const path = Object.entries(values).reduce(
    (p, [name, value]) => p.replaceAll(`{${name}}`, encodeURIComponent(value).replace(/%2F/g, '/')),
    pattern,
  );
  return market.urlTemplate.replace('{path}', path.replace(/^\/+/, ''));
}

export const productUrl = (market: Market, site: SiteConfig['site'], slug: string) =>
  marketUrl(market, site.urlPatterns.product, { slug });

/** A collection's path is its slug below its ancestors' slugs ("women/shoes"), in the language. */
export function collectionPath(collection: Collection, byId: Map<number, Collection>, language: string): string {
  const slugs: string[] = [];
  const seen = new Set<number>();
  for (
    let c: Collection | undefined = collection;
    c !== undefined && !seen.has(c.id);
    c = c.parentId === null ? undefined : byId.get(c.parentId)
  ) {
    seen.add(c.id);
    slugs.unshift(collectionSlug(c, language));
  }
  return slugs.join('/');
}

/** The collection's slug in the language, else its first. */
export const collectionSlug = (c: Collection, language: string): string =>
  c.slugs[language] ?? Object.values(c.slugs)[0] ?? String(c.id);

export const collectionUrl = (
  market: Market,
  site: SiteConfig['site'],
  collection: Collection,
  byId: Map<number, Collection>,
  language: string,
) => marketUrl(market, site.urlPatterns.collection, { path: collectionPath(collection, byId, language) });

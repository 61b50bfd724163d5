import type { Knex } from '../../../shared/db/knex';
import type { SearchEngine } from '../../../shared/search';
import { findBySlug } from '../../../shared/storefront-config/slugs/slug-store';
import { brandFacetKey } from '../products/content';
import { brandLogos } from '../products/product-media';
import { currentSlugs } from '../products/product-rows';
import type { SiteContext } from '../keys/site-context';
import { marketUrl } from '../catalogue/urls';

/** Brands counted at most (far above any tenant's brand count; the facet says when it was cut). */
const MAX_BRANDS = 10_000;

export interface BrandRow {
  id: number;
  name: string;
  slug: string;
  description: string | null;
  updated_at: Date;
}

/**
 * The brands the market sells, with product counts: the index's brand facet over every product sold on the
 * market (the listing's own brand filter, so a brand page is never empty), joined to the tenant's brand rows.
 * Empty when the site has no brand facet.
 */
export async function marketBrands(
  engine: SearchEngine,
  db: Knex,
  ctx: SiteContext,
): Promise<{ row: BrandRow; count: number }[]> {
  const key = brandFacetKey(ctx.catalogue.index);
  if (key === null) return [];
  const result = await engine.search(ctx.alias, {
    language: ctx.language,
    market: ctx.market.code,
    facets: [{ kind: 'terms', key, size: MAX_BRANDS }],
    page: 1,
    pageSize: 0,
  });
  const facet = result.facets[0];
  const counts = new Map(
    facet !== undefined && facet.kind === 'terms' ? facet.values.map((v) => [v.value, v.count]) : [],
  );
  if (counts.size === 0) return [];
  const rows: BrandRow[] = await db('brands')
    .where({ tenant_id: ctx.key.tenantId })
    .whereIn('slug', [...counts.keys()])
    .orderBy('name')
    .select('id', 'name', 'slug', 'description', 'updated_at');
  return rows.map((row) => ({ row, count: counts.get(row.slug) ?? 0 }));
}

/** The brand a slug (any language's, current or historical), id or filter key names among `sold`; null when none. */
export async function brandNamed(
  db: Knex,
  ctx: SiteContext,
  ref: string,
  sold: readonly BrandRow[],
): Promise<{ row: BrandRow; bySlug: boolean } | null> {
  const hit = await findBySlug(
    db,
    { tenantId: ctx.key.tenantId, siteId: ctx.key.siteId, entityType: 'brand' },
    ref,
    ctx.language,
    ctx.catalogue.languages,
  );
  const row = sold.find((b) => (hit !== null ? String(b.id) === hit.entityId : String(b.id) === ref || b.slug === ref));
  return row === undefined ? null : { row, bySlug: hit !== null };
}

/** The public view of brands: label, slug (minted by the indexer), page URL on markets with brand pages, logo. */
export async function brandViews(db: Knex, ctx: SiteContext, rows: readonly BrandRow[]) {
  const ids = rows.map((r) => r.id);
  const [slugs, logos] = await Promise.all([
    currentSlugs(db, { tenantId: ctx.key.tenantId, siteId: ctx.key.siteId }, 'brand', ids),
    brandLogos(ctx.media, db, ctx.key.tenantId, ids),
  ]);
  const pages = ctx.market.brandUrlPattern !== null && brandFacetKey(ctx.catalogue.index) !== null;
  const slugIn = (row: BrandRow, language: string) => slugs.get(row.id)?.[language] ?? row.slug;
  return rows.map((row) => {
    const slug = slugIn(row, ctx.language);
    return {
      view: {
        id: String(row.id),
        label: row.name,
        slug,
        url:
          pages && ctx.market.brandUrlPattern !== null
            ? marketUrl(ctx.market, ctx.market.brandUrlPattern, { slug })
            : null,
        logo: logos.get(row.id) ?? null,
      },
      slugIn: (language: string) => slugIn(row, language),
    };
  });
}

/** hreflang: each site language's brand page on a market of that language with brand pages. */
export function brandAlternates(ctx: SiteContext, slugIn: (language: string) => string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const language of ctx.catalogue.languages) {
    const on = [ctx.market, ...ctx.catalogue.markets].find(
      (m) => m.language === language && m.brandUrlPattern !== null,
    );
    if (on !== undefined && on.brandUrlPattern !== null)
      out[language] = marketUrl(on, on.brandUrlPattern, { slug: slugIn(language) });
  }
  return out;
}

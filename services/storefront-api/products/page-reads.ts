import type { Knex } from '../../../shared/db/knex';
import type { SearchEngine } from '../../../shared/search';
import { findBySlugs, type SlugHit } from '../../../shared/storefront-config/slugs/slug-store';
import { BatchedLoads } from '../freshness/batched-loads';
import type { SiteContext } from '../keys/site-context';
import type { HeldProducts } from './held-products';
import { type PageRows, pageRows } from './product-rows';
import type { SlugRoutes } from './slug-routes';

/**
 * Where a product page reads from: the held products, the page reads of what is not held, and the engine serving the
 * listing (the cards of linked products).
 */
export type ProductSources = { held: HeldProducts; pages: PageReads; engine: SearchEngine };

/**
 * The reads of a product page that are not held products: the slug asked for, and the page's own rows (its brands'
 * logos among them). Concurrent pages read them together (BatchedLoads): a page that is not held costs a share of
 * each statement, not one each.
 */
export class PageReads {
  private readonly slugs = new BatchedLoads<string, SlugHit>();
  private readonly rows = new BatchedLoads<number, PageRows>();

  constructor(
    private readonly db: Knex,
    private readonly routes: SlugRoutes,
  ) {}

  /**
   * The id of the product a slug names on the request's site (see findBySlug), or null: from the site's slug routes
   * when they hold it, else from PostgreSQL.
   */
  async slug(ctx: SiteContext, slug: string): Promise<number | null> {
    const scope = { tenantId: ctx.key.tenantId, siteId: ctx.key.siteId, entityType: 'product' as const };
    const routed = this.routes.product(scope, ctx.language, slug);
    if (routed !== undefined) return routed;
    const group = [scope.tenantId, scope.siteId, ctx.language, ...ctx.catalogue.languages].join('\u0000');
    const found = await this.slugs.load(group, [slug], (slugs) =>
      findBySlugs(this.db, scope, slugs, ctx.language, ctx.catalogue.languages),
    );
    const hit = found.get(slug);
    return hit === undefined ? null : Number(hit.entityId);
  }

  /** The page rows of one product (see PageRows). */
  async page(ctx: SiteContext, productId: number): Promise<PageRows> {
    const scope = { tenantId: ctx.key.tenantId, siteId: ctx.key.siteId };
    const found = await this.rows.load(`${scope.tenantId}\u0000${scope.siteId}`, [productId], (ids) =>
      pageRows(this.db, scope, ids),
    );
    const rows = found.get(productId);
    // The query answers a row for every id asked for.
    if (rows === undefined) throw new Error(`no page rows for product ${productId}`);
    return rows;
  }
}

import type { Knex } from '../../../shared/db/knex';
import type { Logger } from '../../../shared/logger';

/** How many routes a process keeps (all sites and languages together), and how long a site's are trusted to be whole. */
export type SlugRouteBounds = { maxEntries: number; maxAgeMs: number };

/** About what one route costs the heap: a short one-byte key, a small integer and the map's own slot. */
export const ROUTE_BYTES = 96;

type Routes = { ids: Map<string, number> | null; at: number };

/**
 * The product each current slug of a site names, per language: a product page's slug is one lookup here instead of a
 * statement. A site's routes are read in one query when first asked for (answered from PostgreSQL meanwhile) and
 * again once `maxAgeMs` old. A route can only be incomplete or old, never wrong: a slug always names the product it
 * was minted for (history included), so a slug minted since the read is looked up in PostgreSQL, and one that is
 * historical by now still names its product, whose page then redirects to its current slug (findProduct). A site
 * whose routes would pass `maxEntries` keeps none.
 */
export class SlugRoutes {
  private readonly sites = new Map<string, Routes>();
  private entries = 0;

  constructor(
    private readonly db: Knex,
    private readonly logger: Logger,
    private readonly bounds: SlugRouteBounds,
  ) {}

  /** The product `slug` names in `language` on the site, when its routes are read and hold it. */
  product(scope: { tenantId: number; siteId: number }, language: string, slug: string): number | undefined {
    if (this.bounds.maxEntries === 0) return undefined;
    const key = `${scope.tenantId}\u0000${scope.siteId}\u0000${language}`;
    const routes = this.sites.get(key);
    if (routes === undefined || Date.now() - routes.at >= this.bounds.maxAgeMs) this.read(key, scope, language);
    return routes?.ids?.get(slug);
  }

  /** What the routes hold: entries, and about as many bytes as ROUTE_BYTES each. */
  size(): { entries: number; bytes: number } {
    return { entries: this.entries, bytes: this.entries * ROUTE_BYTES };
  }

  /** Reads a site's routes in the background; until they are in, its lookups answer nothing. */
  private read(key: string, scope: { tenantId: number; siteId: number }, language: string): void {
    const held = this.sites.get(key);
    // Marked now, so the lookups of the next requests do not read again while this read runs.
    this.sites.set(key, { ids: held?.ids ?? null, at: Date.now() });
    this.db
      .raw<{ rows: { slug: string; entity_id: string }[] }>(
        `select slug, entity_id from storefront_slugs where tenant_id = ? and site_id = ? and entity_type = 'product'
          and language = ? and current`,
        [scope.tenantId, scope.siteId, language],
      )
      .then(({ rows }) => this.keep(key, rows))
      .catch((err: unknown) => {
        // Lookups go to PostgreSQL until the next read, which the next request after `maxAgeMs` starts.
        this.logger.warn({ err }, 'slug routes unreadable: product slugs are looked up in PostgreSQL');
      });
  }

  private keep(key: string, rows: readonly { slug: string; entity_id: string }[]): void {
    const held = this.sites.get(key);
    const before = held?.ids?.size ?? 0;
    if (this.entries - before + rows.length > this.bounds.maxEntries) {
      this.entries -= before;
      this.sites.set(key, { ids: null, at: held?.at ?? Date.now() });
      return;
    }
    this.entries += rows.length - before;
    this.sites.set(key, { ids: new Map(rows.map((r) => [r.slug, Number(r.entity_id)])), at: held?.at ?? Date.now() });
  }
}

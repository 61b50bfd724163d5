import { Router } from 'express';
import type { Knex } from '../../../shared/db/knex';
import type { SearchEngine } from '../../../shared/search';
import { brandAlternates, brandViews, marketBrands } from '../brands/market-brands';
import { collectionAlternates } from '../collections/collection-view';
import { collectionUrl } from '../catalogue/urls';
import { sendRead } from '../http/cached-json';
import type { MicroCache } from '../http/micro-cache';
import { contextOf, type SiteContext } from '../keys/site-context';
import { brandPagesOn } from '../products/content';
import { productAlternates } from '../products/detail';
import { marketConfigOf } from '../products/product-parts';
import type { CategoryTrees } from '../products/category-trees';
import { loadSold } from '../products/sold-products';
import { productCandidates, configTime } from './sitemap-candidates';
import { sitemapParams, type SitemapParams } from './sitemap-params';

type Row = { id: string; url: string; lastModified: string; alternates: Record<string, string> };
type Page = { rows: Row[]; hasMore: boolean };

const fresh = (since: Date | null, at: Date) => since === null || at.getTime() >= since.getTime();
const slice = <T>(all: T[], p: SitemapParams) => ({
  items: all.slice((p.page - 1) * p.pageSize, p.page * p.pageSize),
  hasMore: all.length > p.page * p.pageSize,
});

async function productRows(db: Knex, trees: CategoryTrees, ctx: SiteContext, p: SitemapParams): Promise<Page> {
  const ids = await productCandidates(db, ctx.key, marketConfigOf(ctx), p.since, {
    offset: (p.page - 1) * p.pageSize,
    limit: p.pageSize + 1,
  });
  const page = ids.slice(0, p.pageSize);
  const sold = await loadSold(db, trees, ctx, page);
  const rows = page.flatMap((id) => {
    const found = sold.get(id);
    const url = found === undefined ? undefined : productAlternates(found, ctx)[ctx.language];
    if (found === undefined || url === undefined || !fresh(p.since, new Date(found.card.updatedAt))) return [];
    return [{ id: String(id), url, lastModified: found.card.updatedAt, alternates: productAlternates(found, ctx) }];
  });
  return { rows, hasMore: ids.length > p.pageSize };
}

async function collectionRows(db: Knex, ctx: SiteContext, p: SitemapParams): Promise<Page> {
  const at = await configTime(db, ctx.key.siteId, ctx.catalogue.version);
  const all = fresh(p.since, at) ? [...ctx.catalogue.config.collections].sort((a, b) => a.id - b.id) : [];
  const { items, hasMore } = slice(all, p);
  const { catalogue, market, language } = ctx;
  return {
    rows: items.map((c) => ({
      id: String(c.id),
      url: collectionUrl(market, catalogue.config.site, c, catalogue.collectionsById, language),
      lastModified: at.toISOString(),
      alternates: collectionAlternates(c, catalogue, market),
    })),
    hasMore,
  };
}

async function brandRows(engine: SearchEngine, db: Knex, ctx: SiteContext, p: SitemapParams): Promise<Page> {
  if (!brandPagesOn(ctx.market, ctx.catalogue.index)) return { rows: [], hasMore: false };
  const brands = (await marketBrands(engine, db, ctx))
    .map((b) => b.row)
    .filter((b) => fresh(p.since, b.updated_at))
    .sort((a, b) => a.id - b.id);
  const { items, hasMore } = slice(brands, p);
  const views = await brandViews(db, ctx, items);
  return {
    rows: views.flatMap(({ view, slugIn }, i) =>
      view.url === null
        ? []
        : [
            {
              id: view.id,
              url: view.url,
              lastModified: (items[i]?.updated_at ?? new Date(0)).toISOString(),
              alternates: brandAlternates(ctx, slugIn),
            },
          ],
    ),
    hasMore,
  };
}

/**
 * `GET /v1/sitemap?type=product|collection|brand&since=&page=&pageSize=`: rows with absolute URL, last-modified and
 * hreflang alternates.
 */
export function sitemapRoutes(db: Knex, trees: CategoryTrees, engine: SearchEngine, cache: MicroCache): Router {
  const router = Router();
  router.get('/v1/sitemap', async (req, res) => {
    const ctx = contextOf(res);
    await sendRead(req, res, cache, ctx, async () => {
      const first = (name: string) => (typeof req.query[name] === 'string' ? (req.query[name] as string) : undefined);
      const p = sitemapParams({
        type: first('type'),
        since: first('since'),
        page: first('page'),
        pageSize: first('pageSize'),
      });
      const { rows, hasMore } =
        p.type === 'product'
          ? await productRows(db, trees, ctx, p)
          : p.type === 'collection'
            ? await collectionRows(db, ctx, p)
            : await brandRows(engine, db, ctx, p);
      return { type: p.type, items: rows, page: p.page, pageSize: p.pageSize, hasMore };
    });
  });
  return router;
}

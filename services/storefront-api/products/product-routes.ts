import { Router } from 'express';
import type { Knex } from '../../../shared/db/knex';
import { contextOf, type SiteContext } from '../keys/site-context';
import { productDetail } from './detail';
import { findBySku, findProduct } from './find-product';
import type { HeldProduct } from './held-products';
import type { PageReads, ProductSources } from './page-reads';
import { type ProductAnswers, sendProductRead } from './product-answers';
import { loadProductParts } from './product-parts';
import { relatedAndBundle } from './related';

type Links = Awaited<ReturnType<typeof relatedAndBundle>>;

async function detailOf(
  pages: PageReads,
  ctx: SiteContext,
  held: HeldProduct,
  links: Links | null,
  found: { redirectTo: string | null; matchedVariantId: string | null },
) {
  const parts = await loadProductParts(pages, ctx, held, links?.page);
  const answer = productDetail(parts, ctx, { ...found, ...(links ?? { related: [], bundle: null }) });
  return { answer, products: [held.sold.product.id, ...(links?.products ?? [])], token: links?.token ?? null };
}

/** `GET /v1/products/by-sku/{sku}` and `GET /v1/products/{slugOrId}` (PostgreSQL rows, the indexer's rules). */
export function productRoutes(db: Knex, sources: ProductSources, caches: ProductAnswers): Router {
  const router = Router();
  router.get('/v1/products/by-sku/:sku', async (req, res) => {
    const ctx = contextOf(res);
    // Related and bundle cards load while the product itself does (they are dropped when it is not sold).
    const links = (id: number) => relatedAndBundle(sources, ctx, id);
    await sendProductRead(req, res, caches, ctx, async () => {
      const {
        held: found,
        extra,
        matchedVariantId,
      } = await findBySku(db, sources.held, ctx, String(req.params.sku), links);
      return detailOf(sources.pages, ctx, found, extra, { redirectTo: null, matchedVariantId });
    });
  });
  router.get('/v1/products/:slugOrId', async (req, res) => {
    const ctx = contextOf(res);
    const links = (id: number) => relatedAndBundle(sources, ctx, id);
    await sendProductRead(req, res, caches, ctx, async () => {
      const { held: found, extra, redirectTo } = await findProduct(sources, ctx, String(req.params.slugOrId), links);
      return detailOf(sources.pages, ctx, found, extra, { redirectTo, matchedVariantId: null });
    });
  });
  return router;
}

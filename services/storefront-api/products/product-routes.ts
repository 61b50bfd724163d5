import { Router } from 'express';
import type { Knex } from '../../../shared/db/knex';
import { sendRead } from '../http/cached-json';
import type { MicroCache } from '../http/micro-cache';
import { contextOf, type SiteContext } from '../keys/site-context';
import type { CategoryTrees } from './category-trees';
import { productDetail } from './detail';
import { findBySku, findProduct } from './find-product';
import { loadProductParts } from './product-parts';
import { relatedAndBundle } from './related';
import type { SoldProduct } from './sold-products';

type Links = Awaited<ReturnType<typeof relatedAndBundle>>;

async function detailOf(
  db: Knex,
  ctx: SiteContext,
  sold: SoldProduct,
  links: Links | null,
  found: { redirectTo: string | null; matchedVariantId: string | null },
) {
  const parts = await loadProductParts(db, ctx, sold);
  return productDetail(parts, ctx, { ...found, ...(links ?? { related: [], bundle: null }) });
}

/** `GET /v1/products/by-sku/{sku}` and `GET /v1/products/{slugOrId}` (PostgreSQL rows, the indexer's rules). */
export function productRoutes(db: Knex, trees: CategoryTrees, cache: MicroCache): Router {
  const router = Router();
  router.get('/v1/products/by-sku/:sku', async (req, res) => {
    const ctx = contextOf(res);
    // Related and bundle cards load while the product itself does (they are dropped when it is not sold).
    const links = (id: number) => relatedAndBundle(db, trees, ctx, id);
    await sendRead(req, res, cache, ctx, async () => {
      const { sold, extra, matchedVariantId } = await findBySku(db, trees, ctx, String(req.params.sku), links);
      return detailOf(db, ctx, sold, extra, { redirectTo: null, matchedVariantId });
    });
  });
  router.get('/v1/products/:slugOrId', async (req, res) => {
    const ctx = contextOf(res);
    const links = (id: number) => relatedAndBundle(db, trees, ctx, id);
    await sendRead(req, res, cache, ctx, async () => {
      const { sold, extra, redirectTo } = await findProduct(db, trees, ctx, String(req.params.slugOrId), links);
      return detailOf(db, ctx, sold, extra, { redirectTo, matchedVariantId: null });
    });
  });
  return router;
}

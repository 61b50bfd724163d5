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

async function detailOf(db: Knex, trees: CategoryTrees, ctx: SiteContext, sold: SoldProduct, found: { redirectTo: string | null; matchedVariantId: string | null }) {
  const [parts, links] = await Promise.all([loadProductParts(db, ctx, sold), relatedAndBundle(db, trees, ctx, sold.product.id)]);
  return productDetail(parts, ctx, { ...found, ...links });
}

/** `GET /v1/products/by-sku/{sku}` and `GET /v1/products/{slugOrId}` (PostgreSQL rows, the indexer's rules). */
export function productRoutes(db: Knex, trees: CategoryTrees, cache: MicroCache): Router {
  const router = Router();
  router.get('/v1/products/by-sku/:sku', async (req, res) => {
    const ctx = contextOf(res);
    await sendRead(req, res, cache, ctx, async () => {
      const { sold, matchedVariantId } = await findBySku(db, trees, ctx, String(req.params.sku));
      return detailOf(db, trees, ctx, sold, { redirectTo: null, matchedVariantId });
    });
  });
  router.get('/v1/products/:slugOrId', async (req, res) => {
    const ctx = contextOf(res);
    await sendRead(req, res, cache, ctx, async () => {
      const { sold, redirectTo } = await findProduct(db, trees, ctx, String(req.params.slugOrId));
      return detailOf(db, trees, ctx, sold, { redirectTo, matchedVariantId: null });
    });
  });
  return router;
}

import { Router } from 'express';
import type { Knex } from '../../../shared/db/knex';
import { sendRead } from '../http/cached-json';
import type { MicroCache } from '../http/micro-cache';
import { contextOf, type SiteContext } from '../keys/site-context';
import { productDetail } from './detail';
import { findBySku, findProduct } from './find-product';
import { loadProductParts } from './product-parts';
import { relatedAndBundle } from './related';
import type { SoldProduct } from './sold-products';

async function detailOf(db: Knex, ctx: SiteContext, sold: SoldProduct, found: { redirectTo: string | null; matchedVariantId: string | null }) {
  const [parts, links] = await Promise.all([loadProductParts(db, ctx, sold), relatedAndBundle(db, ctx, sold.product.id)]);
  return productDetail(parts, ctx, { ...found, ...links });
}

/** `GET /v1/products/by-sku/{sku}` and `GET /v1/products/{slugOrId}` (PostgreSQL rows, the indexer's rules). */
export function productRoutes(db: Knex, cache: MicroCache): Router {
  const router = Router();
  router.get('/v1/products/by-sku/:sku', async (req, res) => {
    const ctx = contextOf(res);
    await sendRead(req, res, cache, ctx, async () => {
      const { sold, matchedVariantId } = await findBySku(db, ctx, String(req.params.sku));
      return detailOf(db, ctx, sold, { redirectTo: null, matchedVariantId });
    });
  });
  router.get('/v1/products/:slugOrId', async (req, res) => {
    const ctx = contextOf(res);
    await sendRead(req, res, cache, ctx, async () => {
      const { sold, redirectTo } = await findProduct(db, ctx, String(req.params.slugOrId));
      return detailOf(db, ctx, sold, { redirectTo, matchedVariantId: null });
    });
  });
  return router;
}

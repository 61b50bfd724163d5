import { Router } from 'express';
import { contextOf } from '../keys/site-context';
import { readPaging } from '../listing/listing-plan';
import { parseFilterParams, FilterSyntaxError } from '../../../shared/listing/filter-grammar';
import { badRequest } from '../../../shared/errors';
import { queryPairs } from '../listing/listing-params';
import { findProduct } from '../products/find-product';
import type { ProductSources } from '../products/page-reads';
import { type ProductAnswers, sendProductRead } from '../products/product-answers';
import { loadProductParts } from '../products/product-parts';
import { optionAvailability, selectVariants } from './variant-options';
import { variantSelection } from './variant-params';
import { variantOf } from './variant-view';

function rawFilters(pairs: [string, string][]) {
  try {
    return parseFilterParams(pairs);
  } catch (err) {
    if (err instanceof FilterSyntaxError) throw badRequest('INVALID_FILTER', err.message);
    throw err;
  }
}

/**
 * `GET /v1/products/{slugOrId}/variants`: the listed variants that fit the selections, paged, with cascading
 * availability.
 */
export function variantRoutes(sources: ProductSources, caches: ProductAnswers): Router {
  const router = Router();
  router.get('/v1/products/:slugOrId/variants', async (req, res) => {
    const ctx = contextOf(res);
    await sendProductRead(req, res, caches, ctx, async () => {
      const pairs = queryPairs(req);
      const first = (name: string) => pairs.find(([n]) => n === name)?.[1];
      const { page, pageSize } = readPaging({ page: first('page'), pageSize: first('pageSize') });
      const filters = rawFilters(pairs);
      const found = (await findProduct(sources, ctx, String(req.params.slugOrId))).held;
      const { sold } = found;
      const selection = variantSelection(sold.product, filters);
      const parts = await loadProductParts(sources.pages, ctx, found);
      const matching = selectVariants(sold.product, selection, parts.market);
      const answer = {
        items: matching.slice((page - 1) * pageSize, page * pageSize).map((v) => variantOf(v, parts)),
        total: matching.length,
        page,
        pageSize,
        options: optionAvailability(sold.product, selection, parts.market),
      };
      return { answer, products: [sold.product.id] };
    });
  });
  return router;
}

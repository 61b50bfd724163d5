import { Router } from 'express';
import type { SearchEngine } from '../../../shared/search';
import { sendCachedJson } from '../http/cached-json';
import { contextOf } from '../keys/site-context';
import { listingParams } from './listing-params';
import { runListing } from './run-listing';

/** `GET /v1/products`: the listing (search, filters, facets, sort, paging, collection scope). */
export function listingRoutes(engine: SearchEngine): Router {
  const router = Router();
  router.get('/v1/products', async (req, res) => {
    const ctx = contextOf(res);
    sendCachedJson(req, res, await runListing(engine, ctx, listingParams(req)), { preview: ctx.preview });
  });
  return router;
}

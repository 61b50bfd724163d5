import { Router } from 'express';
import { listingSearch } from '../analytics/search-facts';
import { sendRead, servingToken } from '../http/cached-json';
import type { MicroCache } from '../http/micro-cache';
import { contextOf } from '../keys/site-context';
import { listingParams } from './listing-params';
import { runListing, type ListingDeps } from './run-listing';

/** `GET /v1/products`: the listing (search, filters, facets, sort, paging, collection scope). */
export function listingRoutes(listing: ListingDeps, cache: MicroCache): Router {
  const router = Router();
  router.get('/v1/products', async (req, res) => {
    const ctx = contextOf(res);
    const params = listingParams(req);
    await sendRead(
      req,
      res,
      cache,
      ctx,
      () => runListing(listing, ctx, params),
      servingToken(listing.engine, ctx),
      (answer) => listingSearch(ctx, params.q, answer),
    );
  });
  return router;
}

import { Router } from 'express';
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
    await sendRead(req, res, cache, ctx, () => runListing(listing, ctx, listingParams(req)), servingToken(listing.engine, ctx));
  });
  return router;
}

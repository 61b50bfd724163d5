import { Router } from 'express';
import type { Knex } from '../../../shared/db/knex';
import type { SearchEngine } from '../../../shared/search';
import { sendRead, servingToken } from '../http/cached-json';
import type { MicroCache } from '../http/micro-cache';
import { contextOf } from '../keys/site-context';
import { listingParams } from './listing-params';
import { runListing } from './run-listing';

/** `GET /v1/products`: the listing (search, filters, facets, sort, paging, collection scope). */
export function listingRoutes(db: Knex, engine: SearchEngine, cache: MicroCache): Router {
  const router = Router();
  router.get('/v1/products', async (req, res) => {
    const ctx = contextOf(res);
    await sendRead(req, res, cache, ctx, () => runListing(engine, db, ctx, listingParams(req)), servingToken(engine, ctx));
  });
  return router;
}

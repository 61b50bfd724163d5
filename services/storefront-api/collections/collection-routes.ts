import { Router } from 'express';
import { notFound } from '../../../shared/errors';
import { listingSearch } from '../analytics/search-facts';
import { sendRead, servingToken } from '../http/cached-json';
import type { MicroCache } from '../http/micro-cache';
import { contextOf } from '../keys/site-context';
import { listingParams } from '../listing/listing-params';
import { runListing, type ListingDeps } from '../listing/run-listing';
import { breadcrumbOf, collectionAlternates, collectionOf, collectionTree } from './collection-view';

/**
 * `GET /v1/collections` (the tree) and `GET /v1/collections/{slugOrId}` (collection, breadcrumb, hreflang and its
 * listing; `redirectTo` when the slug asked for is not the collection's current one in the request language).
 */
export function collectionRoutes(listing: ListingDeps, cache: MicroCache): Router {
  const router = Router();
  router.get('/v1/collections', async (req, res) => {
    const ctx = contextOf(res);
    await sendRead(req, res, cache, ctx, async () => ({
      items: collectionTree(ctx.catalogue, ctx.market, ctx.language),
    }));
  });
  router.get('/v1/collections/:slugOrId', async (req, res) => {
    const ctx = contextOf(res);
    const ref = String(req.params.slugOrId);
    const params = { ...listingParams(req), collection: undefined };
    await sendRead(
      req,
      res,
      cache,
      ctx,
      async () => {
        const found = ctx.catalogue.resolveCollection(ref, ctx.language);
        if (found === undefined) throw notFound('COLLECTION_NOT_FOUND', `No collection "${ref}" on this site.`);
        const { collection, redirectTo } = found;
        return {
          collection: collectionOf(collection, ctx.catalogue, ctx.market, ctx.language),
          redirectTo,
          breadcrumb: breadcrumbOf(collection, ctx.catalogue, ctx.market, ctx.language),
          alternateUrls: collectionAlternates(collection, ctx.catalogue, ctx.market),
          listing: await runListing(listing, ctx, params, collection),
        };
      },
      servingToken(listing.engine, ctx),
      (answer) => listingSearch(ctx, params.q, answer.listing),
    );
  });
  return router;
}

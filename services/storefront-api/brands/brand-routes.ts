import { Router } from 'express';
import { notFound } from '../../../shared/errors';
import type { Collection } from '../../../shared/storefront-config/schemas';
import { sendRead } from '../http/cached-json';
import type { MicroCache } from '../http/micro-cache';
import { contextOf } from '../keys/site-context';
import { listingParams } from '../listing/listing-params';
import { runListing, type ListingDeps } from '../listing/run-listing';
import { brandFacetKey, brandPagesOn } from '../products/content';
import { brandAlternates, brandNamed, brandViews, marketBrands, type BrandRow } from './market-brands';

const noBrand = (ref: string) => notFound('NOT_FOUND', `No brand page "${ref}" on this market.`);

/** A brand's listing scope: the site's brand filter with the brand's value, as a collection would fix it. */
const brandScope = (facet: string, row: BrandRow): Collection => ({
  id: 0,
  slugs: {},
  names: {},
  filter: { [facet]: [row.slug] },
  parentId: null,
  position: 0,
  pin: [],
  hide: [],
});

/**
 * `GET /v1/brands` (the market's brands) and `GET /v1/brands/{slugOrId}` (a brand page, on markets with brand pages).
 */
export function brandRoutes(listing: ListingDeps, cache: MicroCache): Router {
  const { db, engine } = listing;
  const router = Router();
  router.get('/v1/brands', async (req, res) => {
    const ctx = contextOf(res);
    await sendRead(req, res, cache, ctx, async () => {
      const brands = await marketBrands(engine, db, ctx);
      const views = await brandViews(
        db,
        ctx,
        brands.map((b) => b.row),
      );
      return { items: views.map(({ view }, i) => Object.assign({}, view, { productCount: brands[i]?.count ?? 0 })) };
    });
  });
  router.get('/v1/brands/:slugOrId', async (req, res) => {
    const ctx = contextOf(res);
    const ref = String(req.params.slugOrId);
    await sendRead(req, res, cache, ctx, async () => {
      const facet = brandFacetKey(ctx.catalogue.index);
      if (!brandPagesOn(ctx.market, ctx.catalogue.index) || facet === null) throw noBrand(ref);
      const named = await brandNamed(
        db,
        ctx,
        ref,
        (await marketBrands(engine, db, ctx)).map((b) => b.row),
      );
      if (named === null) throw noBrand(ref);
      const { row, bySlug } = named;
      const [brand] = await brandViews(db, ctx, [row]);
      if (brand === undefined) throw noBrand(ref);
      return {
        brand: { ...brand.view, description: row.description },
        redirectTo: bySlug && brand.view.slug !== ref ? brand.view.slug : null,
        alternateUrls: brandAlternates(ctx, brand.slugIn),
        listing: await runListing(
          listing,
          ctx,
          { ...listingParams(req), collection: undefined },
          brandScope(facet, row),
        ),
      };
    });
  });
  return router;
}

import type { Knex } from '../../../shared/db/knex';
import type { SearchEngine } from '../../../shared/search';
import { servingToken } from '../http/cached-json';
import type { Collection } from '../../../shared/storefront-config/schemas';
import { swatchSources } from '../catalogue/swatches';
import type { SiteContext } from '../keys/site-context';
import { missingLabels } from './applied-labels';
import { planListing, type ListingParams } from './listing-plan';
import type { FacetMemo } from './facet-memo';
import { correctQuery } from './query-correction';
import type { RenderedFacets } from './rendered-facets';
import type { RenderedItems } from './rendered-items';
import { listingResponse, redirectFor, type ListingResponse } from './listing-response';

/**
 * What a listing reads: the engine (its facets through the memo and kept as panels, its cards as items kept) and
 * PostgreSQL.
 */
export type ListingDeps = {
  engine: SearchEngine;
  db: Knex;
  facets: FacetMemo;
  /** Facet panels of the results `facets` keeps. */
  panels: RenderedFacets;
  items: RenderedItems;
};

/**
 * One listing call: plan, redirect rule, search (corrected when it found little), swatch images, and the spec's
 * response. `scope` fixes a collection (its page).
 */
export async function runListing(
  { engine, db, facets, panels, items }: ListingDeps,
  ctx: SiteContext,
  params: ListingParams,
  scope?: Collection,
): Promise<ListingResponse> {
  const { catalogue, market, language } = ctx;
  const plan = planListing(params, catalogue, market, language, scope);
  const page = items.page(catalogue, market, language);
  const [first, swatchImages] = await Promise.all([
    facets.search(engine, ctx.alias, plan.request, servingToken(engine, ctx), { holdsCard: page.holds }),
    ctx.media.swatchImages(db, ctx.key.tenantId, swatchSources(catalogue.facets)),
  ]);
  const corrected = await correctQuery(engine, ctx, plan, first, (hit) => page.sku(hit));
  const result = corrected?.result ?? first;
  const labels = await missingLabels(engine, ctx, plan.applied, result.facets);
  return listingResponse({
    plan,
    result,
    catalogue,
    language,
    redirect: redirectFor(plan.redirect, catalogue, market, language),
    queryCorrection: corrected?.correction ?? null,
    labels,
    facets: panels.panel({ catalogue, results: result.facets, applied: plan.applied, language, swatchImages }),
    items: page,
  });
}

import { Router, type Request } from 'express';
import type { Knex } from '../../../shared/db/knex';
import type { SearchEngine } from '../../../shared/search';
import type { IndexedCard } from '../../../indexer/documents/card';
import { AppError, notFound } from '../../../shared/errors';
import { labelIn } from '../catalogue/facet-specs';
import { swatchOf, swatchSources } from '../catalogue/swatches';
import { facetValuesSearch, suggestSearch } from '../analytics/search-facts';
import { sendRead, servingToken } from '../http/cached-json';
import type { MicroCache } from '../http/micro-cache';
import { contextOf, type SiteContext } from '../keys/site-context';
import { toEngineFilters } from '../listing/engine-filters';
import { queryPairs, readFilters } from '../listing/listing-params';
import { cardOf } from '../listing/listing-response';
import { requiredQuery } from './query-param';

/** `GET /v1/search/suggest` and `GET /v1/products/facets/{key}` (search-in-facet). */
export function suggestRoutes(db: Knex, engine: SearchEngine, cache: MicroCache): Router {
  const router = Router();

  router.get('/v1/search/suggest', async (req, res) => {
    const ctx = contextOf(res);
    await sendRead(
      req,
      res,
      cache,
      ctx,
      () => suggest(engine, ctx, req),
      servingToken(engine, ctx),
      (answer) => suggestSearch(ctx, answer),
    );
  });

  router.get('/v1/products/facets/:key', async (req, res) => {
    const ctx = contextOf(res);
    await sendRead(
      req,
      res,
      cache,
      ctx,
      () => facetValues(engine, db, ctx, req),
      servingToken(engine, ctx),
      (answer) => facetValuesSearch(ctx, readFilters(queryPairs(req)), answer),
    );
  });
  return router;
}

/** Up to 5 products by name prefix, 5 category values and 10 other facet values whose label starts with q. */
async function suggest(engine: SearchEngine, ctx: SiteContext, req: Request) {
  const q = requiredQuery(queryPairs(req).find(([n]) => n === 'q')?.[1]);
  const { catalogue, market, language } = ctx;
  const facets = catalogue.facets.filter((f) => f.type !== 'range' && f.type !== 'toggle');
  // Literals, not `{ ...base, facetKeys }`: docs/decisions.md, "Spreads that add properties".
  const request = (facetKeys: string[], hitLimit: number, valueLimit: number) => ({
    q,
    language,
    market: market.code,
    facetKeys,
    hitLimit,
    valueLimit,
  });
  const keys = (hierarchy: boolean) => facets.filter((f) => (f.type === 'hierarchy') === hierarchy).map((f) => f.key);
  const [products, categories, values] = await Promise.all([
    engine.suggest(ctx.alias, request([], 5, 0)),
    engine.suggest(ctx.alias, request(keys(true), 0, 5)),
    engine.suggest(ctx.alias, request(keys(false), 0, 10)),
  ]);
  const value = (v: { key: string; value: string; label: string | null; count: number }) => ({
    facet: v.key,
    facetLabel: labelIn(catalogue.facetsByKey.get(v.key)?.label ?? {}, language, v.key),
    value: v.value,
    label: v.label ?? v.value,
    count: v.count,
  });
  return {
    q,
    products: products.hits
      .map((h) => cardOf(h.card as IndexedCard, catalogue, market, language))
      .filter((c) => c !== null),
    categories: categories.values.map(value),
    values: values.values.map(value),
  };
}

/** Search-in-facet: values of one list or swatch facet matching q, counted in the filter context. */
async function facetValues(engine: SearchEngine, db: Knex, ctx: SiteContext, req: Request) {
  const key = String(req.params.key);
  const spec = ctx.catalogue.facetsByKey.get(key);
  if (spec === undefined) throw notFound('FACET_NOT_FOUND', `"${key}" is not a facet of this site.`);
  if (spec.type !== 'list' && spec.type !== 'swatch')
    throw new AppError(
      400,
      'FACET_NOT_SEARCHABLE',
      `"${spec.key}" is a ${spec.type} facet; only list and swatch facets are searchable.`,
    );
  const pairs = queryPairs(req);
  const q = requiredQuery(pairs.find(([n]) => n === 'q')?.[1]);
  const { filters, warnings } = toEngineFilters(readFilters(pairs), ctx.catalogue.facetsByKey, ctx.market.code);
  const [result, images] = await Promise.all([
    engine.facetValues(ctx.alias, { key: spec.key, q, language: ctx.language, market: ctx.market.code, filters }),
    ctx.media.swatchImages(db, ctx.key.tenantId, swatchSources([spec])),
  ]);
  return {
    facet: spec.key,
    q,
    values: result.values.map((v) => ({
      value: v.value,
      label: v.label ?? v.value,
      count: v.count,
      ...(spec.type === 'swatch' && { swatch: swatchOf(spec, v.value, images) }),
    })),
    warnings,
  };
}

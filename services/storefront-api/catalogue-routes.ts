import type { Router } from 'express';
import type { Knex } from '../../shared/db/knex';
import type { SearchEngine } from '../../shared/search';
import type { MicroCache } from './http/micro-cache';
import { productRoutes } from './products/product-routes';
import { variantRoutes } from './variants/variant-routes';

/** The catalogue reads of issue 13: products, variants, collections, categories, sitemap and brands. */
export function catalogueRoutes(db: Knex, _engine: SearchEngine, cache: MicroCache): Router[] {
  return [variantRoutes(db, cache), productRoutes(db, cache)];
}

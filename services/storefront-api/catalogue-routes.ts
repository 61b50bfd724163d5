import type { Router } from 'express';
import type { Knex } from '../../shared/db/knex';
import type { SearchEngine } from '../../shared/search';
import type { MicroCache } from './http/micro-cache';
import { categoryRoutes } from './categories/category-routes';
import { collectionRoutes } from './collections/collection-routes';
import { brandRoutes } from './brands/brand-routes';
import { CategoryTrees } from './products/category-trees';
import { productRoutes } from './products/product-routes';
import { sitemapRoutes } from './sitemap/sitemap-routes';
import { variantRoutes } from './variants/variant-routes';

/** The catalogue reads of issue 13: products, variants, collections, categories, sitemap and brands. */
export function catalogueRoutes(db: Knex, engine: SearchEngine, cache: MicroCache): Router[] {
  const trees = new CategoryTrees(db);
  return [variantRoutes(db, trees, cache), productRoutes(db, trees, cache), collectionRoutes(db, engine, cache), categoryRoutes(db, cache), sitemapRoutes(db, trees, engine, cache), brandRoutes(db, engine, cache)];
}

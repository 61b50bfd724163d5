import type { Router } from 'express';
import type { MicroCache } from './http/micro-cache';
import { categoryRoutes } from './categories/category-routes';
import { collectionRoutes } from './collections/collection-routes';
import { brandRoutes } from './brands/brand-routes';
import type { CategoryTrees } from './products/category-trees';
import { productRoutes } from './products/product-routes';
import type { ProductReads } from './products/product-reads';
import { sitemapRoutes } from './sitemap/sitemap-routes';
import { variantRoutes } from './variants/variant-routes';
import type { ListingDeps } from './listing/run-listing';

/** The catalogue reads of issue 13: products, variants, collections, categories, sitemap and brands. */
export function catalogueRoutes(
  listing: ListingDeps,
  cache: MicroCache,
  products: ProductReads & { trees: CategoryTrees },
): Router[] {
  const { db, engine } = listing;
  const { trees } = products;
  return [
    variantRoutes(products, products),
    productRoutes(db, products, products),
    collectionRoutes(listing, cache),
    categoryRoutes(db, cache),
    sitemapRoutes(db, trees, engine, cache),
    brandRoutes(listing, cache),
  ];
}

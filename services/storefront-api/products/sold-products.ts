import type { Knex } from '../../../shared/db/knex';
import type { IndexedCard } from '../../../indexer/documents/card';
import type { CatalogueProduct } from '../../../indexer/documents/catalogue-product';
import { loadCatalogueProducts } from '../../../indexer/documents/catalogue-reader';
import type { SiteIndexConfig } from '../../../indexer/documents/site-config';
import { isSkipped, toSearchDocument } from '../../../indexer/documents/to-search-document';
import type { SiteContext } from '../keys/site-context';
import type { CategoryTrees } from './category-trees';
import { currentSlugs } from './product-rows';

/**
 * A product the market sells, with the card and markets of the document the indexer would build for it now. The
 * rest of the document (text, facets, sort keys) is not kept: nothing reads it, and a held product's size is its
 * cache's cost.
 */
export interface SoldProduct {
  product: CatalogueProduct;
  /** The markets the product is sold on (the document's `markets`). */
  markets: readonly string[];
  card: IndexedCard;
}

/**
 * The indexer's own decision, applied to the rows as they are now (pure): the product's document, or null when
 * the indexer would leave it out or the market has no price for it. Detail and listing therefore agree.
 */
export function soldOn(
  product: CatalogueProduct,
  index: SiteIndexConfig,
  market: string,
  slugs: Record<string, string>,
): SoldProduct | null {
  const document = toSearchDocument(product, index, slugs);
  if (isSkipped(document) || !document.markets.includes(market)) return null;
  return { product, markets: document.markets, card: document.card as IndexedCard };
}

/**
 * The products among `ids` the request's market sells, keyed by id (PostgreSQL rows, the indexer's rules; nothing
 * minted).
 */
export async function loadSold(
  db: Knex,
  trees: CategoryTrees,
  ctx: SiteContext,
  ids: readonly number[],
): Promise<Map<number, SoldProduct>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const scope = { tenantId: ctx.key.tenantId, siteId: ctx.key.siteId };
  const tree = await trees.get(ctx.key.tenantId);
  const [products, slugs] = await Promise.all([
    loadCatalogueProducts(db, ctx.key.tenantId, unique, tree),
    currentSlugs(db, scope, 'product', unique),
  ]);
  return soldAmong(products, ctx, slugs);
}

/** The products the request's market sells, keyed by id, with their current slugs (pure). */
export function soldAmong(
  products: readonly CatalogueProduct[],
  ctx: SiteContext,
  slugs: ReadonlyMap<number, Record<string, string>>,
): Map<number, SoldProduct> {
  const out = new Map<number, SoldProduct>();
  for (const product of products) {
    const sold = soldOn(product, ctx.catalogue.index, ctx.market.code, slugs.get(product.id) ?? {});
    if (sold !== null) out.set(product.id, sold);
  }
  return out;
}

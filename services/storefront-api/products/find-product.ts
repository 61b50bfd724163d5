import type { Knex } from '../../../shared/db/knex';
import { notFound } from '../../../shared/errors';
import type { SiteContext } from '../keys/site-context';
import type { CategoryTrees } from './category-trees';
import { productBySku, productBySlug } from './product-rows';
import { loadSold, type SoldProduct } from './sold-products';

const notSold = (ref: string) => notFound('PRODUCT_NOT_FOUND', `No product "${ref}" on this market.`);

/**
 * A product by current slug, historical slug (any language's) or id. `redirectTo` is the product's current
 * slug in the request language when the slug asked for is another one. A variant's id, or a product the market
 * does not sell, is PRODUCT_NOT_FOUND.
 */
export async function findProduct(db: Knex, trees: CategoryTrees, ctx: SiteContext, ref: string): Promise<{ sold: SoldProduct; redirectTo: string | null }> {
  const bySlug = await productBySlug(db, { tenantId: ctx.key.tenantId, siteId: ctx.key.siteId }, ctx.catalogue.languages, ctx.language, ref);
  const id = bySlug ?? (/^[1-9]\d{0,9}$/.test(ref) ? Number(ref) : null);
  const sold = id === null ? undefined : (await loadSold(db, trees, ctx, [id])).get(id);
  if (sold === undefined) throw notSold(ref);
  const slug = sold.card.slug[ctx.language] ?? Object.values(sold.card.slug)[0];
  return { sold, redirectTo: bySlug !== null && slug !== ref ? (slug ?? null) : null };
}

/** A product by its own SKU or one of its listed variants'; `matchedVariantId` on a variant hit. */
export async function findBySku(db: Knex, trees: CategoryTrees, ctx: SiteContext, sku: string): Promise<{ sold: SoldProduct; matchedVariantId: string | null }> {
  const hit = await productBySku(db, ctx.key.tenantId, sku);
  const sold = hit === null ? undefined : (await loadSold(db, trees, ctx, [hit.rootId])).get(hit.rootId);
  if (hit === null || sold === undefined) throw notSold(sku);
  if (hit.variantId !== null && !sold.product.variants.some((v) => v.id === hit.variantId && v.active)) throw notSold(sku);
  return { sold, matchedVariantId: hit.variantId === null ? null : String(hit.variantId) };
}

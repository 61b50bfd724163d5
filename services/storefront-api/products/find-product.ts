import type { Knex } from '../../../shared/db/knex';
import { notFound } from '../../../shared/errors';
import type { SiteContext } from '../keys/site-context';
import type { HeldProduct, HeldProducts } from './held-products';
import type { ProductSources } from './page-reads';
import { productBySku } from './product-rows';

/** Product ids are PostgreSQL integers: a longer number names no product (and would fail the query). */
const MAX_PRODUCT_ID = 2_147_483_647;
const idOf = (ref: string): number | null =>
  /^[1-9]\d{0,9}$/.test(ref) && Number(ref) <= MAX_PRODUCT_ID ? Number(ref) : null;

const notSold = (ref: string) => notFound('PRODUCT_NOT_FOUND', `No product "${ref}" on this market.`);

/**
 * A product by current slug, historical slug (any language's) or id. `redirectTo` is the product's current
 * slug in the request language when the slug asked for is another one. A variant's id, or a product the market
 * does not sell, is PRODUCT_NOT_FOUND.
 */
export async function findProduct<T = null>(
  { held, pages }: ProductSources,
  ctx: SiteContext,
  ref: string,
  alongside?: Alongside<T>,
): Promise<Found<T> & { redirectTo: string | null }> {
  const named = await pages.slug(ctx, ref);
  const id = named ?? idOf(ref);
  if (id === null) throw notSold(ref);
  const { held: found, extra } = await loadWith(held, ctx, id, alongside);
  if (found === undefined) throw notSold(ref);
  const slug = found.sold.card.slug[ctx.language] ?? Object.values(found.sold.card.slug)[0];
  return { held: found, extra, redirectTo: named !== null && slug !== ref ? (slug ?? null) : null };
}

/** Reads another product-keyed part (related cards, say) while the product itself loads. */
type Alongside<T> = (productId: number) => Promise<T>;
type Found<T> = { held: HeldProduct; extra: T | null };

async function loadWith<T>(
  held: HeldProducts,
  ctx: SiteContext,
  id: number,
  alongside?: Alongside<T>,
): Promise<{ held: HeldProduct | undefined; extra: T | null }> {
  const [sold, extra] = await Promise.all([held.sold(ctx, [id]), alongside === undefined ? null : alongside(id)]);
  return { held: sold.get(id), extra };
}

/** A product by its own SKU or one of its listed variants'; `matchedVariantId` on a variant hit. */
export async function findBySku<T = null>(
  db: Knex,
  held: HeldProducts,
  ctx: SiteContext,
  sku: string,
  alongside?: Alongside<T>,
): Promise<Found<T> & { matchedVariantId: string | null }> {
  const hit = await productBySku(db, ctx.key.tenantId, sku);
  if (hit === null) throw notSold(sku);
  const { held: found, extra } = await loadWith(held, ctx, hit.rootId, alongside);
  if (found === undefined) throw notSold(sku);
  if (hit.variantId !== null && !found.sold.product.variants.some((v) => v.id === hit.variantId && v.active))
    throw notSold(sku);
  return { held: found, extra, matchedVariantId: hit.variantId === null ? null : String(hit.variantId) };
}

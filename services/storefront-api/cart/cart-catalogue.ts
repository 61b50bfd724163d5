import type { Knex } from '../../../shared/db/knex';
import type { Market } from '../../../shared/storefront-config/schemas';
import { cardPrice, priceOn } from '../../../indexer/documents/market-offers';
import type { SiteContext } from '../keys/site-context';
import { cardOf } from '../listing/listing-response';
import type { CategoryTrees } from '../products/category-trees';
import { productMedia, variantMedia } from '../products/product-media';
import type { MediaDescriptor } from '../openapi/media-schema';
import { loadSold, type SoldProduct } from '../products/sold-products';

/** What a SKU is on a market now: what the line shows, and the whole units in stock. */
export interface ResolvedSku {
  price: { amount: string; currency: string; vatRate: string; vatIncluded: boolean };
  stock: number;
  image: MediaDescriptor | null;
  product: { id: string; name: string; slug: string };
  variant: { id: string; selectedOptions: Record<string, string> };
}

/** The storefront product (root) and variant row each SKU names, in one query for the whole cart. */
async function rootsOf(
  db: Knex,
  tenantId: number,
  skus: readonly string[],
): Promise<Map<string, { rootId: number; variantId: number }>> {
  const found = (
    await db.raw<{ rows: { id: number; parent_id: number | null; sku: string }[] }>(
      'select id, parent_id, product_number as sku from products where tenant_id = ? and product_number = ' +
        'any(?::text[])',
      [tenantId, [...skus]],
    )
  ).rows;
  return new Map(found.map((r) => [r.sku, { rootId: r.parent_id ?? r.id, variantId: r.id }]));
}

/** A market's view of one SKU of a sold product: null when the variant is inactive or unpriced there. */
function resolveOne(
  sold: SoldProduct,
  variantId: number,
  ctx: SiteContext,
  images: { own: MediaDescriptor | null; product: MediaDescriptor | null },
): ResolvedSku | null {
  const variant = sold.product.variants.find((v) => v.id === variantId && v.active);
  const price = variant === undefined ? undefined : priceOn(variant, ctx.market);
  const card = cardOf(sold.card, ctx.catalogue, ctx.market, ctx.language);
  if (variant === undefined || price === undefined || card === null) return null;
  const { amount, currency, vatRate, vatIncluded } = cardPrice(price);
  return {
    price: { amount, currency, vatRate, vatIncluded },
    stock: Math.max(0, Math.floor(Number(variant.stock))),
    image: images.own ?? images.product,
    product: { id: card.id, name: card.name, slug: card.slug },
    variant: { id: String(variant.id), selectedOptions: variant.options },
  };
}

/**
 * Each SKU as `market` sells it now, by the indexer's own rules (the product detail's loader); a SKU the market
 * does not sell maps to null.
 */
export async function resolveSkus(
  db: Knex,
  trees: CategoryTrees,
  base: SiteContext,
  market: Market,
  skus: readonly string[],
): Promise<Map<string, ResolvedSku | null>> {
  const ctx: SiteContext = { ...base, market };
  const unique = [...new Set(skus)];
  const out = new Map<string, ResolvedSku | null>(unique.map((s) => [s, null]));
  if (unique.length === 0) return out;
  const tenantId = ctx.key.tenantId;
  const roots = await rootsOf(db, tenantId, unique);
  const rootIds = [...new Set([...roots.values()].map((r) => r.rootId))];
  const variantIds = [...roots.values()].map((r) => r.variantId).filter((id) => !rootIds.includes(id));
  const [sold, media, own] = await Promise.all([
    loadSold(db, trees, ctx, rootIds),
    productMedia(ctx.media, db, tenantId, rootIds),
    variantMedia(ctx.media, db, tenantId, variantIds),
  ]);
  for (const [sku, { rootId, variantId }] of roots) {
    const product = sold.get(rootId);
    if (product === undefined) continue;
    const images = { own: own.get(variantId)?.image ?? null, product: media.get(rootId)?.image ?? null };
    out.set(sku, resolveOne(product, variantId, ctx, images));
  }
  return out;
}

import type { Market } from '../../../shared/storefront-config/schemas';
import { cardPrice, priceOn } from '../../../indexer/documents/market-offers';
import type { SiteContext } from '../keys/site-context';
import { cardOf } from '../listing/listing-response';
import type { HeldProducts } from '../products/held-products';
import { productMediaOf, variantMediaOf } from '../products/product-media';
import type { MediaDescriptor } from '../openapi/media-schema';
import type { SoldProduct } from '../products/sold-products';

/** What a SKU is on a market now: what the line shows, and the whole units in stock. */
export interface ResolvedSku {
  price: { amount: string; currency: string; vatRate: string; vatIncluded: boolean };
  stock: number;
  image: MediaDescriptor | null;
  product: { id: string; name: string; slug: string };
  variant: { id: string; selectedOptions: Record<string, string> };
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
 * Each SKU as `market` sells it now, by the indexer's own rules (the products the serving process holds, as fresh
 * as the change log keeps them); a SKU the market does not sell maps to null.
 */
export async function resolveSkus(
  held: HeldProducts,
  base: SiteContext,
  market: Market,
  skus: readonly string[],
): Promise<Map<string, ResolvedSku | null>> {
  const ctx: SiteContext = { ...base, market };
  const unique = [...new Set(skus)];
  const out = new Map<string, ResolvedSku | null>(unique.map((s) => [s, null]));
  if (unique.length === 0) return out;
  const roots = await held.skus(ctx.key.tenantId, unique);
  const products = await held.sold(
    ctx,
    [...roots.values()].map((r) => r.rootId),
  );
  for (const [sku, { rootId, variantId }] of roots) {
    const product = products.get(rootId);
    if (product === undefined) continue;
    const own = variantId === rootId ? null : variantMediaOf(product.media.get(variantId)).image;
    const images = { own, product: productMediaOf(product.media.get(rootId)).image };
    out.set(sku, resolveOne(product.sold, variantId, ctx, images));
  }
  return out;
}

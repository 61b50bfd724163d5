import type { Market } from '../../../shared/storefront-config/schemas';
import { cardPrice, priceOn } from '../../../indexer/documents/market-offers';
import type { SiteContext } from '../keys/site-context';
import { projectCard } from '../../../indexer/documents/card';
import type { HeldProduct, HeldProducts } from '../products/held-products';
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

/** A market's view of one SKU of a sold product (pure): null when the variant is inactive or unpriced there. */
function resolveOne(
  sold: SoldProduct,
  variantId: number,
  ctx: SiteContext,
  images: { own: MediaDescriptor | null; product: MediaDescriptor | null },
): ResolvedSku | null {
  const variant = sold.product.variants.find((v) => v.id === variantId && v.active);
  const price = variant === undefined ? undefined : priceOn(variant, ctx.market);
  // The card's projection alone: a line shows the product's id, name and slug, not its URL or collections.
  const card = projectCard(sold.card, ctx.market.code, ctx.language);
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
 * Resolves SKUs as a market sells them now, by the indexer's own rules, from the products the serving process holds
 * (as fresh as the change log keeps them).
 */
export class SkuResolver {
  /**
   * Each held product's SKUs as already resolved, by variant, market and language. A held product is never changed
   * in place (a change to it is a new object), so what was resolved from it stays right while it is held.
   */
  private readonly resolved = new WeakMap<HeldProduct, Map<string, ResolvedSku | null>>();

  constructor(private readonly held: HeldProducts) {}

  /** Each SKU on `market`; a SKU the market does not sell maps to null. */
  async resolve(base: SiteContext, market: Market, skus: readonly string[]): Promise<Map<string, ResolvedSku | null>> {
    const ctx: SiteContext = { ...base, market };
    const unique = [...new Set(skus)];
    const out = new Map<string, ResolvedSku | null>(unique.map((s) => [s, null]));
    if (unique.length === 0) return out;
    const roots = await this.held.skus(ctx.key.tenantId, unique);
    const products = await this.held.sold(
      ctx,
      [...roots.values()].map((r) => r.rootId),
    );
    for (const [sku, { rootId, variantId }] of roots) {
      const product = products.get(rootId);
      if (product !== undefined) out.set(sku, this.resolveHeld(product, rootId, variantId, ctx));
    }
    return out;
  }

  private resolveHeld(product: HeldProduct, rootId: number, variantId: number, ctx: SiteContext): ResolvedSku | null {
    const byVariant = this.resolved.get(product) ?? new Map<string, ResolvedSku | null>();
    this.resolved.set(product, byVariant);
    const key = `${variantId}\u0000${ctx.market.code}\u0000${ctx.language}`;
    const kept = byVariant.get(key);
    if (kept !== undefined) return kept;
    const own = variantId === rootId ? null : variantMediaOf(product.media.get(variantId)).image;
    const images = { own, product: productMediaOf(product.media.get(rootId)).image };
    const resolved = resolveOne(product.sold, variantId, ctx, images);
    byVariant.set(key, resolved);
    return resolved;
  }
}

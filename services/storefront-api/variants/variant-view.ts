import type { CatalogueVariant } from '../../../indexer/documents/catalogue-product';
import { decimalString } from '../../../indexer/documents/format';
import { cardPrice, priceOn } from '../../../indexer/documents/market-offers';
import { brandOf, responsibleOf } from '../products/content';
import type { ProductParts } from '../products/product-parts';
import { inStockHere } from './variant-options';

/** The spec's variant on the request's market: `price` is null when the market does not sell it. */
export function variantOf(variant: CatalogueVariant, parts: ProductParts) {
  const price = priceOn(variant, parts.market);
  const media = parts.variantMedia.get(variant.id) ?? { images: [], image: null, hasOwnImages: false };
  return {
    id: String(variant.id),
    sku: variant.sku,
    selectedOptions: variant.options,
    price: price === undefined ? null : cardPrice(price),
    stock: decimalString(variant.stock),
    inStock: inStockHere(variant, parts.market),
    images: media.images,
    image: media.image,
    hasOwnImages: media.hasOwnImages,
    brand: brandOf(variant.brand, parts.brands),
    // Only the variant's own links: a simple product is its own variant, so it shows the product's.
    responsible: responsibleOf(parts.links.get(variant.id), parts.parties),
  };
}

export type VariantView = ReturnType<typeof variantOf>;

import type { TextDecoder } from 'node:util';
import type { MediaRow } from '../../shared/media/manifest';
import type { CatalogueProduct } from './catalogue-product';

/**
 * What a product page and a cart line read of a product besides its card, as the run that indexed it read it: the
 * product, the markets it is sold on (its document's), and the media rows of the product and its variants. A full
 * run keeps it beside the product's document (BulkOperation `detail`), so a serving process can take it by id
 * instead of reading the catalogue.
 */
export interface ProductSource {
  product: CatalogueProduct;
  markets: readonly string[];
  media: readonly MediaRow[];
}

/** Bumped whenever the shape changes: a source kept by another version of the indexer is not read. */
const VERSION = 1;

export const encodeProductSource = (source: ProductSource): string =>
  JSON.stringify({ v: VERSION, ...source, product: withTimes(source.product) });

/**
 * The product with its dates as epoch milliseconds: JSON.stringify takes about twice as long over Date objects
 * (28 against 13 us a bench product), and a full run encodes every product.
 */
function withTimes(product: CatalogueProduct): unknown {
  const time = <T extends { updatedAt: Date }>(item: T) => ({ ...item, updatedAt: item.updatedAt.getTime() });
  return {
    ...product,
    createdAt: product.createdAt.getTime(),
    updatedAt: product.updatedAt.getTime(),
    variants: product.variants.map((v) => ({ ...time(v), prices: v.prices.map(time) })),
    descriptions: Object.fromEntries(Object.entries(product.descriptions).map(([l, d]) => [l, time(d)])),
  };
}

/** The source kept as `bytes`, or null when another version of the indexer kept it. */
export function decodeProductSource(bytes: Uint8Array, decoder: TextDecoder): ProductSource | null {
  const parsed = JSON.parse(decoder.decode(bytes)) as ProductSource & { v?: unknown };
  if (parsed.v !== VERSION) return null;
  const { product } = parsed;
  product.createdAt = new Date(product.createdAt);
  product.updatedAt = new Date(product.updatedAt);
  for (const variant of product.variants) {
    variant.updatedAt = new Date(variant.updatedAt);
    for (const price of variant.prices) price.updatedAt = new Date(price.updatedAt);
  }
  for (const description of Object.values(product.descriptions))
    description.updatedAt = new Date(description.updatedAt);
  return { product, markets: parsed.markets, media: parsed.media };
}

import type { MediaDescriptor } from '../../shared/media/descriptor';

/** The spec's Price, with decimal strings. */
export type CardPrice = {
  amount: string;
  currency: string;
  vatRate: string;
  vatIncluded: boolean;
  compareAt: string | null;
};

export type CardBrand = { id: string; slug: string; label: string };

/**
 * The card payload stored with a document: one card for every market and language, with per-market price,
 * priceVaries and inStock and per-language slug, name and short description. The listing projects it with
 * projectCard for the request's market and language (one document per product keeps the index small).
 */
export type IndexedCard = {
  id: string;
  sku: string;
  slug: Record<string, string>;
  name: Record<string, string>;
  shortDescription: Record<string, string | null>;
  price: Record<string, CardPrice>;
  priceVaries: Record<string, boolean>;
  inStock: Record<string, boolean>;
  brand: CardBrand | null;
  /** The display image (role primary, else first gallery, else first swatch), or null. */
  image: MediaDescriptor | null;
  /** Ids of the site's collections the product belongs to; the API shows their slugs in the request language. */
  collectionIds: number[];
  updatedAt: string;
};

/** The spec's product card on one market and language (url and collections are added by the listing). */
export type ProductCard = {
  id: string;
  slug: string;
  name: string;
  sku: string;
  price: CardPrice;
  priceVaries: boolean;
  inStock: boolean;
  brand: CardBrand | null;
  shortDescription: string | null;
  image: MediaDescriptor | null;
  updatedAt: string;
};

/** The card as a shopper on `market` in `language` sees it; null when the product has no price there. */
export function projectCard(card: IndexedCard, market: string, language: string): ProductCard | null {
  const price = card.price[market];
  if (price === undefined) return null;
  return {
    id: card.id,
    slug: card.slug[language] ?? Object.values(card.slug)[0] ?? card.id,
    name: card.name[language] ?? Object.values(card.name)[0] ?? '',
    sku: card.sku,
    price,
    priceVaries: card.priceVaries[market] ?? false,
    inStock: card.inStock[market] ?? false,
    brand: card.brand,
    shortDescription: card.shortDescription[language] ?? null,
    image: card.image,
    updatedAt: card.updatedAt,
  };
}

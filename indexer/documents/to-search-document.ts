import { fold } from '../../shared/search/analysis/fold';
import { inStockField, priceField, type LocalizedText, type SearchDocument } from '../../shared/search';
import type { IndexedCard } from './card';
import type { CatalogueProduct, CatalogueVariant } from './catalogue-product';
import { assortmentSkip } from './assortment';
import { collectionIds, facetKinds } from './collection-membership';
import { brandKey, documentFacets, productBrands } from './document-facets';
import { htmlToText } from './format';
import { marketOffer, priceOn, type MarketOffer } from './market-offers';
import { contentOf, sourceText } from './product-content';
import type { SiteIndexConfig } from './site-config';
import { shortText } from '../../shared/product-text/sanitize';
import type { ContentConfig, ContentSource } from '../../shared/storefront-config/schemas';
import { slugify } from '../../shared/storefront-config/slugs/slugify';
import { displayImage } from '../../shared/media/build-descriptor';
import type { MediaDescriptor } from '../../shared/media/descriptor';

/**
 * Why a product has no document: the product is switched off, it has no active variant, no market of the
 * site has a price for any of its active variants (a product with no price on a market never appears there),
 * or the site's assortment leaves it out.
 */
export type SkipReason = 'INACTIVE' | 'NO_VARIANTS' | 'NO_PRICE' | 'OUT_OF_ASSORTMENT' | 'INACTIVE_CATEGORY';

export interface SkippedProduct {
  skip: SkipReason;
  productId: string;
}

export function isSkipped(result: SearchDocument | SkippedProduct): result is SkippedProduct {
  return 'skip' in result;
}

/** The product's name in `language`: its own content, else the first site language that has one, else the business name. */
function nameIn(product: CatalogueProduct, language: string, languages: readonly string[]): string {
  const own = product.descriptions[language]?.name;
  if (own !== undefined && own !== '') return own;
  for (const other of languages) {
    const name = product.descriptions[other]?.name;
    if (name !== undefined && name !== '') return name;
  }
  return product.name;
}

function localizedText(
  product: CatalogueProduct,
  name: string,
  brands: string,
  language: string,
  content: ContentConfig,
): LocalizedText {
  const own = product.descriptions[language] ?? null;
  // A stored short description is searched as written (it is plain text); every other source may hold markup.
  const short = sourceText(product, own, content.shortDescription) ?? '';
  const texts = [
    isPlainSource(content.shortDescription) ? short : htmlToText(short),
    htmlToText(sourceText(product, own, content.description) ?? ''),
  ];
  return { name, brand: brands, description: texts.filter((t) => t !== '').join(' ') };
}

const isPlainSource = (source: ContentSource): boolean =>
  source !== null && 'property' in source && source.property === 'shortDescription';

/** A card's short description: the mapped source's text exactly as the product page shows it. */
const cardShortText = (product: CatalogueProduct, language: string, content: ContentConfig): string | null =>
  shortText(sourceText(product, product.descriptions[language] ?? null, content.shortDescription));

/** Latest change to anything on the card: the product, its sellable variants, their prices, its content. */
function lastUpdated(product: CatalogueProduct, sellable: readonly CatalogueVariant[]): string {
  let latest = product.updatedAt.getTime();
  for (const variant of sellable) {
    latest = Math.max(latest, variant.updatedAt.getTime(), ...variant.prices.map((p) => p.updatedAt.getTime()));
  }
  for (const content of Object.values(product.descriptions)) latest = Math.max(latest, content.updatedAt.getTime());
  return new Date(latest).toISOString();
}

type CardInput = {
  product: CatalogueProduct;
  content: ContentConfig;
  sellable: readonly CatalogueVariant[];
  offers: Map<string, MarketOffer>;
  names: Record<string, string>;
  slugs: Record<string, string>;
  media: readonly MediaDescriptor[];
};

function buildCard({ product, content, sellable, offers, names, slugs, media }: CardInput): IndexedCard {
  const id = String(product.id);
  const entries = [...offers];
  return {
    id,
    sku: product.sku,
    slug: Object.fromEntries(Object.entries(names).map(([l, name]) => [l, slugs[l] ?? `${slugify(name)}-${id}`])),
    name: names,
    shortDescription: Object.fromEntries(Object.keys(names).map((l) => [l, cardShortText(product, l, content)])),
    price: Object.fromEntries(entries.map(([m, o]) => [m, o.price])),
    priceVaries: Object.fromEntries(entries.map(([m, o]) => [m, o.priceVaries])),
    inStock: Object.fromEntries(entries.map(([m, o]) => [m, o.inStock])),
    brand:
      product.brand === null
        ? null
        : { id: String(product.brand.id), slug: brandKey(product.brand), label: product.brand.name },
    image: displayImage(media),
    collectionIds: [],
    updatedAt: lastUpdated(product, sellable),
  };
}

/** The names a product's slugs are minted from: its storefront name per site language. */
export function productNames(product: CatalogueProduct, languages: readonly string[]): Record<string, string> {
  return Object.fromEntries(languages.map((l) => [l, nameIn(product, l, languages)]));
}

/**
 * The search document of one storefront product on a site (pure), or why it has none. Only active variants
 * count; per market the card shows the cheapest one priced there, and `price.<market>` / `inStock.<market>`
 * are set only on the markets the product is sold on. `slugs` (language -> minted slug) name the card's
 * slugs; the card lists the ids of the site's collections the product belongs to. `media` are the product's
 * own descriptors (resolved by the run's batch step); the card shows the display image among them.
 */
export function toSearchDocument(
  product: CatalogueProduct,
  config: SiteIndexConfig,
  slugs: Record<string, string> = {},
  media: readonly MediaDescriptor[] = [],
): SearchDocument | SkippedProduct {
  const productId = String(product.id);
  if (!product.active) return { skip: 'INACTIVE', productId };
  const outside = assortmentSkip(product, config.assortment);
  if (outside !== null) return { skip: outside, productId };
  const active = product.variants.filter((v) => v.active);
  if (active.length === 0) return { skip: 'NO_VARIANTS', productId };
  const offers = new Map<string, MarketOffer>();
  for (const market of config.markets) {
    const offer = marketOffer(active, market);
    if (offer !== null) offers.set(market.code, offer);
  }
  if (offers.size === 0) return { skip: 'NO_PRICE', productId };
  const sellable = active.filter((v) => config.markets.some((m) => priceOn(v, m) !== undefined));
  const names = productNames(product, config.languages);
  const brandText = productBrands(product, sellable)
    .map((b) => b.name)
    .join(' ');
  const { facets, labels, numbers, flags } = documentFacets(product, sellable, config);
  const content = contentOf(config);
  const card = buildCard({ product, content, sellable, offers, names, slugs, media });
  const document: SearchDocument = {
    id: productId,
    markets: [...offers.keys()],
    text: Object.fromEntries(
      config.languages.map((l) => [l, localizedText(product, names[l] ?? product.name, brandText, l, content)]),
    ),
    skus: [...new Set([product.sku, ...sellable.map((v) => v.sku)])],
    facets,
    labels,
    numbers: { ...numbers, ...Object.fromEntries([...offers].map(([m, o]) => [priceField(m), o.amount])) },
    flags: { ...flags, ...Object.fromEntries([...offers].map(([m, o]) => [inStockField(m), o.inStock])) },
    sortKeys: {
      name: Object.fromEntries(Object.entries(names).map(([l, n]) => [l, fold(n)])),
      createdAt: product.createdAt.getTime(),
    },
    card,
  };
  card.collectionIds = collectionIds(document, config.collections ?? [], facetKinds(config.facets));
  return document;
}

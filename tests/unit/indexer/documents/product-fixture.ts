import type {
  CatalogueCategory,
  CataloguePrice,
  CatalogueProduct,
  CatalogueVariant,
  CategoryNode,
} from '../../../../indexer/documents/catalogue-product';
import type { IndexedCard } from '../../../../indexer/documents/card';
import type { SiteIndexConfig } from '../../../../indexer/documents/site-config';
import { isSkipped, toSearchDocument, type SkippedProduct } from '../../../../indexer/documents/to-search-document';
import type { SearchDocument } from '../../../../shared/search';

// Builders for catalogue records: each test states only what it is about.

export const T0 = new Date('2025-01-01T00:00:00Z');
export const SEK_LIST = 1;
export const EUR_LIST = 2;

export const CONFIG: SiteIndexConfig = {
  markets: [
    { code: 'se', language: 'sv', currency: 'SEK', priceListId: SEK_LIST },
    { code: 'eu', language: 'en', currency: 'EUR', priceListId: EUR_LIST },
  ],
  languages: ['en', 'sv'],
  facets: [
    { kind: 'brand', key: 'brand' },
    { kind: 'option', key: 'colour', option: 'colour' },
    { kind: 'option', key: 'size', option: 'size' },
    { kind: 'attribute', key: 'material', attribute: 'material' },
    { kind: 'category', key: 'category', rootId: null },
  ],
};

export function sek(amount: string, extra: Partial<CataloguePrice> = {}): CataloguePrice {
  return {
    priceListId: SEK_LIST,
    currency: 'SEK',
    amount,
    vatRate: '25.000',
    vatIncluded: true,
    compareAt: null,
    updatedAt: T0,
    ...extra,
  };
}

export function eur(amount: string, extra: Partial<CataloguePrice> = {}): CataloguePrice {
  return {
    priceListId: EUR_LIST,
    currency: 'EUR',
    amount,
    vatRate: '19.000',
    vatIncluded: true,
    compareAt: null,
    updatedAt: T0,
    ...extra,
  };
}

export function variant(id: number, extra: Partial<CatalogueVariant> = {}): CatalogueVariant {
  return {
    id,
    sku: `SKU-${id}`,
    active: true,
    brand: null,
    options: {},
    prices: [sek('100.0000')],
    stock: '5.0000',
    updatedAt: T0,
    ...extra,
  };
}

export function node(id: number, en: string, sv: string, active = true): CategoryNode {
  return { id, name: en, names: { en, sv }, active };
}

export function category(path: CategoryNode[], primary = true): CatalogueCategory {
  return { id: path[path.length - 1]?.id ?? 0, primary, path };
}

/** A simple product (its own single variant) priced 100 SEK and 10 EUR, in stock, with English and Swedish content. */
export function simpleProduct(extra: Partial<CatalogueProduct> = {}): CatalogueProduct {
  return {
    id: 7,
    sku: 'CL000007',
    name: 'Nordcraft Classic Cotton Jacket',
    active: true,
    kind: 'simple',
    brand: { id: 3, name: 'Nordcraft', slug: 'nordcraft' },
    options: [],
    variants: [variant(7, { sku: 'CL000007', prices: [sek('100.0000'), eur('10.0000')] })],
    categories: [],
    descriptions: {
      en: {
        name: 'Classic Cotton Jacket',
        shortDescription: 'A warm jacket.',
        html: '<p>Made of <strong>cotton</strong> &amp; love.</p>',
        updatedAt: T0,
      },
      sv: { name: 'Klassisk jacka i bomull', shortDescription: 'En varm jacka.', html: null, updatedAt: T0 },
    },
    attributes: [],
    createdAt: new Date('2024-03-01T10:00:00Z'),
    updatedAt: T0,
    ...extra,
  };
}

/** A parent with colour x size variants; `variants` replaces the default two. */
export function parentProduct(variants?: CatalogueVariant[], extra: Partial<CatalogueProduct> = {}): CatalogueProduct {
  return simpleProduct({
    id: 10,
    sku: 'SH000010',
    kind: 'parent',
    options: ['colour', 'size'],
    variants: variants ?? [
      variant(11, { options: { colour: 'Black', size: '42' }, prices: [sek('200.0000'), eur('20.0000')] }),
      variant(12, { options: { colour: 'White', size: '43' }, prices: [sek('200.0000'), eur('20.0000')] }),
    ],
    ...extra,
  });
}

/** The document of a product that must not be skipped. */
export function documentOf(product: CatalogueProduct, config = CONFIG): SearchDocument {
  const result = toSearchDocument(product, config);
  if (isSkipped(result)) throw new Error(`unexpectedly skipped: ${result.skip}`);
  return result;
}

export const cardOf = (doc: SearchDocument): IndexedCard => doc.card as IndexedCard;

/** The skip of a product that must be skipped. */
export function skipOf(product: CatalogueProduct): SkippedProduct {
  const result = toSearchDocument(product, CONFIG);
  if (!isSkipped(result)) throw new Error('expected a skip');
  return result;
}

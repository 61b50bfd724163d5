import type { z } from 'zod';
import { siteConfigSchema, type SiteConfig } from '../../shared/storefront-config/schemas';
import type { TenantFacts } from '../../indexer/documents/site-config';
import { SiteCatalogue } from '../../services/storefront-api/catalogue/site-catalogue';

/** The tenant behind the unit catalogues: two price lists, two option axes, a keyed attribute, two category roots. */
export const FACTS: TenantFacts = {
  priceLists: [
    { id: 1, code: 'retail-eur', currency: 'EUR' },
    { id: 2, code: 'retail-sek', currency: 'SEK' },
  ],
  contentLanguages: ['en', 'sv'],
  defaultLanguage: 'en',
  defaultCurrency: 'EUR',
  optionAxes: ['Colour', 'Size'],
  keyedAttributes: ['material'],
  categoryRoots: [
    { id: 1, name: 'Clothing' },
    { id: 2, name: 'Home & Garden' },
  ],
};

export const MARKETS = [
  {
    code: 'm1',
    language: 'en',
    currency: 'EUR',
    country: 'IE',
    urlTemplate: 'https://m1.shop.example/{path}',
    priceListId: 1,
    isDefault: true,
  },
  {
    code: 'm2',
    language: 'sv',
    currency: 'SEK',
    country: 'SE',
    urlTemplate: 'https://shop.example/sv/{path}',
    priceListId: 2,
  },
];

/** Configured facets of every type and match, as a merchant would save them. */
export const CONFIGURED_FACETS = [
  {
    key: 'brand',
    definition: {
      source: { kind: 'brand' },
      type: 'list',
      label: { en: 'Brand', sv: 'Märke' },
      searchable: true,
      position: 1,
    },
  },
  {
    key: 'colour',
    definition: {
      source: { kind: 'option', option: 'Colour' },
      type: 'swatch',
      label: { en: 'Colour', sv: 'Färg' },
      help: { en: 'Pick a colour' },
      position: 2,
      swatches: { red: { color: '#f00' } },
    },
  },
  {
    key: 'features',
    definition: {
      source: { kind: 'attribute', attribute: 'features' },
      type: 'list',
      match: 'all',
      label: { en: 'Features' },
      position: 3,
      collapsed: true,
    },
  },
  {
    key: 'fit',
    definition: {
      source: { kind: 'attribute', attribute: 'fit' },
      type: 'list',
      match: 'single',
      label: { en: 'Fit' },
      position: 4,
    },
  },
  {
    key: 'category',
    definition: {
      source: { kind: 'category', rootId: null },
      type: 'hierarchy',
      label: { en: 'Category', sv: 'Kategori' },
      position: 0,
      size: 50,
    },
  },
  {
    key: 'weight',
    definition: {
      source: { kind: 'attribute', attribute: 'weight' },
      type: 'range',
      label: { en: 'Weight' },
      position: 5,
      range: { unit: 'kg', step: 0.5 },
    },
  },
  {
    key: 'organic',
    definition: {
      source: { kind: 'attribute', attribute: 'organic' },
      type: 'toggle',
      label: { en: 'Organic' },
      position: 6,
    },
  },
];

export const COLLECTIONS = [
  { id: 10, slugs: { en: 'women', sv: 'dam' }, names: { en: 'Women', sv: 'Dam' }, filter: { category: ['1/3'] } },
  {
    id: 11,
    slugs: { en: 'shoes', sv: 'skor' },
    names: { en: 'Shoes', sv: 'Skor' },
    filter: { brand: ['acme', 'zed'], price: ['10-'] },
    parentId: 10,
  },
  { id: 12, slugs: { en: 'everything' }, names: { en: 'Everything' }, filter: { all: [] } },
  { id: 13, slugs: { en: 'odd' }, names: { en: 'Odd' }, filter: { nope: ['x'], 'in-stock': ['true'] } },
];

export const QUERY_RULES = [
  { id: 1, query: 'Gift Card', target: { kind: 'url', url: 'https://m1.shop.example/gift-cards' } },
  { id: 2, query: 'shoes', target: { kind: 'collection', collectionId: 11 } },
  { id: 3, query: 'gone', target: { kind: 'collection', collectionId: 99 } },
];

export function siteConfig(overrides: Partial<z.input<typeof siteConfigSchema>> = {}): SiteConfig {
  return siteConfigSchema.parse({
    site: { code: 'shop', name: 'Shop', ecomSiteId: 1 },
    markets: MARKETS,
    facets: CONFIGURED_FACETS,
    collections: COLLECTIONS,
    queryRules: QUERY_RULES,
    ...overrides,
  });
}

/** A catalogue of the configured site (or of `overrides`), as the storefront builds it per config version. */
export function catalogue(
  overrides: Partial<z.input<typeof siteConfigSchema>> = {},
  facts: TenantFacts = FACTS,
): SiteCatalogue {
  return new SiteCatalogue(siteConfig(overrides), facts, 3);
}

/** A card's price (IndexedCard.price) with VAT included at 25% and no compare-at price. */
export const cardPrice = (amount: string, currency: string) => ({
  amount,
  currency,
  vatRate: '25.00',
  vatIncluded: true,
  compareAt: null,
});

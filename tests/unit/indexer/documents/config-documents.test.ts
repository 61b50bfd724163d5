import type { z } from 'zod';
import { collectionIds } from '../../../../indexer/documents/collection-membership';
import { parseRangeValue } from '../../../../shared/listing/range-value';
import type {
  CatalogueAttribute,
  CataloguePrice,
  CatalogueProduct,
  CatalogueVariant,
} from '../../../../indexer/documents/catalogue-product';
import { facetSource, siteIndexConfig, siteIndexSettings } from '../../../../indexer/documents/from-site-config';
import type { SiteIndexConfig, TenantFacts } from '../../../../indexer/documents/site-config';
import { isSkipped, toSearchDocument, type SkippedProduct } from '../../../../indexer/documents/to-search-document';
import type { SearchDocument } from '../../../../shared/search';
import { siteConfigSchema, type SiteConfig } from '../../../../shared/storefront-config/schemas';
import { validateSiteConfig } from '../../../../shared/storefront-config/validate-config';
import {
  EUR_LIST,
  SEK_LIST,
  T0,
  cardOf,
  category,
  eur,
  node,
  parentProduct,
  sek,
  simpleProduct,
  variant,
} from './product-fixture';

// Documents built from a storefront configuration as merchants save it (siteConfigSchema), not a hand-made
// SiteIndexConfig: what reaches the indexer is siteIndexConfig(config, facts).

const NOK_LIST = 3;
const nok = (amount: string): CataloguePrice => ({
  priceListId: NOK_LIST,
  currency: 'NOK',
  amount,
  vatRate: '25.000',
  vatIncluded: true,
  compareAt: null,
  updatedAt: T0,
});

/** The tenant data the zero-config facets come from. */
const FACTS: TenantFacts = {
  priceLists: [
    { id: SEK_LIST, code: 'RETAIL-SEK', currency: 'SEK' },
    { id: EUR_LIST, code: 'RETAIL-EUR', currency: 'EUR' },
  ],
  contentLanguages: ['en', 'sv'],
  defaultLanguage: 'sv',
  defaultCurrency: 'SEK',
  optionAxes: ['colour'],
  keyedAttributes: ['material'],
  categoryRoots: [{ id: 1, name: 'Clothing' }],
};

type ConfigInput = z.input<typeof siteConfigSchema>;

const SITE_INPUT: ConfigInput = {
  site: { code: 'main', name: 'Main shop', ecomSiteId: 1 },
  // The default market is listed last and one market is switched off.
  markets: [
    {
      code: 'eu',
      language: 'en',
      currency: 'EUR',
      country: 'DE',
      urlTemplate: 'https://shop.example/en/{path}',
      priceListId: EUR_LIST,
    },
    {
      code: 'no',
      language: 'nb',
      currency: 'NOK',
      country: 'NO',
      urlTemplate: 'https://shop.example/no/{path}',
      priceListId: NOK_LIST,
      active: false,
    },
    {
      code: 'se',
      language: 'sv',
      currency: 'SEK',
      country: 'SE',
      urlTemplate: 'https://shop.example/{path}',
      priceListId: SEK_LIST,
      isDefault: true,
    },
  ],
  facets: [
    { key: 'brand', definition: { source: { kind: 'brand' }, type: 'list' } },
    { key: 'colour', definition: { source: { kind: 'option', option: 'colour' }, type: 'swatch' } },
    { key: 'size', definition: { source: { kind: 'option', option: 'size' }, type: 'list' } },
    { key: 'material', definition: { source: { kind: 'attribute', attribute: 'material' }, type: 'list' } },
    {
      key: 'weight',
      definition: {
        source: { kind: 'attribute', attribute: 'Weight (kg)' },
        type: 'range',
        range: { unit: 'kg', step: 0.1 },
      },
    },
    { key: 'organic', definition: { source: { kind: 'attribute', attribute: 'Organic' }, type: 'toggle' } },
    { key: 'category', definition: { source: { kind: 'category', rootId: null }, type: 'hierarchy' } },
    { key: 'clothing', definition: { source: { kind: 'category', rootId: 1 }, type: 'hierarchy' } },
  ],
  collections: [],
  queryRules: [],
};

function siteConfig(change: (input: ConfigInput) => void = () => {}): SiteConfig {
  const input = JSON.parse(JSON.stringify(SITE_INPUT)) as ConfigInput;
  change(input);
  return siteConfigSchema.parse(input);
}

const indexConfig = (change?: (input: ConfigInput) => void): SiteIndexConfig =>
  siteIndexConfig(siteConfig(change), FACTS);

function docOf(
  product: CatalogueProduct,
  config: SiteIndexConfig = indexConfig(),
  slugs?: Record<string, string>,
): SearchDocument {
  const result = toSearchDocument(product, config, slugs);
  if (isSkipped(result)) throw new Error(`unexpectedly skipped: ${result.skip}`);
  return result;
}

function skipOf(product: CatalogueProduct, config: SiteIndexConfig): SkippedProduct {
  const result = toSearchDocument(product, config);
  if (!isSkipped(result)) throw new Error('expected a skip');
  return result;
}

const attribute = (key: string, values: string[], valueKeys: string[] | null = null): CatalogueAttribute => ({
  key,
  label: key,
  type: 'text',
  values,
  valueKeys,
});

const CLOTHING = node(1, 'Clothing', 'Kläder');
const JACKETS = node(2, 'Jackets', 'Jackor');
const HOME = node(3, 'Home', 'Hem');
const ARCHIVE = node(5, 'Archive', 'Arkiv', false);
const OLD = node(6, 'Old jackets', 'Gamla jackor');

describe('the configuration under test', () => {
  it('breaks no validation rule', () => {
    const facts = {
      priceLists: new Map([
        [SEK_LIST, 'SEK'],
        [EUR_LIST, 'EUR'],
        [NOK_LIST, 'NOK'],
      ]),
      categoryIds: new Set([1, 2, 3, 5, 6]),
      otherSiteCodes: new Set<string>(),
    };
    expect(validateSiteConfig(siteConfig(), facts)).toEqual([]);
  });
});

describe('siteIndexConfig', () => {
  const config = indexConfig();

  it('keeps only active markets, the default first', () => {
    expect(config.markets).toEqual([
      { code: 'se', language: 'sv', currency: 'SEK', priceListId: SEK_LIST },
      { code: 'eu', language: 'en', currency: 'EUR', priceListId: EUR_LIST },
    ]);
  });

  it("indexes the active markets' languages once each, the default market's first", () => {
    expect(config.languages).toEqual(['sv', 'en']);
    const twoSwedish = indexConfig((c) =>
      c.markets.push({
        code: 'fi',
        language: 'sv',
        currency: 'EUR',
        country: 'FI',
        urlTemplate: 'https://shop.example/fi/{path}',
        priceListId: EUR_LIST,
      }),
    );
    expect(twoSwedish.languages).toEqual(['sv', 'en']);
  });

  it('maps each configured facet to its document source in config order; range and toggle attributes read a number and a flag', () => {
    expect(config.facets).toEqual([
      { kind: 'brand', key: 'brand' },
      { kind: 'option', key: 'colour', option: 'colour' },
      { kind: 'option', key: 'size', option: 'size' },
      { kind: 'attribute', key: 'material', attribute: 'material', as: 'terms' },
      { kind: 'attribute', key: 'weight', attribute: 'Weight (kg)', as: 'number' },
      { kind: 'attribute', key: 'organic', attribute: 'Organic', as: 'flag' },
      { kind: 'category', key: 'category', rootId: null },
      { kind: 'category', key: 'clothing', rootId: 1 },
    ]);
  });

  it('derives the zero-config facets from the tenant data when none are configured', () => {
    expect(indexConfig((c) => (c.facets = [])).facets).toEqual([
      { kind: 'brand', key: 'brand' },
      { kind: 'option', key: 'colour', option: 'colour' },
      { kind: 'attribute', key: 'material', attribute: 'material' },
      { kind: 'category', key: 'clothing', rootId: 1 },
    ]);
  });

  it('carries the assortment (with its defaults) and the collections with their filters', () => {
    const withCollections = indexConfig((c) => {
      c.collections = [
        {
          id: 4,
          slugs: { en: 'sale' },
          names: { en: 'Sale' },
          filter: { price: ['-50'] },
          parentId: null,
          position: 3,
        },
      ];
    });
    expect(config.assortment).toEqual({ categoryRootIds: [], excludeInactive: true });
    expect(withCollections.collections).toEqual([{ id: 4, filter: { price: ['-50'] } }]);
  });
});

describe('facetSource', () => {
  const definition = (source: object, type: string) =>
    siteConfig((c) => (c.facets = [{ key: 'k', definition: { source, type } as never }])).facets[0]!;

  it.each([
    [{ kind: 'brand' }, 'list', { kind: 'brand', key: 'k' }],
    [{ kind: 'option', option: 'Size' }, 'swatch', { kind: 'option', key: 'k', option: 'Size' }],
    [{ kind: 'attribute', attribute: 'fit' }, 'list', { kind: 'attribute', key: 'k', attribute: 'fit', as: 'terms' }],
    [{ kind: 'attribute', attribute: 'fit' }, 'swatch', { kind: 'attribute', key: 'k', attribute: 'fit', as: 'terms' }],
    [{ kind: 'attribute', attribute: 'fit' }, 'range', { kind: 'attribute', key: 'k', attribute: 'fit', as: 'number' }],
    [{ kind: 'attribute', attribute: 'fit' }, 'toggle', { kind: 'attribute', key: 'k', attribute: 'fit', as: 'flag' }],
    [{ kind: 'category', rootId: 4 }, 'list', { kind: 'category', key: 'k', rootId: 4 }],
    [{ kind: 'category', rootId: null }, 'hierarchy', { kind: 'category', key: 'k', rootId: null }],
  ])('%j as %s -> %j', (source, type, expected) => expect(facetSource(definition(source, type))).toEqual(expected));
});

describe('toSearchDocument from a site config: a simple product', () => {
  const product = simpleProduct({
    categories: [category([CLOTHING, JACKETS])],
    attributes: [attribute('material', ['Cotton', 'Wool'], ['cotton', ''])],
  });
  const doc = docOf(product);

  it('is sold on the active markets it has a price on, default market first', () => {
    expect(doc.markets).toEqual(['se', 'eu']);
    expect(doc.numbers).toEqual({ 'price.se': 100, 'price.eu': 10 });
    expect(doc.flags).toEqual({ 'inStock.se': true, 'inStock.eu': true });
  });

  it("carries text, names, sort names and slugs in the site's languages only", () => {
    expect(Object.keys(doc.text)).toEqual(['sv', 'en']);
    expect(cardOf(doc).name).toEqual({ sv: 'Klassisk jacka i bomull', en: 'Classic Cotton Jacket' });
    expect(cardOf(doc).slug).toEqual({ sv: 'klassisk-jacka-i-bomull-7', en: 'classic-cotton-jacket-7' });
    expect(doc.sortKeys.name).toEqual({ sv: 'klassisk jacka i bomull', en: 'classic cotton jacket' });
  });

  it('has the configured facets with values, labelled in every site language', () => {
    expect(doc.facets).toEqual({
      brand: ['nordcraft'],
      material: ['cotton', 'wool'],
      category: ['1', '1/2'],
      clothing: ['2'],
    });
    expect(doc.labels?.category).toEqual({
      '1': { sv: 'Kläder', en: 'Clothing' },
      '1/2': { sv: 'Jackor', en: 'Jackets' },
    });
    expect(doc.labels?.clothing).toEqual({ '2': { sv: 'Jackor', en: 'Jackets' } });
    expect(doc.labels?.material?.wool).toEqual({ sv: 'Wool', en: 'Wool' });
  });

  it('uses the minted slugs it is given and falls back to name-id for a language without one', () => {
    const withSlugs = docOf(product, indexConfig(), { sv: 'klassisk-jacka', fr: 'veste' });
    expect(cardOf(withSlugs).slug).toEqual({ sv: 'klassisk-jacka', en: 'classic-cotton-jacket-7' });
  });
});

describe('toSearchDocument from a site config: a product with 150 variants', () => {
  const colours = [
    'Black',
    'White',
    'Red',
    'Green',
    'Blue',
    'Navy',
    'Olive',
    'Sand',
    'Grey',
    'Pink',
    'Plum',
    'Teal',
    'Rust',
    'Mint',
    'Ochre',
  ];
  const sizes = ['XS', 'S', 'M', 'L', 'XL', 'XXL', '3XL', '4XL', '5XL', '6XL'];
  const variants: CatalogueVariant[] = [];
  colours.forEach((colour, c) => {
    sizes.forEach((size, s) => {
      const i = c * sizes.length + s;
      const id = 1000 + i;
      // SEK on every variant (variant 1137 cheapest); EUR on even ones only (variant 1000 cheapest); stock only on 1149.
      const prices = [sek(i === 137 ? '99.5000' : `${300 + i}.0000`), ...(i % 2 === 0 ? [eur(`${30 + i}.0000`)] : [])];
      variants.push(
        variant(id, {
          sku: `TEE-${colour}-${size}`.toUpperCase(),
          options: { Colour: colour, Size: size },
          prices,
          stock: i === 149 ? '2' : '0',
        }),
      );
    });
  });
  const product = parentProduct(variants, { options: ['Colour', 'Size'] });
  const doc = docOf(product);

  it('indexes every option value of all 150 variants, matching the configured axis names case-insensitively', () => {
    expect(variants).toHaveLength(150);
    expect(doc.facets.colour).toEqual(colours.map((c) => c.toLowerCase()));
    expect(doc.facets.size).toEqual(sizes.map((s) => s.toLowerCase()));
    expect(doc.labels?.size?.['3xl']).toEqual({ sv: '3XL', en: '3XL' });
  });

  it('carries every SKU, the product number first', () => {
    expect(doc.skus).toHaveLength(151);
    expect(doc.skus[0]).toBe('SH000010');
    expect(doc.skus).toEqual(expect.arrayContaining(['TEE-BLACK-XS', 'TEE-OCHRE-6XL', 'TEE-TEAL-3XL']));
  });

  it('shows the cheapest variant per market and says the price varies', () => {
    expect(doc.numbers['price.se']).toBe(99.5);
    expect(doc.numbers['price.eu']).toBe(30);
    expect(cardOf(doc).price.se?.amount).toBe('99.50');
    expect(cardOf(doc).price.eu?.amount).toBe('30.00');
    expect(cardOf(doc).priceVaries).toEqual({ se: true, eu: true });
  });

  it('is in stock only on the market the one variant with stock is priced on', () => {
    // Variant 1149 (odd) has stock and no EUR price.
    expect(doc.flags).toEqual({ 'inStock.se': true, 'inStock.eu': false });
  });
});

describe('toSearchDocument from a site config: markets', () => {
  it('is sold only on the market it has a price on; the other market has no price field and no stock flag', () => {
    const doc = docOf(simpleProduct({ variants: [variant(7, { sku: 'CL000007', prices: [eur('12.0000')] })] }));
    expect(doc.markets).toEqual(['eu']);
    expect(doc.numbers).toEqual({ 'price.eu': 12 });
    expect(doc.numbers).not.toHaveProperty('price.se');
    expect(doc.flags).toEqual({ 'inStock.eu': true });
    expect(Object.keys(cardOf(doc).price)).toEqual(['eu']);
  });

  it('ignores prices on an inactive market, and skips a product priced only there (NO_PRICE)', () => {
    const both = docOf(
      simpleProduct({ variants: [variant(7, { sku: 'CL000007', prices: [sek('100.0000'), nok('120.0000')] })] }),
    );
    expect(both.markets).toEqual(['se']);
    expect(both.numbers).not.toHaveProperty('price.no');
    const onlyNok = simpleProduct({ variants: [variant(7, { sku: 'CL000007', prices: [nok('120.0000')] })] });
    expect(skipOf(onlyNok, indexConfig())).toEqual({ skip: 'NO_PRICE', productId: '7' });
  });

  it('indexes a market once it is switched on', () => {
    const config = indexConfig((c) => {
      c.markets[1]!.active = true;
    });
    const doc = docOf(
      simpleProduct({ variants: [variant(7, { sku: 'CL000007', prices: [sek('100.0000'), nok('120.0000')] })] }),
      config,
    );
    expect(doc.markets).toEqual(['se', 'no']);
    expect(doc.numbers).toEqual({ 'price.se': 100, 'price.no': 120 });
    // Text is per site language, whichever markets the product is sold on.
    expect(Object.keys(doc.text)).toEqual(['sv', 'en', 'nb']);
  });
});

describe('toSearchDocument from a site config: inactive categories and the assortment', () => {
  it('leaves out facet values below an inactive root, keeping the product sold through an active path', () => {
    const doc = docOf(simpleProduct({ categories: [category([ARCHIVE, OLD]), category([CLOTHING, JACKETS], false)] }));
    expect(doc.facets.category).toEqual(['1', '1/2']);
    expect(doc.labels?.category).not.toHaveProperty('5');
    expect(doc.labels?.category).not.toHaveProperty('5/6');
  });

  it('skips a product whose every category sits below an inactive one (INACTIVE_CATEGORY, excludeInactive by default)', () => {
    expect(skipOf(simpleProduct({ categories: [category([ARCHIVE, OLD])] }), indexConfig())).toEqual({
      skip: 'INACTIVE_CATEGORY',
      productId: '7',
    });
  });

  it('keeps that product without excludeInactive, with no category facet values', () => {
    const config = indexConfig((c) => (c.site.assortment = { excludeInactive: false }));
    const doc = docOf(simpleProduct({ categories: [category([ARCHIVE, OLD])] }), config);
    expect(doc.facets).not.toHaveProperty('category');
    expect(doc.facets).not.toHaveProperty('clothing');
    expect(doc.facets.brand).toEqual(['nordcraft']);
  });

  it('keeps a product without categories when no roots are set', () => {
    expect(docOf(simpleProduct({ categories: [] })).id).toBe('7');
  });

  describe('with assortment roots', () => {
    const config = indexConfig((c) => (c.site.assortment = { categoryRootIds: [1] }));

    it('keeps a product below a root', () => {
      expect(
        docOf(simpleProduct({ categories: [category([HOME]), category([CLOTHING, JACKETS])] }), config).facets.clothing,
      ).toEqual(['2']);
    });

    it('skips a product outside every root, and one without categories (OUT_OF_ASSORTMENT)', () => {
      expect(skipOf(simpleProduct({ categories: [category([HOME])] }), config)).toEqual({
        skip: 'OUT_OF_ASSORTMENT',
        productId: '7',
      });
      expect(skipOf(simpleProduct({ categories: [] }), config)).toEqual({ skip: 'OUT_OF_ASSORTMENT', productId: '7' });
    });

    it('judges inactivity only on the paths inside the roots', () => {
      const inactiveInside = simpleProduct({
        categories: [category([node(1, 'Clothing', 'Kläder', false), JACKETS]), category([HOME])],
      });
      expect(skipOf(inactiveInside, config)).toEqual({ skip: 'INACTIVE_CATEGORY', productId: '7' });
    });
  });
});

describe('toSearchDocument from a site config: range and toggle facets', () => {
  it('puts an attribute of a range facet under the facet key as a number, and of a toggle facet as a flag', () => {
    const doc = docOf(
      simpleProduct({ attributes: [attribute('Weight (kg)', ['1,25']), attribute('Organic', ['Yes'])] }),
    );
    expect(doc.numbers).toEqual({ weight: 1.25, 'price.se': 100, 'price.eu': 10 });
    expect(doc.flags).toEqual({ organic: true, 'inStock.se': true, 'inStock.eu': true });
    expect(doc.facets).not.toHaveProperty('weight');
    expect(doc.facets).not.toHaveProperty('organic');
  });

  it('reads a toggle attribute that is not a yes as false, and leaves out a range attribute that is not a number', () => {
    const doc = docOf(
      simpleProduct({ attributes: [attribute('Weight (kg)', ['heavy']), attribute('Organic', ['no'])] }),
    );
    expect(doc.numbers).not.toHaveProperty('weight');
    expect(doc.flags.organic).toBe(false);
  });
});

describe('toSearchDocument from a site config: zero-config facets', () => {
  it('has the facets derived from the tenant data when the config has none', () => {
    const config = indexConfig((c) => (c.facets = []));
    const product = parentProduct(undefined, {
      categories: [category([CLOTHING, JACKETS])],
      attributes: [attribute('material', ['Cotton'], ['cotton'])],
    });
    expect(docOf(product, config).facets).toEqual({
      brand: ['nordcraft'],
      colour: ['black', 'white'],
      material: ['cotton'],
      clothing: ['2'],
    });
  });
});

describe('toSearchDocument from a site config: collection membership', () => {
  const collections: ConfigInput['collections'] = [
    [1, { all: [] }],
    [2, { brand: ['nordcraft'] }],
    [3, { brand: ['fjellrev', 'nordcraft'] }],
    [4, { brand: ['fjellrev'] }],
    [5, { price: ['-50'] }],
    [6, { price: ['150-'] }],
    [7, { 'in-stock': ['true'] }],
    [8, { 'in-stock': ['false'] }],
    [9, { brand: ['nordcraft'], price: ['-50'] }],
    [10, { brand: ['nordcraft'], 'in-stock': ['true'] }],
    [11, { weight: ['1-2'] }],
    [12, { organic: ['true'] }],
    [13, { category: ['1'] }],
    [14, { colour: ['black', 'red'] }],
  ].map(([id, filter]) => ({
    id: id as number,
    slugs: { en: `c${id}` },
    names: { en: `C${id}` },
    filter: filter as Record<string, string[]>,
  }));
  const config = indexConfig((c) => (c.collections = collections));
  const members = (product: CatalogueProduct) => cardOf(docOf(product, config)).collectionIds;

  it('puts a cheap in-stock product in every collection whose every key it matches', () => {
    // 100 SEK / 10 EUR: "-50" matches on the EUR market.
    const product = simpleProduct({
      categories: [category([CLOTHING, JACKETS])],
      attributes: [attribute('Weight (kg)', ['1.5']), attribute('Organic', ['yes'])],
    });
    expect(members(product)).toEqual([1, 2, 3, 5, 7, 8, 9, 10, 11, 12, 13]);
  });

  it('leaves an expensive out-of-stock product of another brand out of the brand, price and stock collections', () => {
    const product = simpleProduct({
      brand: { id: 4, name: 'Fjellrev', slug: 'fjellrev' },
      variants: [variant(7, { sku: 'CL000007', prices: [sek('200.0000'), eur('60.0000')], stock: '0' })],
      attributes: [attribute('Weight (kg)', ['2.5']), attribute('Organic', ['no'])],
    });
    expect(members(product)).toEqual([1, 3, 4, 6, 8]);
  });

  it('matches option values with OR within the key', () => {
    expect(members(parentProduct())).toContain(14);
    const red = parentProduct([variant(11, { options: { colour: 'Red', size: '42' } })]);
    expect(members(red)).toContain(14);
    const white = parentProduct([variant(12, { options: { colour: 'White', size: '42' } })]);
    expect(members(white)).not.toContain(14);
  });

  it('treats "in-stock": ["false"] as no opinion, also for an out-of-stock product', () => {
    const product = simpleProduct({
      variants: [variant(7, { sku: 'CL000007', prices: [sek('100.0000')], stock: '0' })],
    });
    expect(members(product)).toContain(8);
    expect(members(product)).not.toContain(7);
  });

  // Listing rule 8: a toggle's `false` means no opinion. A product without the toggle's attribute has no flag,
  // and a listing filtered `organic=false` shows it; the collection with that filter must hold it too.
  it('treats a configured toggle facet filtered "false" as no opinion, also for a product without the attribute', () => {
    const toggleFalse = indexConfig(
      (c) => (c.collections = [{ id: 20, slugs: { en: 'x' }, names: { en: 'X' }, filter: { organic: ['false'] } }]),
    );
    const withFlag = docOf(simpleProduct({ attributes: [attribute('Organic', ['no'])] }), toggleFalse);
    const withoutFlag = docOf(simpleProduct({ attributes: [] }), toggleFalse);
    expect(cardOf(withFlag).collectionIds).toEqual([20]);
    expect(cardOf(withoutFlag).collectionIds).toEqual([20]);
  });
});

describe('collectionIds', () => {
  const doc = docOf(simpleProduct({ attributes: [attribute('Weight (kg)', ['1.5'])] }));
  const kinds = new Map([
    ['brand', 'terms'],
    ['weight', 'number'],
  ] as const);

  // Listing rules 5 and 7: a range whose lower bound is above its upper bound, and an unparseable value, are
  // ignored (200 with a warning), so a listing filtered that way shows every product. collectionIds promises
  // membership "as a listing filtered the same way would show it", and the schema accepts such filters.
  it('does not narrow membership by a range whose lower bound is above its upper bound', () => {
    expect(collectionIds(doc, [{ id: 1, filter: { price: ['50-10'] } }], kinds)).toEqual([1]);
  });

  it('does not narrow membership by a range value that does not parse', () => {
    expect(collectionIds(doc, [{ id: 2, filter: { price: ['cheap'] } }], kinds)).toEqual([2]);
  });

  it('ignores a key that is not a facet of the site (listing rule 5), and honours one that is', () => {
    expect(
      collectionIds(
        doc,
        [
          { id: 3, filter: { colour: ['red'] } },
          { id: 4, filter: { brand: ['nordcraft'] } },
        ],
        kinds,
      ),
    ).toEqual([3, 4]);
  });

  it('is empty without collections and keeps collection order', () => {
    expect(collectionIds(doc, [], kinds)).toEqual([]);
    expect(
      collectionIds(
        doc,
        [
          { id: 9, filter: { all: [] } },
          { id: 2, filter: {} },
          { id: 5, filter: { brand: ['x'] } },
        ],
        kinds,
      ),
    ).toEqual([9, 2]);
  });

  it('matches a range on any market price, and a range facet on its number', () => {
    expect(collectionIds(doc, [{ id: 1, filter: { price: ['10-10'] } }], kinds)).toEqual([1]);
    expect(collectionIds(doc, [{ id: 1, filter: { price: ['11-99'] } }], kinds)).toEqual([]);
    expect(collectionIds(doc, [{ id: 1, filter: { price: ['garbage', '90-100'] } }], kinds)).toEqual([1]);
    expect(
      collectionIds(
        doc,
        [
          { id: 1, filter: { weight: ['-1.5'] } },
          { id: 2, filter: { weight: ['1.6-'] } },
        ],
        kinds,
      ),
    ).toEqual([1]);
  });
});

describe('parseRangeValue (listing rule 7)', () => {
  it.each([
    ['10-50', { min: 10, max: 50 }],
    ['-10--2', { min: -10, max: -2 }],
    ['-10-', { min: -10, max: null }],
    ['--2', { min: null, max: -2 }],
    ['-5', { min: null, max: 5 }],
    ['10-', { min: 10, max: null }],
    ['0-0', { min: 0, max: 0 }],
    ['1.5-2.25', { min: 1.5, max: 2.25 }],
    [' 10-50 ', { min: 10, max: 50 }],
    ['50-10', { min: 50, max: 10 }],
  ])('%j -> %j', (value, expected) => expect(parseRangeValue(value)).toEqual(expected));

  it.each(['', '-', '--', 'abc', '10', 'ten-20', '10-20-30', '1e3-5', '10 - 20', '10--', '---2', '1,5-2', '.5-1'])(
    '%j -> null',
    (value) => {
      expect(parseRangeValue(value)).toBeNull();
    },
  );
});

describe('siteIndexSettings', () => {
  it('declares price and stock per market, terms facets, and attribute numbers and flags under their keys', () => {
    const index = {
      markets: [
        { code: 'se', language: 'sv', currency: 'SEK', priceListId: 1 },
        { code: 'eu', language: 'en', currency: 'EUR', priceListId: 2 },
      ],
      languages: ['sv', 'en'],
      facets: [
        { kind: 'brand' as const, key: 'brand' },
        { kind: 'attribute' as const, key: 'weight', attribute: 'Weight', as: 'number' as const },
        { kind: 'attribute' as const, key: 'organic', attribute: 'Organic', as: 'flag' as const },
        { kind: 'attribute' as const, key: 'material', attribute: 'Material', as: 'terms' as const },
        { kind: 'category' as const, key: 'category', rootId: null },
      ],
    };
    expect(siteIndexSettings(index)).toEqual({
      languages: ['sv', 'en'],
      fields: {
        facets: ['brand', 'material', 'category'],
        numbers: ['price.se', 'price.eu', 'weight'],
        flags: ['inStock.se', 'inStock.eu', 'organic'],
      },
    });
  });
});

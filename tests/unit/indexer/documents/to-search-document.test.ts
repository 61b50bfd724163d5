import { isSkipped, toSearchDocument } from '../../../../indexer/documents/to-search-document';
import {
  CONFIG,
  T0,
  cardOf,
  documentOf,
  eur,
  parentProduct,
  sek,
  simpleProduct,
  skipOf,
  variant,
} from './product-fixture';

describe('toSearchDocument: a simple product', () => {
  const doc = documentOf(simpleProduct());

  it('is sold on every market it has a price on, with the price as a number and an in-stock flag', () => {
    expect(doc.id).toBe('7');
    expect(doc.markets).toEqual(['se', 'eu']);
    expect(doc.numbers).toEqual({ 'price.se': 100, 'price.eu': 10 });
    expect(doc.flags).toEqual({ 'inStock.se': true, 'inStock.eu': true });
  });

  it('builds one card with per-market prices (decimal strings) and per-language names and slugs', () => {
    expect(cardOf(doc)).toEqual({
      id: '7',
      sku: 'CL000007',
      slug: { en: 'classic-cotton-jacket-7', sv: 'klassisk-jacka-i-bomull-7' },
      name: { en: 'Classic Cotton Jacket', sv: 'Klassisk jacka i bomull' },
      shortDescription: { en: 'A warm jacket.', sv: 'En varm jacka.' },
      price: {
        se: { amount: '100.00', currency: 'SEK', vatRate: '25.00', vatIncluded: true, compareAt: null },
        eu: { amount: '10.00', currency: 'EUR', vatRate: '19.00', vatIncluded: true, compareAt: null },
      },
      priceVaries: { se: false, eu: false },
      inStock: { se: true, eu: true },
      brand: { id: '3', slug: 'nordcraft', label: 'Nordcraft' },
      image: null,
      collectionIds: [],
      updatedAt: T0.toISOString(),
    });
  });

  it('carries text per language: name, brand, and short description plus the words of the HTML', () => {
    expect(doc.text.en).toEqual({
      name: 'Classic Cotton Jacket',
      brand: 'Nordcraft',
      description: 'A warm jacket. Made of cotton & love.',
    });
    expect(doc.text.sv).toEqual({ name: 'Klassisk jacka i bomull', brand: 'Nordcraft', description: 'En varm jacka.' });
  });

  it('has its product number as its only SKU, folded names as sort keys, and createdAt in epoch ms', () => {
    expect(doc.skus).toEqual(['CL000007']);
    expect(doc.sortKeys).toEqual({
      name: { en: 'classic cotton jacket', sv: 'klassisk jacka i bomull' },
      createdAt: Date.parse('2024-03-01T10:00:00Z'),
    });
  });

  it('has only the brand facet when it has no options, attributes or categories', () => {
    expect(doc.facets).toEqual({ brand: ['nordcraft'] });
    expect(doc.labels).toEqual({ brand: { nordcraft: { en: 'Nordcraft', sv: 'Nordcraft' } } });
  });
});

describe('toSearchDocument: variants', () => {
  const product = parentProduct([
    variant(11, {
      sku: 'SH10-BLK-42',
      options: { colour: 'Black', size: '42' },
      prices: [sek('249.5000'), eur('25.0000')],
      stock: '0',
    }),
    variant(12, {
      sku: 'SH10-BLK-43',
      options: { colour: 'Black', size: '43' },
      prices: [sek('199.0000'), eur('25.0000')],
      stock: '3',
    }),
    variant(13, {
      sku: 'SH10-WHT-42',
      options: { colour: 'White', size: '42' },
      prices: [sek('199.0000')],
      stock: '0',
    }),
    variant(14, {
      sku: 'SH10-RED-44',
      options: { colour: 'Red', size: '44' },
      prices: [sek('99.0000')],
      active: false,
    }),
  ]);
  const doc = documentOf(product);

  it('shows the cheapest active variant per market and says when prices vary', () => {
    const card = cardOf(doc);
    expect(card.price.se?.amount).toBe('199.00');
    expect(card.price.eu?.amount).toBe('25.00');
    expect(card.priceVaries).toEqual({ se: true, eu: false });
    expect(doc.numbers).toEqual({ 'price.se': 199, 'price.eu': 25 });
  });

  it('is in stock on a market when any variant priced there has stock', () => {
    expect(doc.flags).toEqual({ 'inStock.se': true, 'inStock.eu': true });
    const onlyUnpricedInStock = parentProduct([
      variant(11, { prices: [sek('10'), eur('1')], stock: '0' }),
      variant(12, { prices: [sek('10')], stock: '4' }),
    ]);
    expect(documentOf(onlyUnpricedInStock).flags).toEqual({ 'inStock.se': true, 'inStock.eu': false });
  });

  it('takes option facet values and SKUs from active variants only, keys folded, labels as written', () => {
    expect(doc.facets.colour).toEqual(['black', 'white']);
    expect(doc.facets.size).toEqual(['42', '43']);
    expect(doc.labels?.colour).toEqual({ black: { en: 'Black', sv: 'Black' }, white: { en: 'White', sv: 'White' } });
    expect(doc.skus).toEqual(['SH000010', 'SH10-BLK-42', 'SH10-BLK-43', 'SH10-WHT-42']);
  });

  it('matches option axes by folded name ("Colour" feeds the colour facet)', () => {
    const capitalised = parentProduct([variant(11, { options: { Colour: 'Navy' } })], { options: ['Colour'] });
    expect(documentOf(capitalised).facets.colour).toEqual(['navy']);
  });

  it('breaks a tie on the cheapest price by the lowest variant id (its compare-at is shown)', () => {
    const tie = parentProduct([
      variant(21, { prices: [sek('50', { compareAt: '80' })] }),
      variant(20, { prices: [sek('50', { compareAt: '70' })] }),
    ]);
    expect(cardOf(documentOf(tie)).price.se).toMatchObject({ amount: '50.00', compareAt: '70.00' });
    expect(cardOf(documentOf(tie)).priceVaries.se).toBe(false);
  });

  it('lists brands of the product and of its variants in the brand facet', () => {
    const other = { id: 9, name: 'Fjällwear', slug: 'fjallwear' };
    const mixed = parentProduct([
      variant(11),
      variant(12, { brand: other }),
      variant(13, { brand: other, active: false }),
    ]);
    const mixedDoc = documentOf(mixed);
    expect(mixedDoc.facets.brand).toEqual(['nordcraft', 'fjallwear']);
    expect(mixedDoc.text.en?.brand).toBe('Nordcraft Fjällwear');
  });

  it('leaves out of facets and SKUs an active variant that no market prices', () => {
    const unpriced = parentProduct([
      variant(11, { options: { colour: 'Black' } }),
      variant(12, { options: { colour: 'Pink' }, sku: 'PINK', prices: [] }),
    ]);
    const unpricedDoc = documentOf(unpriced);
    expect(unpricedDoc.facets.colour).toEqual(['black']);
    expect(unpricedDoc.skus).not.toContain('PINK');
  });
});

describe('toSearchDocument: a price missing on one market', () => {
  const doc = documentOf(simpleProduct({ variants: [variant(7, { prices: [sek('100')] })] }));

  it('appears only on the market it has a price on', () => {
    expect(doc.markets).toEqual(['se']);
    expect(doc.numbers).toEqual({ 'price.se': 100 });
    expect(doc.flags).toEqual({ 'inStock.se': true });
    expect(Object.keys(cardOf(doc).price)).toEqual(['se']);
  });

  it("ignores a price in another currency than the market's, even on the market's price list", () => {
    const wrongCurrency = simpleProduct({
      variants: [variant(7, { prices: [sek('100'), eur('10', { currency: 'USD' })] })],
    });
    expect(documentOf(wrongCurrency).markets).toEqual(['se']);
  });
});

describe('toSearchDocument: out of stock', () => {
  it('keeps a product whose variants are all out of stock, flagged false on every market', () => {
    const doc = documentOf(
      parentProduct([
        variant(11, { stock: '0.0000', prices: [sek('5'), eur('1')] }),
        variant(12, { stock: '-2.0000', prices: [sek('5'), eur('1')] }),
      ]),
    );
    expect(doc.markets).toEqual(['se', 'eu']);
    expect(doc.flags).toEqual({ 'inStock.se': false, 'inStock.eu': false });
    expect(cardOf(doc).inStock).toEqual({ se: false, eu: false });
  });
});

describe('toSearchDocument: skip reasons', () => {
  it('skips an inactive product as INACTIVE, even when priced', () => {
    expect(skipOf(simpleProduct({ active: false }))).toEqual({ skip: 'INACTIVE', productId: '7' });
  });

  it('skips a parent without active variants as NO_VARIANTS', () => {
    expect(skipOf(parentProduct([variant(11, { active: false })])).skip).toBe('NO_VARIANTS');
    expect(skipOf(parentProduct([])).skip).toBe('NO_VARIANTS');
  });

  it('skips a product priced on no market of the site as NO_PRICE', () => {
    expect(skipOf(simpleProduct({ variants: [variant(7, { prices: [] })] })).skip).toBe('NO_PRICE');
    const otherList = simpleProduct({ variants: [variant(7, { prices: [sek('5', { priceListId: 99 })] })] });
    expect(skipOf(otherList).skip).toBe('NO_PRICE');
    const onlyInactivePriced = parentProduct([variant(11, { prices: [] }), variant(12, { active: false })]);
    expect(skipOf(onlyInactivePriced).skip).toBe('NO_PRICE');
  });

  it('skips everything on a site without markets as NO_PRICE', () => {
    const result = toSearchDocument(simpleProduct(), { ...CONFIG, markets: [] });
    expect(isSkipped(result) && result.skip).toBe('NO_PRICE');
  });
});

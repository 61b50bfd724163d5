import {
  CONFIG,
  T0,
  cardOf,
  category,
  documentOf,
  eur,
  node,
  parentProduct,
  sek,
  simpleProduct,
  variant,
} from './product-fixture';

// toSearchDocument: prices beyond the basics, the category hierarchy, text and labels per language, card dates.

describe('toSearchDocument: compare-at price', () => {
  it('shows the compare-at price of the cheapest variant when it is above the price', () => {
    const doc = documentOf(
      simpleProduct({ variants: [variant(7, { prices: [sek('100.0000', { compareAt: '149.9000' })] })] }),
    );
    expect(cardOf(doc).price.se).toEqual({
      amount: '100.00',
      currency: 'SEK',
      vatRate: '25.00',
      vatIncluded: true,
      compareAt: '149.90',
    });
  });

  it('drops a compare-at price that is not above the price', () => {
    const doc = documentOf(
      simpleProduct({
        variants: [variant(7, { prices: [sek('100', { compareAt: '100' }), eur('10', { compareAt: '9' })] })],
      }),
    );
    expect(cardOf(doc).price.se?.compareAt).toBeNull();
    expect(cardOf(doc).price.eu?.compareAt).toBeNull();
  });

  it("shows the cheapest variant's compare-at, not another variant's", () => {
    const doc = documentOf(
      parentProduct([
        variant(11, { prices: [sek('90')] }),
        variant(12, { prices: [sek('120', { compareAt: '200' })] }),
      ]),
    );
    expect(cardOf(doc).price.se).toMatchObject({ amount: '90.00', compareAt: null });
  });

  it('keeps the VAT flag of the price list', () => {
    const doc = documentOf(simpleProduct({ variants: [variant(7, { prices: [sek('80', { vatIncluded: false })] })] }));
    expect(cardOf(doc).price.se?.vatIncluded).toBe(false);
  });
});

describe('toSearchDocument: category hierarchy', () => {
  const clothing = node(1, 'Clothing', 'Kläder');
  const women = node(2, 'Women', 'Dam');
  const everyday = node(5, 'Everyday', 'Vardag');
  const sale = node(9, 'Sale', 'Rea');
  const home = node(20, 'Home', 'Hem');
  const product = simpleProduct({ categories: [category([clothing, women, everyday, sale]), category([home], false)] });

  it('carries every ancestor path of every linked category, as category ids', () => {
    expect(documentOf(product).facets.category).toEqual(['1', '1/2', '1/2/5', '1/2/5/9', '20']);
  });

  it("labels each path with its last category's name per language", () => {
    expect(documentOf(product).labels?.category).toEqual({
      '1': { en: 'Clothing', sv: 'Kläder' },
      '1/2': { en: 'Women', sv: 'Dam' },
      '1/2/5': { en: 'Everyday', sv: 'Vardag' },
      '1/2/5/9': { en: 'Sale', sv: 'Rea' },
      '20': { en: 'Home', sv: 'Hem' },
    });
  });

  it('gives a per-root facet the paths below its root only', () => {
    const config = {
      ...CONFIG,
      facets: [
        { kind: 'category' as const, key: 'clothing', rootId: 1 },
        { kind: 'category' as const, key: 'home', rootId: 20 },
      ],
    };
    const doc = documentOf(product, config);
    expect(doc.facets).toEqual({ clothing: ['2', '2/5', '2/5/9'] });
    expect(doc.labels?.clothing?.['2/5']).toEqual({ en: 'Everyday', sv: 'Vardag' });
  });

  it('leaves out a category with an inactive node on its path', () => {
    const hidden = simpleProduct({ categories: [category([clothing, node(2, 'Women', 'Dam', false), everyday])] });
    expect(documentOf(hidden).facets.category).toBeUndefined();
  });

  it('shares ancestors between two links without repeating them', () => {
    const two = simpleProduct({
      categories: [category([clothing, women]), category([clothing, node(3, 'Men', 'Herr')], false)],
    });
    expect(documentOf(two).facets.category).toEqual(['1', '1/2', '1/3']);
  });
});

describe('toSearchDocument: labels and text per language', () => {
  it("falls back to another language's name, then the business name, but never borrows a description", () => {
    const enOnly = simpleProduct({
      descriptions: { en: { name: 'Lamp', shortDescription: 'Bright.', html: null, updatedAt: T0 } },
    });
    const doc = documentOf(enOnly);
    expect(doc.text.sv).toEqual({ name: 'Lamp', brand: 'Nordcraft', description: '' });
    expect(cardOf(doc).shortDescription).toEqual({ en: 'Bright.', sv: null });
    expect(cardOf(doc).slug.sv).toBe('lamp-7');
    const none = documentOf(simpleProduct({ descriptions: {} }));
    expect(none.text.en?.name).toBe('Nordcraft Classic Cotton Jacket');
  });

  it('folds sort names per language', () => {
    const doc = documentOf(
      simpleProduct({
        descriptions: { sv: { name: 'Ölglas Åre', shortDescription: null, html: null, updatedAt: T0 } },
      }),
    );
    expect(doc.sortKeys.name).toEqual({ en: 'olglas are', sv: 'olglas are' });
  });

  it('labels facet values in every site language, and keys attribute values by their own keys', () => {
    const withMaterial = simpleProduct({
      attributes: [
        {
          key: 'material',
          label: 'Material',
          type: 'list',
          values: ['Cotton', 'Recycled polyester'],
          valueKeys: ['cotton', 'recycled-polyester'],
        },
        { key: 'origin', label: 'Origin', type: 'text', values: ['Italy'], valueKeys: null },
      ],
    });
    const doc = documentOf(withMaterial, { ...CONFIG, languages: ['en', 'sv', 'de'] });
    expect(doc.facets.material).toEqual(['cotton', 'recycled-polyester']);
    expect(doc.labels?.material?.['recycled-polyester']).toEqual({
      en: 'Recycled polyester',
      sv: 'Recycled polyester',
      de: 'Recycled polyester',
    });
    expect(doc.labels?.brand?.nordcraft).toEqual({ en: 'Nordcraft', sv: 'Nordcraft', de: 'Nordcraft' });
    expect(Object.keys(doc.text)).toEqual(['en', 'sv', 'de']);
  });

  it('keys attribute values by slug when the merchant gave no keys', () => {
    const doc = documentOf(
      simpleProduct({
        attributes: [{ key: 'material', label: 'M', type: 'list', values: ['Återvunnen ull'], valueKeys: null }],
      }),
    );
    expect(doc.facets.material).toEqual(['atervunnen-ull']);
  });
});

describe('toSearchDocument: card updatedAt', () => {
  it('is the latest change of the product, its sellable variants, their prices and its content', () => {
    const later = new Date('2025-02-01T00:00:00Z');
    const latest = new Date('2025-03-01T00:00:00Z');
    const product = parentProduct([
      variant(11, { updatedAt: later, prices: [sek('1', { updatedAt: latest })] }),
      variant(12, { active: false, updatedAt: new Date('2026-01-01T00:00:00Z') }),
    ]);
    expect(cardOf(documentOf(product)).updatedAt).toBe(latest.toISOString());
  });
});

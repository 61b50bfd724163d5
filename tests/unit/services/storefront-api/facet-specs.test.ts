import { facetSpecs, labelIn, textIn } from '../../../../services/storefront-api/catalogue/facet-specs';
import { FACTS, siteConfig } from '../../../support/site-catalogue-fixture';

describe('facetSpecs', () => {
  it('derives the zero-config facets, then price and in-stock', () => {
    const specs = facetSpecs(siteConfig({ facets: [] }), FACTS);
    expect(
      specs.map((f) => ({
        key: f.key,
        type: f.type,
        match: f.match,
        searchable: f.searchable,
        size: f.size,
        label: f.label,
        field: f.field('m9'),
      })),
    ).toEqual([
      { key: 'brand', type: 'list', match: 'any', searchable: true, size: 20, label: { en: 'Brand' }, field: 'brand' },
      {
        key: 'colour',
        type: 'list',
        match: 'any',
        searchable: true,
        size: 20,
        label: { en: 'Colour' },
        field: 'colour',
      },
      { key: 'size', type: 'list', match: 'any', searchable: true, size: 20, label: { en: 'Size' }, field: 'size' },
      {
        key: 'material',
        type: 'list',
        match: 'any',
        searchable: true,
        size: 20,
        label: { en: 'material' },
        field: 'material',
      },
      {
        key: 'clothing',
        type: 'hierarchy',
        match: 'any',
        searchable: false,
        size: 20,
        label: { en: 'Clothing' },
        field: 'clothing',
      },
      {
        key: 'home-garden',
        type: 'hierarchy',
        match: 'any',
        searchable: false,
        size: 20,
        label: { en: 'Home & Garden' },
        field: 'home-garden',
      },
      {
        key: 'price',
        type: 'range',
        match: 'any',
        searchable: false,
        size: 1,
        label: { en: 'Price', sv: 'Pris', de: 'Preis' },
        field: 'price.m9',
      },
      {
        key: 'in-stock',
        type: 'toggle',
        match: 'any',
        searchable: false,
        size: 1,
        label: { en: 'In stock', sv: 'I lager', de: 'Auf Lager' },
        field: 'inStock.m9',
      },
    ]);
  });

  it('keeps the reserved keys for the built-ins when a tenant axis is called Price', () => {
    const keys = facetSpecs(siteConfig({ facets: [] }), {
      ...FACTS,
      optionAxes: ['Price', 'In stock'],
      keyedAttributes: [],
      categoryRoots: [{ id: 9, name: 'Brand' }],
    }).map((f) => f.key);
    expect(keys).toEqual(['brand', 'price-2', 'in-stock-2', 'brand-2', 'price', 'in-stock']);
  });

  it('orders configured facets by position and gives a range facet a default unit and step', () => {
    const specs = facetSpecs(
      siteConfig({
        facets: [
          { key: 'b', definition: { source: { kind: 'brand' }, type: 'list', position: 5 } },
          { key: 'w', definition: { source: { kind: 'attribute', attribute: 'w' }, type: 'range', position: 1 } },
        ],
      }),
      FACTS,
    );
    expect(specs.map((f) => [f.key, f.range])).toEqual([
      ['w', { unit: null, step: 1 }],
      ['b', null],
      ['price', { unit: null, step: 1 }],
      ['in-stock', null],
    ]);
  });
});

describe('textIn and labelIn', () => {
  it('finds the language, then its primary subtag', () => {
    expect(textIn({ de: 'Preis', 'de-AT': 'Preis (AT)' }, 'de-AT')).toBe('Preis (AT)');
    expect(textIn({ de: 'Preis' }, 'de-CH')).toBe('Preis');
    expect(textIn({ de: 'Preis' }, 'fr')).toBeNull();
  });

  it('falls back to English, then any label, then the fallback', () => {
    expect(labelIn({ en: 'Price', sv: 'Pris' }, 'fi', 'price')).toBe('Price');
    expect(labelIn({ sv: 'Pris' }, 'fi', 'price')).toBe('Pris');
    expect(labelIn({}, 'fi', 'price')).toBe('price');
  });
});

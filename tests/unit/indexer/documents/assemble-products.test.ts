import { assembleProducts } from '../../../../indexer/documents/assemble-products';
import type { BatchRows, PriceRow, ProductRow } from '../../../../indexer/documents/catalogue-rows';
import type { CategoryTree, TreeCategory } from '../../../../indexer/documents/category-paths';

const T = new Date('2025-01-01T00:00:00Z');

function productRow(id: number, parentId: number | null, extra: Partial<ProductRow> = {}): ProductRow {
  return {
    id,
    parent_id: parentId,
    product_number: `P${id}`,
    name: `Product ${id}`,
    is_active: true,
    created_at: T,
    updated_at: T,
    brand_id: 3,
    brand_name: 'Nordcraft',
    brand_slug: 'nordcraft',
    ...extra,
  };
}

function price(productId: number, amount: string): PriceRow {
  return {
    product_id: productId,
    price_list_id: 1,
    currency_code: 'SEK',
    amount,
    vat_rate: '25.000',
    compare_at: null,
    prices_include_vat: true,
    updated_at: T,
  };
}

const empty: BatchRows = {
  roots: [],
  variants: [],
  options: [],
  optionValues: [],
  prices: [],
  stock: [],
  categories: [],
  descriptions: [],
  attributes: [],
};
const tree: CategoryTree = new Map<number, TreeCategory>([
  [1, { id: 1, parentId: null, name: 'Shoes', names: { sv: 'Skor' }, active: true }],
  [2, { id: 2, parentId: 1, name: 'Boots', names: {}, active: true }],
]);

describe('assembleProducts', () => {
  const rows: BatchRows = {
    ...empty,
    roots: [productRow(1, null), productRow(2, null, { brand_id: null, brand_name: null, brand_slug: null })],
    variants: [productRow(10, 2), productRow(11, 2, { is_active: false })],
    options: [
      { product_id: 2, position: 0, name: 'colour' },
      { product_id: 2, position: 1, name: 'size' },
    ],
    optionValues: [
      { product_id: 10, parent_id: 2, position: 0, value: 'Black' },
      { product_id: 10, parent_id: 2, position: 1, value: '42' },
      { product_id: 11, parent_id: 2, position: 1, value: '43' },
    ],
    prices: [price(1, '10.0000'), price(2, '999.0000'), price(10, '20.0000')],
    stock: [{ product_id: 1, available: '4.0000' }],
    categories: [
      { product_id: 1, category_id: 2, is_primary: true },
      { product_id: 1, category_id: 77, is_primary: false },
    ],
    descriptions: [
      { product_id: 1, language: 'sv', name: 'Känga', short_description: null, html: '<p>x</p>', updated_at: T },
    ],
    attributes: [
      { product_id: 2, key: 'material', label: 'Material', type: 'list', values: ['Wool'], value_keys: ['wool'] },
    ],
  };
  const [simple, parent] = assembleProducts(rows, tree);

  it('makes a root without variants or axes a simple product, its own single variant with its price and stock', () => {
    expect(simple).toMatchObject({
      id: 1,
      kind: 'simple',
      sku: 'P1',
      brand: { id: 3, name: 'Nordcraft', slug: 'nordcraft' },
      options: [],
    });
    expect(simple?.variants).toEqual([
      expect.objectContaining({
        id: 1,
        sku: 'P1',
        options: {},
        stock: '4.0000',
        prices: [expect.objectContaining({ amount: '10.0000', vatIncluded: true })],
      }),
    ]);
  });

  it("gives a parent its variants with option values by axis name, ignoring the parent's own price", () => {
    expect(parent).toMatchObject({ id: 2, kind: 'parent', brand: null, options: ['colour', 'size'] });
    expect(parent?.variants.map((v) => [v.id, v.active, v.options, v.prices.map((p) => p.amount), v.stock])).toEqual([
      [10, true, { colour: 'Black', size: '42' }, ['20.0000'], '0'],
      [11, false, { size: '43' }, [], '0'],
    ]);
    expect(parent?.attributes).toEqual([
      { key: 'material', label: 'Material', type: 'list', values: ['Wool'], valueKeys: ['wool'] },
    ]);
  });

  it('resolves category paths from the tree and drops links it cannot place', () => {
    expect(simple?.categories).toEqual([
      {
        id: 2,
        primary: true,
        path: [
          { id: 1, name: 'Shoes', names: { sv: 'Skor' }, active: true },
          { id: 2, name: 'Boots', names: {}, active: true },
        ],
      },
    ]);
  });

  it('keys descriptions by language', () => {
    expect(simple?.descriptions).toEqual({
      sv: { name: 'Känga', shortDescription: null, html: '<p>x</p>', updatedAt: T },
    });
    expect(parent?.descriptions).toEqual({});
  });

  it('treats a root with option axes but no variant rows as a parent with no variants', () => {
    const [lonely] = assembleProducts(
      {
        ...empty,
        roots: [productRow(5, null)],
        options: [{ product_id: 5, position: 0, name: 'size' }],
        prices: [price(5, '1')],
      },
      tree,
    );
    expect(lonely).toMatchObject({ kind: 'parent', variants: [] });
  });
});

import { projectCard, type IndexedCard } from '../../../../indexer/documents/card';
import { categoryPath, type CategoryTree, type TreeCategory } from '../../../../indexer/documents/category-paths';
import { decimalString, htmlToText } from '../../../../indexer/documents/format';
import { slugify } from '../../../../shared/storefront-config/slugs/slugify';

describe('decimalString', () => {
  it.each([
    ['129.0000', '129.00'],
    ['12.3450', '12.345'],
    ['5', '5.00'],
    ['-3.5', '-3.50'],
    ['0.0001', '0.0001'],
  ])('%s -> %s', (raw, expected) => expect(decimalString(raw)).toBe(expected));
});

describe('htmlToText', () => {
  it('turns tags into spaces and decodes the common entities', () => {
    expect(htmlToText('<p>Fish&amp;chips</p><ul><li>a&lt;b</li></ul>')).toBe('Fish&chips a<b');
  });
});

describe('slugify', () => {
  it('folds case and accents and joins words with hyphens', () => {
    expect(slugify('  Marinblå T-shirt / Größe ')).toBe('marinbla-t-shirt-grosse');
  });

  it('keeps letters of other scripts and keys punctuation-only text by code points', () => {
    expect(slugify('日本 茶')).toBe('日本-茶');
    expect(slugify('!!')).toBe('u21-21');
    expect(slugify('??')).not.toBe(slugify('!!'));
  });
});

describe('categoryPath', () => {
  const tree: CategoryTree = new Map<number, TreeCategory>([
    [1, { id: 1, parentId: null, name: 'Root', names: {}, active: true }],
    [2, { id: 2, parentId: 1, name: 'Child', names: { sv: 'Barn' }, active: false }],
    [3, { id: 3, parentId: 4, name: 'Loop A', names: {}, active: true }],
    [4, { id: 4, parentId: 3, name: 'Loop B', names: {}, active: true }],
    [5, { id: 5, parentId: 99, name: 'Orphan', names: {}, active: true }],
  ]);

  it('walks from the root down to the category', () => {
    expect(categoryPath(tree, 2)).toEqual([
      { id: 1, name: 'Root', names: {}, active: true },
      { id: 2, name: 'Child', names: { sv: 'Barn' }, active: false },
    ]);
  });

  it('gives null for an unknown category, a cycle or a missing parent', () => {
    expect(categoryPath(tree, 42)).toBeNull();
    expect(categoryPath(tree, 3)).toBeNull();
    expect(categoryPath(tree, 5)).toBeNull();
  });
});

describe('projectCard', () => {
  const price = { amount: '10.00', currency: 'EUR', vatRate: '19.00', vatIncluded: true, compareAt: null };
  const card: IndexedCard = {
    id: '7',
    sku: 'A',
    slug: { en: 'lamp-7', sv: 'lampa-7' },
    name: { en: 'Lamp', sv: 'Lampa' },
    shortDescription: { en: 'Bright', sv: null },
    price: { eu: price },
    priceVaries: { eu: true },
    inStock: { eu: false },
    brand: null,
    image: null,
    collectionIds: [3],
    updatedAt: '2025-01-01T00:00:00.000Z',
  };

  it("picks the market's price and flags and the language's texts", () => {
    expect(projectCard(card, 'eu', 'sv')).toEqual({
      id: '7',
      slug: 'lampa-7',
      name: 'Lampa',
      sku: 'A',
      price,
      priceVaries: true,
      inStock: false,
      brand: null,
      shortDescription: null,
      image: null,
      updatedAt: '2025-01-01T00:00:00.000Z',
    });
  });

  it('is null on a market without a price, and falls back to the first language it has', () => {
    expect(projectCard(card, 'se', 'en')).toBeNull();
    expect(projectCard(card, 'eu', 'de')).toMatchObject({ name: 'Lamp', slug: 'lamp-7', shortDescription: null });
  });
});

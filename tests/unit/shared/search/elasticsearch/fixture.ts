import type { SearchDocument } from '../../../../../shared/search';

/** A small valid document; override fields per test. */
export function sampleDocument(overrides: Partial<SearchDocument> = {}): SearchDocument {
  return {
    id: 'p1',
    markets: ['se'],
    text: {
      en: { name: 'Trail Shoe', brand: 'Nike', description: 'Grippy' },
      fi: { name: 'Polkukenkä', brand: 'Nike', description: '' },
    },
    skus: ['NK-RUN-1'],
    facets: { brand: ['nike'], category: ['shoes', 'shoes/running'] },
    labels: { brand: { nike: { en: 'Nike', sv: 'Nike SE' } }, category: { shoes: { en: 'Shoes' } } },
    numbers: { 'price.se': 999 },
    flags: { 'inStock.se': true },
    sortKeys: { name: { en: 'trail shoe', fi: 'polkukenka' }, createdAt: 1700000000000 },
    popularity: 7,
    card: { id: 'p1', name: 'Trail Shoe' },
    ...overrides,
  };
}

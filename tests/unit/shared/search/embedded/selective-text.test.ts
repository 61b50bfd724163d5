import type { SearchDocument } from '../../../../../shared/search';
import { EmbeddedSearchEngine } from '../../../../../shared/search/embedded/lifecycle/embedded-engine';
import { fixtureDocuments } from '../contract/fixture';

// A selective text narrows every filter and facet to the words of its few matches (filter-bits, search); the
// answers must be those of checking each document, at a size where the narrowed paths are taken.
describe('a selective text over many documents', () => {
  const COUNT = 20_000;
  const [first] = fixtureDocuments();
  if (first === undefined) throw new Error('no fixture');
  // Every 500th document is a "rare" one; prices run 0..9999, every 9th document has none.
  const priceOf = (i: number): Record<string, number> => (i % 9 === 0 ? {} : { 'price.se': (i * 7919) % 10_000 });
  const docs: SearchDocument[] = Array.from({ length: COUNT }, (_, i) => ({
    ...first,
    id: `d${i}`,
    markets: ['se'],
    text: { en: { name: i % 500 === 0 ? `rare lamp ${i}` : `common chair ${i}`, brand: 'acme', description: '' } },
    facets: {
      colour: [i % 3 === 0 ? 'red' : 'blue'],
      category: i % 1000 === 0 ? ['home', 'home/lamps'] : ['home', 'home/chairs'],
    },
    numbers: priceOf(i),
    flags: {},
  }));
  const rare = docs.filter((_, i) => i % 500 === 0);
  const price = (d: SearchDocument) => d.numbers['price.se'];

  let engine: EmbeddedSearchEngine;
  beforeAll(async () => {
    engine = new EmbeddedSearchEngine();
    await engine.createIndex('many', { languages: ['en'] });
    await engine.bulk(
      'many',
      docs.map((document) => ({ action: 'index', document })),
    );
    await engine.refresh('many');
  });

  it('filters a wide price range by the matches’ own prices, and counts the range facet without it', async () => {
    const response = await engine.search('many', {
      text: 'rare',
      language: 'en',
      market: 'se',
      pageSize: 100,
      filters: [
        { kind: 'range', key: 'price.se', min: 1000, max: 9000 },
        { kind: 'terms', key: 'colour', values: ['red'], match: 'any' },
      ],
      facets: [
        { kind: 'range', key: 'price.se' },
        { kind: 'terms', key: 'colour', size: 10 },
      ],
    });
    const inRange = rare.filter((d) => (price(d) ?? -1) >= 1000 && (price(d) ?? -1) <= 9000);
    const expected = inRange.filter((d) => d.facets.colour?.[0] === 'red');
    expect(response.total).toBe(expected.length);
    expect(response.hits.map((h) => h.id).sort()).toEqual(expected.map((d) => d.id).sort());
    const red = rare
      .filter((d) => d.facets.colour?.[0] === 'red' && price(d) !== undefined)
      .map((d) => price(d) as number);
    expect(response.facets[0]).toEqual({
      kind: 'range',
      key: 'price.se',
      min: Math.min(...red),
      max: Math.max(...red),
      count: red.length,
    });
    const colours = response.facets[1];
    if (colours?.kind !== 'terms') throw new Error('no colour facet');
    expect(Object.fromEntries(colours.values.map((v) => [v.value, v.count]))).toEqual({
      red: inRange.filter((d) => d.facets.colour?.[0] === 'red').length,
      blue: inRange.filter((d) => d.facets.colour?.[0] === 'blue').length,
    });
  });

  it('filters a common category by the matches’ own categories', async () => {
    const response = await engine.search('many', {
      text: 'rare',
      language: 'en',
      market: 'se',
      pageSize: 100,
      filters: [{ kind: 'hierarchy', key: 'category', paths: ['home/chairs'], match: 'any' }],
      facets: [{ kind: 'hierarchy', key: 'category' }],
    });
    const chairs = rare.filter((d) => d.facets.category?.includes('home/chairs'));
    expect(response.total).toBe(chairs.length);
    expect(response.hits.map((h) => h.id).sort()).toEqual(chairs.map((d) => d.id).sort());
    const categories = response.facets[0];
    if (categories?.kind !== 'hierarchy') throw new Error('no category facet');
    expect(Object.fromEntries(categories.values.map((v) => [v.value, v.count]))).toEqual({
      home: rare.length,
      'home/chairs': chairs.length,
      'home/lamps': rare.length - chairs.length,
    });
  });
});

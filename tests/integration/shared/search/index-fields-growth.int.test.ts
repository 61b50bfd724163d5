import { siteIndexFields, type BulkOperation, type SearchDocument, type SearchEngine } from '../../../../shared/search';
import { EmbeddedSearchEngine } from '../../../../shared/search/embedded/lifecycle/embedded-engine';
import {
  createElasticsearchTestEngine,
  engineKinds,
  type EngineKind,
  type TestEngine,
} from '../../../support/test-engines';

// A delta run writes documents built from the site's current configuration into the live index, which was built
// from the configuration of its full run. Once a facet, market or language is published, those documents carry
// keys the index was not created with; each engine must take them (the embedded engine keeps any key; the
// Elasticsearch mapping, `dynamic: strict`, is extended in place), so a delta's price and stock updates are not
// lost until the next full run.

const BUILT_WITH = { languages: ['en'], fields: siteIndexFields({ markets: ['se'], facets: ['a'] }) };

function product(id: string, extra: Partial<SearchDocument> = {}): SearchDocument {
  return {
    id,
    markets: ['se'],
    text: { en: { name: `Product ${id}`, brand: 'Acme', description: '' } },
    skus: [`SKU-${id}`],
    facets: { a: ['x'] },
    labels: {},
    numbers: { 'price.se': 100 },
    flags: { 'inStock.se': true },
    sortKeys: { name: { en: `product ${id}` }, createdAt: 1 },
    card: { id },
    ...extra,
  };
}

const indexed = (...documents: SearchDocument[]): BulkOperation[] =>
  documents.map((document) => ({ action: 'index', document }));

function testEngine(kind: EngineKind): TestEngine {
  if (kind === 'elasticsearch') return createElasticsearchTestEngine();
  const engine = new EmbeddedSearchEngine();
  return { engine, cleanup: () => engine.close() };
}

const KINDS = engineKinds('index fields growth');

describe.each(KINDS)('a live index takes keys published after it was built (%s)', (kind) => {
  let e: TestEngine;
  let engine: SearchEngine;
  let counter = 0;
  /** A new live index built for facets [a] on market se in English, holding one product. */
  const liveIndex = async (): Promise<string> => {
    const name = `live-${++counter}`;
    await engine.createIndex(name, BUILT_WITH);
    expect(await engine.bulk(name, indexed(product('p0')))).toEqual({ succeeded: 1, failures: [] });
    await engine.refresh(name);
    return name;
  };

  beforeAll(() => {
    e = testEngine(kind);
    engine = e.engine;
  });
  afterAll(async () => {
    await e.cleanup();
  });

  it('a facet added to the site: the delta document lands and a filter on the new facet finds it', async () => {
    const name = await liveIndex();
    const delta = product('p1', {
      facets: { a: ['x'], b: ['y'] },
      labels: { b: { y: { en: 'Why' } } },
      numbers: { 'price.se': 79 },
    });
    expect(await engine.bulk(name, indexed(delta))).toEqual({ succeeded: 1, failures: [] });
    await engine.refresh(name);
    const found = await engine.search(name, {
      language: 'en',
      market: 'se',
      filters: [{ kind: 'terms', key: 'b', values: ['y'], match: 'any' }],
      facets: [{ kind: 'terms', key: 'b' }],
    });
    expect(found.hits.map((hit) => hit.id)).toEqual(['p1']);
    expect(found.facets).toEqual([
      { kind: 'terms', key: 'b', values: [{ value: 'y', label: 'Why', count: 1 }], truncated: false },
    ]);
    // The documents of before the facet still answer as they did.
    const all = await engine.search(name, { language: 'en', market: 'se', sort: 'price_asc' });
    expect(all.hits.map((hit) => hit.id)).toEqual(['p1', 'p0']);
  });

  it('a market added to the site: its price and stock land and the market lists the product', async () => {
    const name = await liveIndex();
    const delta = product('p1', {
      markets: ['se', 'no'],
      numbers: { 'price.se': 100, 'price.no': 1200 },
      flags: { 'inStock.se': true, 'inStock.no': true },
    });
    expect(await engine.bulk(name, indexed(delta))).toEqual({ succeeded: 1, failures: [] });
    await engine.refresh(name);
    const norway = await engine.search(name, {
      language: 'en',
      market: 'no',
      sort: 'price_asc',
      filters: [
        { kind: 'toggle', key: 'inStock.no' },
        { kind: 'range', key: 'price.no', min: 1000, max: null },
      ],
    });
    expect(norway.hits.map((hit) => hit.id)).toEqual(['p1']);
  });

  it('a language added to the site: the document lands; the index goes on analysing its own languages', async () => {
    const name = await liveIndex();
    const delta = product('p1', {
      text: {
        en: { name: 'Product p1', brand: 'Acme', description: '' },
        fi: { name: 'Tuote', brand: 'Acme', description: '' },
      },
      sortKeys: { name: { en: 'product p1', fi: 'tuote' }, createdAt: 2 },
    });
    expect(await engine.bulk(name, indexed(delta))).toEqual({ succeeded: 1, failures: [] });
    await engine.refresh(name);
    expect(
      (await engine.search(name, { language: 'fi', market: 'se', sort: 'newest' })).hits.map((hit) => hit.id),
    ).toEqual(['p1', 'p0']);
    expect((await engine.search(name, { text: 'product', language: 'en', market: 'se' })).total).toBe(2);
  });

  it('many facets at once, past the default limit of mapped fields: every document lands', async () => {
    const name = await liveIndex();
    const facets = Object.fromEntries(Array.from({ length: 250 }, (_, i) => [`f${i}`, ['v']]));
    expect(await engine.bulk(name, indexed(product('p1', { facets: { a: ['x'], ...facets } })))).toEqual({
      succeeded: 1,
      failures: [],
    });
    await engine.refresh(name);
    const found = await engine.search(name, {
      language: 'en',
      market: 'se',
      filters: [{ kind: 'terms', key: 'f249', values: ['v'], match: 'all' }],
    });
    expect(found.hits.map((hit) => hit.id)).toEqual(['p1']);
  });
});

(KINDS.includes('elasticsearch') ? describe : describe.skip)(
  'a key Elasticsearch cannot add to the live mapping (live node)',
  () => {
    let e: TestEngine;
    beforeAll(() => {
      e = createElasticsearchTestEngine();
    });
    afterAll(async () => {
      await e.cleanup();
    });

    it('fails only the documents needing it, says why and that a full run takes them; the others land', async () => {
      // "size" was a facet when the index was built; the site now has "size.eu" instead. A keyword field cannot
      // become an object in a live index, while a new index built with the current facets maps it.
      const built = { languages: ['en'], fields: siteIndexFields({ markets: ['se'], facets: ['size'] }) };
      await e.engine.createIndex('conflict', built);
      const result = await e.engine.bulk(
        'conflict',
        indexed(
          product('p1', { facets: { b: ['y'] } }),
          product('p2', { facets: { 'size.eu': ['42'] } }),
          product('p3'),
        ),
      );
      expect(result).toEqual({
        succeeded: 2,
        failures: [
          {
            position: 1,
            id: 'p2',
            reason:
              'facet key "size.eu" is not in the index fields and cannot be added to it (field key "size.eu" runs through a leaf); an index built with it (a full run) takes the document',
            needsRebuild: true,
          },
        ],
      });
      await e.engine.refresh('conflict');
      const found = await e.engine.search('conflict', {
        language: 'en',
        market: 'se',
        filters: [{ kind: 'terms', key: 'b', values: ['y'], match: 'any' }],
      });
      expect(found.hits.map((hit) => hit.id)).toEqual(['p1']);
    });
  },
);

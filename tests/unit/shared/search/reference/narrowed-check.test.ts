import type { Filter, SearchRequest } from '../../../../../shared/search';
import { EmbeddedSearchEngine } from '../../../../../shared/search/embedded/lifecycle/embedded-engine';
import { randomCatalogue, WORDS } from './random-catalogue';
import { randomFilter, randomRequest } from './random-queries';
import { Random } from './random';
import { ReferenceEngine } from './reference-engine';

// A text of two or three words over 8,000 documents matches a few hundred: a filter of several thousand is then
// decided on the text's own documents, written only on their words, and facets count within those words
// (filter-bits, search). The reference check's 600 documents never take that path; here most queries do.
const DOCS = 8000;
const QUERIES = 80;
const LANGUAGES = ['en', 'sv'];
const TIMEOUT_MS = 240_000;
// filter-bits narrows a filter of more documents than this when the text's are few enough.
const FEW_DOCUMENTS = 4096;

describe('narrowed filters: a selective text over many documents, against brute force', () => {
  const docs = randomCatalogue(20261127, DOCS);
  const reference = new ReferenceEngine(docs, LANGUAGES);
  const engine = new EmbeddedSearchEngine();

  beforeAll(async () => {
    await engine.createIndex('narrowed', { languages: LANGUAGES });
    const result = await engine.bulk(
      'narrowed',
      docs.map((document) => ({ action: 'index', document })),
    );
    expect(result.failures).toEqual([]);
    await engine.refresh('narrowed');
  }, TIMEOUT_MS);

  /** A request of the reference check's kind, with a text of two or three words and two to four filters. */
  function selectiveRequest(random: Random): SearchRequest {
    const base = randomRequest(random);
    const language = random.pick(['en', 'sv'] as const);
    const text = Array.from({ length: 2 + random.int(2) }, () => random.pick(WORDS[language])).join(' ');
    const filters: Filter[] = Array.from({ length: 2 + random.int(3) }, () => randomFilter(random, base.market));
    return { ...base, language, text, filters };
  }

  /** Whether some filter of the request is big enough, and its text small enough, for the narrowed path. */
  function narrows(request: SearchRequest): boolean {
    const text = reference.search({ ...request, scope: [], filters: [], facets: [] }).total;
    return (request.filters ?? []).some((filter) => {
      const alone = reference.search({ ...request, text: undefined, scope: [], filters: [filter], facets: [] });
      return alone.total > FEW_DOCUMENTS && text * 8 < alone.total;
    });
  }

  it(
    `${QUERIES} seeded random texts with filters give identical totals, facets and pages`,
    async () => {
      const random = new Random(27);
      let narrowed = 0;
      let withHits = 0;
      for (let q = 0; q < QUERIES; q++) {
        const request = selectiveRequest(random);
        const actual = await engine.search('narrowed', request);
        const expected = reference.search(request);
        const context = `query ${q}: ${JSON.stringify(request)}`;
        expect({ context, total: actual.total, facets: actual.facets }).toEqual({
          context,
          total: expected.total,
          facets: expected.facets,
        });
        if ((request.sort ?? 'relevance') === 'relevance')
          expect({ context, size: actual.hits.length }).toEqual({ context, size: expected.ids.length });
        else expect({ context, ids: actual.hits.map((h) => h.id) }).toEqual({ context, ids: expected.ids });
        if (narrows(request)) narrowed++;
        if (actual.total > 0) withHits++;
      }
      // Guards against a generator that never takes the narrowed path or never matches anything.
      expect(narrowed).toBeGreaterThan(QUERIES / 4);
      expect(withHits).toBeGreaterThan(QUERIES / 4);
    },
    TIMEOUT_MS,
  );
});

import { EmbeddedSearchEngine } from '../../../../../shared/search/embedded/lifecycle/embedded-engine';
import { randomCatalogue } from './random-catalogue';
import { randomRequest } from './random-queries';
import { Random } from './random';
import { ReferenceEngine } from './reference-engine';

const QUERIES = 1500;
const LANGUAGES = ['en', 'sv'];
// The brute-force side is deliberately naive (full edit-distance matrices), so give it time on a busy machine.
const TIMEOUT_MS = 120_000;

describe('reference check: embedded engine against brute force', () => {
  const docs = randomCatalogue(20260101, 600);
  const reference = new ReferenceEngine(docs, LANGUAGES);
  const engine = new EmbeddedSearchEngine();

  beforeAll(async () => {
    await engine.createIndex('reference', { languages: LANGUAGES });
    const result = await engine.bulk(
      'reference',
      docs.map((document) => ({ action: 'index', document })),
    );
    expect(result.failures).toEqual([]);
    await engine.refresh('reference');
  });

  it(
    `${QUERIES} seeded random queries give identical totals, facets and pages`,
    async () => {
      const random = new Random(7);
      let withHits = 0;
      let withText = 0;
      for (let q = 0; q < QUERIES; q++) {
        const request = randomRequest(random);
        const actual = await engine.search('reference', request);
        const expected = reference.search(request);
        const scored = request.text !== undefined && (request.sort ?? 'relevance') === 'relevance';
        const context = `query ${q}: ${JSON.stringify(request)}`;
        expect({ context, total: actual.total, facets: actual.facets }).toEqual({
          context,
          total: expected.total,
          facets: expected.facets,
        });
        if (scored) expect({ context, size: actual.hits.length }).toEqual({ context, size: expected.ids.length });
        else expect({ context, ids: actual.hits.map((h) => h.id) }).toEqual({ context, ids: expected.ids });
        if (actual.total > 0) withHits++;
        if (request.text !== undefined) withText++;
      }
      // Guard against a generator so strict that nothing matches, which would make the check vacuous.
      expect(withHits).toBeGreaterThan(QUERIES / 3);
      expect(withText).toBeGreaterThan(QUERIES / 4);
    },
    TIMEOUT_MS,
  );

  it(
    'relevance pages are ordered by score, then id, and hold only matches',
    async () => {
      const random = new Random(11);
      for (let q = 0; q < 300; q++) {
        const request = {
          ...randomRequest(random),
          sort: 'relevance' as const,
          text: 'running shoes',
          language: 'en',
          page: 1,
          pageSize: 24,
        };
        const actual = await engine.search('reference', request);
        const allMatches = new Set(reference.search({ ...request, pageSize: 10_000 }).ids);
        actual.hits.forEach((hit, i) => {
          expect(allMatches.has(hit.id)).toBe(true);
          const previous = actual.hits[i - 1];
          if (previous !== undefined)
            expect(previous.score > hit.score || (previous.score === hit.score && previous.id < hit.id)).toBe(true);
        });
      }
    },
    TIMEOUT_MS,
  );
});

import type { SearchDocument, SearchRequest, SearchResponse } from '../../../../../shared/search';
import { EmbeddedSearchEngine } from '../../../../../shared/search/embedded/lifecycle/embedded-engine';
import { randomCatalogue } from './random-catalogue';
import { applyOperations, randomStep } from './random-changes';
import { randomMerchandised } from './random-merchandising';
import { Random } from './random';
import { ReferenceEngine } from './reference-engine';
import { withoutCardKeys } from '../../../../support/search-answers';

const LANGUAGES = ['en', 'sv'];
const QUERIES = 600;
// Never merge: the updated engine must answer from its base and delta segments.
const NO_MERGE = { minDocs: 1_000_000, share: 1 };
const TIMEOUT_MS = 120_000;

async function engineWith(docs: readonly SearchDocument[], merge = NO_MERGE): Promise<EmbeddedSearchEngine> {
  const engine = new EmbeddedSearchEngine({ merge });
  await engine.createIndex('shop', { languages: LANGUAGES });
  await engine.bulk(
    'shop',
    docs.map((document) => ({ action: 'index', document })),
  );
  await engine.refresh('shop');
  return engine;
}

/** The ids of a page with every document that is not a pin replaced by its rank tier: what scores cannot change. */
function shape(ids: readonly string[], request: SearchRequest, tier: (id: string) => number): string[] {
  const pinned = new Set((request.pins ?? []).map((pin) => pin.id));
  return ids.map((id) => (pinned.has(id) ? id : `tier ${tier(id)}`));
}

/** Points most pins at documents passing the request's market, scope and filters, so that they are in its answer. */
async function pinEligible(
  engine: EmbeddedSearchEngine,
  request: SearchRequest,
  random: Random,
): Promise<SearchRequest> {
  if (request.pins === undefined) return request;
  const {
    text: _text,
    synonyms: _synonyms,
    pins: _pins,
    hide: _hide,
    boost: _boost,
    bury: _bury,
    ...listing
  } = request;
  const open = (await engine.search('shop', { ...listing, facets: [], page: 1, pageSize: 1000 })).hits.map((h) => h.id);
  if (open.length === 0) return request;
  return {
    ...request,
    pins: request.pins.map((pin) => (random.chance(0.7) ? { ...pin, id: random.pick(open) } : pin)),
  };
}

describe('reference check: merchandised requests', () => {
  const random = new Random(4242);
  const current = new Map(randomCatalogue(31, 300).map((doc) => [doc.id, doc]));
  let updated: EmbeddedSearchEngine;
  let fresh: EmbeddedSearchEngine;
  let reference: ReferenceEngine;

  beforeAll(async () => {
    updated = await engineWith([...current.values()]);
    let nextId = 5000;
    for (let step = 0; step < 4; step++) {
      const change = randomStep(random, current, () => nextId++);
      if (change.kind === 'build') continue;
      expect((await updated.bulk('shop', change.operations)).failures).toEqual([]);
      applyOperations(current, change.operations);
      await updated.refresh('shop');
    }
    fresh = await engineWith([...current.values()]);
    reference = new ReferenceEngine([...current.values()], LANGUAGES);
  });

  afterAll(async () => {
    await updated.close();
    await fresh.close();
  });

  it(
    `${QUERIES} random merchandised requests: base + delta equals one build bit for bit, and brute force agrees`,
    async () => {
      const ids = [...current.keys()];
      let pinnedHits = 0;
      for (let q = 0; q < QUERIES; q++) {
        const request = await pinEligible(fresh, randomMerchandised(random, ids), random);
        const context = `query ${q}: ${JSON.stringify(request)}`;
        const expected: SearchResponse = withoutCardKeys(await fresh.search('shop', request));
        expect({ context, response: withoutCardKeys(await updated.search('shop', request)) }).toEqual({
          context,
          response: expected,
        });
        const brute = reference.search(request);
        const actualIds = expected.hits.map((h) => h.id);
        expect({ context, total: expected.total, facets: expected.facets }).toEqual({
          context,
          total: brute.total,
          facets: brute.facets,
        });
        // Brute force has no scores: under a scored relevance sort only pins and tiers have fixed places.
        const scored = (request.sort ?? 'relevance') === 'relevance' && expected.hits.some((h) => h.score > 0);
        const tier = (id: string) => reference.tier(request, id);
        if (scored)
          expect({ context, page: shape(actualIds, request, tier) }).toEqual({
            context,
            page: shape(brute.ids, request, tier),
          });
        else expect({ context, ids: actualIds }).toEqual({ context, ids: brute.ids });
        if (actualIds.some((id) => (request.pins ?? []).some((pin) => pin.id === id))) pinnedHits++;
      }
      // Guard against requests so narrow that pins never land on a page, which would make the check vacuous.
      expect(pinnedHits).toBeGreaterThan(QUERIES / 6);
    },
    TIMEOUT_MS,
  );
});

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FacetValuesRequest, SearchDocument, SearchRequest, SuggestRequest } from '../../../../../shared/search';
import { InMemoryAliasStore } from '../../../../../shared/search/embedded/lifecycle/alias-store';
import { EmbeddedSearchEngine } from '../../../../../shared/search/embedded/lifecycle/embedded-engine';
import { SnapshotStore } from '../../../../../shared/search/embedded/snapshot/snapshot-store';
import { BRANDS, COLORS, MARKETS, randomCatalogue } from './random-catalogue';
import { applyOperations, RARE_WORDS, randomStep } from './random-changes';
import { randomRequest } from './random-queries';
import { Random } from './random';
import { ReferenceEngine } from './reference-engine';
import { withoutCardKeys } from '../../../../support/search-answers';

const LANGUAGES = ['en', 'sv'];
const STEPS = 30;
const QUERIES_PER_STEP = 40;
// Small, so merges into a new base happen in the middle of the history too.
const MERGE = { minDocs: 40, share: 0.1 };

/** A request, sometimes searching a rare word or a typo of it (a surface deltas may remove). */
function request(random: Random): SearchRequest {
  const base = randomRequest(random);
  if (!random.chance(0.15)) return base;
  const word = random.pick(RARE_WORDS);
  const text = random.chance(0.5) ? word : `${word.slice(0, -1)}x`;
  return { ...base, text, language: 'en' };
}

async function freshEngine(docs: readonly SearchDocument[]): Promise<EmbeddedSearchEngine> {
  const engine = new EmbeddedSearchEngine();
  await engine.createIndex('fresh', { languages: LANGUAGES });
  await engine.bulk(
    'fresh',
    docs.map((document) => ({ action: 'index', document })),
  );
  await engine.refresh('fresh');
  return engine;
}

describe('reference check over random histories of builds, upserts and deletes', () => {
  let dir = '';
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'aisle-delta-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it.each([1, 2])(
    'history %i: after every step the writer and a serving process answer exactly like a fresh build',
    async (seed) => {
      const random = new Random(seed * 7919);
      const aliasStore = new InMemoryAliasStore();
      const snapshots = new SnapshotStore(dir, { graceMs: 0 });
      const writer = new EmbeddedSearchEngine({ aliasStore, snapshots, merge: MERGE });
      const server = new EmbeddedSearchEngine({ aliasStore, snapshots });
      const current = new Map(randomCatalogue(seed, 250).map((doc) => [doc.id, doc]));
      let nextId = 5000;
      let build = 0;
      const fullBuild = async () => {
        const name = `shop-${++build}`;
        await writer.createIndex(name, { languages: LANGUAGES });
        await writer.bulk(
          name,
          [...current.values()].map((document) => ({ action: 'index', document })),
        );
        await writer.refresh(name);
        const previous = await writer.swapAlias('shop', name);
        if (previous !== null) await writer.deleteIndex(previous);
      };
      await fullBuild();
      let compared = 0;
      for (let step = 0; step < STEPS; step++) {
        const change = randomStep(random, current, () => nextId++);
        if (change.kind === 'build') await fullBuild();
        else {
          const result = await writer.bulk('shop', change.operations);
          expect(result.failures).toEqual([]);
          applyOperations(current, change.operations);
          await writer.refresh('shop');
        }
        if (random.chance(0.3)) await writer.refresh('shop'); // waits for a merge the last refresh started
        await server.syncAliases();
        const docs = [...current.values()];
        const fresh = await freshEngine(docs);
        const reference = new ReferenceEngine(docs, LANGUAGES);
        expect(await writer.count('shop')).toBe(docs.length);
        for (let q = 0; q < QUERIES_PER_STEP; q++) {
          const search = request(random);
          const context = `step ${step} (${change.kind}) query ${q}: ${JSON.stringify(search)}`;
          const expected = withoutCardKeys(await fresh.search('fresh', search));
          expect({ context, response: withoutCardKeys(await writer.search('shop', search)) }).toEqual({
            context,
            response: expected,
          });
          expect({ context, response: withoutCardKeys(await server.search('shop', search)) }).toEqual({
            context,
            response: expected,
          });
          const brute = reference.search(search);
          expect({ context, total: expected.total, facets: expected.facets }).toEqual({
            context,
            total: brute.total,
            facets: brute.facets,
          });
          compared++;
        }
        const suggest: SuggestRequest = {
          q: random.pick(['ru', 'jack', 'sk', 'n', 'boot']),
          language: random.pick(LANGUAGES),
          market: random.pick(MARKETS),
          facetKeys: ['brand', 'category'],
        };
        expect(withoutCardKeys(await writer.suggest('shop', suggest))).toEqual(
          withoutCardKeys(await fresh.suggest('fresh', suggest)),
        );
        expect(withoutCardKeys(await server.suggest('shop', suggest))).toEqual(
          withoutCardKeys(await fresh.suggest('fresh', suggest)),
        );
        const inFacet: FacetValuesRequest = {
          key: random.pick(['brand', 'color']),
          q: random.pick(['', 'a', 'e', ...BRANDS.map((b) => b.slice(0, 2)), ...COLORS.map((c) => c.slice(1, 3))]),
          language: 'en',
          market: random.pick(MARKETS),
          filters: randomRequest(random).filters ?? [],
        };
        expect(await writer.facetValues('shop', inFacet)).toEqual(await fresh.facetValues('fresh', inFacet));
        expect(await server.facetValues('shop', inFacet)).toEqual(await fresh.facetValues('fresh', inFacet));
        await fresh.close();
      }
      expect(compared).toBe(STEPS * QUERIES_PER_STEP);
      await writer.close();
    },
    120_000,
  );
});

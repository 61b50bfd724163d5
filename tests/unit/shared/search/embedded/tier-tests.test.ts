import type { Filter, SearchRequest } from '../../../../../shared/search';
import { buildIndex } from '../../../../../shared/search/embedded/build/build-index';
import { createBitset, hasBit, nonZeroWords, setBit, wordCount } from '../../../../../shared/search/embedded/bitset';
import { filterInto } from '../../../../../shared/search/embedded/query/filter-bits';
import { docTest } from '../../../../../shared/search/embedded/query/filter-test';
import type { IndexRuntime } from '../../../../../shared/search/embedded/query/index-runtime';
import { LiveIndex } from '../../../../../shared/search/embedded/query/live-index';
import { testedTiers, tierBits } from '../../../../../shared/search/embedded/query/tiered-page';
import { randomCatalogue } from '../reference/random-catalogue';
import { randomFilter } from '../reference/random-queries';
import { Random } from '../reference/random';

// Rank tiers of a few matches test each document (filter-test.ts), of many build whole-segment bitsets: both ways
// must split every answer alike, and a document's test must agree with filterInto for every document.
describe('rank tiers: testing documents one by one equals whole-segment bitsets', () => {
  const index = LiveIndex.of(buildIndex(randomCatalogue(91, 700), { languages: ['en', 'sv'] }));
  const segment = index.segments[0] as IndexRuntime;
  const n = index.docCount;
  const docsOf = (bits: Uint32Array) => Array.from({ length: n }, (_, d) => d).filter((d) => hasBit(bits, d));
  // What the random filters never produce: unknown keys and values, no values, an empty range.
  const EDGES: Filter[] = [
    { kind: 'terms', key: 'nope', values: ['x'], match: 'any' },
    { kind: 'terms', key: 'brand', values: ['nike', 'nope'], match: 'all' },
    { kind: 'terms', key: 'brand', values: ['nike', 'nope'], match: 'any' },
    { kind: 'terms', key: 'color', values: [], match: 'all' },
    { kind: 'hierarchy', key: 'category', paths: ['shoes', 'shoes/running'], match: 'all' },
    { kind: 'range', key: 'price.se', min: 200, max: 100 },
    { kind: 'range', key: 'nope', min: null, max: null },
    { kind: 'range', key: 'minTemp', min: null, max: null },
    { kind: 'toggle', key: 'nope' },
  ];

  it('a filter tested document by document accepts exactly the documents filterInto sets', () => {
    const random = new Random(5);
    const filters = [...EDGES, ...Array.from({ length: 300 }, () => randomFilter(random, random.pick(['se', 'de'])))];
    const [out, spare] = [createBitset(n), createBitset(n)];
    for (const filter of filters) {
      filterInto(segment.data, filter, out, spare);
      const test = docTest(segment.data, filter);
      expect({ filter, docs: docsOf(out) }).toEqual({
        filter,
        docs: Array.from({ length: n }, (_, d) => d).filter(test),
      });
    }
  });

  it('tested tiers equal bitset tiers for random boosts, buries and answers, with and without a word list', () => {
    const random = new Random(6);
    const sets = (market: string) =>
      Array.from({ length: random.int(3) }, () =>
        Array.from({ length: random.int(3) }, () => randomFilter(random, market)),
      );
    const words = new Uint32Array(wordCount(n));
    for (let q = 0; q < 200; q++) {
      const market = random.pick(['se', 'de']);
      const request: SearchRequest = { language: 'en', market, boost: sets(market), bury: sets(market) };
      const answer = createBitset(n);
      const share = random.pick([0.01, 0.1, 0.5, 1]);
      for (let d = 0; d < n; d++) if (random.chance(share)) setBit(answer, d);
      segment.scratch.reset();
      const bitsets = tierBits(segment, request, answer).map(docsOf);
      const listed = words.subarray(0, nonZeroWords(answer, words));
      for (const list of [null, listed]) {
        const tested = testedTiers(segment, request, { bits: answer, words: list });
        expect({ q, tiers: tested.bits.map(docsOf), counts: tested.counts }).toEqual({
          q,
          tiers: bitsets,
          counts: bitsets.map((t) => t.length),
        });
      }
    }
  });
});

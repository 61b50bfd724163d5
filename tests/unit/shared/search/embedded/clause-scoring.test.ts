import { buildIndex } from '../../../../../shared/search/embedded/build/build-index';
import { createBitset, hasBit } from '../../../../../shared/search/embedded/bitset';
import { scoreDocuments, scorePostings } from '../../../../../shared/search/embedded/query/bm25';
import type { IndexRuntime } from '../../../../../shared/search/embedded/query/index-runtime';
import { LiveIndex } from '../../../../../shared/search/embedded/query/live-index';
import { matchClauses } from '../../../../../shared/search/embedded/query/text-clauses-match';
import { matchText, wordDocs } from '../../../../../shared/search/embedded/query/text-match';
import type { WordExpansion } from '../../../../../shared/search/embedded/query/text-stats';
import { randomCatalogue, WORDS } from '../reference/random-catalogue';
import { Random } from '../reference/random';

/** Random clauses: one to three, each of one to three alternatives of one to three words. */
function randomClauses(random: Random, words: readonly string[]): string[][][] {
  const some = (max: number) => 1 + random.int(max);
  return Array.from({ length: some(2) }, () =>
    Array.from({ length: some(3) }, () => Array.from({ length: some(3) }, () => random.pick(words))),
  );
}

describe('synonym clauses: matching and masked BM25 scoring', () => {
  const index = LiveIndex.of(buildIndex(randomCatalogue(77, 400), { languages: ['en', 'sv'] }));
  const segment = index.segments[0] as IndexRuntime;
  const docs = (bits: Uint32Array) =>
    Array.from({ length: index.docCount }, (_, d) => d).filter((d) => hasBit(bits, d));

  /** The documents of the alternative's words (each required) and each one's score from those words alone. */
  function alternativeScores(words: readonly WordExpansion[]): Map<number, number> {
    const bits = createBitset(index.docCount);
    const terms = matchText(segment, index.text, 'en', words, bits);
    const matched = docs(bits);
    scoreDocuments(segment, terms, matched);
    return new Map(matched.map((d) => [d, segment.scratch.scores[d] as number]));
  }

  it('scores a clause query bit-identically both ways, and as the sum of its matching alternatives', () => {
    const random = new Random(3);
    let compared = 0;
    let partial = 0;
    for (let q = 0; q < 150; q++) {
      const clauses = randomClauses(random, WORDS.en).map((c) =>
        c.map((a) => a.map((w) => index.text.expand('en', w))),
      );
      segment.scratch.reset();
      const matched = createBitset(index.docCount);
      const terms = matchClauses(segment, index.text, 'en', clauses, matched);
      const hits = docs(matched);
      scorePostings(segment, terms);
      const streamed = hits.map((d) => segment.scratch.scores[d]);
      segment.scratch.scores.fill(-1);
      scoreDocuments(segment, terms, hits);
      expect({ q, scores: hits.map((d) => segment.scratch.scores[d]) }).toEqual({ q, scores: streamed });
      // Brute force, alternative by alternative (after the engine's scoring: it reuses the scratch scores).
      const expected = new Map(hits.map((d) => [d, 0]));
      for (const alternatives of clauses) {
        for (const words of alternatives) {
          for (const [d, score] of alternativeScores(words))
            if (expected.has(d)) expected.set(d, (expected.get(d) as number) + score);
        }
      }
      hits.forEach((d, i) => {
        expect(streamed[i]).toBeCloseTo(expected.get(d) as number, 9);
      });
      partial += terms.filter((t) => t.mask !== null && t.from < t.to).length;
      compared += hits.length;
    }
    expect(compared).toBeGreaterThan(500);
    expect(partial).toBeGreaterThan(100);
  });

  it('a document has a clause when some alternative has every word', () => {
    const random = new Random(9);
    let dense = 0;
    for (let q = 0; q < 100; q++) {
      const clauses = randomClauses(random, WORDS.en).map((c) =>
        c.map((a) => a.map((w) => index.text.expand('en', w))),
      );
      segment.scratch.reset();
      const matched = createBitset(index.docCount);
      matchClauses(segment, index.text, 'en', clauses, matched);
      const expected = new Set(Array.from({ length: index.docCount }, (_, d) => d));
      for (const alternatives of clauses) {
        const some = new Set(alternatives.flatMap((words) => [...alternativeScores(words).keys()]));
        for (const d of expected) if (!some.has(d)) expected.delete(d);
      }
      expect({ q, docs: docs(matched) }).toEqual({ q, docs: [...expected].sort((a, b) => a - b) });
      dense += clauses.flat(2).filter((word) => wordDocs(segment, index.text, 'en', word).dense !== null).length;
    }
    // Guards against a catalogue whose words are never dense (their bitsets untested in clauses).
    expect(dense).toBeGreaterThan(50);
  });
});

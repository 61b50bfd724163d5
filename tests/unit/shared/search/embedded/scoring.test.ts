import { buildIndex } from '../../../../../shared/search/embedded/build/build-index';
import { createBitset } from '../../../../../shared/search/embedded/bitset';
import { scoreDocuments, scoreFewDocuments, scorePostings } from '../../../../../shared/search/embedded/query/bm25';
import { LiveIndex } from '../../../../../shared/search/embedded/query/live-index';
import { expandText, matchText } from '../../../../../shared/search/embedded/query/text-match';
import { randomCatalogue, WORDS } from '../reference/random-catalogue';
import { Random } from '../reference/random';

describe('BM25 scoring, posting by posting or document by document', () => {
  const index = LiveIndex.of(buildIndex(randomCatalogue(99, 300), { languages: ['en', 'sv'] }));
  const segment = index.segments[0];

  it('gives bit-identical scores both ways for random texts', () => {
    if (segment === undefined) throw new Error('no segment');
    const random = new Random(5);
    let compared = 0;
    for (let q = 0; q < 200; q++) {
      const language = random.pick(['en', 'sv'] as const);
      const text = Array.from({ length: 1 + random.int(3) }, () => random.pick(WORDS[language])).join(' ');
      const words = expandText(index.text, language, text);
      if (words === null) continue;
      segment.scratch.reset();
      const matched = createBitset(index.docCount);
      const terms = matchText(segment, index.text, language, words, matched);
      const docs: number[] = [];
      for (let d = 0; d < index.docCount; d++) if ((matched[d >>> 5] as number) & (1 << (d & 31))) docs.push(d);
      scorePostings(segment, terms);
      const streamed = docs.map((d) => segment.scratch.scores[d]);
      segment.scratch.scores.fill(-1);
      scoreDocuments(segment, terms, docs);
      expect({ text, scores: docs.map((d) => segment.scratch.scores[d]) }).toEqual({ text, scores: streamed });
      compared += docs.length;
    }
    expect(compared).toBeGreaterThan(1000);
  });

  it('bisects for few matches and walks the postings for many', () => {
    const term = { field: segment?.data.text.get('en')?.name, from: 0, to: 10_000, scale: 1, lengthNorm: 1 } as never;
    expect(scoreFewDocuments([term, term], 20)).toBe(true);
    expect(scoreFewDocuments([term, term], 5000)).toBe(false);
  });
});

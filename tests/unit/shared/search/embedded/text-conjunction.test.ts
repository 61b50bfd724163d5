import { buildIndex } from '../../../../../shared/search/embedded/build/build-index';
import { createBitset } from '../../../../../shared/search/embedded/bitset';
import { LiveIndex } from '../../../../../shared/search/embedded/query/live-index';
import {
  conjoinRarest,
  expandText,
  intersectWords,
  matchText,
  rarestIsSelective,
  wordTerms,
} from '../../../../../shared/search/embedded/query/text-match';
import { randomCatalogue, WORDS } from '../reference/random-catalogue';
import { Random } from '../reference/random';

const docsOf = (bits: Uint32Array, count: number): number[] =>
  Array.from({ length: count }, (_, d) => d).filter((d) => ((bits[d >>> 5] as number) & (1 << (d & 31))) !== 0);

describe('text conjunction: document at a time or term at a time', () => {
  const index = LiveIndex.of(buildIndex(randomCatalogue(7, 2000), { languages: ['en', 'sv'] }));
  const segment = index.segments[0];
  if (segment === undefined) throw new Error('no segment');

  it('finds exactly the documents of the bitset intersection for random texts of two to four words', () => {
    const random = new Random(11);
    let matches = 0;
    for (let i = 0; i < 300; i++) {
      const language = random.pick(['en', 'sv'] as const);
      const count = 2 + random.int(3);
      const text = Array.from({ length: count }, () => random.pick(WORDS[language])).join(' ');
      const words = expandText(index.text, language, text);
      if (words === null) continue;
      segment.scratch.reset();
      const perWord = words.map((w) => wordTerms(segment, index.text, language, w));
      const [byTerms, byDocuments] = [createBitset(index.docCount), createBitset(index.docCount)];
      byDocuments.fill(0xffffffff);
      intersectWords(segment, perWord, byTerms);
      conjoinRarest(perWord, byDocuments);
      const expected = docsOf(byTerms, index.docCount);
      expect({ text, docs: docsOf(byDocuments, index.docCount) }).toEqual({ text, docs: expected });
      matches += expected.length;
    }
    expect(matches).toBeGreaterThan(100);
  });

  it('takes the conjunction when the rarest word is in at most one document in 32, and returns every term in order', () => {
    const rare = { field: segment.data.text.get('en')?.name, from: 0, to: 10, scale: 1, lengthNorm: 1 } as never;
    const common = { field: segment.data.text.get('en')?.name, from: 0, to: 5000, scale: 1, lengthNorm: 1 } as never;
    expect(rarestIsSelective([[common], [rare]], 320)).toBe(true);
    expect(rarestIsSelective([[common], [rare]], 319)).toBe(false);
    expect(rarestIsSelective([[rare]], 1_000_000)).toBe(false);
    const words = expandText(index.text, 'en', `${WORDS.en[0]} ${WORDS.en[1]}`);
    if (words === null) throw new Error('no words');
    segment.scratch.reset();
    const terms = matchText(segment, index.text, 'en', words, createBitset(index.docCount));
    expect(terms).toEqual(words.flatMap((w) => wordTerms(segment, index.text, 'en', w)));
  });
});

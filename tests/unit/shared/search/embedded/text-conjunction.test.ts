import { buildIndex } from '../../../../../shared/search/embedded/build/build-index';
import { createBitset } from '../../../../../shared/search/embedded/bitset';
import { LiveIndex } from '../../../../../shared/search/embedded/query/live-index';
import type { ScoringTerm } from '../../../../../shared/search/embedded/query/bm25';
import {
  conjoinRarest,
  expandText,
  intersectWords,
  matchText,
  rarestIsSelective,
  wordDocs,
  wordTerms,
  type WordDocs,
} from '../../../../../shared/search/embedded/query/text-match';
import { randomCatalogue, WORDS } from '../reference/random-catalogue';
import { Random } from '../reference/random';

const docsOf = (bits: Uint32Array, count: number): number[] =>
  Array.from({ length: count }, (_, d) => d).filter((d) => ((bits[d >>> 5] as number) & (1 << (d & 31))) !== 0);

describe('text conjunction: document at a time or term at a time', () => {
  const index = LiveIndex.of(buildIndex(randomCatalogue(7, 2000), { languages: ['en', 'sv'] }));
  const segment = index.segments[0];
  if (segment === undefined) throw new Error('no segment');

  /** The documents holding every word in some term: straight from the postings. */
  const bruteForce = (perWord: readonly (readonly ScoringTerm[])[]): number[] => {
    const sets = perWord.map(
      (terms) => new Set(terms.flatMap((t) => [...t.field.postings.items.subarray(t.from, t.to)])),
    );
    return [...(sets[0] ?? [])].filter((d) => sets.every((set) => set.has(d))).sort((a, b) => a - b);
  };

  it('finds exactly the documents holding every word, both ways, with and without the dense words’ bitsets', () => {
    const random = new Random(11);
    let matches = 0;
    let dense = 0;
    for (let i = 0; i < 300; i++) {
      const language = random.pick(['en', 'sv'] as const);
      const count = 2 + random.int(3);
      const text = Array.from({ length: count }, () => random.pick(WORDS[language])).join(' ');
      const words = expandText(index.text, language, text);
      if (words === null) continue;
      segment.scratch.reset();
      const perWord = words.map((w) => wordDocs(segment, index.text, language, w));
      const postingsOnly = perWord.map((w): WordDocs => ({ terms: w.terms, dense: null, rest: w.terms }));
      const expected = bruteForce(perWord.map((w) => w.terms));
      for (const [name, words] of [
        ['dense', perWord],
        ['postings', postingsOnly],
      ] as const) {
        const [byTerms, byDocuments] = [createBitset(index.docCount), createBitset(index.docCount)];
        byTerms.fill(0xffffffff);
        byDocuments.fill(0xffffffff);
        intersectWords(segment, words, byTerms);
        conjoinRarest(words, byDocuments);
        expect({ text, name, docs: docsOf(byTerms, index.docCount) }).toEqual({ text, name, docs: expected });
        expect({ text, name, docs: docsOf(byDocuments, index.docCount) }).toEqual({ text, name, docs: expected });
      }
      matches += expected.length;
      dense += perWord.filter((w) => w.dense !== null).length;
    }
    expect(matches).toBeGreaterThan(100);
    // Guards against a catalogue whose words are never dense (the bitsets untested).
    expect(dense).toBeGreaterThan(100);
  });

  it('keeps a dense word’s bitset for its exact term in the three text fields, its typos and SKU term beside it', () => {
    const words = expandText(index.text, 'en', 'jackte leather');
    if (words === null) throw new Error('no words');
    const [typo, exact] = words.map((w) => wordDocs(segment, index.text, 'en', w));
    if (typo === undefined || exact === undefined) throw new Error('two words');
    // "jackte" is no term: its typo neighbours' postings are set, no bitset.
    expect(typo.dense).toBeNull();
    expect(typo.rest).toEqual(typo.terms);
    expect(exact.dense).not.toBeNull();
    // The bitset holds exactly the terms it stands for, and those are the exact term's in name, brand, description.
    const held = exact.terms.filter((t) => !exact.rest.includes(t));
    const text = segment.data.text.get('en');
    expect(held.length).toBeGreaterThan(0);
    expect(held.every((t) => [text?.name, text?.brand, text?.description].includes(t.field))).toBe(true);
    expect(docsOf(exact.dense ?? createBitset(0), index.docCount)).toEqual(bruteForce([held]));
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

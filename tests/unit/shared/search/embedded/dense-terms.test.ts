import { buildIndex } from '../../../../../shared/search/embedded/build/build-index';
import { createBitset, wordCount } from '../../../../../shared/search/embedded/bitset';
import { DENSE_SHARE, DenseTerms } from '../../../../../shared/search/embedded/query/dense-terms';
import { IndexRuntime } from '../../../../../shared/search/embedded/query/index-runtime';
import { randomCatalogue } from '../reference/random-catalogue';

const docsOf = (bits: Uint32Array, count: number): number[] =>
  Array.from({ length: count }, (_, d) => d).filter((d) => ((bits[d >>> 5] as number) & (1 << (d & 31))) !== 0);

describe('dense terms: a bitset per common term of a language, built when asked', () => {
  // The catalogue's small vocabulary is all common: 20 names also hold a rare word.
  const docs = randomCatalogue(5, 3000).map((doc, i) => {
    const en = doc.text.en;
    return i >= 20 || en === undefined
      ? doc
      : { ...doc, text: { ...doc.text, en: { ...en, name: `${en.name} zephyr` } } };
  });
  const data = buildIndex(docs, { languages: ['en', 'sv'] });
  const text = data.text.get('en');
  if (text === undefined) throw new Error('no English text');
  const fields = [text.name, text.brand, text.description];
  const postingsOf = (term: number): number[] =>
    fields.flatMap((f) => {
      const { offsets, items } = f.postings;
      return term + 1 < offsets.length ? [...items.subarray(offsets[term], offsets[term + 1])] : [];
    });

  it('gives a term on at least one document in 32 its documents in name, brand and description, and no other', () => {
    const dense = new DenseTerms(data);
    let built = 0;
    let postings = 0;
    for (let term = 0; term < text.terms.length; term++) {
      const all = postingsOf(term);
      const bits = dense.docs('en', term);
      if (all.length * DENSE_SHARE < data.docCount) {
        expect({ term: text.terms[term], bits }).toEqual({ term: text.terms[term], bits: null });
        continue;
      }
      expect(docsOf(bits ?? createBitset(0), data.docCount)).toEqual([...new Set(all)].sort((a, b) => a - b));
      // Kept: a second query gets the same bitset, built once.
      expect(dense.docs('en', term)).toBe(bits);
      built++;
      postings += all.length;
    }
    // Both kinds occur in this catalogue, so both branches were checked.
    expect(built).toBeGreaterThan(5);
    expect(built).toBeLessThan(text.terms.length);
    // The bound: one bitset per dense term, never more bytes than those terms' postings.
    expect(dense.bytes).toBe(built * wordCount(data.docCount) * 4);
    expect(dense.bytes).toBeLessThanOrEqual(postings * 4);
  });

  it('has none for a language the index lacks or a term past a field’s dictionary', () => {
    const dense = new DenseTerms(data);
    expect(dense.docs('de', 0)).toBeNull();
    expect(dense.docs('en', text.terms.length + 10)).toBeNull();
    expect(dense.bytes).toBe(0);
  });

  it('is shared by a segment with deletions and the runtime of its data', () => {
    const base = new IndexRuntime(data);
    const masked = new IndexRuntime(data, { bits: createBitset(data.docCount), list: new Uint32Array(0) }, base);
    expect(masked.denseTerms).toBe(base.denseTerms);
  });
});

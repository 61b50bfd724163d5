import { createAnalyzer } from '../../../../../shared/search/analysis/analyzer';
import { WordMemo } from '../../../../../shared/search/analysis/word-memo';

const WORDS = ['Skor', 'löparskor', 'Größe', 'İstanbul', 'jackor', 'leather', 'Jacket', 'Straße', 'ÉTÉ', 'kjolar'];

describe('the word memo of an analyzer', () => {
  it('analyses exactly as an analyzer that keeps nothing, also across the times its memo starts over', () => {
    for (const language of ['en', 'sv', 'de']) {
      // A bound of a few entries: the memo empties itself many times over this text.
      const small = createAnalyzer(language, 400);
      const none = createAnalyzer(language, 0);
      const text = Array.from({ length: 500 }, (_, i) => `${WORDS[i % WORDS.length]}${i % 7}`).join(' ');
      for (let round = 0; round < 3; round++) expect(small.analyze(text)).toEqual(none.analyze(text));
    }
  });

  it('holds at most its bound in bytes, counting two bytes a code unit and a fixed cost an entry', () => {
    const memo = new WordMemo<string>(1000, (v) => v.length);
    for (let i = 0; i < 500; i++) {
      memo.put(`word${i}`, `value${i}`);
      expect(memo.size().bytes).toBeLessThanOrEqual(1000);
    }
    const cost = WordMemo.ENTRY_BYTES + 2 * ('word499'.length + 'value499'.length);
    expect(memo.size().bytes % cost).toBe(0);
    expect(memo.get('word499')).toBe('value499');
    expect(memo.get('word0')).toBeUndefined();
    // A value larger than the whole bound is returned and not kept.
    expect(memo.put('huge', 'x'.repeat(1000))).toHaveLength(1000);
    expect(memo.get('huge')).toBeUndefined();
  });

  it('answers a word seen before from the memo', () => {
    const memo = new WordMemo<string>(10_000, (v) => v.length);
    let computed = 0;
    const analyse = (word: string) => memo.get(word) ?? memo.put(word, `${word}:${++computed}`);
    expect([analyse('a'), analyse('b'), analyse('a')]).toEqual(['a:1', 'b:2', 'a:1']);
    expect(memo.size().entries).toBe(2);
  });
});

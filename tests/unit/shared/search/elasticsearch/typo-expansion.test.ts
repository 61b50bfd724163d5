import {
  buildTypoSuggestBody,
  readTypoTerms,
  typoWords,
} from '../../../../../shared/search/elasticsearch/typo-expansion';

const termOptions = (...texts: string[]) => [
  { text: 'x', offset: 0, length: 1, options: texts.map((text) => ({ text, score: 0.8, freq: 1 })) },
];

describe('typo expansion', () => {
  it('only words of 5+ letters, folded, each once', () => {
    expect(typoWords('Red Jäckets jackets Ørsted-x')).toEqual(['jackets', 'orsted']);
    expect(typoWords(undefined)).toEqual([]);
  });

  it('asks a term suggester per word and folded field for every one-edit neighbour', () => {
    // Term suggester options: https://www.elastic.co/guide/en/elasticsearch/reference/8.18/search-suggesters.html#term-suggester
    // (max_edits 1; prefix_length 0 so the first letter may be the typo; suggest_mode always, and max_term_freq
    // raised, so a word that is itself common still gets its neighbours, as in the embedded engine).
    const term = (field: string) => ({
      field,
      max_edits: 1,
      prefix_length: 0,
      min_word_length: 5,
      suggest_mode: 'always',
      max_term_freq: 2147483647,
      size: 50,
    });
    expect(buildTypoSuggestBody(['lanterm'], 'en')).toEqual({
      size: 0,
      track_total_hits: false,
      suggest: {
        typo_0_name: { text: 'lanterm', term: term('text.en.name.folded') },
        typo_0_brand: { text: 'lanterm', term: term('text.en.brand.folded') },
        typo_0_description: { text: 'lanterm', term: term('text.en.description.folded') },
      },
    });
  });

  it('reads the neighbours stemmed as the stemmed fields index them, without the word itself or its own stem', () => {
    const suggest = {
      typo_0_name: termOptions('lantern', 'lanterns'),
      typo_0_description: termOptions('lantern'),
      typo_1_brand: termOptions('jackets', 'packet'),
    };
    const terms = readTypoTerms(suggest, ['lanterm', 'jacket'], 'en');
    expect(terms.get('lanterm')).toEqual(['lantern']);
    // "jackets" stems to the query word's own stem: an exact match already, as the embedded engine treats it.
    expect(terms.get('jacket')).toEqual(['packet']);
    expect(readTypoTerms(undefined, ['lanterm'], 'en').get('lanterm')).toEqual([]);
  });
});

import { analyzeSku, createAnalyzer } from '../../../../../shared/search/analysis/analyzer';
import { boundedEditDistance } from '../../../../../shared/search/analysis/edit-distance';
import { fold, foldLetters } from '../../../../../shared/search/analysis/fold';
import { createStemmer, stemmedLanguage } from '../../../../../shared/search/analysis/stemmer';
import { tokenize } from '../../../../../shared/search/analysis/tokenize';
import { forEachOneEditVariant } from '../../../../../shared/search/analysis/typo-variants';

describe('fold', () => {
  it('lower-cases and strips accents, expanding ß', () => {
    expect(fold('Größe')).toBe('grosse');
    expect(fold('Blå Ö ÉTÉ')).toBe('bla o ete');
    expect(fold('plain')).toBe('plain');
  });

  it('folds the letters Unicode does not decompose as Lucene asciifolding does (shared fold table)', () => {
    // https://www.elastic.co/guide/en/elasticsearch/reference/8.18/analysis-asciifolding-tokenfilter.html
    expect(fold('Smørrebrød Ærø Łódź Œuvre STRAẞE Þór Đakovo')).toBe('smorrebrod aero lodz oeuvre strasse thor dakovo');
    expect(foldLetters('økse')).toBe('okse');
    expect(foldLetters('plain')).toBe('plain');
  });
});

describe('tokenize', () => {
  it('splits on anything but letters and digits, keeping accents', () => {
    expect(tokenize('T-Shirt, Größe 42/44!')).toEqual(['t', 'shirt', 'größe', '42', '44']);
    expect(tokenize(' -- ')).toEqual([]);
  });

  it('lower-cases letter by letter like Lucene: İstanbul stays one word', () => {
    // JavaScript's toLowerCase maps İ to "i" + U+0307; Lucene's lowercase filter maps it to "i" (found by
    // scripts/lucene-parity/compare.ts against Lucene's own analysis classes).
    expect(tokenize('İSTANBUL İstanbul')).toEqual(['istanbul', 'istanbul']);
  });
});

describe('stemmers', () => {
  it('stem English, Swedish and German, and leave other languages alone', () => {
    expect(createStemmer('en')('running')).toBe('run');
    expect(createStemmer('sv')('jackor')).toBe(createStemmer('sv')('jacka'));
    expect(createStemmer('de')('schuhe')).toBe('schuh');
    expect(createStemmer('de-AT')('schuhe')).toBe('schuh');
    expect(createStemmer('fi')('kengät')).toBe('kengät');
  });

  it('normalise language codes once: primary subtag, any case', () => {
    expect(['en', 'EN', 'en-GB', 'sv_SE', 'de-AT', 'fi', ''].map(stemmedLanguage)).toEqual([
      'en',
      'en',
      'en',
      'sv',
      'de',
      null,
      null,
    ]);
  });

  it('the fold table applies before stemming, as the Elasticsearch char filter does', () => {
    const en = createAnalyzer('en');
    expect(en.analyze('Straße')).toEqual([{ surface: 'strasse', term: 'strass' }]);
    expect(en.termOf('strasse')).toBe('strass');
  });

  it('analyzers stem before folding so umlauts still steer the stemmer', () => {
    const de = createAnalyzer('de');
    expect(de.analyze('Häuser Straße')).toEqual([
      { surface: 'hauser', term: 'haus' },
      { surface: 'strasse', term: 'strass' },
    ]);
    expect(de.termOf('strasse')).toBe('strass');
  });
});

describe('analyzeSku', () => {
  it('yields the words and the whole SKU without separators', () => {
    expect(analyzeSku('NK-Run-1')).toEqual(['nk', 'run', '1', 'nkrun1']);
    expect(analyzeSku('ABC')).toEqual(['abc']);
  });
});

describe('forEachOneEditVariant', () => {
  it('produces exactly the strings one edit away over the alphabet', () => {
    const variants = new Set<string>();
    forEachOneEditVariant('abc', 'abcd', (v) => variants.add(v));
    for (const v of variants) expect(boundedEditDistance('abc', v, 1)).toBe(1);
    for (const expected of ['bc', 'ac', 'ab', 'bac', 'acb', 'dbc', 'abd', 'dabc', 'abcd', 'aabc'])
      expect(variants).toContain(expected);
    expect(variants).not.toContain('abc');
  });
});

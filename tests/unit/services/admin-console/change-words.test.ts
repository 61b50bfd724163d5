// The console's browser modules are plain JavaScript checked by their own tsconfig; the test types what it uses.
type ChangeWords = {
  locate: (path: string) => { part: string; key: string | null; field: string | null };
  fieldLabel: (name: string) => string;
};
const MODULE = '../../../../services/admin-console/public/js/views/publish/change-words.js';

describe('the publish page locates a draft change', () => {
  let words: ChangeWords;
  beforeAll(async () => {
    words = (await import(MODULE)) as ChangeWords;
  });

  it('puts a content block change in its own part, by field, with no entity key', () => {
    expect(words.locate('content.shortDescription')).toEqual({ part: 'content', key: null, field: 'shortDescription' });
    expect(words.fieldLabel('attributes')).toBe('Attributes shown');
  });
  it('keeps site fields and keyed entities as they were', () => {
    expect(words.locate('site.urlPatterns.product')).toEqual({ part: 'site', key: null, field: 'urlPatterns.product' });
    expect(words.locate('markets.se.currency')).toEqual({ part: 'markets', key: 'se', field: 'currency' });
    expect(words.locate('facets.brand')).toEqual({ part: 'facets', key: 'brand', field: null });
  });
});

import { fieldLabel, locate } from '../../../../services/admin-console/public/js/views/publish/change-words.js';

describe('the publish page locates a draft change', () => {
  it('puts a content block change in its own part, by field, with no entity key', () => {
    expect(locate('content.shortDescription')).toEqual({ part: 'content', key: null, field: 'shortDescription' });
    expect(fieldLabel('attributes')).toBe('Attributes shown');
  });
  it('keeps site fields and keyed entities as they were', () => {
    expect(locate('site.urlPatterns.product')).toEqual({ part: 'site', key: null, field: 'urlPatterns.product' });
    expect(locate('markets.se.currency')).toEqual({ part: 'markets', key: 'se', field: 'currency' });
    expect(locate('facets.brand')).toEqual({ part: 'facets', key: 'brand', field: null });
  });
});

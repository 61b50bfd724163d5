import { ConfigValidationError } from '../../../../../shared/storefront-config/errors';
import {
  entityPlaces,
  inRequestTerms,
  requestField,
  slotOf,
} from '../../../../../services/business-api/storefront-admin/request-fields';

describe("the request names of a save's draft fields", () => {
  const market = entityPlaces('market', 'markets', 2, [
    ['market.code', 'code'],
    ['markets[2].code', 'code'],
  ]);

  it.each([
    ['market.priceListId', '$.priceListId'],
    ['markets[2].priceListId', '$.priceListId'],
    ['markets[2]', '$'],
    ['market.code', 'code'],
    ['markets[2].code', 'code'],
    ['market.urlTemplate', '$.urlTemplate'],
    // Another market, a market at an index that merely starts alike, the whole list: draft paths.
    ['markets[1].priceListId', 'markets[1].priceListId'],
    ['markets[20].code', 'markets[20].code'],
    ['markets', 'markets'],
    ['marketing', 'marketing'],
  ])('%s -> %s', (field, name) => {
    expect(requestField(field, market)).toBe(name);
  });

  it('maps a body under a member (synonyms) with array indexes kept', () => {
    expect(requestField('synonyms.en[3].terms[1]', [['synonyms.en', '$.entries']])).toBe('$.entries[3].terms[1]');
    expect(requestField('synonyms.en', [['synonyms.en', '$.entries']])).toBe('$.entries');
    expect(requestField('synonyms.en-GB[0]', [['synonyms.en', '$.entries']])).toBe('synonyms.en-GB[0]');
  });

  it('renames the fields of a ConfigValidationError and passes any other failure on unchanged', async () => {
    const invalid = new ConfigValidationError([
      { field: 'market.currency', message: 'bad' },
      { field: 'markets', message: 'one default' },
    ]);
    await expect(inRequestTerms(Promise.reject(invalid), market)).rejects.toMatchObject({
      issues: [
        { field: '$.currency', message: 'bad' },
        { field: 'markets', message: 'one default' },
      ],
    });
    const other = new Error('down');
    await expect(inRequestTerms(Promise.reject(other), market)).rejects.toBe(other);
    await expect(inRequestTerms(Promise.resolve(7), market)).resolves.toBe(7);
  });

  it('puts an entity at its index in the list, or at the end when new', () => {
    expect(slotOf(['a', 'b'], (x) => x === 'b')).toBe(1);
    expect(slotOf(['a', 'b'], (x) => x === 'c')).toBe(2);
  });
});

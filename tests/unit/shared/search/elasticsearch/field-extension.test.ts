import type { BulkOperation } from '../../../../../shared/search';
import {
  addedProperties,
  planFieldExtension,
  wantedKeys,
} from '../../../../../shared/search/elasticsearch/field-extension';
import { fieldLimitOf } from '../../../../../shared/search/elasticsearch/mapping-extension';
import { sampleDocument } from './fixture';

const DECLARED = { facets: ['brand', 'category', 'size'], numbers: ['price.se'], flags: ['inStock.se'] };

describe('growing a live index’s fields', () => {
  it('wants each key the indexed documents use and the fields lack, once, in the order first met', () => {
    const operations: BulkOperation[] = [
      {
        action: 'index',
        document: sampleDocument({ id: 'a', numbers: { 'price.se': 1, 'price.no': 2 }, flags: { 'inStock.no': true } }),
      },
      { action: 'delete', id: 'x' },
      {
        action: 'index',
        document: sampleDocument({ id: 'b', facets: { brand: ['n'], color: ['red'] }, numbers: { 'price.no': 3 } }),
      },
    ];
    expect(wantedKeys(operations, DECLARED)).toEqual([
      { kind: 'number', key: 'price.no' },
      { kind: 'flag', key: 'inStock.no' },
      { kind: 'facet', key: 'color' },
    ]);
  });

  it('adds every key that maps beside the declared ones; refuses a leaf under a leaf and a leaf where an object is', () => {
    const plan = planFieldExtension(['en'], DECLARED, [
      { kind: 'facet', key: 'color' },
      { kind: 'facet', key: 'size.eu' },
      { kind: 'number', key: 'price' },
      { kind: 'number', key: 'weight.kg' },
      { kind: 'number', key: 'weight' },
    ]);
    expect(plan.fields).toEqual({
      facets: ['brand', 'category', 'size', 'color'],
      numbers: ['price.se', 'weight.kg'],
      flags: ['inStock.se'],
    });
    expect(plan.added).toEqual([
      { kind: 'facet', key: 'color' },
      { kind: 'number', key: 'weight.kg' },
    ]);
    expect(plan.refused).toEqual(
      new Map([
        ['facet key "size.eu"', 'field key "size.eu" runs through a leaf'],
        ['number key "price"', 'field key "price" is declared twice or is also an object'],
        ['number key "weight"', 'field key "weight" is declared twice or is also an object'],
      ]),
    );
  });

  it('puts only what is new: new fields whole, grown objects with only their new fields', () => {
    // https://www.elastic.co/guide/en/elasticsearch/reference/8.18/indices-put-mapping.html#add-new-field-to-object
    const before = {
      id: { type: 'keyword' as const },
      numbers: {
        type: 'object' as const,
        properties: { price: { type: 'object' as const, properties: { se: { type: 'double' as const } } } },
      },
      flags: { type: 'object' as const, properties: {} },
    };
    const after = {
      id: { type: 'keyword' as const },
      numbers: {
        type: 'object' as const,
        properties: {
          price: {
            type: 'object' as const,
            properties: { se: { type: 'double' as const }, no: { type: 'double' as const } },
          },
          minTemp: { type: 'double' as const },
        },
      },
      flags: { type: 'object' as const, properties: {} },
      popularity: { type: 'double' as const },
    };
    expect(addedProperties(before, after)).toEqual({
      numbers: {
        type: 'object',
        properties: { price: { type: 'object', properties: { no: { type: 'double' } } }, minTemp: { type: 'double' } },
      },
      popularity: { type: 'double' },
    });
    expect(addedProperties(after, after)).toEqual({});
  });

  it('reads the total fields limit from get-settings with defaults: the index’s own value, else the default', () => {
    // https://www.elastic.co/guide/en/elasticsearch/reference/8.18/indices-get-settings.html (include_defaults, flat_settings)
    expect(fieldLimitOf({ i: { settings: { 'index.mapping.total_fields.limit': '1387' }, defaults: {} } })).toBe(1387);
    expect(fieldLimitOf({ i: { settings: {}, defaults: { 'index.mapping.total_fields.limit': '1000' } } })).toBe(1000);
    expect(fieldLimitOf({})).toBe(1000);
  });
});

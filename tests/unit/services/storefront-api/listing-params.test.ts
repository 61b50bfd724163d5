import type { Request } from 'express';
import { AppError } from '../../../../shared/errors';
import { listingParams, queryPairs, readFilters } from '../../../../services/storefront-api/listing/listing-params';

// The functions read only `originalUrl`; a bare object stands in for the request.
const req = (originalUrl: string) => ({ originalUrl }) as Request;

describe('queryPairs', () => {
  it.each([
    ['/v1/products', []],
    ['/v1/products?', []],
    [
      '/v1/products?q=red+shoe&q=x',
      [
        ['q', 'red shoe'],
        ['q', 'x'],
      ],
    ],
    ['/v1/products?filter%5Bbrand%5D=a%2Cb', [['filter[brand]', 'a,b']]],
    ['/v1/products?filter[brand]=a\\,b', [['filter[brand]', 'a\\,b']]],
    [
      '/v1/products?a=%zz&b=%E2%82&c=%00',
      [
        ['a', '%zz'],
        ['b', '\uFFFD'],
        ['c', '\u0000'],
      ],
    ],
    [
      '/v1/products?page&=x&&y=',
      [
        ['page', ''],
        ['', 'x'],
        ['y', ''],
      ],
    ],
    ['/v1/products?q=a?b=c', [['q', 'a?b=c']]],
  ])('reads %p as %j', (url, pairs) => {
    expect(queryPairs(req(url))).toEqual(pairs);
  });
});

describe('readFilters', () => {
  it('reads the grammar', () => {
    expect(Object.fromEntries(readFilters([['filter[brand]', 'a\\,b,c']]))).toEqual({
      brand: { raw: ['a\\,b,c'], values: ['a,b', 'c'] },
    });
  });

  it('turns malformed syntax into 400 INVALID_FILTER', () => {
    try {
      readFilters([['filter[a][b]', '1']]);
      throw new Error('no error');
    } catch (err) {
      expect(err).toBeInstanceOf(AppError);
      expect(err).toMatchObject({
        status: 400,
        code: 'INVALID_FILTER',
        message: 'filter[a][b]: a filter is written filter[<facet key>]=<values>',
      });
    }
  });
});

describe('listingParams', () => {
  it('takes the first of each plain parameter and every filter', () => {
    const params = listingParams(
      req(
        '/v1/products?q=a&page=2&pageSize=10&sort=newest&collection=shoes&q=b&page=3&filter[brand]=x&filter[brand]=y',
      ),
    );
    expect({ ...params, filters: Object.fromEntries(params.filters) }).toEqual({
      q: 'a',
      page: '2',
      pageSize: '10',
      sort: 'newest',
      collection: 'shoes',
      filters: { brand: { raw: ['x', 'y'], values: ['x', 'y'] } },
    });
  });

  it('leaves absent parameters undefined', () => {
    const params = listingParams(req('/v1/products'));
    expect({ ...params, filters: params.filters.size }).toEqual({
      q: undefined,
      page: undefined,
      pageSize: undefined,
      sort: undefined,
      collection: undefined,
      filters: 0,
    });
  });

  it('refuses a malformed filter even beside valid parameters', () => {
    expect(() => listingParams(req('/v1/products?q=a&filter=1'))).toThrow(
      expect.objectContaining({ code: 'INVALID_FILTER' }),
    );
  });
});

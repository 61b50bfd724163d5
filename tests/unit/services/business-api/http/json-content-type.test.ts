import { hasBody } from '../../../../../services/business-api/http/json-body';
import { isJsonContentType } from '../../../../../services/business-api/http/json-content-type';

describe('isJsonContentType', () => {
  it.each([
    'application/json',
    'application/json; charset=utf-8',
    'APPLICATION/JSON',
    'text/json',
    'application/merge-patch+json',
    'application/vnd.aisle.order+json; charset=utf-8',
  ])('accepts %s', (header) => {
    expect(isJsonContentType(header)).toBe(true);
  });

  it.each([
    undefined,
    '',
    'text/plain',
    'application/xml',
    'application/x-www-form-urlencoded',
    'multipart/form-data',
    'application/jsonp',
    'text/json+x',
    'application/+json',
    'image/svg+json',
  ])('rejects %s', (header) => {
    expect(isJsonContentType(header)).toBe(false);
  });
});

describe('hasBody', () => {
  it('is true for a positive Content-Length or a chunked body', () => {
    expect(hasBody({ 'content-length': '2' })).toBe(true);
    expect(hasBody({ 'transfer-encoding': 'chunked' })).toBe(true);
  });

  it('is false without body bytes', () => {
    expect(hasBody({})).toBe(false);
    expect(hasBody({ 'content-length': '0' })).toBe(false);
  });
});

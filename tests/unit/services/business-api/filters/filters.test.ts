import type { z } from 'zod';
import { currencyFilter, enumFilter, idFilter } from '../../../../../services/business-api/filters/identifier-filter';
import { isInvalidRequestIssue } from '../../../../../services/business-api/filters/invalid-request';
import { parseDateBound } from '../../../../../services/business-api/filters/query-values';
import { bodyIdFilter } from '../../../../../services/business-api/filters/body-values';

/** The value a schema binds, or which kind of refusal it gives. */
function bind(schema: z.ZodType, raw: unknown): { value: unknown } | 'invalid_request' | 'binding' {
  const result = schema.safeParse(raw);
  if (result.success) return { value: result.data };
  return result.error.issues.every(isInvalidRequestIssue) ? 'invalid_request' : 'binding';
}

describe('parseDateBound', () => {
  it.each([
    ['2024-05-01', '2024-05-01T00:00:00.000Z', true],
    ['2024-05-01T10:00:00Z', '2024-05-01T10:00:00.000Z', false],
    ['2024-05-01T12:00:00+02:00', '2024-05-01T10:00:00.000Z', false],
    ['2024-05-01T10:00:00.123456Z', '2024-05-01T10:00:00.123Z', false],
    ['2024-05-01T10:00:00', '2024-05-01T10:00:00.000Z', false],
  ])('reads %s', (raw, iso, dateOnly) => {
    expect(parseDateBound(raw)).toEqual({ at: new Date(iso), dateOnly });
  });

  it.each(['', 'today', '2024-02-30', '2024-13-01', '01/05/2024', '2024-05-01T25:00:00Z'])('refuses %j', (raw) => {
    expect(parseDateBound(raw)).toBeUndefined();
  });
});

describe('identifier filters', () => {
  const id = idFilter('customerId');

  it.each([
    ['42', 42],
    [' 7 ', 7],
    ['2147483647', 2147483647],
  ])('binds %j', (raw, value) => {
    expect(bind(id, raw)).toEqual({ value });
  });

  it.each(['', '  ', 'abc', '0', '-1', '01', '1.5', '2147483648'])('refuses %j as invalid_request', (raw) => {
    expect(bind(id, raw)).toBe('invalid_request');
  });

  it('lets a repeated parameter (an array) fail binding', () => {
    expect(bind(id, ['1', '2'])).toBe('binding');
  });

  it('binds currencies in any case and refuses other text as invalid_request', () => {
    expect(bind(currencyFilter('currency'), 'sek')).toEqual({ value: 'SEK' });
    expect(bind(currencyFilter('currency'), 'SEKR')).toBe('invalid_request');
    expect(bind(currencyFilter('currency'), '')).toBe('invalid_request');
  });

  it('binds enumerated values in any case and refuses unknown ones as invalid_request', () => {
    const kinds = enumFilter('documentType', ['invoice', 'credit', 'both'] as const, 'x');
    expect(bind(kinds, 'Credit')).toEqual({ value: 'credit' });
    expect(bind(kinds, 'receipt')).toBe('invalid_request');
  });

  it('binds body identifiers: integers or null; other JSON types fail binding, non-ids are invalid_request', () => {
    const body = bodyIdFilter('productId', 'x');
    expect(bind(body, 5)).toEqual({ value: 5 });
    expect(bind(body, null)).toEqual({ value: null });
    expect(bind(body, '5')).toBe('binding');
    expect(bind(body, 1.5)).toBe('binding');
    expect(bind(body, 0)).toBe('invalid_request');
    expect(bind(body, 2_147_483_648)).toBe('invalid_request');
  });
});

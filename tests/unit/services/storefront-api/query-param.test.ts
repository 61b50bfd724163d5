import { AppError } from '../../../../shared/errors';
import { requiredQuery } from '../../../../services/storefront-api/suggest/query-param';

function refusal(raw: string | undefined): { status: number; code: string; message: string } {
  try {
    requiredQuery(raw);
  } catch (err) {
    if (err instanceof AppError) return { status: err.status, code: err.code, message: err.message };
    throw err;
  }
  throw new Error(`no error for ${JSON.stringify(raw)}`);
}

describe('requiredQuery (suggest and search-in-facet rule 1)', () => {
  it.each([
    ['a', 'a'],
    ['  shoe  ', 'shoe'],
    ['a'.repeat(100), 'a'.repeat(100)],
    [` ${'b'.repeat(100)} `, 'b'.repeat(100)],
    ['😀'.repeat(100), '😀'.repeat(100)],
    ['red shoe', 'red shoe'],
    ['0', '0'],
  ])('accepts %j as %j', (raw, q) => {
    expect(requiredQuery(raw)).toBe(q);
  });

  it.each([undefined, '', ' ', '\t\n', '\u00a0'])('refuses the missing or blank %j', (raw) => {
    expect(refusal(raw)).toEqual({
      status: 400,
      code: 'INVALID_QUERY',
      message: 'q is required: 1 to 100 characters.',
    });
  });

  it.each(['a'.repeat(101), '😀'.repeat(101), `${'a'.repeat(100)} b`])(
    'refuses a query over 100 characters without truncating it',
    (raw) => {
      expect(refusal(raw)).toEqual({ status: 400, code: 'INVALID_QUERY', message: 'q is at most 100 characters.' });
    },
  );
});

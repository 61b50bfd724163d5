import { AppError } from '../../../../../shared/errors';
import { int32Param, parseInt32, parseWholeNumberId } from '../../../../../services/business-api/http/path-ids';

describe('parseInt32', () => {
  it.each([
    ['0', 0],
    ['7', 7],
    ['-12', -12],
    ['2147483647', 2147483647],
    ['-2147483648', -2147483648],
  ])('accepts %s', (raw, value) => {
    expect(parseInt32(raw)).toBe(value);
  });

  it('reads -0 as 0, not negative zero', () => {
    expect(Object.is(parseInt32('-0'), 0)).toBe(true);
  });

  it.each([
    '007',
    '00',
    '+1',
    '1.0',
    '1e3',
    ' 1',
    '1 ',
    '',
    '-',
    'abc',
    '2147483648',
    '-2147483649',
    '99999999999',
    '0x10',
  ])('rejects %j', (raw) => {
    expect(parseInt32(raw)).toBeUndefined();
  });
});

describe('int32Param', () => {
  it('parses a valid id and explains an invalid one', () => {
    expect(int32Param.parse('42')).toBe(42);
    const result = int32Param.safeParse('042');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("The value '042' is not a valid 32-bit integer.");
  });
});

describe('parseWholeNumberId (string-typed order ids)', () => {
  it.each([
    ['1', 1],
    ['2147483647', 2147483647],
    ['0042', 42],
  ])('accepts %s', (raw, value) => {
    expect(parseWholeNumberId(raw)).toBe(value);
  });

  it.each(['-1', '2147483648', '1.5', 'abc', '', ' 1', '99999999999999999999999'])(
    'rejects %j with 400 invalid_request',
    (raw) => {
      expect(() => parseWholeNumberId(raw)).toThrow(AppError);
      try {
        parseWholeNumberId(raw);
      } catch (err) {
        expect(err).toMatchObject({ status: 400, code: 'invalid_request' });
      }
    },
  );
});

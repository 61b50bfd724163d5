import { DATABASE_RETRY_AFTER_SECONDS, databaseOutage, isDatabaseUnreachable } from '../../../../shared/db/outage';
import { UnavailableError } from '../../../../shared/errors';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isDatabaseUnreachable', () => {
  it.each(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EPIPE'])(
    'is true for the socket error %s',
    (code) => {
      expect(isDatabaseUnreachable(withCode(code))).toBe(true);
    },
  );

  it.each(['57P01', '57P02', '57P03', '53300', '08006', '08001', '08P01'])('is true for SQLSTATE %s', (code) => {
    expect(isDatabaseUnreachable(withCode(code))).toBe(true);
  });

  it('is true for a dropped connection and for knex giving up on the pool', () => {
    expect(isDatabaseUnreachable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnreachable(new Error('Client has encountered a connection error and is not queryable'))).toBe(
      true,
    );
    expect(
      isDatabaseUnreachable(
        Object.assign(new Error('Knex: Timeout acquiring a connection.'), { name: 'KnexTimeoutError' }),
      ),
    ).toBe(true);
  });

  it.each([
    ['a syntax error', withCode('42601')],
    ['a unique violation', withCode('23505')],
    ['a numeric overflow', withCode('22003')],
    ['a plain error', new Error('boom')],
  ])('is false for %s', (_what, err) => {
    expect(isDatabaseUnreachable(err)).toBe(false);
  });

  it('is false for values that are not errors', () => {
    expect(isDatabaseUnreachable({ code: 'ECONNREFUSED' })).toBe(false);
    expect(isDatabaseUnreachable('ECONNREFUSED')).toBe(false);
    expect(isDatabaseUnreachable(undefined)).toBe(false);
  });
});

describe('databaseOutage', () => {
  it('is a 503 unavailable with a Retry-After for an unreachable database, nothing otherwise', () => {
    const outage = databaseOutage(withCode('ECONNREFUSED'));
    expect(outage).toBeInstanceOf(UnavailableError);
    expect(outage).toMatchObject({ status: 503, code: 'unavailable', retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS });
    expect(databaseOutage(withCode('23505'))).toBeUndefined();
  });
});

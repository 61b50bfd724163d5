import knex from 'knex';
import { AppError } from '../../../../../shared/errors';
import { decodeCursor, encodeCursor } from '../../../../../services/business-api/paging/cursor';
import { applyKeyset, toPage } from '../../../../../services/business-api/paging/keyset';
import { resolvePageSize } from '../../../../../services/business-api/paging/page-size';

describe('cursors', () => {
  it('round-trip keyset values', () => {
    const values = ['2026-01-02 03:04:05.123456+00', '42'];
    expect(decodeCursor(encodeCursor(values), 2)).toEqual(values);
  });

  it.each([
    ['not base64 json', '!!!'],
    ['wrong arity', encodeCursor(['1'])],
    ['non-string values', Buffer.from('[1,2]').toString('base64url')],
    ['empty values', encodeCursor(['', '1'])],
    ['an object', Buffer.from('{"a":1}').toString('base64url')],
  ])('reject %s with 400 invalid_request', (_name, cursor) => {
    expect(() => decodeCursor(cursor, 2)).toThrow(AppError);
    try {
      decodeCursor(cursor, 2);
    } catch (err) {
      expect(err).toMatchObject({ status: 400, code: 'invalid_request' });
    }
  });
});

describe('resolvePageSize', () => {
  const limits = { default: 50, max: 200 };
  it('uses the default when none is asked', () =>
    expect(resolvePageSize(undefined, limits)).toEqual({ size: 50, truncated: false }));
  it('applies what is asked up to the maximum', () =>
    expect(resolvePageSize(200, limits)).toEqual({ size: 200, truncated: false }));
  it('caps above the maximum and says so', () =>
    expect(resolvePageSize(201, limits)).toEqual({ size: 200, truncated: true }));
});

describe('keyset queries', () => {
  const db = knex({ client: 'pg' });
  const keyset = ['o.date_order', 'o.id'] as const;

  it('order descending, select the keys as text and fetch one extra row', () => {
    const sql = applyKeyset(db('orders as o').select('o.id'), keyset, { size: 10 }).toString();
    expect(sql).toBe(
      'select "o"."id", "o"."date_order"::text as "__k0", "o"."id"::text as "__k1" from "orders" as "o" ' +
        'order by "o"."date_order" desc, "o"."id" desc limit 11',
    );
  });

  it('start strictly after the cursor row with a row comparison (never OFFSET)', () => {
    const cursor = encodeCursor(['2026-01-01 00:00:00+00', '7']);
    const sql = applyKeyset(db('orders as o').select('o.id'), keyset, { size: 2, cursor }).toString();
    expect(sql).toContain(`where ("o"."date_order", "o"."id") < ('2026-01-01 00:00:00+00', '7')`);
    expect(sql).not.toMatch(/offset/i);
  });

  it('build the envelope with a next cursor only when another page follows', () => {
    const rows = [1, 2, 3].map((id) => ({ id, __k0: `d${id}`, __k1: String(id) }));
    const full = toPage(rows, keyset, { size: 2, truncated: false }, (r) => ({ id: r.id }));
    expect(full.items).toEqual([{ id: 1 }, { id: 2 }]);
    expect(decodeCursor(full.nextCursor ?? '', 2)).toEqual(['d2', '2']);
    const last = toPage(rows.slice(0, 2), keyset, { size: 2, truncated: true }, (r) => ({ id: r.id }));
    expect(last).toEqual({ items: [{ id: 1 }, { id: 2 }], nextCursor: null, pageSizeApplied: 2, truncated: true });
  });
});

describe('cursor values', () => {
  const db = knex({ client: 'pg' });
  const keyset = ['o.date_order', 'o.id'] as const;
  const apply = (values: string[]) => () =>
    applyKeyset(db('orders as o').select('o.id'), keyset, { size: 2, cursor: encodeCursor(values) });

  it.each([
    ['2026-01-01 00:00:00+00', '7'],
    ['2026-01-02 03:04:05.123456+00', '-2147483648'],
    ['2026-01-02 03:04:05+05:30', '2147483647'],
    ['2026-01-02T03:04:05Z', '1'],
  ])('accept %s, %s', (date, id) => {
    expect(apply([date, id])).not.toThrow();
  });

  it.each([
    ['a word for a date', ['x', '7']],
    ['a plain date', ['2026-01-01', '7']],
    ['no real day', ['2026-02-30 00:00:00+00', '7']],
    ['hour 25', ['2026-01-01 25:00:00+00', '7']],
    ['a word for an id', ['2026-01-01 00:00:00+00', 'y']],
    ['an id beyond 32 bits', ['2026-01-01 00:00:00+00', '99999999999']],
    ['a date for an id', ['2026-01-01 00:00:00+00', '2026-01-01 00:00:00+00']],
  ])('refuse %s with 400 invalid_request, before any SQL runs', (_name, values) => {
    expect(apply(values)).toThrow(expect.objectContaining({ status: 400, code: 'invalid_request' }));
  });
});

import { startBusinessApi, type BusinessApiHarness } from '../../../../support/business-api';
import { SEED_AS_OF, seedSmallTenant } from '../../../../support/business-data';
import { expectedOrders } from './expected-orders';
import { insertOrder } from './order-rows';

type Item = { id: number; dateOrder: string; lines?: unknown; fulfilment?: unknown };
type Query = Record<string, string | number>;

describe('GET /sales-orders: include, paging and request errors', () => {
  let h: BusinessApiHarness;
  let tenantA: number;
  let token: string;

  beforeAll(async () => {
    h = await startBusinessApi({ salesOrders: { now: () => SEED_AS_OF } });
    tenantA = await seedSmallTenant(h.t.db, 'so-page-a', 31);
    token = await h.token(tenantA, { access: 'read-only', permissions: [] });
  });
  afterAll(() => h.close());

  const list = (query: Query) => h.call('get', '/sales-orders', { token, query });

  it('include=lines,fulfilment embeds values equal to the sub-resources, 25 a page by default', async () => {
    const res = await list({ include: 'lines, fulfilment' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ pageSizeApplied: 25, truncated: false });
    const items = res.body.items as Item[];
    expect(items).toHaveLength(25);
    const types = new Map(
      (
        await h.t
          .db('orders as o')
          .join('statuses as s', (j) => j.on('s.tenant_id', 'o.tenant_id').andOn('s.id', 'o.status_id'))
          .where('o.tenant_id', tenantA)
          .select('o.id', 's.type')
      ).map((r) => [r.id as number, r.type as string]),
    );
    for (const item of items) {
      const id = String(item.id);
      expect(item.lines).toEqual((await h.call('get', `/sales-orders/${id}/lines`, { token })).body);
      // Fulfilment answers for sales orders proper; invoices in the order book 404 there (rule 7).
      if (types.get(item.id) === 'SALESORDER')
        expect(item.fulfilment).toEqual((await h.call('get', `/sales-orders/${id}/fulfilment`, { token })).body);
    }
    expect(items.some((i) => Array.isArray(i.lines) && i.lines.length > 0)).toBe(true);
  });

  it('include caps the page at 25 and says so with truncated', async () => {
    expect((await list({ include: 'lines', pageSize: 100 })).body).toMatchObject({
      pageSizeApplied: 25,
      truncated: true,
    });
    expect((await list({ include: 'fulfilment', pageSize: 10 })).body).toMatchObject({
      pageSizeApplied: 10,
      truncated: false,
    });
    const plain = (await list({ pageSize: 500 })).body;
    expect(plain).toMatchObject({ pageSizeApplied: 200, truncated: true });
    expect(plain.items[0]).not.toHaveProperty('lines');
    expect(plain.items[0]).not.toHaveProperty('fulfilment');
  });

  it('is stable under concurrent inserts: no duplicates, no gaps among rows that existed', async () => {
    const before = (await expectedOrders(h.t.db, tenantA, SEED_AS_OF)).filter((o) => o.intake);
    const ids = before.map((o) => o.dto.id as number);
    // Three orders inserted while each page is being read: a newer one, one on the instant of the row the page
    // starts after, and one on the instant of an existing row a few places ahead of it.
    const insertAround = (after: Item | undefined, position: number) => {
      const ahead = before[Math.min(before.length - 1, position + 5)]!.dateOrder.toISOString();
      return Promise.all([
        insertOrder(h.t.db, tenantA, { date_order: '2025-03-14T11:00:00Z' }),
        insertOrder(h.t.db, tenantA, { date_order: after?.dateOrder ?? ahead }),
        insertOrder(h.t.db, tenantA, { date_order: ahead }),
      ]);
    };
    const seen: number[] = [];
    let after: Item | undefined;
    let cursor: string | undefined;
    let page = 0;
    do {
      const [res] = await Promise.all([
        list({ pageSize: 20, ...(cursor && { cursor }) }),
        insertAround(after, seen.length),
      ]);
      const items = res.body.items as Item[];
      seen.push(...items.map((i) => i.id));
      after = items[items.length - 1];
      cursor = res.body.nextCursor ?? undefined;
      page++;
    } while (cursor && page < 100);
    expect(new Set(seen).size).toBe(seen.length);
    expect(ids.filter((id) => !seen.includes(id))).toEqual([]);
    // The pages did read past rows inserted while earlier pages were read.
    expect(seen.some((id) => !ids.includes(id))).toBe(true);
  });

  it('pages with keyset cursors, not offsets: a cursor from an old page still continues after its row', async () => {
    const first = await list({ pageSize: 5 });
    const second = await list({ pageSize: 5, cursor: first.body.nextCursor });
    const both = await list({ pageSize: 10 });
    expect([...first.body.items, ...second.body.items].map((i: Item) => i.id)).toEqual(
      both.body.items.map((i: Item) => i.id),
    );
  });

  it.each<[string, Query]>([
    ['a blank customerId', { customerId: '' }],
    ['a non-numeric customerId', { customerId: 'abc' }],
    ['a zero customerId', { customerId: '0' }],
    ['a negative customerId', { customerId: '-4' }],
    ['a customerId beyond 32 bits', { customerId: '2147483648' }],
    ['a fractional statusId', { statusId: '1.5' }],
    ['a blank statusId', { statusId: ' ' }],
    ['a blank currency', { currency: '' }],
    ['a currency that is no code', { currency: 'EURO' }],
    ['a blank statusKind', { statusKind: '' }],
    ['an unknown statusKind', { statusKind: 'open' }],
    ['a blank email', { email: ' ' }],
    ['an email without @', { email: 'someone.example.com' }],
    ['an email over 254 characters', { email: `${'a'.repeat(250)}@x.se` }],
    ['a blank shopOrderNumber', { shopOrderNumber: '  ' }],
    ['a blank include', { include: '' }],
    ['an include with an empty part', { include: 'lines,' }],
    ['include=payment (never embedded)', { include: 'payment' }],
    ['include=contact (never embedded)', { include: 'lines,contact' }],
    ['a cursor that is not one', { cursor: 'not-a-cursor' }],
  ])('answers %s with 400 invalid_request', async (_name, query) => {
    const res = await list(query);
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toMatchObject({ code: 'invalid_request', message: expect.any(String) });
  });

  it.each<[string, Query, string]>([
    ['a date that is no date', { orderDateFrom: 'yesterday' }, 'orderDateFrom'],
    ['a date-time with a bad offset', { invoiceDateTo: '2025-01-01T10:00:00+2' }, 'invoiceDateTo'],
    ['a totalMin that is no number', { totalMin: 'lots' }, 'totalMin'],
    ['pageSize 0', { pageSize: 0 }, 'pageSize'],
  ])('answers %s with ValidationProblemDetails', async (_name, query, field) => {
    const res = await list(query);
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(Object.keys(res.body.errors)).toEqual([field]);
  });

  it('reads a date-time without offset as UTC, as every list does', async () => {
    const local = await list({ orderDateFrom: '2025-01-01T10:00:00', statusKind: 'all' });
    const utc = await list({ orderDateFrom: '2025-01-01T10:00:00Z', statusKind: 'all' });
    expect(local.status).toBe(200);
    expect(utc.body.items.length).toBeGreaterThan(0);
    expect(local.body).toEqual(utc.body);
  });

  it('accepts an email of exactly 254 characters', async () => {
    expect((await list({ email: `${'a'.repeat(249)}@x.se` })).status).toBe(200);
  });
});

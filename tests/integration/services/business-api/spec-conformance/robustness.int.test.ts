import request from 'supertest';
import { startBusinessApi, type BusinessApiHarness } from '../../../../support/business-api';
import { SEED_TIMEOUT_MS, seedSmallTenant } from '../../../../support/business-data';

// Spec: Errors ("500 ... server error" is for server faults only): odd but well-formed input is a 400, never a 500.
const LISTS = [
  '/sales-orders',
  '/sales-invoices',
  '/open-order-lines',
  '/purchase-orders',
  '/customers',
  '/warehouse-stock',
  '/vendor-prices?productId=1',
];
const b64 = (values: unknown) => Buffer.from(JSON.stringify(values)).toString('base64url');
const FORGED_CURSORS = [
  b64(['x', 'y']),
  b64(['2025-01-01', 'y']),
  b64(['x', 'y', 'z']),
  b64(['1', '2', '3']),
  b64(['99999999999', '1', '1']),
  b64(['2025-01-01T00:00:00Z', '99999999999']),
  b64(['9'.repeat(40)]),
  b64(['2025-02-30 00:00:00+00', '1']),
];

describe('spec conformance: no 500 for odd input', () => {
  let h: BusinessApiHarness;
  let token: string;

  beforeAll(async () => {
    h = await startBusinessApi();
    token = await h.token(await seedSmallTenant(h.t.db, 'conf-robust', 95));
  }, SEED_TIMEOUT_MS);
  afterAll(() => h.close());

  const get = (path: string) => request(h.app).get(`/api/v1${path}`).set('Authorization', `Bearer ${token}`);
  const post = (path: string, body: object) =>
    request(h.app).post(`/api/v1${path}`).set('Authorization', `Bearer ${token}`).send(body);
  const patch = (path: string, body: object) =>
    request(h.app).patch(`/api/v1${path}`).set('Authorization', `Bearer ${token}`).send(body);

  it('answers a forged cursor on every list with 400 invalid_request, unless its values fit the keyset', async () => {
    // The one forged cursor that fits a keyset: three integers are a (product, warehouse, location) position.
    const fits = (list: string, cursor: string) => list === '/warehouse-stock' && cursor === b64(['1', '2', '3']);
    for (const list of LISTS) {
      for (const cursor of FORGED_CURSORS) {
        const [path = list, query] = list.split('?');
        const res = await h.call('get', path, {
          token,
          query: { ...Object.fromEntries(new URLSearchParams(query)), cursor },
        });
        const outcome = res.status === 200 ? 'page' : `${res.status} ${res.body.code}`;
        expect([list, cursor, outcome]).toEqual([list, cursor, fits(list, cursor) ? 'page' : '400 invalid_request']);
      }
    }
    for (const cursor of FORGED_CURSORS) {
      const res = await post('/sales-invoice-lines', { cursor });
      expect([cursor, res.status, res.body.code]).toEqual([cursor, 400, 'invalid_request']);
    }
  });

  it('reads a blank cursor or pageSize as absent: the first page at the default size', async () => {
    const first = await get('/customers');
    const blank = await get('/customers?cursor=&pageSize=');
    expect(blank.status).toBe(200);
    expect({ ...blank.body, items: blank.body.items.length }).toEqual({
      ...first.body,
      items: first.body.items.length,
    });
    expect((await post('/sales-invoice-lines', { cursor: '' })).status).toBe(200);
  });

  it.each([
    '/sales-orders?q=a%00b',
    '/sales-orders?email=a%00@b.se',
    '/sales-orders?shopOrderNumber=%00',
    '/customers?q=%00',
    '/products/find?q=%00',
  ])('answers a NUL character in %s with a binding problem', async (path) => {
    const res = await get(path);
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it('answers a NUL character in a body with a binding problem', async () => {
    for (const res of [
      await post('/sales-orders', { customerId: 1, name: 'a\u0000b' }),
      await patch('/tenant-settings/company-profile', { city: 'a\u0000b' }),
    ]) {
      expect(res.status).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
  });

  it('refuses amounts too large to store with 400 bad_request (rule 3), not a 500', async () => {
    const created = await post('/sales-orders', { customerId: 1 });
    expect(created.status).toBe(200);
    const res = await post(`/sales-orders/${created.body.id}/lines`, {
      description: 'x',
      quantity: 1e9,
      price: 1e12,
      vatRate: 25,
    });
    expect([res.status, res.body.code]).toEqual([400, 'bad_request']);
    const withLines = await post('/sales-orders', {
      customerId: 1,
      lines: [{ description: 'x', quantity: 1e9, price: 1e12, vatRate: 25 }],
    });
    expect([withLines.status, withLines.body.code]).toEqual([400, 'bad_request']);
  });
});

import type { PaymentProvider } from '../../../../../services/business-api/sales-orders/payment/provider';
import { startBusinessApi, type BusinessApiHarness } from '../../../../support/business-api';
import { SEED_AS_OF, SEED_TIMEOUT_MS, seedSmallTenant } from '../../../../support/business-data';
import { insertLine, insertOrder, SEEDED_STATUS } from '../sales-orders/order-rows';

// Spec: "Endpoints" (path id rules), rules 7-10, Limits (path id, payment read).
const SUB_RESOURCES = ['contact', 'fulfilment', 'payment'] as const;

describe('spec conformance: one sales order and its sub-resources', () => {
  let h: BusinessApiHarness;
  let tenantA: number;
  let tenantB: number;
  let token: string;
  const ids: Record<string, number> = {};
  // Never answers: the 20-second limit (shortened here) must turn into 503 unavailable.
  const stuck: PaymentProvider = {
    readPayments: ({ signal }) =>
      new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('aborted')))),
  };

  beforeAll(async () => {
    h = await startBusinessApi({ salesOrders: { now: () => SEED_AS_OF } });
    tenantA = await seedSmallTenant(h.t.db, 'conf-sor-a', 71);
    tenantB = await seedSmallTenant(h.t.db, 'conf-sor-b', 72);
    const db = h.t.db;
    ids.order = await insertOrder(db, tenantA);
    await insertLine(db, tenantA, ids.order);
    ids.invoice = await insertOrder(db, tenantA, { status_id: SEEDED_STATUS.invInvoiced, invoice_number: 880_001 });
    ids.credit = await insertOrder(db, tenantA, { status_id: SEEDED_STATUS.crCredited });
    ids.purchase = await insertOrder(db, tenantA, { status_id: SEEDED_STATUS.poOpen });
    ids.otherTenant = await insertOrder(db, tenantB);
    await db('order_emails').insert({
      tenant_id: tenantA,
      order_id: ids.order,
      kind: 'order',
      email: ' Buyer@Example.com',
      active: true,
    });
    token = await h.token(tenantA, { access: 'read-only', permissions: ['payment_manage'] });
  }, SEED_TIMEOUT_MS);
  afterAll(() => h.close());

  const get = (path: string) => h.call('get', path, { token });

  it('reads a sales order and each sub-resource', async () => {
    for (const path of ['', '/lines', ...SUB_RESOURCES.map((s) => `/${s}`)]) {
      const res = await get(`/sales-orders/${ids.order}${path}`);
      expect([path, res.status]).toEqual([path, 200]);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    }
  });

  it.each(['invoice', 'credit', 'purchase', 'otherTenant'])(
    'rule 7: a %s id is 404 not_found on the order and its contact, fulfilment, payment',
    async (kind) => {
      for (const path of ['', ...SUB_RESOURCES.map((s) => `/${s}`)]) {
        const res = await get(`/sales-orders/${ids[kind]}${path}`);
        expect([path, res.status, res.body.code]).toEqual([path, 404, 'not_found']);
      }
    },
  );

  it("rule 8: contact is the order's own e-mail exactly as stored", async () => {
    const res = await get(`/sales-orders/${ids.order}/contact`);
    expect(JSON.stringify(res.body)).toContain('" Buyer@Example.com"');
  });

  it.each(['-1', '+1', ' 1', '1 ', '1.0', '1e3', '0x10', '2147483648', '99999999999999999999', 'abc', '١'])(
    'contact, fulfilment and payment answer 400 invalid_request for id %p',
    async (raw) => {
      for (const sub of SUB_RESOURCES) {
        const res = await get(`/sales-orders/${encodeURIComponent(raw)}/${sub}`);
        expect([sub, res.status, res.body.code]).toEqual([sub, 400, 'invalid_request']);
      }
    },
  );

  it('contact, fulfilment and payment read leading zeros as digits and 2147483647 as a whole number', async () => {
    for (const sub of SUB_RESOURCES) {
      const padded = await get(`/sales-orders/000${ids.order}/${sub}`);
      expect(padded.status).toBe(200);
      expect(padded.body.orderId).toBe(ids.order);
      expect((await get(`/sales-orders/2147483647/${sub}`)).status).toBe(404);
      expect((await get(`/sales-orders/0/${sub}`)).status).toBe(404);
    }
  });

  it.each(['01', '2147483648', '-2147483649', '1.0', '+1', 'abc'])(
    'other path ids: %p cannot be bound (400 ValidationProblemDetails)',
    async (raw) => {
      for (const path of [
        `/sales-orders/${raw}`,
        `/sales-orders/${raw}/lines`,
        `/customers/${raw}`,
        `/purchase-invoice-matches/${raw}`,
      ]) {
        const res = await get(path);
        expect([path, res.status]).toEqual([path, 400]);
        expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      }
    },
  );

  it('other path ids: -5 and -2147483648 are valid integers that match nothing (404)', async () => {
    for (const path of [
      '/sales-orders/-5',
      '/sales-orders/-5/lines',
      '/customers/-5',
      '/customers/-2147483648',
      '/purchase-invoice-matches/-5',
    ]) {
      const res = await get(path);
      expect([path, res.status, res.body.code]).toEqual([path, 404, 'not_found']);
    }
  });

  it('rule 3: lines GET and POST are 404 when no sales order has the id', async () => {
    const write = await h.token(tenantA);
    for (const id of [999_999, ids.purchase, ids.otherTenant]) {
      expect((await get(`/sales-orders/${id}/lines`)).status).toBe(404);
      const res = await h.call('post', `/sales-orders/${id}/lines`, {
        token: write,
        body: { description: 'x', quantity: 1, price: 1, vatRate: 25 },
      });
      expect([id, res.status, res.body.code]).toEqual([id, 404, 'not_found']);
    }
  });

  it(
    'rule 10: 503 unavailable when the payment cannot be read within the limit',
    async () => {
      const slow = await startBusinessApi({ salesOrders: { paymentProvider: stuck, paymentTimeoutMs: 100 } });
      try {
        const t = await seedSmallTenant(slow.t.db, 'conf-sor-slow', 73);
        const order = await insertOrder(slow.t.db, t);
        const res = await slow.call('get', `/sales-orders/${order}/payment`, { token: await slow.token(t) });
        expect(res.status).toBe(503);
        expect(res.body).toEqual({ code: 'unavailable', message: expect.any(String), traceId: expect.any(String) });
        expect(res.headers['x-service-api-version']).toBe('v1');
      } finally {
        await slow.close();
      }
    },
    SEED_TIMEOUT_MS,
  );
});

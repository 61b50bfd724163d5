import type {
  PaymentLookup,
  PaymentProvider,
} from '../../../../../services/business-api/sales-orders/payment/provider';
import { startBusinessApi, type BusinessApiHarness } from '../../../../support/business-api';
import { SEED_AS_OF, seedSmallTenant } from '../../../../support/business-data';
import { insertOrder } from './order-rows';

describe('GET /sales-orders/{id}/payment', () => {
  let h: BusinessApiHarness;
  let tenantA: number;
  let tenantB: number;
  let clock = SEED_AS_OF;
  let orderId: number;

  beforeAll(async () => {
    h = await startBusinessApi({ salesOrders: { now: () => clock } });
    tenantA = await seedSmallTenant(h.t.db, 'so-pay-a', 51);
    tenantB = await seedSmallTenant(h.t.db, 'so-pay-b', 52);
    orderId = await insertOrder(h.t.db, tenantA, { currency_code: 'SEK', importer_id: 3 });
    const payment = { tenant_id: tenantA, order_id: orderId, provider: 'klarna', currency_code: 'SEK' };
    await h.t.db('order_payments').insert([
      {
        ...payment,
        provider_reference: 'kla_1',
        method: 'card',
        amount: 100,
        status: 'failed',
        created_at: '2025-03-10T10:00:00Z',
      },
      {
        ...payment,
        provider_reference: 'kla_2',
        method: 'card',
        amount: 125.5,
        captured_amount: 125.5,
        refunded_amount: 25.25,
        status: 'partially_refunded',
        authorized_at: '2025-03-10T10:01:00Z',
        captured_at: '2025-03-11T09:00:00Z',
        created_at: '2025-03-10T10:01:00Z',
      },
    ]);
  });
  afterAll(() => h.close());

  const pay = async (
    id: number | string,
    permissions: Array<'payment_manage' | 'price'>,
    access: 'read-only' | 'read-write' = 'read-only',
    tenant = tenantA,
  ) => h.call('get', `/sales-orders/${id}/payment`, { token: await h.token(tenant, { access, permissions }) });

  it('returns the payments as the provider reports them, for an API key with payment_manage', async () => {
    const res = await pay(orderId, ['payment_manage']);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      orderId,
      currencyIsoCode: 'SEK',
      capturedTotal: 100.25,
      readAt: SEED_AS_OF.toISOString(),
      payments: [
        {
          provider: 'klarna',
          providerReference: 'kla_1',
          method: 'card',
          status: 'failed',
          amount: 100,
          capturedAmount: 0,
          refundedAmount: 0,
          currencyIsoCode: 'SEK',
          authorizedAt: null,
          capturedAt: null,
        },
        {
          provider: 'klarna',
          providerReference: 'kla_2',
          method: 'card',
          status: 'partially_refunded',
          amount: 125.5,
          capturedAmount: 125.5,
          refundedAmount: 25.25,
          currencyIsoCode: 'SEK',
          authorizedAt: '2025-03-10T10:01:00.000Z',
          capturedAt: '2025-03-11T09:00:00.000Z',
        },
      ],
    });
  });

  it.each([
    ['a read-only key', 'read-only'],
    ['a read-write token', 'read-write'],
  ] as const)('answers 403 forbidden to %s without payment_manage', async (_name, access) => {
    const res = await pay(orderId, ['price'], access);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'forbidden' });
  });

  it('caches the answer up to 60 seconds', async () => {
    const seeded = await h.t
      .db('order_payments as p')
      .join('orders as o', (j) => j.on('o.tenant_id', 'p.tenant_id').andOn('o.id', 'p.order_id'))
      .where({ 'p.tenant_id': tenantA, 'o.status_id': 2 })
      .first('p.order_id', 'p.id');
    const first = await pay(seeded.order_id, ['payment_manage']);
    expect(first.status).toBe(200);
    await h.t.db('order_payments').where({ tenant_id: tenantA, id: seeded.id }).update({ status: 'refunded' });
    clock = new Date(SEED_AS_OF.getTime() + 59_000);
    expect((await pay(seeded.order_id, ['payment_manage'])).body).toEqual(first.body);
    clock = new Date(SEED_AS_OF.getTime() + 61_000);
    const fresh = await pay(seeded.order_id, ['payment_manage']);
    expect(fresh.body.readAt).toBe(clock.toISOString());
    expect(fresh.body.payments.map((p: { status: string }) => p.status)).toContain('refunded');
    clock = SEED_AS_OF;
  });

  it("answers 404 for another tenant's order", async () => {
    expect((await pay(orderId, ['payment_manage'], 'read-only', tenantB)).status).toBe(404);
  });
});

describe('GET /sales-orders/{id}/payment past the time limit', () => {
  let h: BusinessApiHarness;
  let tenant: number;
  const aborted: boolean[] = [];
  // A test double of an external provider that does not answer in time; it stops when told to.
  const slowProvider: PaymentProvider = {
    readPayments: ({ signal }: PaymentLookup) =>
      new Promise((_, reject) => {
        const timer = setTimeout(() => reject(new Error('too late')), 5_000);
        signal.addEventListener('abort', () => {
          clearTimeout(timer);
          aborted.push(true);
          reject(new Error('aborted'));
        });
      }),
  };

  beforeAll(async () => {
    h = await startBusinessApi({ salesOrders: { paymentProvider: slowProvider, paymentTimeoutMs: 50 } });
    tenant = await seedSmallTenant(h.t.db, 'so-pay-slow', 53);
  });
  afterAll(() => h.close());

  it('answers 503 unavailable and stops the provider', async () => {
    const id = await insertOrder(h.t.db, tenant, {});
    const started = Date.now();
    const res = await h.call('get', `/sales-orders/${id}/payment`, { token: await h.token(tenant) });
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ code: 'unavailable', message: expect.any(String), traceId: expect.any(String) });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(aborted).toEqual([true]);
  });

  it('still answers 404 in time for an order that does not exist', async () => {
    expect((await h.call('get', '/sales-orders/123456789/payment', { token: await h.token(tenant) })).status).toBe(404);
  });
});

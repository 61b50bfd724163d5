import type { Permission } from '../../../../../shared/auth/scopes';
import { startBusinessApi, type BusinessApiHarness } from '../../../../support/business-api';
import { SEED_AS_OF, seedSmallTenant } from '../../../../support/business-data';
import { insertLine, insertOrder, SEEDED_STATUS } from './order-rows';

describe('POST and PATCH /sales-orders', () => {
  let h: BusinessApiHarness;
  let tenantA: number;
  let tenantB: number;
  let customer: {
    id: number;
    name: string;
    currency_code: string;
    vat_type_id: number | null;
    payment_term_id: number;
  };

  beforeAll(async () => {
    h = await startBusinessApi({ salesOrders: { now: () => SEED_AS_OF } });
    tenantA = await seedSmallTenant(h.t.db, 'so-write-a', 71);
    tenantB = await seedSmallTenant(h.t.db, 'so-write-b', 72);
    customer = await h.t.db('customers').where({ tenant_id: tenantA, currency_code: 'SEK' }).first();
  });
  afterAll(() => h.close());

  const token = (permissions: Permission[] = ['price', 'quantity'], tenant = tenantA) =>
    h.token(tenant, { access: 'read-write', permissions });
  const create = async (body: object, t?: string) =>
    h.call('post', '/sales-orders', { token: t ?? (await token()), body });
  const patch = async (id: number, body: object, t?: string) =>
    h.call('patch', `/sales-orders/${id}`, { token: t ?? (await token()), body });
  const detail = async (id: number) => (await h.call('get', `/sales-orders/${id}`, { token: await token() })).body;

  it("creates an order with the customer's terms and returns its id", async () => {
    const res = await create({ customerId: customer.id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: expect.any(Number), lineIds: [] });
    const order = await detail(res.body.id);
    expect(order).toMatchObject({
      customerId: customer.id,
      customerName: customer.name,
      name: customer.name,
      currencyIsoCode: 'SEK',
      statusId: SEEDED_STATUS.soBooked,
      dateOrder: SEED_AS_OF.toISOString(),
      dateDelivery: SEED_AS_OF.toISOString(),
      totalIncVat: 0,
      lines: [],
      paymentTermId: customer.payment_term_id,
      vatTypeId: customer.vat_type_id,
      priceListId: 1,
    });
    expect(
      (
        await h.call('get', '/sales-orders', { token: await token(), query: { customerId: customer.id } })
      ).body.items.map((i: { id: number }) => i.id),
    ).toContain(res.body.id);
  });

  it('creates an order with lines, totals in step', async () => {
    const body = {
      customerId: customer.id,
      name: 'Phone order',
      currencyIsoCode: 'sek',
      vatTypeId: 3,
      dateOrder: '2025-03-01T09:00:00+01:00',
      yourReference: 'PO-1',
      lines: [
        { description: 'Freight', quantity: 1, price: 100, vatRate: 25 },
        { description: 'Goods', quantity: 2, price: 50, vatRate: 25, discountPercent: 10 },
      ],
    };
    const res = await create(body);
    expect(res.status).toBe(200);
    expect(res.body.lineIds).toHaveLength(2);
    const order = await detail(res.body.id);
    expect(order).toMatchObject({
      name: 'Phone order',
      vatTypeId: 3,
      yourReference: 'PO-1',
      dateOrder: '2025-03-01T08:00:00.000Z',
      totalExVat: 190,
      totalVat: 47.5,
      totalIncVat: 237.5,
    });
    expect(order.lines.map((l: { id: number }) => l.id)).toEqual(res.body.lineIds);
  });

  it.each([
    ['an unknown company', { customerId: 1_999_999 }, /Company/],
    ['an unknown currency', { currencyIsoCode: 'XYZ' }, /Currency/],
    ['a currency that is no code', { currencyIsoCode: 'euro' }, /Currency/],
    ['an unknown VAT type', { vatTypeId: 999 }, /VAT type/],
    ['a status that is not a sales order status', { statusId: SEEDED_STATUS.invInvoiced }, /status/],
  ])('answers %s with 400 invalid_request (rule 4)', async (_name, extra, message) => {
    const res = await create({ customerId: customer.id, ...extra });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'invalid_request', message: expect.stringMatching(message) });
  });

  it("answers 400 invalid_request for another tenant's company, and creates in the caller's tenant only", async () => {
    await h.t.db('customers').insert({ tenant_id: tenantB, id: 777_777, contact_number: 777_777, name: 'Only in B' });
    expect((await create({ customerId: 777_777 })).body).toMatchObject({ code: 'invalid_request' });
    const b = await create({ customerId: 777_777 }, await token(['price', 'quantity'], tenantB));
    expect(b.status).toBe(200);
    expect(await h.t.db('orders').where({ tenant_id: tenantB, id: b.body.id }).first('customer_id')).toEqual({
      customer_id: 777_777,
    });
  });

  it('needs the line permissions for lines, and a write token', async () => {
    const line = { description: 'x', quantity: 1, price: 1, vatRate: 25 };
    expect((await create({ customerId: customer.id, lines: [line] }, await token(['quantity']))).body).toMatchObject({
      code: 'forbidden',
    });
    const readOnly = await h.token(tenantA, { access: 'read-only', permissions: ['price', 'quantity'] });
    expect((await create({ customerId: customer.id }, readOnly)).status).toBe(403);
    expect((await patch(1, { name: 'x' }, readOnly)).status).toBe(403);
  });

  it('answers a body that cannot be bound with ValidationProblemDetails', async () => {
    const res = await create({ customerId: 'one' });
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it('PATCH changes only the fields sent and says which changed', async () => {
    const id = (await create({ customerId: customer.id, yourReference: 'A' })).body.id as number;
    const res = await patch(id, {
      name: 'Renamed',
      yourReference: 'A',
      ourReference: null,
      statusId: SEEDED_STATUS.soCancelled,
      currencyIsoCode: 'eur',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id,
      changed: ['name', 'statusId', 'currencyIsoCode'],
      unchanged: ['yourReference', 'ourReference'],
    });
    expect(await detail(id)).toMatchObject({
      name: 'Renamed',
      yourReference: 'A',
      statusId: SEEDED_STATUS.soCancelled,
      currencyIsoCode: 'EUR',
      customerId: customer.id,
    });
  });

  it.each([
    [
      'an invoiced order',
      async () => insertOrder(h.t.db, tenantA, { status_id: SEEDED_STATUS.invInvoiced }),
      { name: 'x' },
      /invoiced/,
    ],
    [
      'a credit invoice',
      async () => insertOrder(h.t.db, tenantA, { status_id: SEEDED_STATUS.crCredited }),
      { name: 'x' },
      /credit/,
    ],
    ['an invoice status', async () => insertOrder(h.t.db, tenantA), { statusId: SEEDED_STATUS.invPaid }, /status/],
    ['an unknown currency', async () => insertOrder(h.t.db, tenantA), { currencyIsoCode: 'XXX' }, /Currency/],
    ['an unknown VAT type', async () => insertOrder(h.t.db, tenantA), { vatTypeId: 999 }, /VAT type/],
    [
      'a currency change with lines',
      async () => {
        const id = await insertOrder(h.t.db, tenantA);
        await insertLine(h.t.db, tenantA, id);
        return id;
      },
      { currencyIsoCode: 'EUR' },
      /currency/,
    ],
    [
      'a delivery before the order date',
      async () => insertOrder(h.t.db, tenantA),
      { dateDelivery: '2020-01-01T00:00:00Z' },
      /dateDelivery/,
    ],
  ])('PATCH refuses %s with 400 invalid_request and the reason (rule 5)', async (_name, make, body, message) => {
    const res = await patch(await make(), body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'invalid_request', message: expect.stringMatching(message) });
  });

  it("PATCH answers 404 for a purchase order, an unknown id and another tenant's order", async () => {
    const purchase = (await h.t.db('orders').where('tenant_id', tenantA).whereNotNull('vendor_id').first('id'))
      .id as number;
    const onlyA = await insertOrder(h.t.db, tenantA);
    for (const id of [purchase, 1_999_999_999]) expect((await patch(id, { name: 'x' })).status).toBe(404);
    expect((await patch(onlyA, { name: 'x' }, await token([], tenantB))).body).toMatchObject({ code: 'not_found' });
    expect((await h.t.db('orders').where({ tenant_id: tenantA, id: onlyA }).first('name')).name).not.toBe('x');
  });
});

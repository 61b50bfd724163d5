import { startBusinessApi, type BusinessApiHarness } from '../../../../support/business-api';
import { SEED_AS_OF, seedSmallTenant } from '../../../../support/business-data';
import { expectedOrders, type ExpectedOrder } from './expected-orders';
import { insertLine, insertOrder, SEEDED_STATUS } from './order-rows';

const SUB_RESOURCES = ['', '/contact', '/fulfilment', '/payment'];

describe('GET /sales-orders/{id}, /contact, /fulfilment', () => {
  let h: BusinessApiHarness;
  let tenantA: number;
  let tenantB: number;
  let token: string;
  let tokenB: string;
  let orders: ExpectedOrder[];
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    h = await startBusinessApi({ salesOrders: { now: () => SEED_AS_OF } });
    tenantA = await seedSmallTenant(h.t.db, 'so-detail-a', 41);
    tenantB = await seedSmallTenant(h.t.db, 'so-detail-b', 42);
    orders = await expectedOrders(h.t.db, tenantA, SEED_AS_OF);
    const db = h.t.db;
    ids.contact = await insertOrder(db, tenantA, { your_reference: 'Ref 1', importer_id: 1, shop_order_number: '#77' });
    ids.onlyInA = await insertOrder(db, tenantA, {});
    await insertLine(db, tenantA, ids.contact, {
      quantity: 2,
      qty_delivered: 1,
      sum_ex_vat: 200,
      sum_vat: 50,
      sum_inc_vat: 250,
    });
    const row = { tenant_id: tenantA, order_id: ids.contact };
    await db('order_emails').insert([
      { ...row, kind: 'order', email: ' Buyer@Example.COM ' },
      { ...row, kind: 'invoice', email: 'ap@firm.example' },
      { ...row, kind: 'order', email: 'old@x.example', active: false },
    ]);
    await db('order_phones').insert([
      { ...row, kind: 'order', phone: '+46 70 000 00 00' },
      { ...row, kind: 'delivery', phone: '000', active: false },
    ]);
    await db('order_addresses').insert([
      {
        ...row,
        kind: 'delivery',
        name: 'Ada',
        street: 'Gatan 1',
        postal_code: '111 11',
        city: 'Stockholm',
        country_code: 'SE',
      },
      { ...row, kind: 'invoice', company: 'Firm AB', street: 'Box 12', country_code: 'SE' },
      { ...row, kind: 'delivery', street: 'Old 2', country_code: 'SE', active: false },
    ]);
    token = await h.token(tenantA, { access: 'read-only', permissions: [] });
    tokenB = await h.token(tenantB, { access: 'read-only', permissions: ['payment_manage'] });
  });
  afterAll(() => h.close());

  const get = (path: string, t = token) => h.call('get', `/sales-orders/${path}`, { token: t });
  const firstOf = (keep: (o: ExpectedOrder) => boolean) => Number(orders.find(keep)?.dto.id);

  it('returns the order as in the list, with its terms, references and lines', async () => {
    const order = orders.find((o) => o.type === 'SALESORDER' && o.intake) as ExpectedOrder;
    const res = await get(String(order.dto.id));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject(order.dto);
    expect(res.body.lines).toEqual((await get(`${String(order.dto.id)}/lines`)).body);
    expect(res.body.lines.length).toBeGreaterThan(0);
    const row = await h.t.db('orders').where({ tenant_id: tenantA, id: order.dto.id }).first();
    expect(res.body).toMatchObject({
      paymentTermId: row.payment_term_id,
      priceListId: row.price_list_id,
      vatTypeId: row.vat_type_id,
      invoiceNumber: null,
    });
  });

  it('shows the references and importer of an inserted order', async () => {
    const res = await get(String(ids.contact));
    expect(res.body).toMatchObject({
      id: ids.contact,
      yourReference: 'Ref 1',
      shopOrderNumber: '#77',
      importerCode: 'shopify',
      totalIncVat: 0,
    });
    expect(res.body.lines).toEqual([
      expect.objectContaining({ quantity: 2, qtyDelivered: 1, qtyLeftToDeliver: 1, price: 100, sumIncVat: 250 }),
    ]);
    expect(res.body.isLate).toBe(false);
  });

  it.each([
    ['an invoice', (o: ExpectedOrder) => o.type === 'SALESINVOICE'],
    ['a credit invoice', (o: ExpectedOrder) => o.type === 'SALESCREDIT'],
  ])('answers 404 not_found for %s id on every order endpoint (rule 7)', async (_name, keep) => {
    const id = firstOf(keep);
    for (const sub of SUB_RESOURCES) {
      const res = await get(`${id}${sub}`, await h.token(tenantA));
      expect([sub, res.status, res.body.code]).toEqual([sub, 404, 'not_found']);
    }
  });

  it('answers 404 for a purchase-order id and an unknown id on every order endpoint', async () => {
    const purchase = (await h.t.db('orders').where('tenant_id', tenantA).whereNotNull('vendor_id').first('id'))
      .id as number;
    for (const id of [purchase, 2_000_000_000]) {
      for (const sub of SUB_RESOURCES) expect((await get(`${id}${sub}`, await h.token(tenantA))).status).toBe(404);
    }
  });

  it("never shows another tenant's order: 404 for an id only tenant A has, B's own values for a shared id", async () => {
    for (const sub of SUB_RESOURCES) expect((await get(`${ids.onlyInA}${sub}`, tokenB)).status).toBe(404);
    const orderB = (await expectedOrders(h.t.db, tenantB, SEED_AS_OF)).find(
      (o) => o.type === 'SALESORDER' && orders.some((a) => a.dto.id === o.dto.id && a.type === 'SALESORDER'),
    );
    const id = String(orderB?.dto.id);
    expect((await get(id, tokenB)).body).toMatchObject(orderB?.dto ?? {});
    expect((await get(id, tokenB)).body).not.toEqual((await get(id)).body);
  });

  it("contact returns the order's own active e-mails, phones and addresses, as stored", async () => {
    const res = await get(`${ids.contact}/contact`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      orderId: ids.contact,
      emails: [
        expect.objectContaining({ kind: 'order', email: ' Buyer@Example.COM ' }),
        expect.objectContaining({ kind: 'invoice', email: 'ap@firm.example' }),
      ],
      phones: [expect.objectContaining({ kind: 'order', phone: '+46 70 000 00 00' })],
      addresses: [
        expect.objectContaining({
          kind: 'delivery',
          name: 'Ada',
          company: null,
          street: 'Gatan 1',
          postalCode: '111 11',
          city: 'Stockholm',
          countryCode: 'SE',
        }),
        expect.objectContaining({ kind: 'invoice', company: 'Firm AB', street: 'Box 12' }),
      ],
    });
    const customer = await h.t.db('customers').where({ tenant_id: tenantA, id: 1 }).first('email');
    expect(JSON.stringify(res.body)).not.toContain(customer.email);
  });

  it('contact of a seeded order lists exactly its active rows', async () => {
    const id = firstOf((o) => o.type === 'SALESORDER');
    const emails = await h.t
      .db('order_emails')
      .where({ tenant_id: tenantA, order_id: id, active: true })
      .orderBy('id')
      .pluck('email');
    expect((await get(`${id}/contact`)).body.emails.map((e: { email: string }) => e.email)).toEqual(emails);
  });

  it('fulfilment lists each warehouse order with its outbound parcels, and other outbound parcels; no returns', async () => {
    const id = ids.contact;
    const db = h.t.db;
    const [wo1, wo2] = (await db('warehouse_orders')
      .insert(
        [1, 2].map((w) => ({
          tenant_id: tenantA,
          order_id: id,
          warehouse_id: w,
          external_ref: `WMS-${w}`,
          status: 'shipped',
          status_at: '2025-03-11T08:00:00Z',
        })),
      )
      .returning('id')) as Array<{ id: number }>;
    const parcel = (extra: object) => ({
      tenant_id: tenantA,
      order_id: id,
      direction: 'outbound',
      carrier: 'DHL',
      status: 'in_transit',
      status_at: '2025-03-12T08:00:00Z',
      ...extra,
    });
    await db('parcels').insert([
      parcel({ warehouse_order_id: wo1?.id, tracking_number: 'T1' }),
      parcel({ warehouse_order_id: wo1?.id, tracking_number: 'T2' }),
      parcel({ warehouse_order_id: wo2?.id, tracking_number: 'T3' }),
      parcel({ tracking_number: 'T4' }),
      parcel({ direction: 'return', tracking_number: 'R1' }),
    ]);
    const res = await get(`${id}/fulfilment`);
    expect(res.status).toBe(200);
    const tracking = (ps: Array<{ trackingNumber: string }>) => ps.map((p) => p.trackingNumber);
    expect(res.body.orderId).toBe(id);
    expect(
      res.body.warehouseOrders.map((w: { warehouseId: number; externalRef: string }) => [w.warehouseId, w.externalRef]),
    ).toEqual([
      [1, 'WMS-1'],
      [2, 'WMS-2'],
    ]);
    expect(
      res.body.warehouseOrders.map((w: { parcels: Array<{ trackingNumber: string }> }) => tracking(w.parcels)),
    ).toEqual([['T1', 'T2'], ['T3']]);
    expect(tracking(res.body.otherParcels)).toEqual(['T4']);
  });

  it.each(['abc', '-1', '1.0', '2147483648', '99999999999999999999', '1e3'])(
    'answers id %p with 400 invalid_request on contact, fulfilment and payment',
    async (id) => {
      for (const sub of ['/contact', '/fulfilment', '/payment']) {
        const res = await get(`${encodeURIComponent(id)}${sub}`, await h.token(tenantA));
        expect([sub, res.status, res.body.code]).toEqual([sub, 400, 'invalid_request']);
      }
    },
  );

  it('accepts string ids with leading zeros (digits only)', async () => {
    expect((await get(`000${ids.contact}/contact`)).body.orderId).toBe(ids.contact);
  });

  it('answers a non-integer id on the detail with ValidationProblemDetails', async () => {
    const res = await get('abc');
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it('a cancelled order is still a sales order', async () => {
    const id = await insertOrder(h.t.db, tenantA, { status_id: SEEDED_STATUS.soCancelled });
    expect((await get(String(id))).status).toBe(200);
  });
});

import { startBusinessApi, type BusinessApiHarness } from '../../../support/business-api';
import { SEED_TIMEOUT_MS, num, seedSmallTenant } from '../../../support/business-data';
import { collectPages } from '../../../support/paging';

type CustomerItem = {
  id: number;
  contactNumber: number;
  name: string;
  orgno: string;
  currencyIsoCode: string | null;
  inactive: boolean;
  openOrderCount: number;
};
type OrderRow = {
  customer_id: number | null;
  type: string;
  is_order_intake: boolean;
  is_sales: boolean;
  total_inc_vat: string;
  paid_amount: string;
  date_due: Date | null;
};

describe('customers', () => {
  let h: BusinessApiHarness;
  let tenantA: number;
  let tenantB: number;
  let token: string;
  const SPECIAL = 900_001;

  async function ordersOf(tenantId: number): Promise<OrderRow[]> {
    return h.t
      .db('orders as o')
      .join('statuses as s', (j) => j.on('s.tenant_id', 'o.tenant_id').andOn('s.id', 'o.status_id'))
      .where('o.tenant_id', tenantId)
      .select(
        'o.customer_id',
        's.type',
        's.is_order_intake',
        's.is_sales',
        'o.total_inc_vat',
        'o.paid_amount',
        'o.date_due',
      );
  }

  /** Every customer of a tenant as the list should show it, newest (highest id) first, computed from raw rows. */
  async function customersOf(tenantId: number): Promise<CustomerItem[]> {
    const orders = await ordersOf(tenantId);
    const rows = await h.t.db('customers').where({ tenant_id: tenantId }).orderBy('id', 'desc');
    return rows.map((c) => ({
      id: c.id,
      contactNumber: c.contact_number,
      name: c.name,
      orgno: c.orgno,
      currencyIsoCode: c.currency_code,
      inactive: c.inactive,
      openOrderCount: orders.filter((o) => o.customer_id === c.id && o.type === 'SALESORDER' && o.is_order_intake)
        .length,
    }));
  }

  beforeAll(async () => {
    h = await startBusinessApi();
    tenantA = await seedSmallTenant(h.t.db, 'cust-a', 1);
    tenantB = await seedSmallTenant(h.t.db, 'cust-b', 2);
    const db = h.t.db;
    await db('customers').insert([
      {
        tenant_id: tenantA,
        id: SPECIAL,
        contact_number: 770_001,
        name: 'Zebra Fjäll AB',
        orgno: '559900-1234',
        currency_code: 'SEK',
        credit_limit: '50000.0000',
        credit_stop: true,
        payment_term_id: 3,
        delivery_term_id: 1,
        price_list_id: 1,
        vat_type_id: 2,
      },
      {
        tenant_id: tenantA,
        id: SPECIAL + 1,
        contact_number: 770_002,
        name: 'Sleeping Zebra Oy',
        orgno: '',
        inactive: true,
      },
    ]);
    const order = (id: number, statusId: number, extra: object) => ({
      tenant_id: tenantA,
      id,
      status_id: statusId,
      customer_id: SPECIAL,
      name: `Zebra ${id}`,
      currency_code: 'SEK',
      date_order: '2025-01-10T10:00:00Z',
      ...extra,
    });
    await db('orders').insert([
      order(SPECIAL, 2, {}), // booked sales order: open, intake
      order(SPECIAL + 1, 4, {}), // partly delivered: open, intake
      order(SPECIAL + 2, 1, {}), // preview: not intake
      order(SPECIAL + 3, 7, {
        invoice_number: SPECIAL,
        date_invoice: '2025-01-11T00:00:00Z',
        date_due: '2025-02-10T00:00:00Z',
        total_inc_vat: '1000.0000',
        paid_amount: '250.0000',
      }),
      order(SPECIAL + 4, 8, {
        invoice_number: SPECIAL + 1,
        date_invoice: '2025-01-11T00:00:00Z',
        date_due: '2025-02-10T00:00:00Z',
        total_inc_vat: '400.0000',
        paid_amount: '400.0000',
      }),
      order(SPECIAL + 5, 7, {
        invoice_number: SPECIAL + 2,
        date_invoice: '2025-01-11T00:00:00Z',
        date_due: '2999-01-01T00:00:00Z',
        total_inc_vat: '300.0000',
      }),
      order(SPECIAL + 6, 6, {
        date_invoice: '2025-01-11T00:00:00Z',
        date_due: '2025-02-10T00:00:00Z',
        total_inc_vat: '5000.0000',
      }), // draft: intake, not sales
    ]);
    token = await h.token(tenantA, { access: 'read-only', permissions: [] });
  }, SEED_TIMEOUT_MS);
  afterAll(() => h.close());

  const list = (query: Record<string, string | number | boolean> = {}, t = token) =>
    h.call('get', '/customers', { token: t, query });
  const all = (query: Record<string, string | number | boolean> = {}, t = token) =>
    collectPages<CustomerItem>((cursor) => list({ ...query, pageSize: 200, ...(cursor && { cursor }) }, t));

  describe('GET /customers', () => {
    it('lists active customers newest first with their open order counts', async () => {
      const expected = (await customersOf(tenantA)).filter((c) => !c.inactive);
      const res = await list();
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ pageSizeApplied: 50, truncated: false });
      expect(res.body.items).toEqual(expected.slice(0, 50));
      expect(res.body.items[0]).toEqual({
        id: SPECIAL,
        contactNumber: 770_001,
        name: 'Zebra Fjäll AB',
        orgno: '559900-1234',
        currencyIsoCode: 'SEK',
        inactive: false,
        openOrderCount: 2,
      });
      expect(await all()).toEqual(expected);
    });

    it('includes inactive customers with inactive=true', async () => {
      const expected = await customersOf(tenantA);
      expect(await all({ inactive: true })).toEqual(expected);
      expect(await all({ inactive: 'FALSE' })).toEqual(expected.filter((c) => !c.inactive));
    });

    it('finds by part of the name, case ignored', async () => {
      expect((await all({ q: 'zebra' })).map((c) => c.id)).toEqual([SPECIAL]);
      expect((await all({ q: 'ZEBRA', inactive: true })).map((c) => c.id)).toEqual([SPECIAL + 1, SPECIAL]);
    });

    it('finds by organisation number, with or without its separator', async () => {
      expect((await all({ q: '559900-1234' })).map((c) => c.id)).toEqual([SPECIAL]);
      expect((await all({ q: '5599001234' })).map((c) => c.id)).toEqual([SPECIAL]);
    });

    it('finds by id and by contact number', async () => {
      expect((await all({ q: String(SPECIAL) })).map((c) => c.id)).toContain(SPECIAL);
      expect((await all({ q: '770001' })).map((c) => c.id)).toContain(SPECIAL);
      const expected = (await customersOf(tenantA)).filter((c) => !c.inactive);
      const someone = expected[expected.length - 1]!;
      expect((await all({ q: String(someone.id) })).map((c) => c.id)).toContain(someone.id);
    });

    it('treats a blank q as no filter and matches LIKE wildcards literally', async () => {
      expect(await all({ q: '  ' })).toEqual(await all());
      expect(await all({ q: '%' })).toEqual([]);
    });

    it('answers a wrong-typed inactive or pageSize with ValidationProblemDetails', async () => {
      const queries: Record<string, string>[] = [{ inactive: 'yes' }, { pageSize: 'x' }, { q: 'x'.repeat(201) }];
      for (const query of queries) {
        const res = await list(query);
        expect(res.status).toBe(400);
        expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      }
    });

    it('answers a malformed cursor with 400 invalid_request', async () => {
      const res = await list({ cursor: 'nope' });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'invalid_request' });
    });

    it("never lists another tenant's customers", async () => {
      const tokenB = await h.token(tenantB);
      expect(await all({ inactive: true }, tokenB)).toEqual(await customersOf(tenantB));
      expect(await all({ q: 'zebra' }, tokenB)).toEqual([]);
    });
  });

  describe('GET /customers/{customerId}', () => {
    it('returns the detail with terms, VAT type and order figures', async () => {
      const res = await h.call('get', `/customers/${SPECIAL}`, { token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        id: SPECIAL,
        contactNumber: 770_001,
        name: 'Zebra Fjäll AB',
        orgno: '559900-1234',
        inactive: false,
        creditLimit: 50000,
        overdueOrderSum: 750,
        creditStop: true,
        paymentTermName: '30 days net',
        deliveryTermName: 'Delivered at place',
        priceListName: 'Retail Sweden',
        vatTypeName: 'EU, reverse charge',
        orderCount: 6,
      });
    });

    it('gives empty names when no terms are set, and inactive customers too', async () => {
      const res = await h.call('get', `/customers/${SPECIAL + 1}`, { token });
      expect(res.body).toMatchObject({
        inactive: true,
        paymentTermName: '',
        deliveryTermName: '',
        priceListName: '',
        vatTypeName: '',
        orderCount: 0,
        overdueOrderSum: 0,
        creditLimit: 0,
      });
    });

    it('matches figures computed from the seeded rows', async () => {
      const orders = await ordersOf(tenantA);
      const customers = await h.t
        .db('customers')
        .where({ tenant_id: tenantA })
        .whereNot({ id: SPECIAL })
        .orderBy('id')
        .limit(40);
      for (const c of customers) {
        const mine = orders.filter((o) => o.customer_id === c.id);
        const overdue = mine
          .filter((o) => o.type === 'SALESINVOICE' && o.is_sales && o.date_due !== null && o.date_due < new Date())
          .map((o) => num(o.total_inc_vat) - num(o.paid_amount))
          .filter((open) => open > 0)
          .reduce((a, b) => a + b, 0);
        const res = await h.call('get', `/customers/${c.id}`, { token });
        expect(res.body).toMatchObject({
          id: c.id,
          name: c.name,
          creditLimit: num(c.credit_limit),
          orderCount: mine.filter((o) => o.is_order_intake).length,
        });
        expect(res.body.overdueOrderSum).toBeCloseTo(overdue, 2);
      }
    });

    it("answers 404 not_found for an unknown id and for another tenant's customer", async () => {
      const tokenB = await h.token(tenantB);
      for (const [path, t] of [
        [`/customers/${SPECIAL}`, tokenB],
        ['/customers/123456789', token],
      ] as const) {
        const res = await h.call('get', path, { token: t });
        expect(res.status).toBe(404);
        expect(res.body).toMatchObject({ code: 'not_found', traceId: expect.any(String) });
      }
      const b = await h.call('get', '/customers/1', { token: tokenB });
      const bName = await h.t.db('customers').where({ tenant_id: tenantB, id: 1 }).first('name');
      expect(b.body.name).toBe(bName.name);
    });

    it.each(['abc', '01', '2147483648', '1.5'])('answers the id %s with ValidationProblemDetails', async (id) => {
      const res = await h.call('get', `/customers/${id}`, { token });
      expect(res.status).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(Object.keys(res.body.errors)).toEqual(['customerId']);
    });

    it('needs a token', async () => {
      expect((await h.call('get', `/customers/${SPECIAL}`)).status).toBe(401);
    });
  });
});

import { startBusinessApi, type BusinessApiHarness } from '../../../../support/business-api';
import { SEED_TIMEOUT_MS, seedSmallTenant } from '../../../../support/business-data';

// Spec: the DTO field tables, the list endpoints of "Endpoints", documentType, includeNonSales,
// includeFullyDelivered, /products/find, /customers, and Limits.
type Item = Record<string, unknown>;
type Page = { items: Item[]; nextCursor: string | null; pageSizeApplied: number; truncated: boolean };
type Query = Record<string, string | number | boolean>;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** Field -> spec type: integer, number, string, boolean, date-time; a trailing ? allows null. */
function expectShape(item: Item, fields: Record<string, string>): void {
  expect(Object.keys(item).sort()).toEqual(Object.keys(fields).sort());
  for (const [field, kind] of Object.entries(fields)) {
    const value = item[field];
    const base = kind.replace('?', '');
    const ok =
      (kind.endsWith('?') && value === null) ||
      (base === 'integer'
        ? Number.isInteger(value)
        : base === 'date-time'
          ? typeof value === 'string' && DATE_TIME.test(value)
          : typeof value === base);
    expect([field, ok]).toEqual([field, true]);
  }
}

describe('spec conformance: the read lists', () => {
  let h: BusinessApiHarness;
  let tenantA: number;
  let tenantB: number;
  let token: string;

  beforeAll(async () => {
    h = await startBusinessApi();
    tenantA = await seedSmallTenant(h.t.db, 'conf-lists-a', 81);
    tenantB = await seedSmallTenant(h.t.db, 'conf-lists-b', 82);
    token = await h.token(tenantA, { access: 'read-only', permissions: [] });
  }, SEED_TIMEOUT_MS);
  afterAll(() => h.close());

  const page = async (path: string, query: Query = {}): Promise<Page> => {
    const res = await h.call('get', path, { token, query });
    expect([path, res.status]).toEqual([path, 200]);
    return res.body as Page;
  };
  const everything = async (path: string, query: Query = {}): Promise<Item[]> => {
    const items: Item[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < 200; i++) {
      const body = await page(path, { ...query, pageSize: 200, ...(cursor && { cursor }) });
      expect(typeof body.truncated).toBe('boolean');
      items.push(...body.items);
      if (body.nextCursor === null) return items;
      cursor = body.nextCursor;
    }
    throw new Error('paging did not end');
  };

  describe('GET /sales-invoices', () => {
    const FIELDS = {
      id: 'integer',
      invoiceNumber: 'integer',
      customerId: 'integer',
      customerName: 'string',
      customerOrgno: 'string',
      statusName: 'string',
      dateInvoice: 'date-time',
      dateDue: 'date-time',
      dateOrder: 'date-time',
      totalExVat: 'number',
      totalVat: 'number',
      totalIncVat: 'number',
      openAmount: 'number',
      paidAmount: 'number',
      isLate: 'boolean',
      isFullyPaid: 'boolean',
      currencyIsoCode: 'string',
      documentType: 'string',
    };

    it('defaults to revenue invoices; credit selects credits; both selects both', async () => {
      const invoices = await everything('/sales-invoices');
      const credits = await everything('/sales-invoices', { documentType: 'credit' });
      const both = await everything('/sales-invoices', { documentType: 'both' });
      expect(invoices.length).toBeGreaterThan(0);
      expect(credits.length).toBeGreaterThan(0);
      expect(new Set(invoices.map((i) => i.documentType))).toEqual(new Set(['invoice']));
      expect(new Set(credits.map((i) => i.documentType))).toEqual(new Set(['credit']));
      expect(both.length).toBe(invoices.length + credits.length);
      for (const item of both) expectShape(item, FIELDS);
      const dates = both.map((i) => Date.parse(i.dateOrder as string));
      expect(dates).toEqual([...dates].sort((a, b) => b - a));
    });

    it('documentType=bogus is 400 invalid_request', async () => {
      const res = await h.call('get', '/sales-invoices', { token, query: { documentType: 'bogus' } });
      expect([res.status, res.body.code]).toEqual([400, 'invalid_request']);
    });
  });

  describe('POST /sales-invoice-lines', () => {
    it('includeNonSales defaults to false: only lines of IsSales invoices', async () => {
      const lines = async (body: Item) => {
        const out: Item[] = [];
        let cursor: string | null = null;
        do {
          const res = await h.call('post', '/sales-invoice-lines', { token, body: { ...body, pageSize: 200, cursor } });
          expect(res.status).toBe(200);
          out.push(...(res.body as Page).items);
          cursor = (res.body as Page).nextCursor;
        } while (cursor);
        return out;
      };
      const byDefault = await lines({});
      const withNonSales = await lines({ includeNonSales: true });
      expect(byDefault).toEqual(await lines({ includeNonSales: false }));
      const salesInvoiceIds = new Set(
        (
          await h.t
            .db('orders as o')
            .join('statuses as s', (j) => j.on('s.tenant_id', 'o.tenant_id').andOn('s.id', 'o.status_id'))
            .where({ 'o.tenant_id': tenantA, 's.is_sales': true })
            .select('o.id')
        ).map((r: { id: number }) => r.id),
      );
      expect(byDefault.every((l) => salesInvoiceIds.has(l.invoiceId as number))).toBe(true);
      expect(withNonSales.length).toBeGreaterThan(byDefault.length);
      expectShape(byDefault[0] ?? {}, {
        invoiceId: 'integer',
        invoiceNumber: 'integer',
        lineId: 'integer',
        productNumber: 'string',
        description: 'string',
        quantity: 'number',
        qtyDelivered: 'number',
        price: 'number',
        sumExVat: 'number',
        sumIncVat: 'number',
        currencyIsoCode: 'string',
      });
    });
  });

  describe('GET /open-order-lines', () => {
    it('includeFullyDelivered defaults to false: only lines with qtyLeftToDeliver > 0', async () => {
      const open = await everything('/open-order-lines');
      const all = await everything('/open-order-lines', { includeFullyDelivered: true });
      expect(open.length).toBeGreaterThan(0);
      expect(open.every((l) => (l.qtyLeftToDeliver as number) > 0)).toBe(true);
      expect(all.some((l) => l.qtyLeftToDeliver === 0)).toBe(true);
      expect(await everything('/open-order-lines', { includeFullyDelivered: false })).toEqual(open);
      expectShape(open[0] ?? {}, {
        orderId: 'integer',
        orderName: 'string',
        lineId: 'integer',
        productNumber: 'string',
        description: 'string',
        qtyOrdered: 'number',
        qtyDelivered: 'number',
        qtyLeftToDeliver: 'number',
        dateDelivery: 'date-time',
        customerName: 'string',
        statusName: 'string',
      });
    });
  });

  describe('GET /warehouse-stock', () => {
    it('applies at most 200 and computes qtyDistributable = qtyInStock - qtyOutgoing + qtyIncoming', async () => {
      const capped = await page('/warehouse-stock', { pageSize: 500 });
      expect([capped.pageSizeApplied, capped.truncated]).toEqual([200, true]);
      const rows = await everything('/warehouse-stock');
      expect(rows.length).toBeGreaterThan(0);
      for (const r of rows) {
        expectShape(r, {
          productId: 'integer',
          productNumber: 'string',
          warehouseName: 'string',
          locationName: 'string',
          qtyInStock: 'number',
          qtyIncoming: 'number',
          qtyOutgoing: 'number',
          qtyDistributable: 'number',
        });
        expect(r.qtyDistributable).toBeCloseTo(
          (r.qtyInStock as number) - (r.qtyOutgoing as number) + (r.qtyIncoming as number),
          6,
        );
      }
    });
  });

  describe('GET /products/find', () => {
    const find = (query: Query) => h.call('get', '/products/find', { token, query });

    it('returns an array (not a page), at most 10 by default, up to 20 with limit', async () => {
      const res = await find({ q: 'a' });
      expect(Array.isArray(res.body)).toBe(true);
      expect(res.body.length).toBe(10);
      expect((await find({ q: 'a', limit: 20 })).body.length).toBe(20);
      expect((await find({ q: 'a', limit: 1 })).body.length).toBe(1);
      expectShape(res.body[0] as Item, {
        productId: 'integer',
        productNumber: 'string',
        description: 'string',
        barcode: 'string?',
        isActive: 'boolean',
      });
    });

    it.each([[{}], [{ q: '' }], [{ q: 'a', limit: 0 }], [{ q: 'a', limit: 21 }], [{ q: 'a', limit: 'ten' }]])(
      'answers 400 to %j',
      async (query) => {
        expect((await find(query as Query)).status).toBe(400);
      },
    );
  });

  describe('GET /customers', () => {
    it('q matches the id, the name or the organisation number; inactive=true includes inactive customers', async () => {
      const db = h.t.db;
      await db('customers').insert([
        {
          tenant_id: tenantA,
          id: 660_001,
          contact_number: 660_001,
          name: 'Zebra Quokka AB',
          orgno: '556600-1122',
          inactive: false,
        },
        {
          tenant_id: tenantA,
          id: 660_002,
          contact_number: 660_002,
          name: 'Sleepy Quokka AB',
          orgno: '556600-3344',
          inactive: true,
        },
      ]);
      const ids = async (query: Query) => (await everything('/customers', query)).map((c) => c.id);
      expect(await ids({ q: '660001' })).toEqual([660_001]);
      expect(await ids({ q: 'zebra quokka' })).toEqual([660_001]);
      expect(await ids({ q: '556600-1122' })).toEqual([660_001]);
      expect(await ids({ q: 'quokka' })).toEqual([660_001]);
      expect(await ids({ q: 'quokka', inactive: true })).toEqual([660_002, 660_001]);
      expect(await ids({ q: 'quokka', inactive: false })).toEqual([660_001]);
      const all = await everything('/customers', { inactive: true });
      expectShape(all[0] ?? {}, {
        id: 'integer',
        contactNumber: 'integer',
        name: 'string',
        orgno: 'string',
        currencyIsoCode: 'string?',
        inactive: 'boolean',
        openOrderCount: 'integer',
      });
    });

    it("/customers/{id}: the detail fields; 404 for another tenant's customer", async () => {
      const res = await h.call('get', '/customers/1', { token });
      expect(res.status).toBe(200);
      const fields = {
        id: 'integer',
        contactNumber: 'integer',
        name: 'string',
        orgno: 'string',
        inactive: 'boolean',
        creditLimit: 'number',
        overdueOrderSum: 'number',
        creditStop: 'boolean',
        paymentTermName: 'string',
        deliveryTermName: 'string',
        priceListName: 'string',
        orderCount: 'integer',
      };
      for (const [field, kind] of Object.entries(fields))
        expect([field, typeof res.body[field]]).toEqual([field, kind === 'integer' ? 'number' : kind]);
      await h.t
        .db('customers')
        .insert({ tenant_id: tenantB, id: 660_009, contact_number: 660_009, name: 'Only B', orgno: '1' });
      expect((await h.call('get', '/customers/660009', { token })).status).toBe(404);
    });
  });

  describe('GET /vendor-prices and /time-report-lines', () => {
    it('vendor prices are a page of VendorPriceDto', async () => {
      const row = (await h.t.db('vendor_prices').where('tenant_id', tenantA).first('product_id')) as {
        product_id: number;
      };
      const body = await page('/vendor-prices', { productId: row.product_id });
      expect(body.items.length).toBeGreaterThan(0);
      expectShape(body.items[0] ?? {}, {
        productId: 'integer',
        productNumber: 'string',
        supplierId: 'integer',
        supplierName: 'string',
        supplierProductNumber: 'string',
        price: 'number',
        currencyIsoCode: 'string',
        leadTimeDays: 'integer?',
        validFrom: 'date-time?',
        validTo: 'date-time?',
      });
    });

    it('time report lines are an array, not a page', async () => {
      const res = await h.call('get', '/time-report-lines', { token });
      expect(res.status).toBe(200);
      expect(Array.isArray(res.body)).toBe(true);
    });
  });

  describe('GET /purchase-orders', () => {
    it('lists PurchaseOrderDto items, newest order date first', async () => {
      const items = await everything('/purchase-orders', { statusKind: 'all' });
      expect(items.length).toBeGreaterThan(0);
      for (const item of items) {
        expectShape(item, {
          id: 'integer',
          purchaseNumber: 'integer',
          vendorId: 'integer',
          vendorName: 'string',
          vendorOrgno: 'string',
          statusId: 'integer',
          statusName: 'string',
          dateOrder: 'date-time',
          dateDelivery: 'date-time',
          orderTotalExVat: 'number',
          orderTotalIncVat: 'number',
          receivedQtyPercent: 'number?',
          receivedValueExVat: 'number',
          invoicedValueExVat: 'number',
          openToInvoiceExVat: 'number',
          currencyIsoCode: 'string',
        });
      }
      const dates = items.map((i) => Date.parse(i.dateOrder as string));
      expect(dates).toEqual([...dates].sort((a, b) => b - a));
    });
  });
});

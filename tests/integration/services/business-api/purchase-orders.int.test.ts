import { startBusinessApi, type BusinessApiHarness } from '../../../support/business-api';
import { SEED_TIMEOUT_MS, num, seedSmallTenant } from '../../../support/business-data';
import { collectPages } from '../../../support/paging';

type PoDoc = {
  id: number;
  purchase_number: number | null;
  vendor_id: number;
  vendor_name: string;
  vendor_orgno: string;
  status_id: number;
  status_name: string;
  is_purchase: boolean;
  date_order: Date;
  date_delivery: Date | null;
  total_ex_vat: string;
  total_inc_vat: string;
  currency_code: string;
};
type Receipt = { order_id: number; quantity: string; unit_price: string; booked: boolean };
type Query = Record<string, string | number>;
type Expected = ReturnType<typeof buildExpected>;

const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;

/** The DTO by the documented definitions, from raw orders, lines and receipts. */
function buildExpected(po: PoDoc, ordered: number, receipts: Receipt[]) {
  const mine = receipts.filter((r) => r.order_id === po.id);
  const value = (rs: Receipt[]) =>
    round(
      rs.reduce((sum, r) => sum + num(r.quantity) * num(r.unit_price), 0),
      4,
    );
  const receivedQty = mine.reduce((sum, r) => sum + num(r.quantity), 0);
  return {
    id: po.id,
    purchaseNumber: po.purchase_number ?? 0,
    vendorId: po.vendor_id,
    vendorName: po.vendor_name,
    vendorOrgno: po.vendor_orgno,
    statusId: po.status_id,
    statusName: po.status_name,
    dateOrder: po.date_order.toISOString(),
    dateDelivery: (po.date_delivery ?? po.date_order).toISOString(),
    orderTotalExVat: num(po.total_ex_vat),
    orderTotalIncVat: num(po.total_inc_vat),
    receivedQtyPercent: ordered === 0 ? null : round((100 * receivedQty) / ordered, 2),
    receivedValueExVat: value(mine),
    invoicedValueExVat: value(mine.filter((r) => r.booked)),
    openToInvoiceExVat: value(mine.filter((r) => !r.booked)),
    currencyIsoCode: po.currency_code,
    isPurchase: po.is_purchase,
  };
}
const strip = ({ isPurchase: _p, ...dto }: Expected) => dto;

describe('GET /purchase-orders', () => {
  let h: BusinessApiHarness;
  let tenantA: number;
  let tenantB: number;
  let token: string;
  let pos: Expected[];
  const SPECIAL = 600_001;

  async function purchaseOrdersOf(tenantId: number): Promise<Expected[]> {
    const db = h.t.db;
    const rows: PoDoc[] = await db('orders as o')
      .join('statuses as s', (j) => j.on('s.tenant_id', 'o.tenant_id').andOn('s.id', 'o.status_id'))
      .join('vendors as v', (j) => j.on('v.tenant_id', 'o.tenant_id').andOn('v.id', 'o.vendor_id'))
      .where({ 'o.tenant_id': tenantId, 's.type': 'PURCHASEORDER' })
      .select('o.*', 'v.name as vendor_name', 'v.orgno as vendor_orgno', 's.name as status_name', 's.is_purchase');
    const lines: Array<{ order_id: number; quantity: string }> = await db('order_lines')
      .where({ tenant_id: tenantId })
      .select('order_id', 'quantity');
    const receipts: Receipt[] = await db('receipts')
      .where({ tenant_id: tenantId })
      .select('order_id', 'quantity', 'unit_price', 'booked');
    const orderedQty = (id: number) =>
      lines.filter((l) => l.order_id === id).reduce((sum, l) => sum + num(l.quantity), 0);
    return rows
      .sort((a, b) => b.date_order.getTime() - a.date_order.getTime() || b.id - a.id)
      .map((po) => buildExpected(po, orderedQty(po.id), receipts));
  }

  beforeAll(async () => {
    h = await startBusinessApi();
    tenantA = await seedSmallTenant(h.t.db, 'po-a', 1);
    tenantB = await seedSmallTenant(h.t.db, 'po-b', 2);
    const db = h.t.db;
    await db('vendors').insert({
      tenant_id: tenantA,
      id: SPECIAL,
      contact_number: SPECIAL,
      name: 'Precise Parts AB',
      orgno: '556000-0001',
      currency_code: 'USD',
    });
    await db('orders').insert({
      tenant_id: tenantA,
      id: SPECIAL,
      status_id: 13,
      vendor_id: SPECIAL,
      name: 'Precise',
      currency_code: 'USD',
      purchase_number: 99_001,
      date_order: '2025-02-01T10:00:00Z',
      date_delivery: '2025-02-15T10:00:00Z',
      total_ex_vat: '1000.0000',
      total_inc_vat: '1250.0000',
    });
    const line = (id: number, quantity: number, price: number) => ({
      tenant_id: tenantA,
      id,
      order_id: SPECIAL,
      position: id - SPECIAL,
      product_number: `P-${id}`,
      quantity,
      price,
      vat_rate: 25,
      sum_ex_vat: quantity * price,
      sum_vat: quantity * price * 0.25,
      sum_inc_vat: quantity * price * 1.25,
    });
    await db('order_lines').insert([line(SPECIAL + 1, 10, 50), line(SPECIAL + 2, 30, 16.6667)]);
    const receipt = (id: number, lineId: number, quantity: number, unitPrice: number, booked: boolean) => ({
      tenant_id: tenantA,
      id,
      order_id: SPECIAL,
      order_line_id: lineId,
      quantity,
      unit_price: unitPrice,
      booked,
      received_at: '2025-02-10T00:00:00Z',
    });
    await db('receipts').insert([
      receipt(SPECIAL, SPECIAL + 1, 10, 50, true),
      receipt(SPECIAL + 1, SPECIAL + 2, 5, 16.6667, false),
      receipt(SPECIAL + 2, SPECIAL + 2, 2.5, 16, false),
    ]);
    pos = await purchaseOrdersOf(tenantA);
    token = await h.token(tenantA, { access: 'read-only', permissions: [] });
  }, SEED_TIMEOUT_MS);
  afterAll(() => h.close());

  const list = (query: Query = {}, t = token) => h.call('get', '/purchase-orders', { token: t, query });
  const all = (query: Query = {}, t = token) =>
    collectPages<unknown>((cursor) => list({ ...query, pageSize: 40, ...(cursor && { cursor }) }, t));

  it('lists IsPurchase purchase orders by default, newest first', async () => {
    const want = pos.filter((p) => p.isPurchase).map(strip);
    expect(want.length).toBeGreaterThanOrEqual(3);
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual(want.slice(0, 50));
    expect(await all()).toEqual(want);
  });

  it('computes received, invoiced and open-to-invoice values from the receipts', async () => {
    const res = await list({ vendorId: SPECIAL });
    expect(res.body.items).toEqual([
      {
        id: SPECIAL,
        purchaseNumber: 99_001,
        vendorId: SPECIAL,
        vendorName: 'Precise Parts AB',
        vendorOrgno: '556000-0001',
        statusId: 13,
        statusName: 'Partly received',
        dateOrder: '2025-02-01T10:00:00.000Z',
        dateDelivery: '2025-02-15T10:00:00.000Z',
        orderTotalExVat: 1000,
        orderTotalIncVat: 1250,
        receivedQtyPercent: 43.75,
        receivedValueExVat: 623.3335,
        invoicedValueExVat: 500,
        openToInvoiceExVat: 123.3335,
        currencyIsoCode: 'USD',
      },
    ]);
  });

  it('gives receivedQtyPercent null for an order without lines', async () => {
    await h.t.db('orders').insert({
      tenant_id: tenantA,
      id: SPECIAL + 1,
      status_id: 12,
      vendor_id: SPECIAL,
      name: 'Empty',
      currency_code: 'USD',
      date_order: '2025-01-01T00:00:00Z',
    });
    const res = await list({ vendorId: SPECIAL, orderDateTo: '2025-01-01' });
    expect(res.body.items).toEqual([
      expect.objectContaining({
        id: SPECIAL + 1,
        receivedQtyPercent: null,
        receivedValueExVat: 0,
        purchaseNumber: 0,
        dateDelivery: '2025-01-01T00:00:00.000Z',
      }),
    ]);
    await h.t
      .db('orders')
      .where({ tenant_id: tenantA, id: SPECIAL + 1 })
      .del();
  });

  it.each<[string, Query, (p: Expected) => boolean]>([
    ['statusKind=all', { statusKind: 'all' }, () => true],
    ['statusId (pinned: closed is not IsPurchase)', { statusId: 15 }, (p) => p.statusId === 15],
    ['vendorId', { vendorId: SPECIAL }, (p) => p.isPurchase && p.vendorId === SPECIAL],
    ['currency (any case)', { currency: 'usd' }, (p) => p.isPurchase && p.currencyIsoCode === 'USD'],
    ['currency without a match', { currency: 'NOK' }, () => false],
    [
      'orderDateFrom and orderDateTo',
      { orderDateFrom: '2024-10-01T00:00:00Z', orderDateTo: '2024-12-31' },
      (p) => p.isPurchase && p.dateOrder >= '2024-10-01T00:00:00.000Z' && p.dateOrder < '2025-01-01T00:00:00.000Z',
    ],
    [
      'deliveryDateFrom and deliveryDateTo',
      { deliveryDateFrom: '2025-01-01', deliveryDateTo: '2025-02-28T23:59:59Z' },
      (p) =>
        p.isPurchase && p.dateDelivery >= '2025-01-01T00:00:00.000Z' && p.dateDelivery <= '2025-02-28T23:59:59.000Z',
    ],
    [
      'receivedValueMin and receivedValueMax',
      { receivedValueMin: 1000, receivedValueMax: 20000 },
      (p) => p.isPurchase && p.receivedValueExVat >= 1000 && p.receivedValueExVat <= 20000,
    ],
    [
      'openToInvoiceMin (something left to invoice)',
      { openToInvoiceMin: 0.01 },
      (p) => p.isPurchase && p.openToInvoiceExVat >= 0.01,
    ],
    [
      'openToInvoiceMax 0 (nothing left to invoice)',
      { openToInvoiceMax: 0 },
      (p) => p.isPurchase && p.openToInvoiceExVat <= 0,
    ],
  ])('filters by %s', async (_name, query, keep) => {
    const want = pos.filter(keep).map(strip);
    if (query.currency !== 'NOK') expect(want.length).toBeGreaterThan(0);
    expect(await all(query)).toEqual(want);
  });

  it('stays stable when purchase orders are inserted while paging', async () => {
    const want = pos.filter((p) => p.isPurchase).map((p) => p.id);
    const seen: number[] = [];
    let cursor: string | undefined;
    let first = true;
    do {
      const res = await list({ pageSize: 5, ...(cursor && { cursor }) });
      seen.push(...res.body.items.map((p: { id: number }) => p.id));
      cursor = res.body.nextCursor ?? undefined;
      if (first) {
        first = false;
        const base = { tenant_id: tenantA, status_id: 12, vendor_id: SPECIAL, name: 'New', currency_code: 'USD' };
        await h.t.db('orders').insert([
          { ...base, id: SPECIAL + 5, date_order: '2025-03-14T11:59:00Z' },
          { ...base, id: SPECIAL + 6, date_order: '2024-03-20T00:00:00Z' },
        ]);
      }
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(expect.arrayContaining(want));
    await h.t
      .db('orders')
      .where({ tenant_id: tenantA })
      .whereIn('id', [SPECIAL + 5, SPECIAL + 6])
      .del();
  });

  it.each<[string, Query]>([
    ['a blank vendorId', { vendorId: '' }],
    ['a non-numeric statusId', { statusId: 'open' }],
    ['an unknown statusKind', { statusKind: 'closed' }],
    ['a malformed currency', { currency: 'dollars' }],
    ['a malformed cursor', { cursor: '123' }],
  ])('answers %s with 400 invalid_request', async (_name, query) => {
    const res = await list(query);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'invalid_request' });
  });

  it.each<[string, Query, string]>([
    ['a receivedValueMin that is not a number', { receivedValueMin: 'x' }, 'receivedValueMin'],
    ['an orderDateFrom that is not a date-time', { orderDateFrom: 'today' }, 'orderDateFrom'],
  ])('answers %s with ValidationProblemDetails', async (_name, query, field) => {
    const res = await list(query);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors)).toEqual([field]);
  });

  it("never lists another tenant's purchase orders", async () => {
    const tokenB = await h.token(tenantB);
    expect(await all({ statusKind: 'all' }, tokenB)).toEqual((await purchaseOrdersOf(tenantB)).map(strip));
    expect((await list({ vendorId: SPECIAL }, tokenB)).body.items).toEqual([]);
  });

  it('needs a token', async () => {
    expect((await h.call('get', '/purchase-orders')).status).toBe(401);
  });
});

import { startBusinessApi, type BusinessApiHarness } from '../../../support/business-api';
import { SEED_TIMEOUT_MS, num, seedSmallTenant } from '../../../support/business-data';
import { collectPages } from '../../../support/paging';

type LineDoc = {
  line_id: number;
  order_id: number;
  order_name: string;
  product_id: number | null;
  product_number: string;
  description: string;
  quantity: string;
  qty_delivered: string;
  warehouse_id: number | null;
  line_delivery: Date | null;
  order_delivery: Date | null;
  date_order: Date;
  customer_id: number;
  customer_name: string;
  status_name: string;
  type: string;
  is_order_intake: boolean;
};
type Query = Record<string, string | number | boolean>;

const toDto = (l: LineDoc) => ({
  orderId: l.order_id,
  orderName: l.order_name,
  lineId: l.line_id,
  productNumber: l.product_number,
  description: l.description,
  qtyOrdered: num(l.quantity),
  qtyDelivered: num(l.qty_delivered),
  qtyLeftToDeliver: Math.max(0, num(l.quantity) - num(l.qty_delivered)),
  dateDelivery: (l.line_delivery ?? l.order_delivery ?? l.date_order).toISOString(),
  customerName: l.customer_name,
  statusName: l.status_name,
});

describe('GET /open-order-lines', () => {
  let h: BusinessApiHarness;
  let tenantA: number;
  let tenantB: number;
  let token: string;
  let lines: LineDoc[];

  async function linesOf(tenantId: number): Promise<LineDoc[]> {
    const rows: LineDoc[] = await h.t
      .db('order_lines as l')
      .join('orders as o', (j) => j.on('o.tenant_id', 'l.tenant_id').andOn('o.id', 'l.order_id'))
      .join('statuses as s', (j) => j.on('s.tenant_id', 'o.tenant_id').andOn('s.id', 'o.status_id'))
      .join('customers as c', (j) => j.on('c.tenant_id', 'o.tenant_id').andOn('c.id', 'o.customer_id'))
      .where('l.tenant_id', tenantId)
      .select(
        'l.id as line_id',
        'l.order_id',
        'o.name as order_name',
        'l.product_id',
        'l.product_number',
        'l.description',
        'l.quantity',
        'l.qty_delivered',
        'l.warehouse_id',
        'l.date_delivery as line_delivery',
        'o.date_delivery as order_delivery',
        'o.date_order',
        'o.customer_id',
        'c.name as customer_name',
        's.name as status_name',
        's.type',
        's.is_order_intake',
      );
    return rows.sort(
      (a, b) => b.date_order.getTime() - a.date_order.getTime() || b.order_id - a.order_id || b.line_id - a.line_id,
    );
  }
  const inBook = (l: LineDoc) => l.type === 'SALESORDER' && l.is_order_intake;
  const open = (l: LineDoc) => inBook(l) && num(l.qty_delivered) < num(l.quantity);

  beforeAll(async () => {
    h = await startBusinessApi();
    tenantA = await seedSmallTenant(h.t.db, 'open-a', 1);
    tenantB = await seedSmallTenant(h.t.db, 'open-b', 2);
    const order = await h.t
      .db('orders as o')
      .join('statuses as s', (j) => j.on('s.tenant_id', 'o.tenant_id').andOn('s.id', 'o.status_id'))
      .where({ 'o.tenant_id': tenantA, 's.type': 'SALESORDER', 's.is_order_intake': true })
      .first('o.id');
    // An over-delivered line and one without any delivery date of its own.
    await h.t.db('order_lines').insert([
      {
        tenant_id: tenantA,
        id: 700_001,
        order_id: order.id,
        position: 90,
        product_number: 'OVER-1',
        description: 'Over-delivered',
        quantity: 2,
        qty_delivered: 3,
        price: 1,
        vat_rate: 25,
        sum_ex_vat: 2,
        sum_vat: 0.5,
        sum_inc_vat: 2.5,
      },
      {
        tenant_id: tenantA,
        id: 700_002,
        order_id: order.id,
        position: 91,
        product_number: 'OPEN-1',
        description: 'Half delivered',
        quantity: 4.5,
        qty_delivered: 1.25,
        price: 1,
        vat_rate: 25,
        sum_ex_vat: 4.5,
        sum_vat: 1.125,
        sum_inc_vat: 5.625,
        warehouse_id: 2,
      },
    ]);
    lines = await linesOf(tenantA);
    token = await h.token(tenantA, { access: 'read-only', permissions: [] });
  }, SEED_TIMEOUT_MS);
  afterAll(() => h.close());

  const list = (query: Query = {}, t = token) => h.call('get', '/open-order-lines', { token: t, query });
  const all = (query: Query = {}, t = token) =>
    collectPages<unknown>((cursor) => list({ ...query, pageSize: 120, ...(cursor && { cursor }) }, t));

  it('lists lines of the order book with quantity left to deliver, newest order first', async () => {
    const want = lines.filter(open).map(toDto);
    expect(want.length).toBeGreaterThan(20);
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ pageSizeApplied: 50, truncated: false });
    expect(res.body.items).toEqual(want.slice(0, 50));
    expect(await all()).toEqual(want);
    expect(want).toContainEqual(
      expect.objectContaining({ lineId: 700_002, qtyOrdered: 4.5, qtyDelivered: 1.25, qtyLeftToDeliver: 3.25 }),
    );
  });

  it('includes fully delivered lines with includeFullyDelivered=true, never below zero left', async () => {
    const want = lines.filter(inBook).map(toDto);
    expect(want.some((l) => l.qtyLeftToDeliver === 0)).toBe(true);
    expect(await all({ includeFullyDelivered: true })).toEqual(want);
    expect(want).toContainEqual(expect.objectContaining({ lineId: 700_001, qtyLeftToDeliver: 0 }));
    expect(await all({ includeFullyDelivered: 'False' })).toEqual(lines.filter(open).map(toDto));
  });

  it.each<[string, () => Query, (l: LineDoc) => boolean]>([
    [
      'customerId',
      () => ({ customerId: lines.find(open)!.customer_id }),
      (l) => l.customer_id === lines.find(open)!.customer_id,
    ],
    [
      'productId',
      () => ({ productId: lines.find((l) => open(l) && l.product_id !== null)!.product_id! }),
      (l) => l.product_id === lines.find((x) => open(x) && x.product_id !== null)!.product_id,
    ],
    ['warehouseId', () => ({ warehouseId: 2 }), (l) => l.warehouse_id === 2],
  ])('filters by %s', async (_name, query, keep) => {
    const want = lines.filter((l) => open(l) && keep(l)).map(toDto);
    expect(want.length).toBeGreaterThan(0);
    expect(await all(query())).toEqual(want);
  });

  it.each<[string, Query]>([
    ['a blank customerId', { customerId: ' ' }],
    ['a non-numeric productId', { productId: 'SKU-1' }],
    ['a warehouseId with a leading zero', { warehouseId: '02' }],
    ['a malformed cursor', { cursor: 'abc' }],
  ])('answers %s with 400 invalid_request', async (_name, query) => {
    const res = await list(query);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'invalid_request' });
  });

  it('answers a non-boolean includeFullyDelivered with ValidationProblemDetails', async () => {
    const res = await list({ includeFullyDelivered: 'yes' });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors)).toEqual(['includeFullyDelivered']);
  });

  it("never lists another tenant's lines", async () => {
    const tokenB = await h.token(tenantB);
    const linesB = await linesOf(tenantB);
    expect(await all({ includeFullyDelivered: true }, tokenB)).toEqual(linesB.filter(inBook).map(toDto));
  });

  it('needs a token', async () => {
    expect((await h.call('get', '/open-order-lines')).status).toBe(401);
  });
});

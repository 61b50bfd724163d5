import { startBusinessApi, type BusinessApiHarness } from '../../../support/business-api';
import { SEED_TIMEOUT_MS, num, seedSmallTenant } from '../../../support/business-data';
import { collectPages } from '../../../support/paging';

type LineDoc = {
  line_id: number;
  order_id: number;
  invoice_number: number | null;
  product_id: number | null;
  product_number: string;
  description: string;
  quantity: string;
  qty_delivered: string;
  price: string;
  sum_ex_vat: string;
  sum_inc_vat: string;
  currency_code: string;
  customer_id: number;
  status_id: number;
  type: string;
  is_sales: boolean;
  date_order: Date;
  date_invoice: Date | null;
};
type Search = Record<string, unknown>;

const toDto = (l: LineDoc) => ({
  invoiceId: l.order_id,
  invoiceNumber: l.invoice_number ?? 0,
  lineId: l.line_id,
  productNumber: l.product_number,
  description: l.description,
  quantity: num(l.quantity),
  qtyDelivered: num(l.qty_delivered),
  price: num(l.price),
  sumExVat: num(l.sum_ex_vat),
  sumIncVat: num(l.sum_inc_vat),
  currencyIsoCode: l.currency_code,
});

describe('POST /sales-invoice-lines', () => {
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
      .where('l.tenant_id', tenantId)
      .whereIn('s.type', ['SALESINVOICE', 'SALESCREDIT'])
      .select(
        'l.id as line_id',
        'l.order_id',
        'o.invoice_number',
        'l.product_id',
        'l.product_number',
        'l.description',
        'l.quantity',
        'l.qty_delivered',
        'l.price',
        'l.sum_ex_vat',
        'l.sum_inc_vat',
        'o.currency_code',
        'o.customer_id',
        'o.status_id',
        's.type',
        's.is_sales',
        'o.date_order',
        'o.date_invoice',
      );
    return rows.sort(
      (a, b) => b.date_order.getTime() - a.date_order.getTime() || b.order_id - a.order_id || b.line_id - a.line_id,
    );
  }

  beforeAll(async () => {
    h = await startBusinessApi();
    tenantA = await seedSmallTenant(h.t.db, 'lines-a', 1);
    tenantB = await seedSmallTenant(h.t.db, 'lines-b', 2);
    lines = await linesOf(tenantA);
    token = await h.token(tenantA, { access: 'read-only', permissions: [] });
  }, SEED_TIMEOUT_MS);
  afterAll(() => h.close());

  const search = (body: unknown, t = token) => h.call('post', '/sales-invoice-lines', { token: t, body });
  const all = (body: Search, t = token) =>
    collectPages<unknown>((cursor) => search({ ...body, pageSize: 150, cursor: cursor ?? null }, t));
  const expected = (keep: (l: LineDoc) => boolean) => lines.filter(keep).map(toDto);

  it('returns lines of IsSales invoices and credits by default, for a read-only key', async () => {
    const want = expected((l) => l.is_sales);
    expect(want.some((l) => l.quantity < 0)).toBe(true);
    const res = await search({});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ pageSizeApplied: 50, truncated: false });
    expect(res.body.items).toEqual(want.slice(0, 50));
    expect(await all({})).toEqual(want);
  });

  it.each<[string, Search, (l: LineDoc) => boolean]>([
    ['includeNonSales', { includeNonSales: true }, () => true],
    ['includeNonSales false, explicitly', { includeNonSales: false }, (l) => l.is_sales],
    ['statusId (pinned)', { statusId: 6 }, (l) => l.status_id === 6],
    ['customerId', { customerId: 3 }, (l) => l.is_sales && l.customer_id === 3],
    ['productId', { productId: 5 }, (l) => l.is_sales && l.product_id === 5],
    [
      'from and to as dates (to covers its day)',
      { from: '2024-11-01', to: '2024-11-30' },
      (l) =>
        l.is_sales &&
        l.date_invoice !== null &&
        l.date_invoice >= new Date('2024-11-01T00:00:00Z') &&
        l.date_invoice < new Date('2024-12-01T00:00:00Z'),
    ],
    [
      'from and to as date-times',
      { from: '2024-11-01T12:00:00Z', to: '2024-11-20T12:00:00+02:00' },
      (l) =>
        l.is_sales &&
        l.date_invoice !== null &&
        l.date_invoice >= new Date('2024-11-01T12:00:00Z') &&
        l.date_invoice <= new Date('2024-11-20T10:00:00Z'),
    ],
    [
      'nulls everywhere',
      { from: null, to: null, customerId: null, productId: null, statusId: null, includeNonSales: null },
      (l) => l.is_sales,
    ],
  ])('filters by %s', async (_name, body, keep) => {
    const want = expected(keep);
    if (!('statusId' in body && body.statusId === 6)) expect(want.length).toBeGreaterThan(0);
    expect(await all(body)).toEqual(want);
  });

  it('applies at most 200 and says so', async () => {
    expect((await search({ pageSize: 201 })).body).toMatchObject({ pageSizeApplied: 200, truncated: true });
    expect((await search({ pageSize: 7 })).body.items).toHaveLength(7);
  });

  it.each<[string, Search]>([
    ['a zero customerId', { customerId: 0 }],
    ['a negative productId', { productId: -4 }],
    ['a statusId beyond 32 bits', { statusId: 2_147_483_648 }],
    ['a malformed cursor', { cursor: 'garbage' }],
  ])('answers %s with 400 invalid_request', async (_name, body) => {
    const res = await search(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'invalid_request' });
  });

  it.each<[string, unknown, string]>([
    ['a string customerId', { customerId: 'abc' }, '$.customerId'],
    ['a fractional productId', { productId: 1.5 }, '$.productId'],
    ['a from that is no date', { from: 'last week' }, '$.from'],
    ['a string includeNonSales', { includeNonSales: 'yes' }, '$.includeNonSales'],
    ['pageSize 0', { pageSize: 0 }, '$.pageSize'],
    ['a body that is not an object', [1, 2], '$'],
  ])('answers %s with ValidationProblemDetails', async (_name, body, field) => {
    const res = await search(body);
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(Object.keys(res.body.errors)).toEqual([field]);
  });

  it('answers a missing body with ValidationProblemDetails and an unreadable content type with 415', async () => {
    const missing = await h.call('post', '/sales-invoice-lines', { token });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toHaveProperty('$');
    const text = await h.call('post', '/sales-invoice-lines', {
      token,
      body: 'from=2024',
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(text.status).toBe(415);
  });

  it("never returns another tenant's lines", async () => {
    const tokenB = await h.token(tenantB);
    expect(await all({ includeNonSales: true }, tokenB)).toEqual((await linesOf(tenantB)).map(toDto));
  });

  it('needs a token', async () => {
    expect((await search({})).status).toBe(200);
    expect((await h.call('post', '/sales-invoice-lines', { body: {} })).status).toBe(401);
  });
});

import { startBusinessApi, type BusinessApiHarness } from '../../../../support/business-api';
import { SEED_AS_OF, seedSmallTenant } from '../../../../support/business-data';
import { collectPages } from '../../../../support/paging';
import { expectedOrders, type ExpectedOrder } from './expected-orders';

type Item = { id: number } & Record<string, unknown>;
type Query = Record<string, string | number>;

describe('GET /sales-orders', () => {
  let h: BusinessApiHarness;
  let tenantA: number;
  let tenantB: number;
  let token: string;
  let all: ExpectedOrder[];

  beforeAll(async () => {
    h = await startBusinessApi({ salesOrders: { now: () => SEED_AS_OF } });
    tenantA = await seedSmallTenant(h.t.db, 'so-list-a', 11);
    tenantB = await seedSmallTenant(h.t.db, 'so-list-b', 12);
    all = await expectedOrders(h.t.db, tenantA, SEED_AS_OF);
    token = await h.token(tenantA, { access: 'read-only', permissions: [] });
  });
  afterAll(() => h.close());

  const list = (query: Query = {}, t = token) => h.call('get', '/sales-orders', { token: t, query });
  const collect = (query: Query, t = token) =>
    collectPages<Item>((cursor) => list({ pageSize: 200, ...query, ...(cursor && { cursor }) }, t));
  const dtos = (keep: (o: ExpectedOrder) => boolean) => all.filter(keep).map((o) => o.dto);
  const intake = (o: ExpectedOrder) => o.intake;

  it('defaults to order-intake statuses, newest order date first, 50 a page', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ pageSizeApplied: 50, truncated: false });
    expect(res.body.items).toEqual(dtos(intake).slice(0, 50));
    expect(await collect({})).toEqual(dtos(intake));
  });

  it('lists invoices in the order book too, and never purchase orders', async () => {
    const items = await collect({ statusKind: 'all' });
    expect(items).toEqual(dtos(() => true));
    expect(all.some((o) => o.type === 'SALESINVOICE' && o.intake)).toBe(true);
    const purchase = await h.t.db('orders').where('tenant_id', tenantA).whereNotNull('vendor_id').pluck('id');
    expect(items.filter((i) => purchase.includes(i.id))).toEqual([]);
  });

  it.each([
    ['sales', (o: ExpectedOrder) => o.sales],
    ['SALES', (o: ExpectedOrder) => o.sales],
    ['intake', intake],
    ['purchase', (o: ExpectedOrder) => o.purchase],
  ])('statusKind=%s selects statuses by flag', async (statusKind, keep) => {
    expect(await collect({ statusKind })).toEqual(dtos(keep));
  });

  it('statusId pins one status of any kind; with statusKind both apply', async () => {
    const credit = all.find((o) => o.type === 'SALESCREDIT');
    const statusId = Number(credit?.dto.statusId);
    const pinned = await collect({ statusId });
    expect(pinned).toEqual(dtos((o) => o.dto.statusId === statusId));
    expect(pinned.length).toBeGreaterThan(0);
    expect(await collect({ statusId, statusKind: 'intake' })).toEqual([]);
  });

  const sample = () => all.find((o) => o.intake && o.type === 'SALESORDER') as ExpectedOrder;
  const mid = () => all[Math.floor(all.length / 2)] as ExpectedOrder;

  it.each<[string, () => Query, (o: ExpectedOrder) => boolean]>([
    ['customerId', () => ({ customerId: sample().customerId }), (o) => o.customerId === sample().customerId],
    [
      'customerName (part, case ignored)',
      () => ({ customerName: sample().customerName.slice(1, 6).toUpperCase() }),
      (o) => o.customerName.toLowerCase().includes(sample().customerName.slice(1, 6).toLowerCase()),
    ],
    ['currency (any case)', () => ({ currency: 'eur' }), (o) => o.currency === 'EUR'],
    [
      'orderDateFrom/To',
      () => ({
        orderDateFrom: mid().dateOrder.toISOString(),
        orderDateTo: new Date(mid().dateOrder.getTime() + 20 * 86_400_000).toISOString(),
      }),
      (o) => o.dateOrder >= mid().dateOrder && o.dateOrder.getTime() <= mid().dateOrder.getTime() + 20 * 86_400_000,
    ],
    [
      'orderDateTo as a plain date (whole day)',
      () => ({ orderDateTo: mid().dateOrder.toISOString().slice(0, 10) }),
      (o) => o.dateOrder.toISOString().slice(0, 10) <= mid().dateOrder.toISOString().slice(0, 10),
    ],
    [
      'deliveryDateFrom/To',
      () => ({ deliveryDateFrom: '2024-10-01T00:00:00+02:00', deliveryDateTo: '2024-12-01T00:00:00Z' }),
      (o) =>
        o.dateDelivery !== null &&
        o.dateDelivery >= new Date('2024-09-30T22:00:00Z') &&
        o.dateDelivery <= new Date('2024-12-01T00:00:00Z'),
    ],
    [
      'invoiceDateFrom/To',
      () => ({ invoiceDateFrom: '2024-06-01', invoiceDateTo: '2024-12-31' }),
      (o) =>
        o.dateInvoice !== null &&
        o.dateInvoice >= new Date('2024-06-01T00:00:00Z') &&
        o.dateInvoice < new Date('2025-01-01T00:00:00Z'),
    ],
    [
      'totalMin/totalMax (incl. VAT)',
      () => ({ totalMin: 500.5, totalMax: 2500 }),
      (o) => o.totalIncVat >= 500.5 && o.totalIncVat <= 2500,
    ],
    [
      'q on the customer name',
      () => ({ q: sample().customerName.split(' ')[0]!.toLowerCase() }),
      (o) => o.text.some((t) => t.includes(sample().customerName.split(' ')[0]!.toLowerCase())),
    ],
    [
      'q as an order id',
      () => ({ q: String(sample().dto.id) }),
      (o) =>
        o.dto.id === sample().dto.id ||
        o.invoiceNumber === sample().dto.id ||
        o.text.some((t) => t.includes(String(sample().dto.id))),
    ],
  ])('filters by %s (with the intake default)', async (_name, query, keep) => {
    const want = dtos((o) => o.intake && keep(o));
    expect(want.length).toBeGreaterThan(0);
    expect(want.length).toBeLessThan(dtos(intake).length);
    expect(await collect(query())).toEqual(want);
  });

  it('combines filters', async () => {
    const s = sample();
    expect(await collect({ customerId: s.customerId, currency: s.currency, totalMin: 0 })).toEqual(
      dtos((o) => o.intake && o.customerId === s.customerId),
    );
    expect(await collect({ customerId: s.customerId, currency: s.currency === 'SEK' ? 'EUR' : 'SEK' })).toEqual([]);
  });

  it('an unknown customer or status gives an empty page', async () => {
    expect((await list({ customerId: 999_999 })).body).toEqual({
      items: [],
      nextCursor: null,
      pageSizeApplied: 50,
      truncated: false,
    });
    expect((await list({ statusId: 999_999 })).body.items).toEqual([]);
  });

  it("never shows another tenant's orders", async () => {
    const tokenB = await h.token(tenantB);
    const items = await collect({ statusKind: 'all' }, tokenB);
    expect(items).toEqual((await expectedOrders(h.t.db, tenantB, SEED_AS_OF)).map((o) => o.dto));
    expect(items.map((i) => i.id).sort()).not.toEqual([]);
    expect(items).not.toEqual(dtos(() => true));
  });

  it('needs a token', async () => {
    const res = await h.call('get', '/sales-orders');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 'unauthorized' });
  });
});

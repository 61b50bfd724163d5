import { startBusinessApi, type BusinessApiHarness } from '../../../support/business-api';
import { SEED_TIMEOUT_MS, num, seedSmallTenant } from '../../../support/business-data';

type LineItem = {
  id: number;
  date: string;
  personId: number;
  personName: string;
  orderId: number | null;
  orderName: string | null;
  customerId: number | null;
  customerName: string | null;
  hours: number;
  description: string | null;
  billable: boolean;
  invoiced: boolean;
  isOpen: boolean;
};
type Query = Record<string, string | number | boolean>;

describe('GET /time-report-lines', () => {
  let h: BusinessApiHarness;
  let tenantA: number;
  let tenantB: number;
  let token: string;
  let lines: LineItem[];

  /** Every line of a tenant as the endpoint should show it, newest day first, from raw rows. */
  async function linesOf(tenantId: number): Promise<LineItem[]> {
    const db = h.t.db;
    const [rows, persons, orders, customers] = await Promise.all([
      db('time_report_lines').where({ tenant_id: tenantId }).select('*', db.raw("to_char(date, 'YYYY-MM-DD') as day")),
      db('persons').where({ tenant_id: tenantId }),
      db('orders').where({ tenant_id: tenantId }).select('id', 'name'),
      db('customers').where({ tenant_id: tenantId }).select('id', 'name'),
    ]);
    const nameIn = (list: Array<{ id: number; name: string }>, id: number | null) =>
      id === null ? null : (list.find((x) => x.id === id)?.name ?? null);
    return rows
      .map((r) => ({
        id: r.id,
        date: r.day,
        personId: r.person_id,
        personName: nameIn(persons, r.person_id)!,
        orderId: r.order_id,
        orderName: nameIn(orders, r.order_id),
        customerId: r.customer_id,
        customerName: nameIn(customers, r.customer_id),
        hours: num(r.hours),
        description: r.description,
        billable: r.billable,
        invoiced: r.invoiced,
        isOpen: r.billable && !r.invoiced,
      }))
      .sort((a, b) => (a.date === b.date ? b.id - a.id : a.date < b.date ? 1 : -1));
  }

  beforeAll(async () => {
    h = await startBusinessApi();
    tenantA = await seedSmallTenant(h.t.db, 'time-a', 1);
    tenantB = await seedSmallTenant(h.t.db, 'time-b', 2);
    lines = await linesOf(tenantA);
    token = await h.token(tenantA, { access: 'read-only', permissions: [] });
  }, SEED_TIMEOUT_MS);
  afterAll(() => h.close());

  const list = (query: Query = {}, t = token) => h.call('get', '/time-report-lines', { token: t, query });

  it('returns an array (not a page) of every line, newest day first', async () => {
    expect(lines.length).toBeGreaterThan(20);
    expect(lines.length).toBeLessThan(1000);
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body).toEqual(lines);
  });

  it.each<[string, () => Query, (l: LineItem) => boolean]>([
    [
      'orderId',
      () => ({ orderId: lines.find((l) => l.orderId !== null)!.orderId! }),
      (l) => l.orderId === lines.find((x) => x.orderId !== null)!.orderId,
    ],
    [
      'customerId',
      () => ({ customerId: lines.find((l) => l.customerId !== null)!.customerId! }),
      (l) => l.customerId === lines.find((x) => x.customerId !== null)!.customerId,
    ],
    ['personId', () => ({ personId: 3 }), (l) => l.personId === 3],
    ['billableOnly', () => ({ billableOnly: true }), (l) => l.billable],
    ['openOnly', () => ({ openOnly: 'TRUE' }), (l) => l.billable && !l.invoiced],
    ['billableOnly=false (no filter)', () => ({ billableOnly: false, openOnly: false }), () => true],
    [
      'from and to (by UTC day)',
      () => ({ from: '2024-12-01T15:00:00Z', to: '2025-01-31T00:00:00+01:00' }),
      (l) => l.date >= '2024-12-01' && l.date <= '2025-01-30',
    ],
    ['from as a plain date', () => ({ from: '2025-02-01' }), (l) => l.date >= '2025-02-01'],
  ])('filters by %s', async (_name, query, keep) => {
    const want = lines.filter(keep);
    expect(want.length).toBeGreaterThan(0);
    expect((await list(query())).body).toEqual(want);
  });

  it('returns at most 1000 lines, the newest', async () => {
    const base = { tenant_id: tenantA, person_id: 1, hours: 1, billable: false };
    const [maxId] = await h.t.db('time_report_lines').where({ tenant_id: tenantA }).max<{ max: number }[]>('id');
    const extra = Array.from({ length: 1000 }, (_, i) => ({
      ...base,
      id: (maxId?.max ?? 0) + 1 + i,
      date: '2020-01-01',
      description: 'Old filler',
    }));
    await h.t.db.batchInsert('time_report_lines', extra, 500);
    try {
      const res = await list();
      expect(res.body).toHaveLength(1000);
      expect(res.body.slice(0, lines.length)).toEqual(lines);
    } finally {
      await h.t.db('time_report_lines').where({ tenant_id: tenantA, description: 'Old filler' }).del();
    }
  });

  it.each<[string, Query]>([
    ['a blank orderId', { orderId: '' }],
    ['a non-numeric customerId', { customerId: 'acme' }],
    ['a zero personId', { personId: 0 }],
  ])('answers %s with 400 invalid_request', async (_name, query) => {
    const res = await list(query);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'invalid_request' });
  });

  it.each<[string, Query, string]>([
    ['a from that is not a date-time', { from: 'monday' }, 'from'],
    ['a non-boolean openOnly', { openOnly: 1 }, 'openOnly'],
  ])('answers %s with ValidationProblemDetails', async (_name, query, field) => {
    const res = await list(query);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors)).toEqual([field]);
  });

  it("never returns another tenant's lines", async () => {
    const tokenB = await h.token(tenantB);
    expect((await list({}, tokenB)).body).toEqual(await linesOf(tenantB));
  });

  it('needs a token', async () => {
    expect((await h.call('get', '/time-report-lines')).status).toBe(401);
  });
});

import { startBusinessApi, type BusinessApiHarness } from '../../../../support/business-api';
import { SEED_AS_OF, SEED_TIMEOUT_MS, seedSmallTenant } from '../../../../support/business-data';
import { insertOrder, SEEDED_STATUS } from '../sales-orders/order-rows';

// Spec: SalesOrderDto, PageResponse, "GET /sales-orders filters", rule 6 and Limits.
type Page = {
  items: Array<Record<string, unknown>>;
  nextCursor: string | null;
  pageSizeApplied: number;
  truncated: boolean;
};
const DTO_FIELDS = [
  'id',
  'name',
  'customerId',
  'customerName',
  'customerOrgno',
  'statusId',
  'statusName',
  'dateOrder',
  'dateDelivery',
  'dateInvoice',
  'dateDue',
  'totalExVat',
  'totalVat',
  'totalIncVat',
  'openAmount',
  'isLate',
  'isFullyPaid',
  'hasShipmentDiscrepancy',
  'currencyIsoCode',
];
const TYPES: Record<string, string> = {
  id: 'integer',
  name: 'string',
  customerId: 'integer',
  customerName: 'string',
  customerOrgno: 'string',
  statusId: 'integer',
  statusName: 'string',
  dateOrder: 'date-time',
  dateDelivery: 'date-time',
  dateInvoice: 'date-time?',
  dateDue: 'date-time?',
  totalExVat: 'number',
  totalVat: 'number',
  totalIncVat: 'number',
  openAmount: 'number',
  isLate: 'boolean',
  isFullyPaid: 'boolean',
  hasShipmentDiscrepancy: 'boolean',
  currencyIsoCode: 'string',
};
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

function typeOk(kind: string, value: unknown): boolean {
  if (kind.endsWith('?') && value === null) return true;
  const base = kind.replace('?', '');
  if (base === 'integer') return Number.isInteger(value);
  if (base === 'date-time')
    return typeof value === 'string' && DATE_TIME.test(value) && !Number.isNaN(Date.parse(value));
  return typeof value === base;
}

describe('spec conformance: GET /sales-orders', () => {
  let h: BusinessApiHarness;
  let tenant: number;
  let token: string;

  beforeAll(async () => {
    h = await startBusinessApi({ salesOrders: { now: () => SEED_AS_OF } });
    tenant = await seedSmallTenant(h.t.db, 'conf-so', 61);
    token = await h.token(tenant, { access: 'read-only', permissions: [] });
  }, SEED_TIMEOUT_MS);
  afterAll(() => h.close());

  const list = (query: Record<string, string | number>) => h.call('get', '/sales-orders', { token, query });
  const pages = async (query: Record<string, string | number>): Promise<Page[]> => {
    const out: Page[] = [];
    let cursor: string | undefined;
    do {
      const res = await list({ ...query, ...(cursor && { cursor }) });
      expect(res.status).toBe(200);
      out.push(res.body as Page);
      cursor = (res.body as Page).nextCursor ?? undefined;
    } while (cursor && out.length < 100);
    return out;
  };
  const expectInvalid = async (query: Record<string, string | number>) => {
    const res = await list(query);
    expect([JSON.stringify(query), res.status, res.body.code]).toEqual([JSON.stringify(query), 400, 'invalid_request']);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  };

  it('defaults to order intake, newest order date first, every page with truncated and the last with nextCursor null', async () => {
    const all = await pages({ pageSize: 37 });
    expect(all.length).toBeGreaterThan(1);
    for (const page of all) {
      expect(Object.keys(page).sort()).toEqual(['items', 'nextCursor', 'pageSizeApplied', 'truncated']);
      expect(page.truncated).toBe(false);
      expect(page.pageSizeApplied).toBe(37);
    }
    expect(all[all.length - 1]?.nextCursor).toBeNull();
    const items = all.flatMap((p) => p.items);
    const dates = items.map((i) => Date.parse(i.dateOrder as string));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    const intake = await h.t
      .db('orders as o')
      .join('statuses as s', (j) => j.on('s.tenant_id', 'o.tenant_id').andOn('s.id', 'o.status_id'))
      .where({ 'o.tenant_id': tenant, 's.is_order_intake': true })
      .whereIn('s.type', ['SALESORDER', 'SALESINVOICE'])
      .count<{ count: string }[]>('o.id');
    expect(items.length).toBe(Number(intake[0]?.count));
    expect(new Set(items.map((i) => i.id)).size).toBe(items.length);
  });

  it('lists SalesOrderDto items with exactly the spec fields and types', async () => {
    const res = await list({ statusKind: 'all', pageSize: 200 });
    const items = (res.body as Page).items;
    expect(items.length).toBeGreaterThan(100);
    for (const item of items) {
      expect(Object.keys(item).sort()).toEqual([...DTO_FIELDS].sort());
      for (const [field, kind] of Object.entries(TYPES))
        expect([field, typeOk(kind, item[field])]).toEqual([field, true]);
    }
  });

  it('include=lines,fulfilment embeds values equal to the sub-resources, page size at most 25 (default 25)', async () => {
    const page = (await list({ include: 'lines,fulfilment' })).body as Page;
    expect(page.pageSizeApplied).toBe(25);
    expect(page.truncated).toBe(false);
    expect(page.items.length).toBe(25);
    // GET .../fulfilment serves sales orders proper only (rule 7, docs/decisions.md): an invoiced item of the order
    // book is 404 there, and still carries its fulfilment as recorded. Which is which comes from the database.
    const types = new Map<number, string>(
      (
        await h.t
          .db('orders as o')
          .join('statuses as s', (j) => j.on('s.tenant_id', 'o.tenant_id').andOn('s.id', 'o.status_id'))
          .where('o.tenant_id', tenant)
          .whereIn(
            'o.id',
            page.items.map((i) => Number(i.id)),
          )
          .select<{ id: number; type: string }[]>('o.id', 's.type')
      ).map((row) => [row.id, row.type]),
    );
    expect([...types.values()].filter((type) => type === 'SALESORDER').length).toBeGreaterThan(0);
    for (const item of page.items) {
      const lines = await h.call('get', `/sales-orders/${item.id}/lines`, { token });
      expect(item.lines).toEqual(lines.body);
      const fulfilment = await h.call('get', `/sales-orders/${item.id}/fulfilment`, { token });
      const isOrder = types.get(Number(item.id)) === 'SALESORDER';
      expect([item.id, fulfilment.status]).toEqual([item.id, isOrder ? 200 : 404]);
      expect(item.fulfilment).toEqual(
        isOrder ? fulfilment.body : expect.objectContaining({ orderId: item.id, warehouseOrders: expect.any(Array) }),
      );
      expect(item).not.toHaveProperty('contact');
      expect(item).not.toHaveProperty('payment');
    }
    const capped = (await list({ include: 'lines', pageSize: 100 })).body as Page;
    expect([capped.pageSizeApplied, capped.truncated, capped.items.length]).toEqual([25, true, 25]);
    const smaller = (await list({ include: 'fulfilment', pageSize: 5 })).body as Page;
    expect([smaller.pageSizeApplied, smaller.truncated, smaller.items.length]).toEqual([5, false, 5]);
  });

  it.each(['', ' ', 'contact', 'payment', 'lines,', 'lines,contact', 'everything'])(
    'include=%p is 400 invalid_request',
    async (include) => {
      await expectInvalid({ include });
    },
  );

  it.each([
    ['email', ''],
    ['email', 'no-at-sign.example'],
    ['email', `${'a'.repeat(243)}@example.com`],
    ['shopOrderNumber', ''],
    ['shopOrderNumber', '  '],
    ['customerId', ''],
    ['customerId', 'abc'],
    ['customerId', '1.5'],
    ['customerId', '0'],
    ['customerId', '99999999999'],
    ['statusId', ''],
    ['statusId', 'x'],
    ['statusKind', ''],
    ['statusKind', 'bogus'],
    ['currency', ''],
    ['currency', 'EURO'],
  ])('%s=%p is 400 invalid_request (rule 6)', async (name, value) => {
    await expectInvalid({ [name]: value });
  });

  it('accepts an e-mail of exactly 254 characters', async () => {
    const email = `${'a'.repeat(242)}@example.com`;
    expect(email.length).toBe(254);
    const res = await list({ email });
    expect(res.status).toBe(200);
    expect((res.body as Page).items).toEqual([]);
  });

  it('statusId pins a status outside the intake default', async () => {
    const cancelled = await insertOrder(h.t.db, tenant, { status_id: SEEDED_STATUS.soCancelled });
    const items = (await pages({ statusId: SEEDED_STATUS.soCancelled, pageSize: 200 })).flatMap((p) => p.items);
    expect(items.map((i) => i.id)).toContain(cancelled);
    expect(new Set(items.map((i) => i.statusId))).toEqual(new Set([SEEDED_STATUS.soCancelled]));
    expect((await pages({ pageSize: 200 })).flatMap((p) => p.items).map((i) => i.id)).not.toContain(cancelled);
  });
});

import { startBusinessApi, type BusinessApiHarness } from '../../../support/business-api';
import { SEED_TIMEOUT_MS, num, seedSmallTenant } from '../../../support/business-data';
import { collectPages } from '../../../support/paging';

type Doc = {
  id: number;
  invoice_number: number | null;
  customer_id: number;
  customer_name: string;
  customer_orgno: string;
  name: string;
  status_id: number;
  status_name: string;
  type: string;
  is_sales: boolean;
  is_order_intake: boolean;
  date_order: Date;
  date_invoice: Date | null;
  date_due: Date | null;
  total_ex_vat: string;
  total_vat: string;
  total_inc_vat: string;
  paid_amount: string;
  currency_code: string;
};
type Query = Record<string, string | number>;

const round4 = (n: number) => Math.round(n * 10_000) / 10_000;

/** The DTO the spec describes, built here from raw rows without the server's code. */
function expectedDto(d: Doc) {
  const total = num(d.total_inc_vat);
  const open = round4(total - num(d.paid_amount));
  const fullyPaid = total >= 0 ? open <= 0 : open >= 0;
  const invoiceDate = d.date_invoice ?? d.date_order;
  return {
    id: d.id,
    invoiceNumber: d.invoice_number ?? 0,
    customerId: d.customer_id,
    customerName: d.customer_name,
    customerOrgno: d.customer_orgno,
    statusName: d.status_name,
    dateInvoice: invoiceDate.toISOString(),
    dateDue: (d.date_due ?? invoiceDate).toISOString(),
    dateOrder: d.date_order.toISOString(),
    totalExVat: num(d.total_ex_vat),
    totalVat: num(d.total_vat),
    totalIncVat: total,
    openAmount: open,
    paidAmount: num(d.paid_amount),
    isLate: d.is_sales && !fullyPaid && d.date_due !== null && d.date_due < new Date(),
    isFullyPaid: fullyPaid,
    currencyIsoCode: d.currency_code,
    documentType: d.type === 'SALESCREDIT' ? 'credit' : 'invoice',
  };
}

describe('GET /sales-invoices', () => {
  let h: BusinessApiHarness;
  let tenantA: number;
  let tenantB: number;
  let token: string;
  let docs: Doc[];
  const SPECIAL = 800_001;

  async function docsOf(tenantId: number): Promise<Doc[]> {
    const rows: Doc[] = await h.t
      .db('orders as o')
      .join('statuses as s', (j) => j.on('s.tenant_id', 'o.tenant_id').andOn('s.id', 'o.status_id'))
      .join('customers as c', (j) => j.on('c.tenant_id', 'o.tenant_id').andOn('c.id', 'o.customer_id'))
      .where('o.tenant_id', tenantId)
      .select(
        'o.*',
        's.name as status_name',
        's.type',
        's.is_sales',
        's.is_order_intake',
        'c.name as customer_name',
        'c.orgno as customer_orgno',
      );
    return rows.sort((a, b) => b.date_order.getTime() - a.date_order.getTime() || b.id - a.id);
  }
  const invoices = (keep: (d: Doc) => boolean) =>
    docs.filter((d) => d.type === 'SALESINVOICE' && keep(d)).map(expectedDto);

  beforeAll(async () => {
    h = await startBusinessApi();
    tenantA = await seedSmallTenant(h.t.db, 'inv-a', 1);
    tenantB = await seedSmallTenant(h.t.db, 'inv-b', 2);
    await h.t.db('customers').insert({
      tenant_id: tenantA,
      id: SPECIAL,
      contact_number: SPECIAL,
      name: 'Okapi Trading GmbH',
      orgno: 'DE-12345',
      currency_code: 'EUR',
    });
    const doc = (id: number, statusId: number, extra: object) => ({
      tenant_id: tenantA,
      id,
      status_id: statusId,
      customer_id: SPECIAL,
      name: `Okapi ${id}`,
      currency_code: 'EUR',
      ...extra,
    });
    await h.t.db('orders').insert([
      doc(SPECIAL, 7, {
        invoice_number: 990_001,
        date_order: '2025-03-01T08:00:00Z',
        date_invoice: '2025-03-02T09:30:00Z',
        date_due: '2025-03-31T00:00:00Z',
        total_ex_vat: '1000.0000',
        total_vat: '190.0000',
        total_inc_vat: '1190.0000',
        paid_amount: '190.1000',
      }),
      doc(SPECIAL + 1, 11, {
        invoice_number: 990_002,
        date_order: '2025-03-03T08:00:00Z',
        date_invoice: '2025-03-03T08:00:00Z',
        date_due: '2025-03-03T08:00:00Z',
        total_ex_vat: '-100.0000',
        total_vat: '-19.0000',
        total_inc_vat: '-119.0000',
        paid_amount: '-119.0000',
        credited_order_id: SPECIAL,
      }),
      doc(SPECIAL + 2, 6, { date_order: '2025-03-04T08:00:00Z', total_inc_vat: '50.0000' }),
    ]);
    docs = await docsOf(tenantA);
    token = await h.token(tenantA, { access: 'read-only', permissions: [] });
  }, SEED_TIMEOUT_MS);
  afterAll(() => h.close());

  const list = (query: Query = {}, t = token) => h.call('get', '/sales-invoices', { token: t, query });
  const all = (query: Query = {}, t = token) =>
    collectPages<unknown>((cursor) => list({ ...query, pageSize: 100, ...(cursor && { cursor }) }, t));

  it('lists IsSales revenue invoices by default, newest order date first', async () => {
    const expected = invoices((d) => d.is_sales);
    expect(expected.length).toBeGreaterThan(60);
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ pageSizeApplied: 50, truncated: false });
    expect(res.body.items).toEqual(expected.slice(0, 50));
    expect(await all()).toEqual(expected);
  });

  it('computes open amount, late and paid flags', async () => {
    const res = await list({ customerId: SPECIAL, documentType: 'both' });
    expect(res.body.items).toEqual([
      {
        id: SPECIAL + 1,
        invoiceNumber: 990_002,
        customerId: SPECIAL,
        customerName: 'Okapi Trading GmbH',
        customerOrgno: 'DE-12345',
        statusName: 'Credited',
        dateInvoice: '2025-03-03T08:00:00.000Z',
        dateDue: '2025-03-03T08:00:00.000Z',
        dateOrder: '2025-03-03T08:00:00.000Z',
        totalExVat: -100,
        totalVat: -19,
        totalIncVat: -119,
        openAmount: 0,
        paidAmount: -119,
        isLate: false,
        isFullyPaid: true,
        currencyIsoCode: 'EUR',
        documentType: 'credit',
      },
      {
        id: SPECIAL,
        invoiceNumber: 990_001,
        customerId: SPECIAL,
        customerName: 'Okapi Trading GmbH',
        customerOrgno: 'DE-12345',
        statusName: 'Invoiced',
        dateInvoice: '2025-03-02T09:30:00.000Z',
        dateDue: '2025-03-31T00:00:00.000Z',
        dateOrder: '2025-03-01T08:00:00.000Z',
        totalExVat: 1000,
        totalVat: 190,
        totalIncVat: 1190,
        openAmount: 999.9,
        paidAmount: 190.1,
        isLate: true,
        isFullyPaid: false,
        currencyIsoCode: 'EUR',
        documentType: 'invoice',
      },
    ]);
  });

  it.each<[string, Query, (d: Doc) => boolean, string?]>([
    ['documentType=credit', { documentType: 'credit' }, (d) => d.is_sales, 'SALESCREDIT'],
    ['documentType=both (any case)', { documentType: 'BOTH' }, (d) => d.is_sales, 'both'],
    ['statusKind=all', { statusKind: 'all' }, () => true],
    ['statusKind=intake', { statusKind: 'intake' }, (d) => d.is_order_intake],
    ['statusId (pinned, any flag)', { statusId: 6 }, (d) => d.status_id === 6],
    ['statusId and statusKind', { statusId: 6, statusKind: 'sales' }, () => false],
    ['a customerId', { customerId: 3 }, (d) => d.is_sales && d.customer_id === 3],
    [
      'customerName (part, case ignored)',
      { customerName: 'OKAPI' },
      (d) => d.is_sales && d.customer_name.toLowerCase().includes('okapi'),
    ],
    ['currency (any case)', { currency: 'eur' }, (d) => d.is_sales && d.currency_code === 'EUR'],
    [
      'invoiceDateFrom and a plain-date invoiceDateTo',
      { invoiceDateFrom: '2024-12-01T00:00:00Z', invoiceDateTo: '2024-12-31' },
      (d) =>
        d.is_sales &&
        d.date_invoice !== null &&
        d.date_invoice >= new Date('2024-12-01T00:00:00Z') &&
        d.date_invoice < new Date('2025-01-01T00:00:00Z'),
    ],
    [
      'dueDateFrom and dueDateTo with offsets',
      { dueDateFrom: '2025-01-01T01:00:00+01:00', dueDateTo: '2025-02-01T00:00:00+01:00' },
      (d) =>
        d.is_sales &&
        d.date_due !== null &&
        d.date_due >= new Date('2025-01-01T00:00:00Z') &&
        d.date_due <= new Date('2025-01-31T23:00:00Z'),
    ],
    [
      'totalMin and totalMax',
      { totalMin: 500, totalMax: 2000.5 },
      (d) => d.is_sales && num(d.total_inc_vat) >= 500 && num(d.total_inc_vat) <= 2000.5,
    ],
    ['q: part of the customer name', { q: 'okapi trad' }, (d) => d.is_sales && d.customer_id === SPECIAL],
    ['q: an invoice number', { q: '990001' }, (d) => d.is_sales && d.invoice_number === 990_001],
  ])('filters by %s', async (_name, query, keep, types = 'SALESINVOICE') => {
    const wanted = types === 'both' ? ['SALESINVOICE', 'SALESCREDIT'] : [types];
    const expected = docs.filter((d) => wanted.includes(d.type) && keep(d)).map(expectedDto);
    if (!('statusKind' in query && query.statusId !== undefined)) expect(expected.length).toBeGreaterThan(0);
    expect(await all(query)).toEqual(expected);
  });

  it('numbers a draft invoice 0', async () => {
    const res = await list({ statusId: 6, customerId: SPECIAL });
    expect(res.body.items).toEqual([
      expect.objectContaining({
        id: SPECIAL + 2,
        invoiceNumber: 0,
        statusName: 'Draft invoice',
        documentType: 'invoice',
      }),
    ]);
  });

  it('stays stable when invoices are inserted while paging', async () => {
    const expected = invoices((d) => d.is_sales);
    const seen: Array<{ id: number }> = [];
    let cursor: string | undefined;
    let page = 0;
    do {
      const res = await list({ pageSize: 30, ...(cursor && { cursor }) });
      seen.push(...res.body.items);
      cursor = res.body.nextCursor ?? undefined;
      if (page++ === 0) {
        const base = {
          tenant_id: tenantA,
          status_id: 7,
          customer_id: SPECIAL,
          currency_code: 'EUR',
          date_invoice: '2025-01-01T00:00:00Z',
        };
        await h.t.db('orders').insert([
          { ...base, id: SPECIAL + 10, name: 'new, newest', date_order: '2025-03-14T11:00:00Z' },
          { ...base, id: SPECIAL + 11, name: 'new, old', date_order: '2024-01-01T00:00:00Z' },
        ]);
      }
    } while (cursor);
    const ids = seen.map((s) => s.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining(expected.map((e) => e.id)));
    expect(ids).not.toContain(SPECIAL + 10);
    await h.t
      .db('orders')
      .where({ tenant_id: tenantA })
      .whereIn('id', [SPECIAL + 10, SPECIAL + 11])
      .del();
  });

  it.each<[string, Query]>([
    ['a blank customerId', { customerId: '' }],
    ['a non-numeric statusId', { statusId: 'paid' }],
    ['an unknown statusKind', { statusKind: 'open' }],
    ['an unknown documentType', { documentType: 'receipt' }],
    ['a malformed currency', { currency: 'E1R' }],
    ['a malformed cursor', { cursor: '!!' }],
  ])('answers %s with 400 invalid_request', async (_name, query) => {
    const res = await list(query);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'invalid_request' });
  });

  it.each<[string, Query, string]>([
    ['a totalMin that is not a number', { totalMin: 'lots' }, 'totalMin'],
    ['an invoiceDateFrom that is not a date-time', { invoiceDateFrom: '01/02/2025' }, 'invoiceDateFrom'],
    ['a dueDateTo that is no real day', { dueDateTo: '2025-02-30' }, 'dueDateTo'],
    ['pageSize 0', { pageSize: 0 }, 'pageSize'],
  ])('answers %s with ValidationProblemDetails', async (_name, query, field) => {
    const res = await list(query);
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(Object.keys(res.body.errors)).toEqual([field]);
  });

  it('applies at most 200', async () => {
    expect((await list({ pageSize: 1000 })).body).toMatchObject({ pageSizeApplied: 200, truncated: true });
  });

  it("never lists another tenant's invoices", async () => {
    const tokenB = await h.token(tenantB);
    const docsB = await docsOf(tenantB);
    expect(await all({ statusKind: 'all', documentType: 'both' }, tokenB)).toEqual(
      docsB.filter((d) => d.type !== 'SALESORDER' && d.type !== 'PURCHASEORDER').map(expectedDto),
    );
    expect((await list({ customerId: SPECIAL }, tokenB)).body.items).toEqual([]);
  });

  it('needs a token', async () => {
    expect((await h.call('get', '/sales-invoices')).status).toBe(401);
  });
});

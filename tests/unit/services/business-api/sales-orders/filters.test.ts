import { isInvalidRequestIssue } from '../../../../../services/business-api/filters/invalid-request';
import { salesOrderListQuery } from '../../../../../services/business-api/sales-orders/list/list-schemas';
import { resolveStatusKind } from '../../../../../services/business-api/sales-orders/status-kind';

const parse = (query: Record<string, string | undefined>) => salesOrderListQuery.safeParse(query);

describe('resolveStatusKind', () => {
  it.each([
    [{}, 'intake'],
    [{ statusKind: 'sales' as const }, 'sales'],
    [{ statusId: 3 }, 'all'],
    [{ email: 'a@b.se' }, 'all'],
    [{ shopOrderNumber: '#1' }, 'all'],
    [{ email: 'a@b.se', statusKind: 'intake' as const }, 'intake'],
    [{ statusId: 3, statusKind: 'purchase' as const }, 'purchase'],
  ])('%j -> %s', (inputs, kind) => {
    expect(resolveStatusKind(inputs)).toBe(kind);
  });
});

describe('GET /sales-orders query', () => {
  it('normalises identifier filters', () => {
    const result = parse({
      customerId: ' 42 ',
      currency: 'sek',
      statusKind: 'ALL',
      email: '  A.B@Example.COM ',
      shopOrderNumber: ' #AB-1 ',
      include: 'lines , fulfilment,lines',
    });
    expect(result.data).toEqual({
      customerId: 42,
      currency: 'SEK',
      statusKind: 'all',
      email: 'a.b@example.com',
      shopOrderNumber: '#ab-1',
      include: ['lines', 'fulfilment'],
    });
  });

  it('reads plain dates as days and date-times as instants', () => {
    expect(parse({ orderDateFrom: '2025-01-02', invoiceDateTo: '2025-01-03T10:00:00+01:00' }).data).toEqual({
      orderDateFrom: { at: new Date('2025-01-02T00:00:00Z'), dateOnly: true },
      invoiceDateTo: { at: new Date('2025-01-03T09:00:00Z'), dateOnly: false },
    });
  });

  it('reads a date-time without offset as UTC', () => {
    expect(parse({ deliveryDateTo: '2025-01-01T10:00:00' }).data).toEqual({
      deliveryDateTo: { at: new Date('2025-01-01T10:00:00Z'), dateOnly: false },
    });
  });

  it('treats blank free text as no filter', () => {
    expect(parse({ q: '   ', customerName: '' }).data).toEqual({ q: undefined, customerName: undefined });
  });

  it.each([
    { customerId: '' },
    { customerId: '01x' },
    { statusId: '0' },
    { currency: 'EU' },
    { statusKind: 'open' },
    { email: 'nobody' },
    { email: `${'x'.repeat(251)}@a.se` },
    { shopOrderNumber: ' ' },
    { include: '' },
    { include: 'lines,payment' },
  ])('marks %j as invalid_request', (query) => {
    const result = parse(query);
    expect(result.success).toBe(false);
    expect(result.error?.issues.every(isInvalidRequestIssue)).toBe(true);
  });

  it.each([
    { orderDateFrom: '2025-13-01' },
    { totalMin: '' },
    { totalMax: '1e999' },
    { deliveryDateTo: '2025-01-01T10:00:00+2' },
  ])('marks %j as a binding problem', (query) => {
    const result = parse(query);
    expect(result.success).toBe(false);
    expect(result.error?.issues.some(isInvalidRequestIssue)).toBe(false);
  });
});

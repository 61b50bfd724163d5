import {
  permissionsForLineChange,
  requirePermissions,
} from '../../../../../services/business-api/sales-orders/lines/line-permissions';
import { exVatPrice } from '../../../../../services/business-api/sales-orders/lines/new-line';
import { lockedReason } from '../../../../../services/business-api/sales-orders/lookup';
import { orderFlags, type FlagInputs } from '../../../../../services/business-api/sales-orders/order-flags';
import { capturedTotal } from '../../../../../services/business-api/sales-orders/payment/payment-dto';
import { diffPatch } from '../../../../../services/business-api/sales-orders/writes/patch-order';

const NOW = new Date('2025-03-14T12:00:00Z');
const before = new Date('2025-03-01T00:00:00Z');
const after = new Date('2025-04-01T00:00:00Z');
const base: FlagInputs = {
  statusType: 'SALESORDER',
  isIntake: true,
  isSales: true,
  dateDelivery: after,
  dateDue: null,
  totalIncVat: 100,
  openAmount: 100,
  hasOpenQuantity: true,
  hasOverDelivery: false,
  hasDeliveryDifference: true,
};

describe('orderFlags', () => {
  it.each<[string, Partial<FlagInputs>, boolean]>([
    ['a booked order before its delivery date', {}, false],
    ['a booked order past its delivery date with quantity left', { dateDelivery: before }, true],
    ['a booked order past its delivery date, all delivered', { dateDelivery: before, hasOpenQuantity: false }, false],
    ['a cancelled (non-intake) order past its delivery date', { dateDelivery: before, isIntake: false }, false],
    ['an issued invoice past due with money open', { statusType: 'SALESINVOICE', dateDue: before }, true],
    ['an issued invoice past due, paid', { statusType: 'SALESINVOICE', dateDue: before, openAmount: 0 }, false],
    ['a draft invoice past due', { statusType: 'SALESINVOICE', isSales: false, dateDue: before }, false],
    ['an issued invoice not yet due', { statusType: 'SALESINVOICE', dateDue: after }, false],
  ])('isLate: %s', (_name, change, late) => {
    expect(orderFlags({ ...base, ...change }, NOW).isLate).toBe(late);
  });

  it('isFullyPaid when nothing is left to pay (overpaid and zero totals too)', () => {
    expect(orderFlags({ ...base, openAmount: 0.01 }, NOW).isFullyPaid).toBe(false);
    expect(orderFlags({ ...base, openAmount: 0 }, NOW).isFullyPaid).toBe(true);
    expect(orderFlags({ ...base, openAmount: -5 }, NOW).isFullyPaid).toBe(true);
    expect(orderFlags({ ...base, totalIncVat: 0, openAmount: 0 }, NOW).isFullyPaid).toBe(true);
  });

  it('isFullyPaid on a credit only once its refund is recorded, as on /sales-invoices', () => {
    const credit = { ...base, statusType: 'SALESCREDIT', totalIncVat: -50 };
    expect(orderFlags({ ...credit, openAmount: -50 }, NOW).isFullyPaid).toBe(false);
    expect(orderFlags({ ...credit, openAmount: 0 }, NOW).isFullyPaid).toBe(true);
  });

  it('hasShipmentDiscrepancy: over-delivery anywhere, delivered != invoiced on an issued invoice', () => {
    expect(orderFlags(base, NOW).hasShipmentDiscrepancy).toBe(false);
    expect(orderFlags({ ...base, hasOverDelivery: true }, NOW).hasShipmentDiscrepancy).toBe(true);
    expect(orderFlags({ ...base, statusType: 'SALESINVOICE' }, NOW).hasShipmentDiscrepancy).toBe(true);
    expect(
      orderFlags({ ...base, statusType: 'SALESINVOICE', hasDeliveryDifference: false }, NOW).hasShipmentDiscrepancy,
    ).toBe(false);
  });
});

describe('line permissions', () => {
  it.each<[Parameters<typeof permissionsForLineChange>[0], object, string[]]>([
    ['add', { quantity: 1 }, ['quantity']],
    ['add', { quantity: 1, price: 2 }, ['quantity', 'price']],
    ['add', { quantity: 1, vatRate: 0 }, ['quantity', 'price']],
    ['patch', { description: 'x' }, []],
    ['patch', { quantity: 2 }, ['quantity']],
    ['patch', { discountPercent: 5 }, ['price']],
    ['delete', {}, ['quantity']],
  ])('%s %j needs %j', (change, fields, needed) => {
    expect(permissionsForLineChange(change, fields)).toEqual(needed);
  });

  it('names the missing permission in a 403', () => {
    expect(() => requirePermissions(['quantity'], ['quantity', 'price'])).toThrow(
      expect.objectContaining({ status: 403, code: 'forbidden', message: expect.stringContaining('price') }),
    );
    expect(() => requirePermissions(['price', 'quantity'], ['quantity', 'price'])).not.toThrow();
  });
});

describe('lockedReason', () => {
  const doc = { id: 7, status_type: 'SALESORDER', invoice_number: null, credited: false };
  it.each<[string, object, RegExp | undefined]>([
    ['an open order', {}, undefined],
    ['an invoice', { status_type: 'SALESINVOICE' }, /invoiced/],
    ['an order with an invoice number', { invoice_number: 5 }, /invoiced/],
    ['a credit', { status_type: 'SALESCREDIT' }, /credit invoice/],
    ['a credited document', { status_type: 'SALESINVOICE', credited: true }, /credited/],
  ])('%s', (_name, change, reason) => {
    const result = lockedReason({ ...doc, ...change });
    if (reason) expect(result).toMatch(reason);
    else expect(result).toBeUndefined();
  });
});

describe('money', () => {
  it('converts VAT-inclusive list prices to four decimals', () => {
    expect(exVatPrice({ amount: '149.0000', vat_rate: '25.000', prices_include_vat: true })).toBe('119.2000');
    expect(exVatPrice({ amount: '10.0000', vat_rate: '25.000', prices_include_vat: false })).toBe('10.0000');
  });

  it('sums captured minus refunded in the order currency exactly', () => {
    const p = {
      provider: 'x',
      providerReference: 'r',
      method: null,
      status: 'captured',
      amount: 0,
      authorizedAt: null,
      capturedAt: null,
    };
    expect(
      capturedTotal(
        [
          { ...p, capturedAmount: 0.1, refundedAmount: 0, currencyIsoCode: 'SEK' },
          { ...p, capturedAmount: 0.2, refundedAmount: 0.05, currencyIsoCode: 'SEK' },
          { ...p, capturedAmount: 99, refundedAmount: 0, currencyIsoCode: 'EUR' },
        ],
        'SEK',
      ),
    ).toBe(0.25);
  });
});

describe('diffPatch', () => {
  it('splits sent fields into changed and unchanged, comparing dates as instants', () => {
    const current = { name: 'A', yourReference: null, dateDelivery: new Date('2025-01-01T00:00:00Z') };
    expect(
      diffPatch(current, {
        name: 'B',
        yourReference: null,
        dateDelivery: '2025-01-01T01:00:00+01:00',
        ourReference: undefined,
      }),
    ).toEqual({
      changed: ['name'],
      unchanged: ['yourReference', 'dateDelivery'],
    });
  });
});

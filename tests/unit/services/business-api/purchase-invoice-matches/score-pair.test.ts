import {
  scorePair,
  type PairContext,
} from '../../../../../services/business-api/purchase-invoice-matches/scoring/score-pair';
import { DAY, INVOICE_DATE, TOL, line, receipt } from './fixtures';

const ctx = (over: Partial<PairContext> = {}): PairContext => ({
  tolerances: TOL,
  invoiceDateMs: INVOICE_DATE,
  poNumber: null,
  orderLineOpenQty: 10,
  ...over,
});

describe('scorePair', () => {
  it('scores an exact match on every signal at 100', () => {
    expect(scorePair(line(), receipt(), ctx({ poNumber: 5001 }))).toEqual({
      score: 100,
      reasons: ['VendorSku', 'ProductNumber', 'Description', 'QtyExact', 'PriceExact', 'DateWindow', 'OrderReference'],
      sameProduct: true,
    });
  });

  it('gives exact quantity and price 25 and 20 points, the strongest identity signal plus 5 for both codes', () => {
    expect(scorePair(line(), receipt(), ctx()).score).toBe(40 + 25 + 20 + 5);
    expect(scorePair(line({ productNumber: null }), receipt(), ctx()).score).toBe(35 + 25 + 20 + 5);
    expect(scorePair(line({ vendorSku: null }), receipt(), ctx()).score).toBe(30 + 25 + 20 + 5);
    expect(scorePair(line({ vendorSku: null, productNumber: null }), receipt(), ctx()).score).toBe(15 + 25 + 20 + 5);
  });

  it('compares codes ignoring case, spaces and punctuation, and descriptions ignoring case and spacing', () => {
    const pair = scorePair(
      line({ vendorSku: ' acme 100 ', productNumber: 'p100', description: 'BLUE   widget' }),
      receipt(),
      ctx(),
    );
    expect(pair.reasons.slice(0, 3)).toEqual(['VendorSku', 'ProductNumber', 'Description']);
  });

  it('compares non-ASCII codes the same way', () => {
    const nordic = receipt({ vendorSkus: ['ÅÄÖ-1'], productNumber: 'Ø 7' });
    expect(scorePair(line({ vendorSku: 'åäö1', productNumber: 'ø-7' }), nordic, ctx()).reasons.slice(0, 2)).toEqual([
      'VendorSku',
      'ProductNumber',
    ]);
  });

  it('accepts quantity and price within tolerance (boundaries included)', () => {
    const pair = scorePair(line({ quantity: 10.5, price: 5.1 }), receipt(), ctx());
    expect(pair.reasons).toEqual(expect.arrayContaining(['QtyWithinTolerance', 'PriceWithinTolerance']));
    expect(pair.score).toBe(40 + 15 + 10 + 5);
    expect(scorePair(line({ quantity: 9.5, price: 4.9 }), receipt(), ctx()).score).toBe(70);
  });

  it('gives no quantity or price points outside tolerance', () => {
    const pair = scorePair(line({ quantity: 10.6, price: 5.2 }), receipt(), ctx());
    expect(pair.reasons).toEqual(['VendorSku', 'ProductNumber', 'Description', 'DateWindow']);
    expect(pair.score).toBe(45);
  });

  it('uses the tenant tolerances', () => {
    const wide = { ...TOL, qtyPercent: 0.2, pricePercent: 0.1, dateWindowDays: 1 };
    const pair = scorePair(line({ quantity: 12, price: 5.5 }), receipt(), ctx({ tolerances: wide }));
    expect(pair.reasons).toEqual([
      'VendorSku',
      'ProductNumber',
      'Description',
      'QtyWithinTolerance',
      'PriceWithinTolerance',
    ]);
  });

  it('matches the quantity of a purchase-order line received in parts (CombinedReceipts)', () => {
    const pair = scorePair(line({ quantity: 10 }), receipt({ openQuantity: 6 }), ctx({ orderLineOpenQty: 10 }));
    expect(pair.reasons).toEqual(expect.arrayContaining(['QtyExact', 'CombinedReceipts']));
    expect(pair.score).toBe(90);
    const alone = scorePair(line({ quantity: 6 }), receipt({ openQuantity: 6 }), ctx({ orderLineOpenQty: 10 }));
    expect(alone.reasons).not.toContain('CombinedReceipts');
  });

  it('counts the date window either side of the invoice date, inclusive', () => {
    expect(scorePair(line(), receipt({ receivedAtMs: INVOICE_DATE - 30 * DAY }), ctx()).reasons).toContain(
      'DateWindow',
    );
    expect(scorePair(line(), receipt({ receivedAtMs: INVOICE_DATE + 30 * DAY }), ctx()).reasons).toContain(
      'DateWindow',
    );
    expect(scorePair(line(), receipt({ receivedAtMs: INVOICE_DATE - 31 * DAY }), ctx()).reasons).not.toContain(
      'DateWindow',
    );
  });

  it('counts an order reference only when the invoice names that purchase order', () => {
    expect(scorePair(line(), receipt(), ctx({ poNumber: 5002 })).reasons).not.toContain('OrderReference');
    expect(scorePair(line(), receipt({ purchaseNumber: null }), ctx({ poNumber: 5001 })).reasons).not.toContain(
      'OrderReference',
    );
  });

  it('ignores quantity and price for another product', () => {
    const other = receipt({ productNumber: 'P-200', vendorSkus: ['ACME-200'], description: 'Red widget' });
    expect(scorePair(line(), other, ctx({ poNumber: 5001 }))).toEqual({
      score: 15,
      reasons: ['DateWindow', 'OrderReference'],
      sameProduct: false,
    });
  });

  it('scores quantity and price for a line that names no product at all', () => {
    const bare = line({ productNumber: null, vendorSku: '  ', description: null });
    expect(scorePair(bare, receipt(), ctx())).toEqual({
      score: 50,
      reasons: ['QtyExact', 'PriceExact', 'DateWindow'],
      sameProduct: true,
    });
  });
});

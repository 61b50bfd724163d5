import { suggestMatches } from '../../../../../services/business-api/purchase-invoice-matches/scoring/suggest';
import type { LineSuggestion } from '../../../../../services/business-api/purchase-invoice-matches/scoring/types';
import { DAY, INVOICE_DATE, TOL, draft, line, receipt } from './fixtures';

const ids = (s: LineSuggestion) => s.candidates.map((c) => c.receipt.id);
const eligible = (s: LineSuggestion) => s.candidates.filter((c) => c.isAutoEligible).map((c) => c.receipt.id);

describe('suggestMatches', () => {
  it('suggests the exact receipt first and marks it auto-eligible', () => {
    const [s] = suggestMatches(
      draft([line()]),
      [receipt({ id: 1 }), receipt({ id: 2, orderItemId: 12, openQuantity: 30 })],
      TOL,
    );
    expect(ids(s)).toEqual([1, 2]);
    expect(s.candidates[0]).toMatchObject({ score: 90, isAutoEligible: true });
    expect(s.candidates[1]).toMatchObject({ score: 65, isAutoEligible: false });
  });

  it('does not auto-approve a match within tolerance below the threshold', () => {
    const [s] = suggestMatches(draft([line({ quantity: 10.3, price: 5.05 })]), [receipt()], TOL);
    expect(s.candidates[0]).toMatchObject({
      score: 70,
      reasons: expect.arrayContaining(['QtyWithinTolerance', 'PriceWithinTolerance']),
      isAutoEligible: false,
    });
    const lenient = suggestMatches(draft([line({ quantity: 10.3, price: 5.05 })]), [receipt()], {
      ...TOL,
      autoEligibleScore: 70,
    });
    expect(lenient[0].candidates[0].isAutoEligible).toBe(true);
  });

  it('keeps a receipt outside tolerance as a weak candidate', () => {
    const [s] = suggestMatches(draft([line({ quantity: 20, price: 9 })]), [receipt()], TOL);
    expect(s.candidates[0]).toMatchObject({ score: 45, isAutoEligible: false });
    expect(s.candidates[0].reasons).not.toEqual(expect.arrayContaining(['QtyExact']));
  });

  it('leaves out receipts that share nothing with the line', () => {
    const other = receipt({
      id: 9,
      productNumber: 'X',
      vendorSkus: [],
      description: 'Other',
      receivedAtMs: INVOICE_DATE - 90 * DAY,
    });
    expect(ids(suggestMatches(draft([line()]), [other], TOL)[0])).toEqual([]);
  });

  it('returns at most 5 candidates per line, best first', () => {
    const receipts = Array.from({ length: 8 }, (_, i) =>
      receipt({ id: i + 1, orderItemId: 20 + i, openQuantity: 10 + i / 2 }),
    );
    const [s] = suggestMatches(draft([line()]), receipts, TOL);
    expect(ids(s)).toEqual([1, 2, 3, 4, 5]);
    expect(s.candidates.map((c) => c.score)).toEqual([90, 80, 65, 65, 65]);
  });

  it('treats duplicate candidates on different purchase-order lines as ambiguous', () => {
    const [s] = suggestMatches(
      draft([line()]),
      [receipt({ id: 1, orderItemId: 11 }), receipt({ id: 2, orderId: 2, orderItemId: 21 })],
      TOL,
    );
    expect(s.candidates.map((c) => c.score)).toEqual([90, 90]);
    expect(eligible(s)).toEqual([]);
  });

  it('lets the order reference settle duplicates (a rival 10 points behind is not close)', () => {
    const receipts = [
      receipt({ id: 1, orderItemId: 11, purchaseNumber: 5001 }),
      receipt({ id: 2, orderId: 2, orderItemId: 21, purchaseNumber: 5002 }),
    ];
    const [s] = suggestMatches(draft([line()], { poNumber: 5002 }), receipts, TOL);
    expect(ids(s)).toEqual([2, 1]);
    expect(eligible(s)).toEqual([2]);
  });

  it('breaks ties between interchangeable receipts of one purchase-order line by date, then id', () => {
    const receipts = [
      receipt({ id: 3, receivedAtMs: INVOICE_DATE - 5 * DAY, openQuantity: 10 }),
      receipt({ id: 4, receivedAtMs: INVOICE_DATE - DAY, openQuantity: 10 }),
    ];
    const [s] = suggestMatches(draft([line()]), receipts, { ...TOL });
    expect(ids(s)).toEqual([4, 3]);
    expect(eligible(s)).toEqual([4]);
  });

  it('matches a line to split receipts together and makes them auto-eligible as a group', () => {
    const receipts = [
      receipt({ id: 1, openQuantity: 6 }),
      receipt({ id: 2, openQuantity: 4, receivedAtMs: INVOICE_DATE - DAY }),
    ];
    const [s] = suggestMatches(draft([line({ quantity: 10 })]), receipts, TOL);
    expect(s.candidates.every((c) => c.reasons.includes('CombinedReceipts') && c.score === 90)).toBe(true);
    expect(eligible(s).sort()).toEqual([1, 2]);
  });

  it('matches lines invoiced per delivery to their own receipts', () => {
    const receipts = [receipt({ id: 1, openQuantity: 6 }), receipt({ id: 2, openQuantity: 4 })];
    const suggestions = suggestMatches(
      draft([line({ index: 0, quantity: 6 }), line({ index: 1, quantity: 4 })]),
      receipts,
      TOL,
    );
    expect(suggestions.map(eligible)).toEqual([[1], [2]]);
  });

  it('does not auto-approve one receipt that fits two lines', () => {
    const suggestions = suggestMatches(draft([line({ index: 0 }), line({ index: 1 })]), [receipt({ id: 7 })], TOL);
    expect(suggestions.map(ids)).toEqual([[7], [7]]);
    expect(suggestions.map(eligible)).toEqual([[], []]);
  });

  it('returns one suggestion per line in line order, also for a line without candidates', () => {
    const lines = [
      line({ index: 2, productNumber: 'NONE', vendorSku: 'NONE', description: 'none' }),
      line({ index: 0 }),
    ];
    const suggestions = suggestMatches(draft(lines), [receipt()], TOL);
    expect(suggestions.map((s) => [s.line.index, s.candidates.length])).toEqual([
      [0, 1],
      [2, 0],
    ]);
  });

  it('offers the named purchase order’s receipts for a line with a mistyped code', () => {
    const typo = line({ productNumber: 'P-10O', vendorSku: null, description: null });
    const [s] = suggestMatches(draft([typo], { poNumber: 5001 }), [receipt()], TOL);
    expect(s.candidates[0]).toMatchObject({
      score: 15,
      reasons: ['DateWindow', 'OrderReference'],
      isAutoEligible: false,
    });
  });

  it('sees a rival beyond the top 5 when judging ambiguity', () => {
    const same = Array.from({ length: 5 }, (_, i) => receipt({ id: i + 1, receivedAtMs: INVOICE_DATE - i * DAY }));
    const rival = receipt({ id: 99, orderId: 2, orderItemId: 99, receivedAtMs: INVOICE_DATE - 20 * DAY });
    const [s] = suggestMatches(draft([line()]), [...same, rival], TOL);
    expect(ids(s)).toEqual([1, 2, 3, 4, 5]);
    expect(eligible(s)).toEqual([]);
  });
});

import { paymentState } from '../../../../../services/business-api/documents/payment-state';

const now = new Date('2025-03-14T12:00:00Z');
const past = new Date('2025-03-01T00:00:00Z');
const future = new Date('2025-04-01T00:00:00Z');

describe('paymentState', () => {
  it.each([
    [
      'an unpaid invoice past due',
      { totalIncVat: 100, openAmount: 100, dateDue: past, issued: true },
      { isFullyPaid: false, isLate: true },
    ],
    [
      'a part-paid invoice not yet due',
      { totalIncVat: 100, openAmount: 40, dateDue: future, issued: true },
      { isFullyPaid: false, isLate: false },
    ],
    [
      'a paid invoice past due',
      { totalIncVat: 100, openAmount: 0, dateDue: past, issued: true },
      { isFullyPaid: true, isLate: false },
    ],
    [
      'an overpaid invoice',
      { totalIncVat: 100, openAmount: -5, dateDue: past, issued: true },
      { isFullyPaid: true, isLate: false },
    ],
    [
      'a refunded credit',
      { totalIncVat: -50, openAmount: 0, dateDue: past, issued: true },
      { isFullyPaid: true, isLate: false },
    ],
    [
      'a credit not yet refunded',
      { totalIncVat: -50, openAmount: -50, dateDue: past, issued: true },
      { isFullyPaid: false, isLate: true },
    ],
    [
      'an unpaid invoice without a due date',
      { totalIncVat: 100, openAmount: 100, dateDue: null, issued: true },
      { isFullyPaid: false, isLate: false },
    ],
    [
      'a zero invoice',
      { totalIncVat: 0, openAmount: 0, dateDue: past, issued: true },
      { isFullyPaid: true, isLate: false },
    ],
  ])('%s', (_name, input, expected) => {
    expect(paymentState(input, now)).toEqual(expected);
  });

  it('is not late at the very moment it falls due', () => {
    expect(paymentState({ totalIncVat: 1, openAmount: 1, dateDue: now, issued: true }, now).isLate).toBe(false);
  });

  it('never calls a draft late', () => {
    expect(paymentState({ totalIncVat: 100, openAmount: 100, dateDue: past, issued: false }, now)).toEqual({
      isFullyPaid: false,
      isLate: false,
    });
  });
});

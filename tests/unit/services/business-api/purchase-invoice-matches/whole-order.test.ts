import { planWholeOrder } from '../../../../../services/business-api/purchase-invoice-matches/scoring/whole-order';
import { TOL, draft, line, receipt } from './fixtures';

describe('planWholeOrder', () => {
  const lines = [
    line({ index: 0, productNumber: 'P-100', vendorSku: 'ACME-100', description: 'Blue widget', quantity: 10 }),
    line({ index: 1, productNumber: 'P-200', vendorSku: 'ACME-200', description: 'Red widget', quantity: 4, price: 7 }),
  ];
  const red = {
    productNumber: 'P-200',
    vendorSkus: ['ACME-200'],
    description: 'Red widget',
    unitPrice: 7,
    orderItemId: 12,
  };

  it('puts every receipt on the line of its product, split deliveries together', () => {
    const receipts = [
      receipt({ id: 1, openQuantity: 6 }),
      receipt({ id: 2, openQuantity: 4 }),
      receipt({ id: 3, openQuantity: 4, ...red }),
    ];
    const plan = planWholeOrder(draft(lines), new Map(), receipts, TOL);
    expect(plan.pairs).toEqual([
      { invoiceLineIndex: 0, orderItemId: 11, receiptId: 1, qty: 6 },
      { invoiceLineIndex: 0, orderItemId: 11, receiptId: 2, qty: 4 },
      { invoiceLineIndex: 1, orderItemId: 12, receiptId: 3, qty: 4 },
    ]);
    expect(plan.unattached).toEqual([]);
  });

  it('never puts a receipt on a line of another product, even when that line has room', () => {
    const plan = planWholeOrder(
      draft(lines),
      new Map(),
      [receipt({ id: 1, openQuantity: 14 }), receipt({ id: 3, openQuantity: 4, ...red })],
      TOL,
    );
    expect(plan.pairs.filter((p) => p.receiptId === 1)).toEqual([
      { invoiceLineIndex: 0, orderItemId: 11, receiptId: 1, qty: 10 },
    ]);
  });

  it('reports receipts no line can take: another product, or the line already covered', () => {
    const stranger = receipt({
      id: 9,
      productNumber: 'P-900',
      vendorSkus: [],
      description: 'Green widget',
      orderItemId: 19,
    });
    const covered = receipt({ id: 3, ...red });
    const plan = planWholeOrder(draft(lines), new Map([[1, 0]]), [receipt({ id: 1 }), covered, stranger], TOL);
    expect(plan.pairs.map((p) => p.receiptId)).toEqual([1]);
    expect(plan.unattached.map((r) => r.id)).toEqual([3, 9]);
  });
});

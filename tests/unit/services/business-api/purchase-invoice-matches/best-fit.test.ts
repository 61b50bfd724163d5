import {
  assignmentValue,
  bestFitAssignment,
} from '../../../../../services/business-api/purchase-invoice-matches/assignment/best-fit';
import { greedyAssignment } from './greedy';

describe('bestFitAssignment', () => {
  it('beats first-come when the first receipt would take the only line the second fits', () => {
    const lines = [
      { index: 0, openQty: 10 },
      { index: 1, openQty: 10 },
    ];
    const receipts = [
      { id: 1, openQty: 10 },
      { id: 2, openQty: 10 },
    ];
    const edges = [
      { lineIndex: 0, receiptId: 1, score: 90 },
      { lineIndex: 1, receiptId: 1, score: 85 },
      { lineIndex: 0, receiptId: 2, score: 80 },
    ];
    const best = bestFitAssignment(lines, receipts, edges);
    expect(best).toEqual([
      { lineIndex: 0, receiptId: 2, qty: 10 },
      { lineIndex: 1, receiptId: 1, qty: 10 },
    ]);
    expect(assignmentValue(best, receipts, edges)).toBe(165);
    expect(assignmentValue(greedyAssignment(lines, receipts, edges), receipts, edges)).toBe(90);
  });

  it('splits one receipt over two lines invoiced separately', () => {
    const edges = [
      { lineIndex: 0, receiptId: 1, score: 70 },
      { lineIndex: 1, receiptId: 1, score: 70 },
    ];
    const pairs = bestFitAssignment(
      [
        { index: 0, openQty: 6 },
        { index: 1, openQty: 4 },
      ],
      [{ id: 1, openQty: 10 }],
      edges,
    );
    expect(pairs).toEqual([
      { lineIndex: 0, receiptId: 1, qty: 6 },
      { lineIndex: 1, receiptId: 1, qty: 4 },
    ]);
  });

  it('puts several receipts on one line, and no more than the line still needs', () => {
    const edges = [
      { lineIndex: 0, receiptId: 1, score: 90 },
      { lineIndex: 0, receiptId: 2, score: 90 },
    ];
    const pairs = bestFitAssignment(
      [{ index: 0, openQty: 9.5 }],
      [
        { id: 1, openQty: 6 },
        { id: 2, openQty: 4 },
      ],
      edges,
    );
    expect(pairs.reduce((sum, p) => sum + p.qty, 0)).toBe(9.5);
    expect(pairs).toEqual([
      { lineIndex: 0, receiptId: 1, qty: 5.5 },
      { lineIndex: 0, receiptId: 2, qty: 4 },
    ]);
  });

  it('keeps four decimals exact', () => {
    const pairs = bestFitAssignment(
      [{ index: 0, openQty: 1.2345 }],
      [{ id: 1, openQty: 2.0001 }],
      [{ lineIndex: 0, receiptId: 1, score: 50 }],
    );
    expect(pairs).toEqual([{ lineIndex: 0, receiptId: 1, qty: 1.2345 }]);
  });

  it('ignores edges of score 0, unknown lines and used-up receipts', () => {
    const pairs = bestFitAssignment(
      [{ index: 0, openQty: 5 }],
      [
        { id: 1, openQty: 5 },
        { id: 2, openQty: 0 },
      ],
      [
        { lineIndex: 0, receiptId: 1, score: 0 },
        { lineIndex: 7, receiptId: 1, score: 99 },
        { lineIndex: 0, receiptId: 2, score: 99 },
      ],
    );
    expect(pairs).toEqual([]);
  });
});

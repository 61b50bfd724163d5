import { minCostFlow } from '../../../../../services/business-api/purchase-invoice-matches/assignment/min-cost-flow';

describe('minCostFlow', () => {
  it('sends flow along the cheapest paths and stops when more flow would cost more', () => {
    // 0 -> 2 -> 1 (cost -5, cap 3), 0 -> 3 -> 1 (cost -1, cap 2), 0 -> 4 -> 1 (cost +2, cap 4)
    const arcs = [
      { from: 0, to: 2, capacity: 3, cost: 0 },
      { from: 2, to: 1, capacity: 10, cost: -5 },
      { from: 0, to: 3, capacity: 2, cost: 0 },
      { from: 3, to: 1, capacity: 10, cost: -1 },
      { from: 0, to: 4, capacity: 4, cost: 0 },
      { from: 4, to: 1, capacity: 10, cost: 2 },
    ];
    expect(minCostFlow({ nodeCount: 5, source: 0, sink: 1, arcs })).toEqual([3, 3, 2, 2, 0, 0]);
  });

  it('reroutes earlier flow through reverse arcs when that pays (the classic greedy trap)', () => {
    // Receipts a (2) and b (3); lines x (4) and y (5). a->x 10, a->y 9, b->x 9 (b cannot go to y).
    // Greedy puts a on x; the optimum puts a on y so b fits on x.
    const arcs = [
      { from: 0, to: 2, capacity: 1, cost: 0 },
      { from: 0, to: 3, capacity: 1, cost: 0 },
      { from: 2, to: 4, capacity: 1, cost: -10 },
      { from: 2, to: 5, capacity: 1, cost: -9 },
      { from: 3, to: 4, capacity: 1, cost: -9 },
      { from: 4, to: 1, capacity: 1, cost: 0 },
      { from: 5, to: 1, capacity: 1, cost: 0 },
    ];
    expect(minCostFlow({ nodeCount: 6, source: 0, sink: 1, arcs })).toEqual([1, 1, 0, 1, 1, 1, 1]);
  });

  it('returns zero flow when nothing is profitable or nothing connects', () => {
    expect(
      minCostFlow({
        nodeCount: 3,
        source: 0,
        sink: 1,
        arcs: [
          { from: 0, to: 2, capacity: 5, cost: 1 },
          { from: 2, to: 1, capacity: 5, cost: 0 },
        ],
      }),
    ).toEqual([0, 0]);
    expect(minCostFlow({ nodeCount: 2, source: 0, sink: 1, arcs: [] })).toEqual([]);
  });

  it('rejects an arc outside the network or with a negative capacity', () => {
    expect(() =>
      minCostFlow({ nodeCount: 2, source: 0, sink: 1, arcs: [{ from: 0, to: 5, capacity: 1, cost: 0 }] }),
    ).toThrow(/bad arc 0/);
    expect(() =>
      minCostFlow({ nodeCount: 2, source: 0, sink: 1, arcs: [{ from: 0, to: 1, capacity: -1, cost: 0 }] }),
    ).toThrow(/bad arc 0/);
  });
});

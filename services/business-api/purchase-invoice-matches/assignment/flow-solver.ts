/** An arc of a flow network: integer capacity, cost per unit of flow. */
export type FlowArc = { from: number; to: number; capacity: number; cost: number };

export type FlowProblem = { nodeCount: number; source: number; sink: number; arcs: readonly FlowArc[] };

/**
 * Solves min-cost flow (of any amount: it stops when one more unit would not lower the cost) and returns the
 * flow on each arc, in arc order. A small interface so a registry library could replace our own solver.
 */
export type FlowSolver = (problem: FlowProblem) => number[];

import type { FlowProblem, FlowSolver } from './flow-solver';

// Costs are fractions (score per unit of a receipt); a path must gain more than rounding noise to be taken.
const EPSILON = 1e-9;

/** The residual graph: edge 2k is arc k, edge 2k+1 its reverse. */
type Residual = { from: Int32Array; to: Int32Array; cap: Float64Array; cost: Float64Array };

function residualOf(p: FlowProblem): Residual {
  const m = p.arcs.length * 2;
  const g: Residual = {
    from: new Int32Array(m),
    to: new Int32Array(m),
    cap: new Float64Array(m),
    cost: new Float64Array(m),
  };
  p.arcs.forEach((a, k) => {
    if (!(a.capacity >= 0) || a.from < 0 || a.to < 0 || a.from >= p.nodeCount || a.to >= p.nodeCount)
      throw new Error(`minCostFlow: bad arc ${k}`);
    g.from[2 * k] = a.from;
    g.to[2 * k] = a.to;
    g.cap[2 * k] = a.capacity;
    g.cost[2 * k] = a.cost;
    g.from[2 * k + 1] = a.to;
    g.to[2 * k + 1] = a.from;
    g.cap[2 * k + 1] = 0;
    g.cost[2 * k + 1] = -a.cost;
  });
  return g;
}

/**
 * Cheapest source-to-node distances by Bellman-Ford (costs may be negative; the residual graph has no negative cycle).
 */
function shortestPaths(g: Residual, nodeCount: number, source: number): { dist: Float64Array; via: Int32Array } {
  const dist = new Float64Array(nodeCount).fill(Number.POSITIVE_INFINITY);
  const via = new Int32Array(nodeCount).fill(-1);
  dist[source] = 0;
  for (let pass = 0; pass < nodeCount; pass++) {
    let changed = false;
    for (let e = 0; e < g.to.length; e++) {
      if (g.cap[e] <= 0) continue;
      const d = dist[g.from[e]] + g.cost[e];
      if (d < dist[g.to[e]] - EPSILON) {
        dist[g.to[e]] = d;
        via[g.to[e]] = e;
        changed = true;
      }
    }
    if (!changed) break;
  }
  return { dist, via };
}

/**
 * Successive shortest paths: augment along the cheapest source-sink path while it has negative cost. Each
 * augmentation keeps the flow the cheapest of its amount, so stopping at the first non-negative path gives the
 * cheapest flow of any amount. Meant for the small networks of one invoice and one order (hundreds of nodes).
 */
export const minCostFlow: FlowSolver = (p) => {
  const g = residualOf(p);
  for (;;) {
    const { dist, via } = shortestPaths(g, p.nodeCount, p.source);
    if (!(dist[p.sink] < -EPSILON)) break;
    let push = Number.POSITIVE_INFINITY;
    for (let v = p.sink; v !== p.source; v = g.from[via[v]]) push = Math.min(push, g.cap[via[v]]);
    for (let v = p.sink; v !== p.source; v = g.from[via[v]]) {
      g.cap[via[v]] -= push;
      g.cap[via[v] ^ 1] += push;
    }
  }
  return p.arcs.map((_, k) => g.cap[2 * k + 1]);
};

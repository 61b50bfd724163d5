/** What the gate compares between the live index and a new one. */
export interface IndexStats {
  count: number;
  /** Facet key -> number of distinct values over the index. */
  facetValues: Record<string, number>;
  /** Share (0..1) of documents in stock on at least one market. */
  inStockShare: number;
}

/** The check that refused a swap, with the figures, for the sync run's warnings. */
export interface GateTrip {
  check: 'count' | 'facet-values' | 'in-stock-share';
  detail: string;
}

/**
 * Whether a new full index may replace the live one: its document count must not fall below `fraction` of the
 * live count, no facet may lose more than half its distinct values, and the share of products in stock must
 * not fall by more than half. Null when it passes (always, without a live index). The gate looks for lost data,
 * not for a new configuration: only facets that the live index has and the new configuration still defines
 * (`facetKeys`) are compared, so a facet removed, renamed or replaced by configured ones passes.
 */
export function evaluateGate(
  live: IndexStats | null,
  next: IndexStats,
  fraction: number,
  facetKeys: ReadonlySet<string>,
): GateTrip | null {
  if (live === null || live.count === 0) return null;
  if (next.count < live.count * fraction) {
    return {
      check: 'count',
      detail: `${next.count} documents against ${live.count} live (below ${Math.round(fraction * 1000) / 10}%)`,
    };
  }
  for (const [key, before] of Object.entries(live.facetValues)) {
    if (!facetKeys.has(key)) continue;
    const after = next.facetValues[key] ?? 0;
    if (before >= 2 && after < before / 2)
      return { check: 'facet-values', detail: `facet ${key}: ${after} distinct values against ${before} live` };
  }
  if (next.inStockShare < live.inStockShare / 2) {
    return {
      check: 'in-stock-share',
      detail: `${(next.inStockShare * 100).toFixed(1)}% in stock against ${(live.inStockShare * 100).toFixed(1)}% live`,
    };
  }
  return null;
}

/** Accumulates IndexStats document by document while a full run builds. */
export class StatsCollector {
  private count = 0;
  private inStock = 0;
  private readonly values = new Map<string, Set<string>>();

  add(doc: { facets: Record<string, string[]>; flags: Record<string, boolean> }): void {
    this.count++;
    if (Object.entries(doc.flags).some(([key, on]) => on && key.startsWith('inStock.'))) this.inStock++;
    for (const [key, values] of Object.entries(doc.facets)) {
      let seen = this.values.get(key);
      if (seen === undefined) {
        seen = new Set();
        this.values.set(key, seen);
      }
      for (const value of values) seen.add(value);
    }
  }

  stats(): IndexStats {
    return {
      count: this.count,
      facetValues: Object.fromEntries([...this.values].map(([key, set]) => [key, set.size])),
      inStockShare: this.count === 0 ? 0 : this.inStock / this.count,
    };
  }
}

import type { FacetValueCount, HierarchyValueCount } from '../../facets';
import type { ValueDictionary } from './facet-union';

/** Ranked value ids, and how many values had a positive count in all. */
export interface Ranked {
  ids: number[];
  nonZero: number;
}

/** Up to this many values are kept by insertion into a sorted top list. */
const SMALL_LIMIT = 64;

const ranksBefore = (counts: Uint32Array, a: number, b: number): boolean =>
  (counts[a] as number) > (counts[b] as number) || ((counts[a] as number) === (counts[b] as number) && a < b);

/**
 * Value ids with a positive count, by count descending then id (= value) ascending, at most `limit`.
 * A small limit keeps a sorted top list instead of sorting every value: far less garbage per query.
 */
export function rankedValueIds(counts: Uint32Array, valueCount: number, limit = Infinity): Ranked {
  if (limit > SMALL_LIMIT) return sortedValueIds(counts, valueCount, limit);
  const ids: number[] = [];
  let nonZero = 0;
  for (let v = 0; v < valueCount; v++) {
    if ((counts[v] as number) === 0) continue;
    nonZero++;
    if (ids.length >= limit && !ranksBefore(counts, v, ids[ids.length - 1] as number)) continue;
    let at = ids.length < limit ? ids.length : ids.length - 1;
    while (at > 0 && ranksBefore(counts, v, ids[at - 1] as number)) {
      if (at < limit) ids[at] = ids[at - 1] as number;
      at--;
    }
    if (at < limit) ids[at] = v;
  }
  return { ids, nonZero };
}

/** Collect-and-sort ranking, for no limit or large ones (insertion would go quadratic). */
function sortedValueIds(counts: Uint32Array, valueCount: number, limit: number): Ranked {
  const ids: number[] = [];
  for (let v = 0; v < valueCount; v++) if ((counts[v] as number) > 0) ids.push(v);
  ids.sort((a, b) => (counts[b] as number) - (counts[a] as number) || a - b);
  return { ids: ids.length > limit ? ids.slice(0, limit) : ids, nonZero: ids.length };
}

/** A facet's ranked values, cut to its `size` when given (a negative size keeps none). */
function rankedForSize(column: ValueDictionary, counts: Uint32Array, size: number | undefined): Ranked {
  return rankedValueIds(counts, column.values.length, size === undefined ? Infinity : Math.max(size, 0));
}

/** Terms values of a facet, cut to `size` when given. */
export function termsValues(
  column: ValueDictionary,
  counts: Uint32Array,
  language: string,
  size?: number,
): { values: FacetValueCount[]; truncated: boolean } {
  const { ids, nonZero } = rankedForSize(column, counts, size);
  const labels = column.labels.get(language);
  return {
    values: ids.map((id) => ({
      value: column.values[id] as string,
      label: labels?.[id] ?? null,
      count: counts[id] as number,
    })),
    truncated: ids.length < nonZero,
  };
}

/** Hierarchy values: terms values plus depth and parent path (parents precomputed per index). */
export function hierarchyValues(
  column: ValueDictionary,
  parents: readonly (string | null)[],
  counts: Uint32Array,
  language: string,
  size?: number,
): { values: HierarchyValueCount[]; truncated: boolean } {
  const { ids, nonZero } = rankedForSize(column, counts, size);
  const labels = column.labels.get(language);
  return {
    truncated: ids.length < nonZero,
    values: ids.map((id) => ({
      value: column.values[id] as string,
      label: labels?.[id] ?? null,
      count: counts[id] as number,
      depth: column.depth[id] as number,
      parent: parents[id] ?? null,
    })),
  };
}

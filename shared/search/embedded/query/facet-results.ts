import { HIERARCHY_SEPARATOR } from '../../document';
import type { FacetValueCount, HierarchyValueCount } from '../../facets';
import type { FacetColumn } from '../index-data';

/** Value ids with a positive count, by count descending then id (= value) ascending. */
export function rankedValueIds(counts: Uint32Array, valueCount: number): number[] {
  const ids: number[] = [];
  for (let v = 0; v < valueCount; v++) if ((counts[v] as number) > 0) ids.push(v);
  return ids.sort((a, b) => (counts[b] as number) - (counts[a] as number) || a - b);
}

/** Terms values of a facet, cut to `size` when given. */
export function termsValues(column: FacetColumn, counts: Uint32Array, language: string, size?: number): { values: FacetValueCount[]; truncated: boolean } {
  const ids = rankedValueIds(counts, column.values.length);
  const kept = size === undefined ? ids : ids.slice(0, Math.max(size, 0));
  const labels = column.labels.get(language);
  return {
    values: kept.map((id) => ({ value: column.values[id] as string, label: labels?.[id] ?? null, count: counts[id] as number })),
    truncated: kept.length < ids.length,
  };
}

/** Hierarchy values: terms values plus depth and parent path. */
export function hierarchyValues(
  column: FacetColumn,
  counts: Uint32Array,
  language: string,
  size?: number,
): { values: HierarchyValueCount[]; truncated: boolean } {
  const { values, truncated } = termsValues(column, counts, language, size);
  return {
    truncated,
    values: values.map((entry) => {
      const id = column.valueIds.get(entry.value) as number;
      const cut = entry.value.lastIndexOf(HIERARCHY_SEPARATOR);
      return { ...entry, depth: column.depth[id] as number, parent: cut > 0 ? entry.value.slice(0, cut) : null };
    }),
  };
}

import { compareStrings } from '../../compare';
import { parentPath, pathDepth } from '../../hierarchy-path';
import type { FacetColumn } from '../index-data';

/** What ranking and facet results need of a facet's values: keys in ascending order, labels, depths. */
export interface ValueDictionary {
  values: string[];
  labels: Map<string, (string | null)[]>;
  depth: Uint16Array;
}

/**
 * The values of one facet over every segment of a live index, in ascending order (so ranking ties by id are
 * ties by value, as in a single build). `maps[i]` turns segment i's value ids into union ids: null means the
 * same ids, undefined that the segment has no such facet.
 */
export interface FacetUnion extends ValueDictionary {
  key: string;
  parents: (string | null)[];
  maps: (Uint32Array | null | undefined)[];
}

/** The union of one facet's columns (one entry per segment, undefined where the segment lacks the facet). */
export function facetUnion(key: string, columns: readonly (FacetColumn | undefined)[]): FacetUnion | null {
  const present = columns.filter((c): c is FacetColumn => c !== undefined);
  const first = present[0];
  if (first === undefined) return null;
  const firstIndex = columns.indexOf(first);
  const extra = new Set<string>();
  for (const column of present) for (const value of column.values) if (!first.valueIds.has(value)) extra.add(value);
  const values = extra.size === 0 ? first.values : [...first.values, ...extra].sort(compareStrings);
  const ids = extra.size === 0 ? first.valueIds : new Map(values.map((value, id) => [value, id]));
  const maps = columns.map((column, i): Uint32Array | null | undefined => {
    if (column === undefined) return undefined;
    if (i === firstIndex && extra.size === 0) return null;
    return Uint32Array.from(column.values, (value) => ids.get(value) as number);
  });
  return {
    key,
    values,
    maps,
    labels: unionLabels(columns, maps, values.length),
    depth: Uint16Array.from(values, pathDepth),
    parents: values.map(parentPath),
  };
}

/** First label per value and language in segment order (labels are the same on every document of a value). */
function unionLabels(
  columns: readonly (FacetColumn | undefined)[],
  maps: (Uint32Array | null | undefined)[],
  size: number,
): Map<string, (string | null)[]> {
  const labels = new Map<string, (string | null)[]>();
  columns.forEach((column, i) => {
    if (column === undefined) return;
    const map = maps[i];
    for (const [lang, list] of column.labels) {
      let target = labels.get(lang);
      if (target === undefined) {
        target = new Array<string | null>(size).fill(null);
        labels.set(lang, target);
      }
      list.forEach((label, id) => {
        const at = map == null ? id : (map[id] as number);
        if (label !== null && target[at] === null) target[at] = label;
      });
    }
  });
  return labels;
}

/** Adds one segment's per-value counts into union counts. */
export function addCounts(union: FacetUnion, segment: number, counts: Uint32Array, target: Uint32Array): void {
  const map = union.maps[segment];
  if (map === undefined) return;
  const n = map === null ? union.values.length : map.length;
  if (map === null) for (let v = 0; v < n; v++) target[v] = (target[v] as number) + (counts[v] as number);
  else
    for (let v = 0; v < n; v++) target[map[v] as number] = (target[map[v] as number] as number) + (counts[v] as number);
}

import { HIERARCHY_SEPARATOR } from '../../../shared/search';
import type { SiteIndexConfig } from '../../../indexer/documents/site-config';

export interface CategoryRow {
  id: number;
  parent_id: number | null;
  name: string;
  names: Record<string, string> | null;
  position: number;
  active: boolean;
}

export interface CategoryNodeView {
  id: string;
  name: string;
  /** The filter that selects this category in a hierarchy facet, or null when no category facet covers it. */
  facet: { key: string; value: string } | null;
  children: CategoryNodeView[];
}

/** The hierarchy facet value of a category path (root first), as the indexer keys it, per category source. */
function facetOf(path: number[], index: SiteIndexConfig): CategoryNodeView['facet'] {
  for (const source of index.facets) {
    if (source.kind !== 'category') continue;
    if (source.rootId === null) return { key: source.key, value: path.join(HIERARCHY_SEPARATOR) };
    if (path[0] === source.rootId && path.length > 1)
      return { key: source.key, value: path.slice(1).join(HIERARCHY_SEPARATOR) };
  }
  return null;
}

/**
 * The category tree as data (pure): active categories only (an inactive one hides its subtree), below the
 * assortment's roots when the site names any, children by position then id, names in the language.
 */
export function categoryTree(
  rows: readonly CategoryRow[],
  index: SiteIndexConfig,
  language: string,
): CategoryNodeView[] {
  const roots = index.assortment?.categoryRootIds ?? [];
  const sorted = [...rows].filter((r) => r.active).sort((a, b) => a.position - b.position || a.id - b.id);
  const children = new Map<number | null, CategoryRow[]>();
  for (const row of sorted) children.set(row.parent_id, [...(children.get(row.parent_id) ?? []), row]);
  const build = (row: CategoryRow, path: number[], seen: Set<number>): CategoryNodeView => {
    const here = [...path, row.id];
    const next = new Set(seen).add(row.id);
    return {
      id: String(row.id),
      name: row.names?.[language] ?? row.name,
      facet: facetOf(here, index),
      children: (children.get(row.id) ?? []).filter((c) => !next.has(c.id)).map((c) => build(c, here, next)),
    };
  };
  const top = (children.get(null) ?? []).filter((r) => roots.length === 0 || roots.includes(r.id));
  return top.map((r) => build(r, [], new Set()));
}

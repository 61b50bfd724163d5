import type { Db } from '../../shared/db/knex';
import type { CategoryNode } from './catalogue-product';

export type TreeCategory = CategoryNode & { parentId: number | null };

/** A tenant's categories by id, each knowing its parent. */
export type CategoryTree = Map<number, TreeCategory>;

interface CategoryRow {
  id: number;
  parent_id: number | null;
  name: string;
  names: Record<string, string> | null;
  active: boolean;
}

/** Loads a tenant's whole category tree; it is small (hundreds of rows), so one read serves a whole run. */
export async function loadCategoryTree(db: Db, tenantId: number): Promise<CategoryTree> {
  const { rows } = await db.raw<{ rows: CategoryRow[] }>(
    'select id, parent_id, name, names, active from categories where tenant_id = ?',
    [tenantId],
  );
  return new Map(
    rows.map((r) => [r.id, { id: r.id, parentId: r.parent_id, name: r.name, names: r.names ?? {}, active: r.active }]),
  );
}

/**
 * The path from the root down to `id`, or null when `id` is unknown or the parent chain is broken or cyclic
 * (such a category cannot be placed in a hierarchy facet).
 */
export function categoryPath(tree: CategoryTree, id: number): CategoryNode[] | null {
  const path: CategoryNode[] = [];
  const seen = new Set<number>();
  let current: number | null = id;
  while (current !== null) {
    const node = tree.get(current);
    if (node === undefined || seen.has(current)) return null;
    seen.add(current);
    path.push({ id: node.id, name: node.name, names: node.names, active: node.active });
    current = node.parentId;
  }
  return path.reverse();
}

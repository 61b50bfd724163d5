import type { Knex } from '../../../shared/db/knex';
import { loadCategoryTree, type CategoryTree } from '../../../indexer/documents/category-paths';

/**
 * Each tenant's category tree, read at most once per `ttlMs` (default 5 s; the storefront passes its product
 * freshness bound) by this process: every product computed needs it, and it changes rarely (a change shows within
 * the interval).
 */
export class CategoryTrees {
  private readonly entries = new Map<number, { at: number; tree: Promise<CategoryTree> }>();

  constructor(
    private readonly db: Knex,
    private readonly ttlMs = 5000,
  ) {}

  get(tenantId: number): Promise<CategoryTree> {
    const hit = this.entries.get(tenantId);
    if (hit !== undefined && Date.now() - hit.at < this.ttlMs) return hit.tree;
    const tree = loadCategoryTree(this.db, tenantId);
    tree.catch(() => this.entries.delete(tenantId));
    this.entries.set(tenantId, { at: Date.now(), tree });
    return tree;
  }
}

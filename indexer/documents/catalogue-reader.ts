import type { Db } from '../../shared/db/knex';
import { assembleProducts } from './assemble-products';
import type { CatalogueProduct } from './catalogue-product';
import { type BatchRows, batchDetails, batchRowsAtOnce, rootsAfter, rootsByIds } from './catalogue-rows';
import { loadCategoryTree, type CategoryTree } from './category-paths';

const DEFAULT_BATCH_SIZE = 1000;

export interface ReadCatalogueOptions {
  /** Roots (storefront products) per batch (default 1000); their variants come along, so memory stays bounded by the batch. */
  batchSize?: number;
}

/**
 * Streams a tenant's storefront products in root-id order, one keyset batch (`id > last`) at a time, each
 * product once. Batches are read separately, not in one snapshot: a full run replays the change log for
 * whatever changes while it reads.
 */
export async function* readCatalogue(
  db: Db,
  tenantId: number,
  options: ReadCatalogueOptions = {},
): AsyncGenerator<CatalogueProduct[]> {
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  if (!Number.isInteger(batchSize) || batchSize < 1)
    throw new Error(`batchSize must be a positive integer, got ${batchSize}`);
  const tree = await loadCategoryTree(db, tenantId);
  let afterId = 0;
  for (;;) {
    const roots = await rootsAfter(db, tenantId, afterId, batchSize);
    if (roots.length === 0) return;
    yield assembleProducts(await batchDetails(db, tenantId, roots), tree);
    if (roots.length < batchSize) return;
    afterId = roots[roots.length - 1]?.id ?? afterId;
  }
}

/**
 * Up to this many ids are read in one round trip (batchRowsAtOnce); more, as a large delta brings, are read as a
 * streamed batch is, on parallel connections.
 */
const AT_ONCE_MAX = 200;

/** The storefront products among `rootIds` (a delta run's changed ids); ids that are not the tenant's roots are left out. */
export async function loadCatalogueProducts(
  db: Db,
  tenantId: number,
  rootIds: readonly number[],
  tree?: CategoryTree,
): Promise<CatalogueProduct[]> {
  if (rootIds.length === 0) return [];
  const read = async (): Promise<BatchRows | null> => {
    if (rootIds.length <= AT_ONCE_MAX) return batchRowsAtOnce(db, tenantId, rootIds);
    const roots = await rootsByIds(db, tenantId, rootIds);
    return roots.length === 0 ? null : batchDetails(db, tenantId, roots);
  };
  const [rows, categories] = await Promise.all([read(), tree ?? loadCategoryTree(db, tenantId)]);
  return rows === null || rows.roots.length === 0 ? [] : assembleProducts(rows, categories);
}

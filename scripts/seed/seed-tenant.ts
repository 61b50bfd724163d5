import type { Knex } from 'knex';
import type { ClientBase } from 'pg';
import { assertForeignKeys, skipRowTriggers } from './foreign-keys';
import { generateSeed } from './generator/generate-seed';
import { ensureSeedMedia } from './media/ensure-seed-media';
import type { Progress } from './generator/types';
import { SEEDED_TABLES } from './seeded-tables';
import { advanceSequences, analyzeTables, deleteTenantData, logAllProductsChanged, upsertTenant } from './tenant-data';
import { writeRows } from './writer/copy-writer';

export type SeedTenantOptions = {
  /** Tenant code; created when missing, its data replaced when present. */
  tenant: string;
  /** Tenant display name (defaults to the code). */
  name?: string;
  products: number;
  /** Defaults to twice the products. */
  orders?: number;
  seed?: number;
  /** The day the data is "as of" (defaults to today): orders span the year before it. */
  asOf?: Date;
  onProgress?: (progress: Progress) => void;
  /** Refresh planner statistics afterwards (default true). */
  analyze?: boolean;
  /**
   * The media source root (`<DATA_DIR>/media/sources`): the seed's packshots, manuals and posters are written
   * there once and media rows point at them. Without it, rows point at a placeholder library with no files.
   */
  mediaDir?: string;
};

export type SeedResult = {
  tenantId: number;
  rows: Record<string, number>;
  /** Milliseconds per table, generating and loading its rows. */
  tableMs: Record<string, number>;
  totalRows: number;
  ms: number;
};

// Two-key advisory lock namespace: seeds of the same tenant wait for each other.
const LOCK_NAMESPACE = 0x5eed;

/**
 * Replaces one tenant's business data with a generated data set, in one transaction (a failed seed leaves
 * the previous data), without touching other tenants. Deterministic for the same seed, sizes and asOf.
 * Every constraint holds: foreign keys are checked per row, or (as superuser) set-wise before commit.
 */
export async function seedTenant(db: Knex, options: SeedTenantOptions): Promise<SeedResult> {
  const started = performance.now();
  const tenantId = await upsertTenant(db, options.tenant, options.name ?? options.tenant);
  const media = options.mediaDir === undefined ? undefined : await ensureSeedMedia(options.mediaDir);
  const generated = generateSeed({
    products: options.products,
    orders: options.orders ?? options.products * 2,
    seed: options.seed ?? 42,
    asOf: options.asOf ?? new Date(),
    media,
  });
  const stats = await db.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(?, ?)', [LOCK_NAMESPACE, tenantId]);
    await trx.raw("set local aisle.product_change_log = 'off'");
    await logAllProductsChanged(trx, tenantId);
    // Deleted with every trigger active, so rows elsewhere that point at the old data cascade or refuse.
    await deleteTenantData(trx, tenantId);
    const checkLater = await skipRowTriggers(trx);
    const client: ClientBase = await trx.client.acquireConnection();
    const written = await writeRows(client, tenantId, generated, options.onProgress);
    if (checkLater) await assertForeignKeys(trx, tenantId, SEEDED_TABLES);
    await logAllProductsChanged(trx, tenantId);
    return written;
  });
  await advanceSequences(db, SEEDED_TABLES);
  if (options.analyze !== false) await analyzeTables(db, SEEDED_TABLES);
  const rows = Object.fromEntries(SEEDED_TABLES.map((table) => [table, stats.rows[table] ?? 0]));
  const totalRows = Object.values(rows).reduce((sum, n) => sum + n, 0);
  return { tenantId, rows, tableMs: stats.ms, totalRows, ms: performance.now() - started };
}

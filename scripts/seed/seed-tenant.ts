import type { Knex } from 'knex';
import type { ClientBase } from 'pg';
import { generateSeed } from './generator/generate-seed';
import type { Progress } from './generator/types';
import { advanceSequences, analyzeTables, deleteTenantData, upsertTenant } from './tenant-data';
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
};

export type SeedResult = { tenantId: number; rows: Record<string, number>; totalRows: number; ms: number };

// Two-key advisory lock namespace: seeds of the same tenant wait for each other.
const LOCK_NAMESPACE = 0x5eed;

/**
 * Replaces one tenant's business data with a generated data set, in one transaction (a failed seed leaves
 * the previous data), without touching other tenants. Deterministic for the same seed, sizes and asOf.
 */
export async function seedTenant(db: Knex, options: SeedTenantOptions): Promise<SeedResult> {
  const started = performance.now();
  const tenantId = await upsertTenant(db, options.tenant, options.name ?? options.tenant);
  const generated = generateSeed({
    products: options.products,
    orders: options.orders ?? options.products * 2,
    seed: options.seed ?? 42,
    asOf: options.asOf ?? new Date(),
  });
  const rows = await db.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(?, ?)', [LOCK_NAMESPACE, tenantId]);
    await deleteTenantData(trx, tenantId);
    const client: ClientBase = await trx.client.acquireConnection();
    return writeRows(client, tenantId, generated, options.onProgress);
  });
  const tables = Object.keys(rows);
  await advanceSequences(db, tables);
  if (options.analyze !== false) await analyzeTables(db, tables);
  const totalRows = Object.values(rows).reduce((sum, n) => sum + n, 0);
  return { tenantId, rows, totalRows, ms: performance.now() - started };
}

import { createDb, migrateLatest, type Knex } from '../../../shared/db/knex';
import { seedTenant } from '../../seed/seed-tenant';
import { ensureBenchDatabase } from '../shared/bench-database';

export const BENCH_SEED = 42;
// Fixed, so a reused tenant and a freshly seeded one hold the same data.
const AS_OF = new Date('2025-06-30T12:00:00Z');
const TENANT = 'bench-engine';

/** The bench's database for one size; each size has its own, so one is reused while another is seeded anew. */
export const benchDatabaseName = (products: number): string => `aisle_bench_engine_${products}`;

async function seededRoots(db: Knex): Promise<number> {
  const tenant = (await db('tenants').where('code', TENANT).first('id')) as { id: number } | undefined;
  if (!tenant) return 0;
  const row = (
    await db('products').where('tenant_id', tenant.id).whereNull('parent_id').count<{ count: string }[]>('* as count')
  )[0];
  return Number(row?.count ?? 0);
}

/** An open bench database holding one seeded tenant. */
export interface BenchTenant {
  db: Knex;
  url: string;
  tenantId: number;
}

/**
 * The bench's own database for `products` (on the server of `baseUrl`), migrated, holding one tenant of the seed
 * generator's catalogue with that many storefront products (seed 42, no orders: the bench reads the catalogue
 * only). A database seeded by an earlier run is reused; `reseed` (BENCH_RESEED=1, after the generator changed)
 * drops and seeds it anew. A fresh database per seed also keeps the seed's planner statistics empty, which its
 * set-wise foreign-key check needs (it degrades badly against statistics of an older tenant). Another bench
 * passes its own database `name`, so its schema and writes never meet this bench's.
 */
export async function benchTenant(
  baseUrl: string,
  products: number,
  reseed: boolean,
  log: (line: string) => void,
  name = benchDatabaseName(products),
): Promise<BenchTenant> {
  let url = await ensureBenchDatabase(baseUrl, name);
  let db = createDb(url, { pool: { min: 0, max: 8 } });
  await migrateLatest(db);
  if ((await seededRoots(db)) === products && !reseed) {
    log(`  reusing ${products.toLocaleString('en-US')} seeded products in ${name}`);
    const tenant = (await db('tenants').where('code', TENANT).first('id')) as { id: number };
    return { db, url, tenantId: tenant.id };
  }
  await db.destroy();
  url = await ensureBenchDatabase(baseUrl, name, { fresh: true });
  db = createDb(url, { pool: { min: 0, max: 8 } });
  await migrateLatest(db);
  log(`  seeding ${products.toLocaleString('en-US')} products into ${name} (later runs reuse them)...`);
  const result = await seedTenant(db, { tenant: TENANT, products, orders: 0, seed: BENCH_SEED, asOf: AS_OF });
  log(`  seeded ${result.totalRows.toLocaleString('en-US')} rows in ${(result.ms / 1000).toFixed(0)} s`);
  return { db, url, tenantId: result.tenantId };
}

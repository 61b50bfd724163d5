import { createDb, migrateLatest, type Knex } from '../../../shared/db/knex';
import { seedTenant } from '../../seed/seed-tenant';
import { ensureBenchDatabase } from '../shared/bench-database';

export const BENCH_DATABASE = 'aisle_bench_business_api';
export const BENCH_TENANT = 'bench-orders';
export const BENCH_ORDERS = 1_000_000;
// Fixed, so a reused database and a fresh one hold the same data.
const AS_OF = new Date('2025-06-30T12:00:00Z');

async function seededOrders(db: Knex): Promise<{ tenantId: number; orders: number } | undefined> {
  const tenant = (await db('tenants').where('code', BENCH_TENANT).first('id')) as { id: number } | undefined;
  if (!tenant) return undefined;
  const row = (await db('orders').where('tenant_id', tenant.id).count<{ count: string }[]>('* as count'))[0];
  return { tenantId: tenant.id, orders: Number(row?.count ?? 0) };
}

/**
 * The bench database, migrated, with one tenant of 1,000,000 orders (few products, so the orders dominate).
 * A database seeded by an earlier run is reused as it is.
 */
export async function prepareBenchDb(
  baseUrl: string,
  log: (line: string) => void,
): Promise<{ db: Knex; tenantId: number }> {
  const db = createDb(await ensureBenchDatabase(baseUrl, BENCH_DATABASE), { pool: { min: 0, max: 20 } });
  await migrateLatest(db);
  const existing = await seededOrders(db);
  if (existing && existing.orders >= BENCH_ORDERS) {
    log(`Reusing ${existing.orders.toLocaleString('en')} orders in ${BENCH_DATABASE}.`);
    return { db, tenantId: existing.tenantId };
  }
  log(`Seeding ${BENCH_ORDERS.toLocaleString('en')} orders into ${BENCH_DATABASE} (once; later runs reuse them)...`);
  let lastLog = 0;
  const result = await seedTenant(db, {
    tenant: BENCH_TENANT,
    products: 500,
    orders: BENCH_ORDERS,
    seed: 4242,
    asOf: AS_OF,
    onProgress: (p) => {
      if (Date.now() - lastLog < 10_000) return;
      lastLog = Date.now();
      log(`  ${JSON.stringify(p)}`);
    },
  });
  log(`Seeded ${result.totalRows.toLocaleString('en')} rows in ${(result.ms / 1000).toFixed(0)} s.`);
  return { db, tenantId: result.tenantId };
}

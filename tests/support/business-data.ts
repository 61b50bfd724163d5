import type { Knex } from '../../shared/db/knex';
import { seedTenant } from '../../scripts/seed/seed-tenant';

/** The fixed day seeded test data is "as of", so expectations never depend on the clock of the run. */
export const SEED_AS_OF = new Date('2025-03-14T12:00:00Z');

/**
 * A small, realistic tenant (60 products, 300 orders) as background data for a business-api test; two
 * tenants seeded with different seeds share ids but not values, which makes leaks between them visible.
 */
export async function seedSmallTenant(db: Knex, code: string, seed: number): Promise<number> {
  const { tenantId } = await seedTenant(db, {
    tenant: code,
    products: 60,
    orders: 300,
    seed,
    asOf: SEED_AS_OF,
    analyze: false,
  });
  return tenantId;
}

/** Seeding two tenants while other test files run in parallel outlasts jest's default 5 s hook timeout. */
export const SEED_TIMEOUT_MS = 60_000;

/** Numeric columns arrive as strings from pg. */
export const num = (value: unknown): number => Number(value);

import type { Db } from '../../../shared/db/knex';

export type Tenant = { id: number; code: string; name: string };

/** The tenant with this code, or undefined. */
export async function findTenantByCode(db: Db, code: string): Promise<Tenant | undefined> {
  return db<Tenant>('tenants').select('id', 'code', 'name').where({ code }).first();
}

/** Canonical form of an e-mail address for lookups: trimmed, lower-cased. */
export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

/** The id of the tenant's user with this e-mail, creating the user when the address is new to the tenant. */
export async function ensureUser(db: Db, tenantId: number, email: string, name?: string): Promise<number> {
  const [row] = await db('users')
    .insert({ tenant_id: tenantId, email: normaliseEmail(email), name: name ?? null })
    .onConflict(['tenant_id', 'email'])
    // A no-op update so `returning` yields the existing row's id too.
    .merge(['email'])
    .returning<{ id: number }[]>('id');
  if (!row) throw new Error('user upsert returned no row');
  return row.id;
}

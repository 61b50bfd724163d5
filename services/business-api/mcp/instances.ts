import type { Db } from '../../../shared/db/knex';
import type { AuthContext } from '../auth/auth-context';

/** An instance (tenant) the caller may act on. */
export type Instance = { instanceId: number; code: string; name: string; isDefault: boolean };

/** Who the caller is across tokens: the issuer's subject (subjects are unique per issuer). */
export type UserKey = { issuer: string; subject: string };

/**
 * The instances a caller may use: a user belongs to one tenant (identity's `users.tenant_id`), and a token
 * carries it as `iid`, so this is exactly the token's instance. Kept a list so a later multi-instance user
 * (tokens listing several) needs no change in the tools.
 */
async function instancesOf(
  db: Db,
  auth: Pick<AuthContext, 'tenantId'>,
): Promise<{ id: number; code: string; name: string }[]> {
  return db('tenants').where({ id: auth.tenantId }).orderBy('id').select('id', 'code', 'name');
}

/** The stored default, if it is still one of the caller's instances; otherwise the token's own instance. */
export async function defaultInstance(db: Db, user: UserKey, auth: Pick<AuthContext, 'tenantId'>): Promise<number> {
  const row: { tenant_id: number } | undefined = await db('mcp_default_instances').where(user).first('tenant_id');
  const allowed = (await instancesOf(db, auth)).map((t) => t.id);
  return row !== undefined && allowed.includes(row.tenant_id) ? row.tenant_id : auth.tenantId;
}

export async function listInstances(db: Db, user: UserKey, auth: Pick<AuthContext, 'tenantId'>): Promise<Instance[]> {
  const current = await defaultInstance(db, user, auth);
  return (await instancesOf(db, auth)).map((t) => ({
    instanceId: t.id,
    code: t.code,
    name: t.name,
    isDefault: t.id === current,
  }));
}

/** Stores the caller's default instance; false when it is not one of theirs (nothing stored). */
export async function setDefaultInstance(
  db: Db,
  user: UserKey,
  auth: Pick<AuthContext, 'tenantId'>,
  instanceId: number,
): Promise<boolean> {
  if (!(await instancesOf(db, auth)).some((t) => t.id === instanceId)) return false;
  await db('mcp_default_instances')
    .insert({ ...user, tenant_id: instanceId, updated_at: db.fn.now() })
    .onConflict(['issuer', 'subject'])
    .merge(['tenant_id', 'updated_at']);
  return true;
}

import type { Db } from '../../../shared/db/knex';
import { cannotBeStored } from '../../../shared/db/storable-text';
import { ACCESS_LEVELS, isPermission, type AccessLevel, type Permission } from '../../../shared/auth/scopes';

/** An app password as the rest of the code sees it; the secret's hash never leaves this file. */
export type AppPassword = {
  id: number;
  tenantId: number;
  userId: number;
  userEmail: string;
  clientId: string;
  name: string;
  access: AccessLevel;
  permissions: Permission[];
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
};

export type NewAppPassword = Pick<
  AppPassword,
  'tenantId' | 'userId' | 'clientId' | 'name' | 'access' | 'permissions'
> & {
  secretHash: string;
};

type Row = {
  id: number;
  tenant_id: number;
  user_id: number;
  user_email: string;
  client_id: string;
  name: string;
  access: string;
  permissions: string[];
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
  secret_hash: string;
};

const columns = [
  'p.id',
  'p.tenant_id',
  'p.user_id',
  'u.email as user_email',
  'p.client_id',
  'p.name',
  'p.access',
  'p.permissions',
  'p.created_at',
  'p.last_used_at',
  'p.revoked_at',
  'p.secret_hash',
];

const selectPasswords = (db: Db) =>
  db<Row>('app_passwords as p').join('users as u', 'u.id', 'p.user_id').select<Row[]>(columns);

function toAppPassword(row: Row): AppPassword {
  const access = ACCESS_LEVELS.find((level) => level === row.access);
  if (!access) throw new Error(`app password ${row.id} has an unknown access level`);
  return {
    id: row.id,
    tenantId: row.tenant_id,
    userId: row.user_id,
    userEmail: row.user_email,
    clientId: row.client_id,
    name: row.name,
    access,
    permissions: row.permissions.filter(isPermission),
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
  };
}

/** Stores a new app password and returns its id. */
export async function insertAppPassword(db: Db, input: NewAppPassword): Promise<number> {
  const [row] = await db('app_passwords')
    .insert({
      tenant_id: input.tenantId,
      user_id: input.userId,
      client_id: input.clientId,
      name: input.name,
      access: input.access,
      permissions: input.permissions,
      secret_hash: input.secretHash,
    })
    .returning<{ id: number }[]>('id');
  if (!row) throw new Error('app password insert returned no row');
  return row.id;
}

/** The tenant's app passwords, revoked ones included, oldest first. */
export async function listAppPasswords(db: Db, tenantId: number): Promise<AppPassword[]> {
  const rows = await selectPasswords(db).where('p.tenant_id', tenantId).orderBy('p.id');
  return rows.map(toAppPassword);
}

/** One app password by id, or undefined. */
export async function getAppPassword(db: Db, id: number): Promise<AppPassword | undefined> {
  const row = await selectPasswords(db).where('p.id', id).first();
  return row && toAppPassword(row);
}

/** The unrevoked app password with this client id and its secret's hash, or undefined (a NUL names none: no query). */
export async function findActiveByClientId(
  db: Db,
  clientId: string,
): Promise<{ password: AppPassword; secretHash: string } | undefined> {
  if (cannotBeStored(clientId)) return undefined;
  const row = await selectPasswords(db).where('p.client_id', clientId).whereNull('p.revoked_at').first();
  return row && { password: toAppPassword(row), secretHash: row.secret_hash };
}

/** Revokes the app password; false when there is none with this id or it was already revoked. */
export async function revokeAppPassword(db: Db, id: number): Promise<boolean> {
  const changed = await db('app_passwords').where({ id }).whereNull('revoked_at').update({ revoked_at: db.fn.now() });
  return changed > 0;
}

/** Records a successful token exchange. */
export async function markUsed(db: Db, id: number): Promise<void> {
  await db('app_passwords').where({ id }).update({ last_used_at: db.fn.now() });
}

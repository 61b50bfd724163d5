import type { Knex } from '../../../shared/db/knex';
import type { AccessLevel, Permission } from '../../../shared/auth/scopes';
import { getAppPassword, insertAppPassword, type AppPassword } from './repository';
import { hashSecret, newClientId, newClientSecret } from './secrets';
import { ensureUser, findTenantByCode } from './tenant-users';

export type CreateAppPasswordInput = {
  tenantCode: string;
  email: string;
  name: string;
  access: AccessLevel;
  permissions: Permission[];
};

/** Raised when the named tenant does not exist. */
export class UnknownTenantError extends Error {
  constructor(readonly tenantCode: string) {
    super(`unknown tenant '${tenantCode}'`);
    this.name = 'UnknownTenantError';
  }
}

/**
 * Creates an app password for the tenant's user (creating the user when the e-mail is new) and returns it
 * with its raw secret, which is stored only as a hash: this is the one moment it can be shown.
 */
export async function createAppPassword(
  db: Knex,
  input: CreateAppPasswordInput,
): Promise<{ password: AppPassword; clientSecret: string }> {
  const clientSecret = newClientSecret();
  const id = await db.transaction(async (trx) => {
    const tenant = await findTenantByCode(trx, input.tenantCode);
    if (!tenant) throw new UnknownTenantError(input.tenantCode);
    const userId = await ensureUser(trx, tenant.id, input.email);
    return insertAppPassword(trx, {
      tenantId: tenant.id,
      userId,
      clientId: newClientId(),
      name: input.name,
      access: input.access,
      permissions: input.permissions,
      secretHash: hashSecret(clientSecret),
    });
  });
  const password = await getAppPassword(db, id);
  if (!password) throw new Error(`app password ${id} vanished after insert`);
  return { password, clientSecret };
}

import type { Knex } from '../../../shared/db/knex';
import type { Redis } from '../../../shared/redis';
import { announceRevocation } from '../../../shared/storefront-config/config-registry';
import { ConfigNotFoundError } from '../../../shared/storefront-config/errors';
import { listKeys, revokeKey, type SiteKey } from '../../../shared/storefront-config/keys';
import type { SiteScope } from './index-actions';

/** Note returned with a created key, whose raw value is shown only then. */
export const NEW_KEY_NOTE =
  'Shown only now and stored only as a hash: keep it now. The key works once a published version contains it ' +
  '(publish the site).';

/**
 * Revokes one key of the site at once and tells serving processes (as `key revoke` in the CLI does): a leaked key
 * stops working without a publish. A key of another site or tenant is not found.
 */
export async function revokeSiteKey(
  deps: { db: Knex; redis: Redis },
  scope: SiteScope,
  keyId: number,
): Promise<SiteKey> {
  const keys = await listKeys(deps.db, scope.tenantId, scope.siteId);
  if (!keys.some((k) => k.id === keyId)) throw new ConfigNotFoundError(`key ${keyId}`);
  const revoked = await revokeKey(deps.db, scope.tenantId, keyId);
  await announceRevocation(deps.redis, revoked.siteId);
  return revoked;
}

import type { Knex } from '../../../shared/db/knex';
import { ConfigNotFoundError } from '../../../shared/storefront-config/errors';
import { findSiteByCode, getSite } from '../../../shared/storefront-config/site-store';
import { findTenantByCode } from '../../../services/identity/app-passwords/tenant-users';
import { UsageError } from '../command';
import { required, type Options } from './options';

/** The tenant named by `--tenant CODE`. */
export async function tenantOf(db: Knex, options: Options): Promise<number> {
  const code = required(options, 'tenant');
  const tenant = await findTenantByCode(db, code);
  if (tenant === undefined) throw new UsageError(`unknown tenant '${code}'`);
  return tenant.id;
}

/** The tenant's site named by `--site CODE|ID` (or the first positional argument). */
export async function siteOf(db: Knex, options: Options): Promise<{ tenantId: number; siteId: number }> {
  const tenantId = await tenantOf(db, options);
  const ref = typeof options.site === 'string' ? options.site : options.positionals[0];
  if (ref === undefined) throw new UsageError('--site is required (a site code or id)');
  const site = /^\d+$/.test(ref)
    ? await getSite(db, tenantId, Number(ref)).catch(() => null)
    : await findSiteByCode(db, tenantId, ref);
  if (site === null) throw new ConfigNotFoundError(`site '${ref}'`);
  return { tenantId, siteId: site.id };
}

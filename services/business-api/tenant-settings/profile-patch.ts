import type { Db } from '../../../shared/db/knex';
import { ErrorMessageError } from '../http/error-message-error';
import {
  PROFILE_FIELD_NAMES,
  groupChanges,
  normalizeField,
  type ChangeGroups,
  type ProfileField,
  type ProfileValues,
} from './profile-fields';
import { readProfile, writeProfile } from './profile-store';

export type PatchOutcome =
  | { ok: true; groups: ChangeGroups; profile: ProfileValues }
  | { ok: false; groups: ChangeGroups; cause: unknown };

const isProfileField = (key: string): key is ProfileField => (PROFILE_FIELD_NAMES as string[]).includes(key);

/**
 * The values to store for the fields sent: null and absent fields are left alone; unknown names are reported
 * as not saved. Any invalid value is 400 `{error}` before anything is stored.
 */
async function wantedValues(
  db: Db,
  tenantId: number,
  body: Record<string, unknown>,
): Promise<{ wanted: Partial<ProfileValues>; unknown: string[] }> {
  const wanted: Partial<ProfileValues> = {};
  const errors: string[] = [];
  const unknown = Object.keys(body).filter((key) => !isProfileField(key));
  for (const field of PROFILE_FIELD_NAMES) {
    const raw = body[field];
    if (typeof raw !== 'string') continue;
    const result = normalizeField(field, raw);
    if (result.ok) wanted[field] = result.value;
    else errors.push(result.message);
  }
  const currency = wanted.defaultCurrencyCode;
  if (currency && !(await db('currencies').where({ tenant_id: tenantId, code: currency }).first('id'))) {
    errors.push(`defaultCurrencyCode ${currency} is not a currency of this company`);
  }
  if (errors.length) throw new ErrorMessageError(400, `${errors.join('; ')}. Nothing was saved.`);
  return { wanted, unknown };
}

/**
 * Applies a company-profile PATCH (spec rules 1 and 2). A failed write is reported, not thrown: its groups are
 * read back from what is stored, so the caller learns what actually holds and may safely retry.
 */
export async function patchCompanyProfile(
  db: Db,
  tenantId: number,
  body: Record<string, unknown> | null,
): Promise<PatchOutcome> {
  const { wanted, unknown } = body === null ? { wanted: {}, unknown: [] } : await wantedValues(db, tenantId, body);
  const before = await readProfile(db, tenantId);
  const changes = Object.fromEntries(Object.entries(wanted).filter(([f, v]) => before[f as ProfileField] !== v));
  const readBack = async () => {
    const after = await readProfile(db, tenantId);
    const groups = groupChanges(wanted, before, after);
    return { after, groups: { ...groups, notSaved: [...groups.notSaved, ...unknown] } };
  };
  try {
    await writeProfile(db, tenantId, changes);
  } catch (cause) {
    return { ok: false, groups: (await readBack()).groups, cause };
  }
  const { after, groups } = await readBack();
  return { ok: true, groups, profile: after };
}

import type { Db } from '../../../shared/db/knex';
import { PROFILE_FIELDS, PROFILE_FIELD_NAMES, type ProfileField, type ProfileValues } from './profile-fields';

type ProfileRow = Record<string, string | null>;

/** A tenant without a stored profile reads as an empty one (name empty, every other field null). */
export const EMPTY_PROFILE: ProfileValues = Object.fromEntries(
  PROFILE_FIELD_NAMES.map((f) => [f, f === 'name' ? '' : null]),
) as ProfileValues;

export async function readProfile(db: Db, tenantId: number): Promise<ProfileValues> {
  const row: ProfileRow | undefined = await db('company_profiles')
    .where('tenant_id', tenantId)
    .first(Object.values(PROFILE_FIELDS));
  if (!row) return EMPTY_PROFILE;
  return Object.fromEntries(PROFILE_FIELD_NAMES.map((f) => [f, row[PROFILE_FIELDS[f]] ?? null])) as ProfileValues;
}

/**
 * Stores the changed fields in one statement (so a write is whole or not at all), creating the profile when missing.
 */
export async function writeProfile(db: Db, tenantId: number, changes: Partial<ProfileValues>): Promise<void> {
  const fields = Object.keys(changes) as ProfileField[];
  if (!fields.length) return;
  const columns = Object.fromEntries(fields.map((f) => [PROFILE_FIELDS[f], changes[f]]));
  await db('company_profiles')
    .insert({ tenant_id: tenantId, name: '', ...columns, updated_at: db.fn.now() })
    .onConflict('tenant_id')
    .merge([...Object.keys(columns), 'updated_at']);
}

import { hash, randomBytes } from 'node:crypto';
import type { Db } from '../db/knex';
import { ConfigNotFoundError } from './errors';
import { getSite } from './site-store';

export type KeyKind = 'publishable' | 'preview' | 'secret';

export const KEY_PREFIXES: Record<KeyKind, string> = {
  publishable: 'sfk_pub_',
  preview: 'sfk_prv_',
  secret: 'sfk_sec_',
};

/** A key as listed: never the raw key, only its kind, label, a hint (its first characters) and its state. */
export interface SiteKey {
  id: number;
  siteId: number;
  kind: KeyKind;
  label: string;
  hint: string;
  publishedVersion: number | null;
  createdAt: Date;
  revokedAt: Date | null;
}

type KeyRow = {
  id: number;
  site_id: number;
  kind: KeyKind;
  label: string;
  key_hint: string;
  published_version: number | null;
  created_at: Date;
  revoked_at: Date | null;
};

const toKey = (r: KeyRow): SiteKey => ({
  id: r.id,
  siteId: r.site_id,
  kind: r.kind,
  label: r.label,
  hint: r.key_hint,
  publishedVersion: r.published_version,
  createdAt: r.created_at,
  revokedAt: r.revoked_at,
});

/** SHA-256 hex of a raw key: what is stored and looked up (a 256-bit random key needs no slow hash). */
// crypto.hash: the one-shot digest, cheaper than a Hash object on the storefront's every request.
export const hashKey = (raw: string): string => hash('sha256', raw, 'hex');

/** The kind a raw key's prefix names, or null. */
export function keyKindOf(raw: string): KeyKind | null {
  for (const [kind, prefix] of Object.entries(KEY_PREFIXES) as [KeyKind, string][])
    if (raw.startsWith(prefix)) return kind;
  return null;
}

/**
 * Creates a key: the prefix of its kind and 256 random bits (base64url). The raw key is returned only here;
 * the key stays inert until a published version contains it.
 */
export async function createKey(
  db: Db,
  tenantId: number,
  siteId: number,
  kind: KeyKind,
  label: string,
): Promise<{ key: SiteKey; raw: string }> {
  await getSite(db, tenantId, siteId);
  const raw = `${KEY_PREFIXES[kind]}${randomBytes(32).toString('base64url')}`;
  const [row] = await db('storefront_keys')
    .insert({
      tenant_id: tenantId,
      site_id: siteId,
      kind,
      label: label.trim().slice(0, 200) || kind,
      key_hash: hashKey(raw),
      key_hint: raw.slice(0, 12),
    })
    .returning<KeyRow[]>([
      'id',
      'site_id',
      'kind',
      'label',
      'key_hint',
      'published_version',
      'created_at',
      'revoked_at',
    ]);
  if (row === undefined) throw new Error('key insert returned no row');
  return { key: toKey(row), raw };
}

export async function listKeys(db: Db, tenantId: number, siteId: number): Promise<SiteKey[]> {
  const rows: KeyRow[] = await db('storefront_keys').where({ tenant_id: tenantId, site_id: siteId }).orderBy('id');
  return rows.map(toKey);
}

/** Revokes a key at once (no publish needed: a leaked key must stop working now). */
export async function revokeKey(db: Db, tenantId: number, keyId: number): Promise<SiteKey> {
  const [row] = await db('storefront_keys')
    .where({ tenant_id: tenantId, id: keyId })
    .update({ revoked_at: db.raw('coalesce(revoked_at, now())') })
    .returning<KeyRow[]>([
      'id',
      'site_id',
      'kind',
      'label',
      'key_hint',
      'published_version',
      'created_at',
      'revoked_at',
    ]);
  if (row === undefined) throw new ConfigNotFoundError(`key ${keyId}`);
  return toKey(row);
}

/** The live key with this raw value (published, not revoked, its site not removed), or null. */
export async function findActiveKey(db: Db, raw: string): Promise<(SiteKey & { tenantId: number }) | null> {
  const row = await db('storefront_keys as k')
    .join('storefront_sites as s', (j) => j.on('s.id', 'k.site_id').andOn('s.tenant_id', 'k.tenant_id'))
    .where('k.key_hash', hashKey(raw))
    .whereNull('k.revoked_at')
    .whereNotNull('k.published_version')
    .whereNull('s.removed_at')
    .first<(KeyRow & { tenant_id: number }) | undefined>(
      'k.id',
      'k.site_id',
      'k.kind',
      'k.label',
      'k.key_hint',
      'k.published_version',
      'k.created_at',
      'k.revoked_at',
      'k.tenant_id',
    );
  return row === undefined ? null : { ...toKey(row), tenantId: row.tenant_id };
}

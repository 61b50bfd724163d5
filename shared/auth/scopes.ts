/**
 * The scope vocabulary shared by the identity provider (which writes it into tokens) and business-api
 * (which reads it back). A token's `scope` is space-separated (RFC 6749 §3.3): `read`, optionally
 * `write`, then the permissions the app password was granted.
 */

export const PERMISSIONS = ['onboarding_company', 'payment_manage', 'price', 'quantity'] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ACCESS_LEVELS = ['read-only', 'read-write'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

export type ParsedScope = { scopes: string[]; permissions: Permission[]; canRead: boolean; readOnly: boolean };

export const isPermission = (value: string): value is Permission => (PERMISSIONS as readonly string[]).includes(value);

/** The scope string for an access level and permissions: `read [write] perm...`, permissions in canonical order. */
export function formatScope(access: AccessLevel, permissions: readonly Permission[]): string {
  const base = access === 'read-write' ? ['read', 'write'] : ['read'];
  return [...base, ...PERMISSIONS.filter((p) => permissions.includes(p))].join(' ');
}

/** Splits a scope string; unknown scopes are kept in `scopes` but grant nothing. */
export function parseScope(scope: string): ParsedScope {
  const scopes = [...new Set(scope.split(' ').filter(Boolean))];
  const write = scopes.includes('write');
  return {
    scopes,
    permissions: PERMISSIONS.filter((p) => scopes.includes(p)),
    canRead: write || scopes.includes('read'),
    readOnly: !write,
  };
}

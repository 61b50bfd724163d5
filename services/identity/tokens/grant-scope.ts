import { formatScope, parseScope, type AccessLevel, type Permission } from '../../../shared/auth/scopes';
import { invalidScope } from './oauth-error';

/**
 * The scope a token gets: everything the app password grants, or, when the client asks for a `scope`,
 * exactly that (always including `read`), provided it is a subset of the grant (RFC 6749 §3.3).
 */
export function grantScope(
  granted: { access: AccessLevel; permissions: Permission[] },
  requested: string | undefined,
): string {
  const full = formatScope(granted.access, granted.permissions);
  if (requested === undefined || requested.trim() === '') return full;
  const allowed = new Set(full.split(' '));
  const asked = parseScope(requested);
  const beyond = asked.scopes.filter((s) => !allowed.has(s));
  if (beyond.length) throw invalidScope(`Not granted to this app password: ${beyond.join(' ')}.`);
  return formatScope(asked.readOnly ? 'read-only' : 'read-write', asked.permissions);
}

/**
 * The scope a user consents to at /oauth/authorize: what the client asked for, narrowed to what the app password
 * grants (RFC 6749 §3.3 lets the server issue less than asked; the token response says what was granted).
 * Clients commonly ask for every scope the resource lists, so a read-only app password still signs in, read-only.
 */
export function consentScope(
  granted: { access: AccessLevel; permissions: Permission[] },
  requested: string | undefined,
): string {
  if (requested === undefined || requested.trim() === '') return formatScope(granted.access, granted.permissions);
  const asked = parseScope(requested);
  const access: AccessLevel = granted.access === 'read-write' && !asked.readOnly ? 'read-write' : 'read-only';
  return formatScope(
    access,
    asked.permissions.filter((p) => granted.permissions.includes(p)),
  );
}

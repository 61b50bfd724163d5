import type { RequestHandler } from 'express';
import type { Permission } from '../../../shared/auth/scopes';
import { forbidden } from '../../../shared/errors';
import type { AuthContext } from './auth-context';

/** Whether the caller holds `permission`. */
export const hasPermission = (auth: Pick<AuthContext, 'permissions'>, permission: Permission): boolean =>
  auth.permissions.includes(permission);

/**
 * 403 unless the token carries `permission` (API keys included). `deny` builds the error for routes whose
 * 403 body is not ErrorEnvelope (company profile answers `{error}`).
 */
export function requirePermission(
  permission: Permission,
  deny: (message: string) => Error = (message) => forbidden('forbidden', message),
): RequestHandler {
  return (req, _res, next) => {
    const allowed = req.auth !== undefined && hasPermission(req.auth, permission);
    next(allowed ? undefined : deny(`This call needs the permission '${permission}'.`));
  };
}

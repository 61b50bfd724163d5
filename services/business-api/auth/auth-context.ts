import type { Request } from 'express';
import type { Permission } from '../../../shared/auth/scopes';

/** Who is calling, from a verified token: the tenant comes from `iid` and nowhere else. */
export type AuthContext = {
  tenantId: number;
  userId: string;
  scopes: string[];
  permissions: Permission[];
  readOnly: boolean;
  canRead: boolean;
};

declare global {
  // Express declares its Request in this global namespace; merging into it types `req.auth` everywhere.
  namespace Express {
    interface Request {
      /** Set by `authenticate` on every request under /api/v1 that reaches a route. */
      auth?: AuthContext;
    }
  }
}

/** The caller of an authenticated route; throws if `authenticate` did not run before it (a wiring bug). */
export function authOf(req: Pick<Request, 'auth'>): AuthContext {
  if (!req.auth) throw new Error('authOf: route is not behind authenticate()');
  return req.auth;
}

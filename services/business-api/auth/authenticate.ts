import type { RequestHandler } from 'express';
import { unauthorized } from '../../../shared/errors';
import { TokenRejectedError, type TokenVerifier } from './token-verifier';

// One message for every rejection (spec: Authentication 7): the caller learns nothing about why.
export const UNAUTHORIZED_MESSAGE = 'A valid bearer token is required.';

/**
 * Requires `Authorization: Bearer <JWT>` and sets `req.auth`. Missing, malformed, expired or foreign
 * tokens all get the same 401 `unauthorized`; the reason goes to the log at debug level.
 */
export function authenticate(verify: TokenVerifier): RequestHandler {
  return async (req, res, next) => {
    try {
      const token = /^Bearer +([^\s]+) *$/i.exec(req.headers.authorization ?? '')?.[1];
      if (!token) throw new TokenRejectedError('no bearer token');
      req.auth = await verify(token);
      next();
    } catch (err) {
      if (!(err instanceof TokenRejectedError)) return next(err);
      req.log.debug({ reason: err.reason }, 'bearer token rejected');
      res.setHeader('WWW-Authenticate', 'Bearer realm="aisle"');
      next(unauthorized('unauthorized', UNAUTHORIZED_MESSAGE));
    }
  };
}

import type { ErrorRequestHandler, RequestHandler } from 'express';
import { databaseOutage } from '../../shared/db/outage';
import { AppError } from '../../shared/errors';
import { isBodyParserError } from '../../shared/http/body-parser-error';
import { sendAppError, sendInternalError } from '../../shared/http/error-envelope';
import { traceIdOf } from '../../shared/http/request-context';
import { OAuthError, invalidRequest } from './tokens/oauth-error';

/** 404 for every path the identity provider does not serve. */
export const notFoundHandler: RequestHandler = (req, _res, next) => {
  next(new AppError(404, 'not_found', `No route for ${req.method} ${req.path}.`));
};

/**
 * Token-endpoint failures as RFC 6749 §5.2 bodies; everything else (429, 404, 503 for an unreachable store, 500)
 * as ErrorEnvelope.
 * An unreadable body can only reach here from the token endpoint, so it is an OAuth invalid_request.
 */
export const identityErrorHandler: ErrorRequestHandler = (err, req, res, next) => {
  if (res.headersSent) return next(err);
  const oauth = err instanceof OAuthError ? err : isBodyParserError(err) && err.status < 500 ? unreadable() : undefined;
  if (oauth) {
    res.status(oauth.status).set(oauth.headers).json({ error: oauth.error, error_description: oauth.description });
    return;
  }
  const known = err instanceof AppError ? err : databaseOutage(err);
  if (known) return sendAppError(res, known, traceIdOf(req));
  req.log.error({ err }, 'unhandled error');
  sendInternalError(res, traceIdOf(req));
};

const unreadable = () => invalidRequest('The request body could not be read.');

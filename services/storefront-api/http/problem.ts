import type { ErrorRequestHandler, Response } from 'express';
import { isDatabaseUnreachable } from '../../../shared/db/outage';
import { AppError, RateLimitedError, unavailable } from '../../../shared/errors';
import { isBodyParserError } from '../../../shared/http/body-parser-error';
import type { ClientErrorRenderer } from '../../../shared/http/client-error';
import type { Logger } from '../../../shared/logger';
import { searchAppError } from '../../../shared/search/search-app-error';

export const PROBLEM_TYPE = 'application/problem+json';

/** Seconds a client waits before retrying a 503 (warming up, index being built). */
const RETRY_UNAVAILABLE_SECONDS = 5;

/** Sends an RFC 9457 problem: `type` under the errors doc URL ending in the code, `title` equal to the code. */
export function sendProblem(
  res: Response,
  docUrl: string,
  status: number,
  code: string,
  detail: string,
  extra: Record<string, unknown> = {},
): void {
  res.removeHeader('ETag');
  res.set('Cache-Control', 'no-store');
  if (status === 503) res.set('Retry-After', String(RETRY_UNAVAILABLE_SECONDS));
  res
    .status(status)
    .type(PROBLEM_TYPE)
    .send(JSON.stringify(problemOf(docUrl, status, code, detail, extra)));
}

/** An RFC 9457 problem as the spec shapes it: `type` under the errors doc URL ending in the code, `title` the code. */
function problemOf(docUrl: string, status: number, code: string, detail: string, extra: Record<string, unknown> = {}) {
  return { type: `${docUrl.replace(/\/+$/, '')}/${code}`, title: code, status, detail, code, ...extra };
}

/**
 * A request Node refused before the app saw it, answered in the shape of every other storefront error (problem+json,
 * no-store): headers over Node's 16 KB limit are 431 REQUEST_HEADERS_TOO_LARGE; anything else Node cannot read
 * (malformed HTTP, a request too slow to arrive) is 400 BAD_REQUEST. No app ran, so nothing else is known.
 */
export function clientErrorProblem(docUrl: string): ClientErrorRenderer {
  return (nodeStatus) => {
    const [status, code, detail] =
      nodeStatus === 431
        ? [431, 'REQUEST_HEADERS_TOO_LARGE', 'The request headers are larger than 16 KB; a site key is 56 characters.']
        : [400, 'BAD_REQUEST', 'The request is not valid HTTP.'];
    return {
      status,
      headers: { 'Content-Type': PROBLEM_TYPE, 'Cache-Control': 'no-store' },
      body: JSON.stringify(problemOf(docUrl, status, code, detail)),
    };
  };
}

/** 503 SERVICE_UNAVAILABLE for a PostgreSQL that cannot be reached (the pools reconnect by themselves), else null. */
function databaseDown(err: unknown): AppError | null {
  return isDatabaseUnreachable(err)
    ? unavailable(
        'SERVICE_UNAVAILABLE',
        'The catalogue database is unavailable right now; retry after the number of seconds in Retry-After.',
      )
    : null;
}

/** The one error middleware: typed errors keep their status and code; anything else is a 500 with no internals. */
export function problemHandler(docUrl: string, logger: Logger): ErrorRequestHandler {
  return (err: unknown, req, res, _next) => {
    const known = err instanceof AppError ? err : (searchAppError(err) ?? databaseDown(err));
    if (known !== null) {
      if (known instanceof RateLimitedError) res.set('Retry-After', String(known.retryAfterSeconds));
      return sendProblem(res, docUrl, known.status, known.code, known.message, known.extra);
    }
    const unreadable = unreadableBody(err);
    if (unreadable !== null) return sendProblem(res, docUrl, 400, 'INVALID_BODY', unreadable);
    // A path segment that does not percent-decode names nothing (express throws while reading it).
    if (err instanceof URIError) return sendProblem(res, docUrl, 404, 'NOT_FOUND', 'The path cannot be decoded.');
    logger.error({ err, method: req.method, url: req.originalUrl }, 'unhandled error');
    sendProblem(res, docUrl, 500, 'INTERNAL_ERROR', 'Something went wrong on our side.');
  };
}

/**
 * Why the client's body could not be read, or null when the error is not that. Every body the JSON parser refuses
 * (malformed, too large, another charset or a content encoding) is the client's, and the spec's 400 INVALID_BODY;
 * the parser's own 5xx (a stream already read) stays a fault.
 */
function unreadableBody(err: unknown): string | null {
  if (!isBodyParserError(err) || err.status >= 500) return null;
  if (err.type === 'entity.parse.failed') return 'The request body is not valid JSON.';
  if (err.type === 'entity.too.large') return 'The request body is too large.';
  if (err.type === 'charset.unsupported' || err.type === 'encoding.unsupported')
    return 'Send the body as UTF-8 JSON, without a content encoding.';
  return 'The request body could not be read.';
}

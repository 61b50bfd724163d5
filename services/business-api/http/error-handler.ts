import type { ErrorRequestHandler } from 'express';
import { AppError, retryAfterOf } from '../../../shared/errors';
import { databaseOutage } from '../../../shared/db/outage';
import { isBodyParserError } from '../../../shared/http/body-parser-error';
import { INTERNAL_ERROR, type ErrorEnvelope } from '../../../shared/http/error-envelope';
import { traceIdOf } from '../../../shared/http/request-context';
import { ConfigValidationError } from '../../../shared/storefront-config/errors';
import { ErrorMessageError } from './error-message-error';
import { PROBLEM_CONTENT_TYPE, ProblemError, unsupportedMediaType, validationProblem } from './problem-details';

/** What to send for an error: status, content type, body and extra headers; `internal` errors get logged. */
export type ErrorResponse = {
  status: number;
  contentType: string;
  body: object;
  headers: Record<string, string>;
  internal: boolean;
};

const JSON_TYPE = 'application/json';

/**
 * Maps any thrown value to the spec's bodies: ProblemError to problem+json (with the trace id), an
 * unreadable body to a binding problem or 415, ErrorMessageError to `{error}`, AppError to ErrorEnvelope, an
 * unreachable database to 503 `unavailable`, and anything else to a 500 envelope that reveals nothing but the trace id.
 */
export function toErrorResponse(err: unknown, traceId: string | null): ErrorResponse {
  const mapped = fromFramework(err);
  if (mapped instanceof ProblemError) {
    const body = { ...mapped.problem, traceId };
    return { status: mapped.problem.status, contentType: PROBLEM_CONTENT_TYPE, body, headers: {}, internal: false };
  }
  if (mapped instanceof ErrorMessageError) {
    return {
      status: mapped.status,
      contentType: JSON_TYPE,
      body: { error: mapped.message },
      headers: {},
      internal: false,
    };
  }
  if (mapped instanceof AppError) {
    const body: ErrorEnvelope = { code: mapped.code, message: mapped.message, traceId };
    const retryAfter = retryAfterOf(mapped);
    const headers: Record<string, string> = retryAfter === undefined ? {} : { 'Retry-After': String(retryAfter) };
    return { status: mapped.status, contentType: JSON_TYPE, body, headers, internal: false };
  }
  const body: ErrorEnvelope = { ...INTERNAL_ERROR, traceId };
  return { status: 500, contentType: JSON_TYPE, body, headers: {}, internal: true };
}

/** Errors raised by express itself or by an unreachable database, as the failures they mean; anything else as it is. */
function fromFramework(err: unknown): unknown {
  if (isBodyParserError(err)) return fromBodyParser(err.type, err.status);
  // The router throws a URIError (status 400) when a path parameter is not valid percent-encoding.
  if (err instanceof URIError && 'status' in err && err.status === 400) {
    return validationProblem({ path: ['The request path is not valid percent-encoding.'] });
  }
  if (err instanceof ConfigValidationError) return validationProblem(configErrors(err));
  return databaseOutage(err) ?? err;
}

/** A configuration's broken fields as ValidationProblemDetails `errors`: each field with its messages. */
function configErrors(err: ConfigValidationError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of err.issues) {
    const messages = errors[issue.field] ?? [];
    messages.push(issue.message);
    errors[issue.field] = messages;
  }
  return errors;
}

function fromBodyParser(type: string | undefined, status: number): unknown {
  if (type === 'entity.parse.failed') return validationProblem({ $: ['The request body is not valid JSON.'] });
  if (type === 'charset.unsupported' || type === 'encoding.unsupported') {
    return unsupportedMediaType('Send the body as UTF-8 application/json, without content encoding.');
  }
  if (type === 'entity.too.large') return new AppError(413, 'payload_too_large', 'The request body is too large.');
  if (status < 500) return validationProblem({ $: ['The request body could not be read.'] });
  return undefined;
}

/** The business-api error middleware: one place where every failure becomes its response. */
export const errorHandler: ErrorRequestHandler = (err, req, res, next) => {
  if (res.headersSent) return next(err);
  const response = toErrorResponse(err, traceIdOf(req));
  if (response.internal) req.log.error({ err }, 'unhandled error');
  res.status(response.status).set(response.headers).type(response.contentType).send(JSON.stringify(response.body));
};

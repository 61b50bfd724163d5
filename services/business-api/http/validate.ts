import type { RequestHandler } from 'express';
import type { ParamsDictionary } from 'express-serve-static-core';
import type { ParsedQs } from 'qs';
import type { z } from 'zod';
import { badRequest } from '../../../shared/errors';
import { isInvalidRequestIssue } from '../filters/invalid-request';
import { pathsOfStringsContaining } from './json-scan';
import { validationProblem } from './problem-details';

type Schemas<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType> = {
  params?: P;
  query?: Q;
  body?: B;
  /** A request without body bytes binds as JSON null instead of being a missing body (a body "or null"). */
  optionalBody?: boolean;
};
/**
 * Messages by field. A Map, because field names come from the client: `errors['toString']` on a plain object finds a
 * function.
 */
type Errors = Map<string, string[]>;
/** Messages of issues marked as the spec's `invalid_request` (see filters/invalid-request.ts). */
type Refusals = string[];

export const MISSING_BODY_MESSAGE = 'A non-empty request body is required.';

/**
 * Binds `req.params`, `req.query` and `req.body` through zod schemas, replacing them with the parsed
 * values (typed for the handlers after it). Any failure is one 400 ValidationProblemDetails naming every
 * bad field: path and query parameters by name, body fields by JSON path (`$`, `$.lines[0].qty`). A string
 * holding U+0000 cannot be bound either (PostgreSQL text cannot hold it).
 * When everything binds but an issue is marked `invalid_request` (a blank or invalid identifier filter),
 * the answer is 400 `invalid_request` as an ErrorEnvelope instead, as the spec's error table says.
 */
export function validate<
  P extends z.ZodType = z.ZodType<ParamsDictionary>,
  Q extends z.ZodType = z.ZodType<ParsedQs>,
  B extends z.ZodType = z.ZodType<unknown>,
>(schemas: Schemas<P, Q, B>): RequestHandler<z.output<P>, unknown, z.output<B>, z.output<Q>> {
  return (req, _res, next) => {
    const errors: Errors = new Map();
    const refusals: Refusals = [];
    const params = bind(schemas.params, req.params, errors, refusals, (path) => path.join('.'));
    const query = bind(schemas.query, req.query, errors, refusals, (path) => path.join('.'));
    const sentBody: unknown = req.body === undefined && schemas.optionalBody ? null : req.body;
    const missingBody = schemas.body !== undefined && sentBody === undefined;
    if (missingBody) addError(errors, '$', MISSING_BODY_MESSAGE);
    const body = missingBody ? undefined : bind(schemas.body, sentBody, errors, refusals, jsonPath);
    if (schemas.query) findNul(req.query, errors, (path) => path.join('.'));
    if (schemas.body && !missingBody) findNul(sentBody, errors, jsonPath);
    // Object.fromEntries defines own properties, so even a `__proto__` field name is reported as itself.
    if (errors.size) return next(validationProblem(Object.fromEntries(errors)));
    if (refusals.length) return next(badRequest('invalid_request', refusals.join(' ')));
    if (schemas.params) req.params = params as z.output<P>;
    // Express 5 exposes `query` through a getter; an own property shadows it for this request.
    if (schemas.query)
      Object.defineProperty(req, 'query', { value: query, writable: true, enumerable: true, configurable: true });
    if (schemas.body) req.body = body as z.output<B>;
    next();
  };
}

function bind(
  schema: z.ZodType | undefined,
  value: unknown,
  errors: Errors,
  refusals: Refusals,
  key: (path: PropertyKey[]) => string,
): unknown {
  if (!schema) return value;
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    if (isInvalidRequestIssue(issue)) refusals.push(issue.message);
    else addError(errors, key(issue.path), issue.message);
  }
  return undefined;
}

export const NUL_MESSAGE = 'The value contains a NUL character, which cannot be stored or searched.';

/** Adds a binding error for every string holding U+0000: PostgreSQL text cannot hold it, so it would fail as a 500. */
function findNul(value: unknown, errors: Errors, key: (path: PropertyKey[]) => string): void {
  for (const path of pathsOfStringsContaining(value, '\u0000')) addError(errors, key(path), NUL_MESSAGE);
}

function addError(errors: Errors, field: string, message: string): void {
  const messages = errors.get(field);
  if (messages) messages.push(message);
  else errors.set(field, [message]);
}

/** `$`, `$.a.b`, `$.lines[0].qty`: the JSON path of a body field. */
export const jsonPath = (path: PropertyKey[]): string =>
  path.reduce<string>((acc, part) => (typeof part === 'number' ? `${acc}[${part}]` : `${acc}.${String(part)}`), '$');

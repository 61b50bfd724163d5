import express, { type RequestHandler } from 'express';
import { isJsonContentType } from './json-content-type';
import { MAX_BODY_DEPTH, nestsDeeperThan } from './json-scan';
import { unsupportedMediaType, validationProblem } from './problem-details';

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/** Whether the request carries body bytes (a positive Content-Length, or a chunked body). */
export function hasBody(headers: { 'content-length'?: string; 'transfer-encoding'?: string }): boolean {
  if (headers['transfer-encoding'] !== undefined) return true;
  const length = Number(headers['content-length']);
  return Number.isFinite(length) && length > 0;
}

/**
 * Parses JSON bodies of POST/PUT/PATCH into `req.body`, answering 415 for a body in any other content
 * type. A request without body bytes leaves `req.body` undefined, which `validate` reports as missing.
 * Top-level `null` is allowed (`strict: false`): PATCH company-profile accepts it. A body nested deeper than
 * MAX_BODY_DEPTH is a binding problem at `$`: no route needs it, and every later walk of it stays shallow.
 */
export function jsonBody(limit = '1mb'): RequestHandler {
  const parse = express.json({ limit, strict: false, type: (req) => isJsonContentType(req.headers['content-type']) });
  return (req, res, next) => {
    if (!BODY_METHODS.has(req.method) || !hasBody(req.headers)) return next();
    if (!isJsonContentType(req.headers['content-type'])) return next(unsupportedMediaType());
    parse(req, res, (err?: unknown) => {
      if (err !== undefined) return next(err);
      if (nestsDeeperThan(req.body, MAX_BODY_DEPTH)) return next(tooDeep());
      next();
    });
  };
}

export const tooDeep = () =>
  validationProblem({ $: [`The request body is nested more than ${MAX_BODY_DEPTH} levels deep.`] });

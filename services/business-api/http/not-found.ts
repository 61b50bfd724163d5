import type { RequestHandler } from 'express';
import { notFound } from '../../../shared/errors';

/** The last handler under /api/v1: an unknown route is a 404 ErrorEnvelope like any other. */
export const notFoundRoute: RequestHandler = (req, _res, next) => {
  next(notFound('not_found', `No endpoint ${req.method} /api/v1${req.path}.`));
};

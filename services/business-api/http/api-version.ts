import type { RequestHandler } from 'express';

/** Every response under /api/v1, errors included, names the API version (spec: Versioning). */
export const apiVersionHeader: RequestHandler = (_req, res, next) => {
  res.setHeader('X-Service-Api-Version', 'v1');
  next();
};

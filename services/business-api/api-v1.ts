import { Router } from 'express';
import { enforceAccessLevel } from './auth/access-policy';
import { authenticate } from './auth/authenticate';
import type { TokenVerifier } from './auth/token-verifier';
import { apiVersionHeader } from './http/api-version';
import { jsonBody } from './http/json-body';
import { notFoundRoute } from './http/not-found';

type ApiV1Parts = { verifyToken: TokenVerifier; publicRoutes: Router; resources: Router[] };

/**
 * Everything under /api/v1, in order: the version header (on every answer, errors included), the public
 * routes (the machine description and its reference page), bearer-token authentication, the read-only
 * rule, JSON body parsing, the resource routes, then 404 for the rest.
 * Authentication comes before the 404, so an unauthenticated caller cannot map which routes exist.
 */
export function apiV1Router({ verifyToken, publicRoutes, resources }: ApiV1Parts): Router {
  const router = Router();
  router.use(apiVersionHeader, publicRoutes, authenticate(verifyToken), enforceAccessLevel, jsonBody());
  for (const resource of resources) router.use(resource);
  router.use(notFoundRoute);
  return router;
}

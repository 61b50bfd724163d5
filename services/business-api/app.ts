import express, { type Express, type Router } from 'express';
import type { Registry } from 'prom-client';
import { pingDb } from '../../shared/db/knex';
import { allowOrigins } from '../../shared/http/allowed-origins';
import { healthRouter } from '../../shared/http/health';
import { requestContext } from '../../shared/http/request-context';
import { metricsRoutes } from '../../shared/metrics/metrics-routes';
import { rateLimitRejections } from '../../shared/metrics/rate-limit-metrics';
import { createMetricsRegistry } from '../../shared/metrics/registry';
import type { HttpServiceDeps } from '../../shared/http/run-http-service';
import { pingRedis } from '../../shared/redis';
import { apiV1Router } from './api-v1';
import { rejectAllTokens, type TokenVerifier } from './auth/token-verifier';
import { errorHandler } from './http/error-handler';
import { buildOpenApiDocument } from './openapi/build-document';
import { mcpRouter, type McpOptions } from './mcp/mcp-router';
import { docsRouter } from './openapi/docs-router';
import { mountRoutes } from './openapi/mount-routes';
import { apiRoutes } from './routes';
import type { SalesOrderOptions } from './sales-orders/options';
import type { StorefrontServices } from './storefront-admin/admin-deps';

export type BusinessApiDeps = Pick<HttpServiceDeps, 'db' | 'redis' | 'logger'> & {
  /** Verifies bearer tokens; without one every /api/v1 call is 401 (an app built for health checks only). */
  verifyToken?: TokenVerifier;
  /** Extra /api/v1 routers, served before the real ones; tests pass their own to exercise the HTTP conventions. */
  resources?: Router[];
  /** Sales-order adapters and limits (payment provider, time limit, cache); defaults when left out. */
  salesOrders?: SalesOrderOptions;
  /** The tool server at /mcp (docs/mcp.md); left out, there is none. */
  mcp?: McpOptions;
  /** The process's metrics, served at /metrics; left out, the app keeps a registry of its own. */
  metrics?: Registry;
  /** The storefront admin routes' queue and engine (the MCP tools take theirs from `mcp`). */
  storefront?: StorefrontServices;
  /** Browser origins allowed to call /api/v1 cross-origin (the admin console's); left out, none. */
  corsOrigins?: readonly string[];
};

/** What a page on an allowed origin may send to /api/v1 and read from its answers. */
const API_CORS = {
  methods: 'GET, POST, PUT, PATCH, DELETE',
  allowHeaders: 'Authorization, Content-Type, Idempotency-Key, If-Match',
  exposeHeaders: 'X-Service-Api-Version, Retry-After, WWW-Authenticate',
};

/** The business-data API: `/api/v1/*` (spec/business-api.md), plus health endpoints and /metrics. */
export function createApp({
  db,
  redis,
  logger,
  verifyToken = rejectAllTokens,
  resources = [],
  salesOrders,
  mcp,
  metrics = createMetricsRegistry('business-api'),
  storefront,
  corsOrigins = [],
}: BusinessApiDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.use(
    healthRouter([
      { name: 'postgres', check: () => pingDb(db) },
      { name: 'redis', check: () => pingRedis(redis) },
    ]),
  );
  app.use(metricsRoutes(metrics));
  app.use(requestContext(logger));
  if (mcp)
    app.use(
      mcpRouter({
        db,
        redis,
        logger,
        options: { now: salesOrders?.now, ...mcp },
        rejections: rateLimitRejections(metrics),
      }),
    );
  const routes = apiRoutes({ db, redis, logger, salesOrders, storefront: storefront ?? mcp?.storefront });
  const publicRoutes = docsRouter(buildOpenApiDocument(routes));
  // Before authentication: a preflight carries no token, and error answers need the headers too to be readable.
  app.use('/api/v1', allowOrigins(corsOrigins, API_CORS));
  app.use('/api/v1', apiV1Router({ verifyToken, publicRoutes, resources: [...resources, mountRoutes(routes)] }));
  app.use(errorHandler);
  return app;
}

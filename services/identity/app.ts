import express, { type Express } from 'express';
import type { Registry } from 'prom-client';
import type { Knex } from '../../shared/db/knex';
import { allowOrigins } from '../../shared/http/allowed-origins';
import { healthRouter, storeChecks } from '../../shared/http/health';
import { requestContext } from '../../shared/http/request-context';
import type { Logger } from '../../shared/logger';
import { metricsRoutes } from '../../shared/metrics/metrics-routes';
import { rateLimitRejections } from '../../shared/metrics/rate-limit-metrics';
import { createMetricsRegistry } from '../../shared/metrics/registry';
import type { Redis } from '../../shared/redis';
import type { IdentitySettings } from './config';
import { discoveryRouter } from './discovery-routes';
import { identityErrorHandler, notFoundHandler } from './error-handler';
import type { SigningKey } from './signing-keys';
import { createLookupBudget } from './tokens/lookup-budget';
import { tokenRouter } from './tokens/token-route';
import { createCodeStore } from './oauth/authorization-codes';
import { authorizeRouter } from './oauth/authorize-routes';
import { createRegistrationBudget } from './oauth/registration-budget';

export type IdentityDeps = {
  db: Knex;
  redis: Redis;
  logger: Logger;
  config: IdentitySettings;
  signingKey: SigningKey;
  /** The process's metrics, served at /metrics; left out, the app keeps a registry of its own. */
  metrics?: Registry;
};

/**
 * The built-in identity provider: token endpoint, authorization endpoint and client registration, JWKS, metadata,
 * health and /metrics (DESIGN §1).
 */
export function createApp({
  db,
  redis,
  logger,
  config,
  signingKey,
  metrics = createMetricsRegistry('identity'),
}: IdentityDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  // req.ip keys the failure budget: only X-Forwarded-For written by a configured proxy may set it.
  app.set('trust proxy', config.trustProxy);
  app.use(healthRouter(storeChecks(db, redis)));
  app.use(metricsRoutes(metrics));
  app.use(requestContext(logger));
  app.use(discoveryRouter(signingKey, config.issuer));
  const rejections = rateLimitRejections(metrics);
  const budget = createLookupBudget(redis, config, rejections);
  const codes = createCodeStore(redis, config.rateLimitKeyPrefix);
  app.use(
    authorizeRouter({ db, budget, codes, config, registrations: createRegistrationBudget(redis, config, rejections) }),
  );
  // A browser client (the admin console) exchanges its code from the page: only the token endpoint is cross-origin;
  // the authorization endpoint is a top-level navigation and stays same-origin (its form posts to itself).
  app.use('/oauth/token', allowOrigins(config.corsOrigins, { methods: 'POST', allowHeaders: 'Content-Type' }));
  app.use(tokenRouter({ db, signingKey, config, budget, codes }));
  app.use(notFoundHandler);
  app.use(identityErrorHandler);
  return app;
}

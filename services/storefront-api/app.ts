import express, { type Express } from 'express';
import { healthRouter, storeChecks } from '../../shared/http/health';
import type { HttpServiceDeps } from '../../shared/http/run-http-service';

export type StorefrontApiDeps = Pick<HttpServiceDeps, 'db' | 'redis' | 'logger'>;

/** The public storefront API: `/v1/*` (spec/storefront-api.md), plus health endpoints. */
export function createApp({ db, redis }: StorefrontApiDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.use(healthRouter(storeChecks(db, redis)));
  return app;
}

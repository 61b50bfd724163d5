import express, { type Express } from 'express';
import { healthRouter, storeChecks } from '../../shared/http/health';
import type { HttpServiceDeps } from '../../shared/http/run-http-service';
import type { ConfigRegistry } from '../../shared/storefront-config/config-registry';

export type StorefrontApiDeps = Pick<HttpServiceDeps, 'db' | 'redis' | 'logger'> & { registry: ConfigRegistry };

/** The public storefront API: `/v1/*` (spec/storefront-api.md), plus health endpoints. */
export function createApp({ db, redis, registry }: StorefrontApiDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  const configCheck = async () => {
    if (!registry.ready) throw new Error('published configs not loaded yet');
  };
  app.use(healthRouter([...storeChecks(db, redis), { name: 'config', check: configCheck }]));
  return app;
}

import express, { type Express } from 'express';
import { pingDb } from '../../shared/db/knex';
import { healthRouter } from '../../shared/http/health';
import type { HttpServiceDeps } from '../../shared/http/run-http-service';
import { pingRedis } from '../../shared/redis';

export type StorefrontApiDeps = Pick<HttpServiceDeps, 'db' | 'redis' | 'logger'>;

/** The public storefront API: `/v1/*` (spec/storefront-api.md), plus health endpoints. */
export function createApp({ db, redis }: StorefrontApiDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.use(
    healthRouter([
      { name: 'postgres', check: () => pingDb(db) },
      { name: 'redis', check: () => pingRedis(redis) },
    ]),
  );
  return app;
}

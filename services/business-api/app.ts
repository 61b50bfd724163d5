import express, { type Express } from 'express';
import { pingDb } from '../../shared/db/knex';
import { healthRouter } from '../../shared/http/health';
import type { HttpServiceDeps } from '../../shared/http/run-http-service';
import { pingRedis } from '../../shared/redis';

export type BusinessApiDeps = Pick<HttpServiceDeps, 'db' | 'redis' | 'logger'>;

/** The business-data API: `/api/v1/*` (spec/business-api.md), plus health endpoints. */
export function createApp({ db, redis }: BusinessApiDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.use(
    healthRouter([
      { name: 'postgres', check: () => pingDb(db) },
      { name: 'redis', check: () => pingRedis(redis) },
    ]),
  );
  app.use('/api/v1', (_req, res, next) => {
    res.setHeader('X-Service-Api-Version', 'v1');
    next();
  });
  return app;
}

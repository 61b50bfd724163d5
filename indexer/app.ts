import express, { type Express } from 'express';
import type { Queue, Worker } from 'bullmq';
import type { Registry } from 'prom-client';
import type { Knex } from '../shared/db/knex';
import { AppError } from '../shared/errors';
import { sendAppError } from '../shared/http/error-envelope';
import { healthRouter, storeChecks } from '../shared/http/health';
import { metricsRoutes } from '../shared/metrics/metrics-routes';
import type { Redis } from '../shared/redis';
import { queueDepthGauge } from './queue-metrics';

export type IndexerAppDeps = { db: Knex; redis: Redis; worker: Worker; queue: Queue; metrics: Registry };

/**
 * The worker serves no API, only /healthz and /readyz (`npm start` and orchestrators probe it like the other
 * processes) and /metrics: its runs (observed by the worker, on the same registry) and the queue's depth.
 */
export function createIndexerApp({ db, redis, worker, queue, metrics }: IndexerAppDeps): Express {
  const workerCheck = async () => {
    if (!worker.isRunning()) throw new Error('worker stopped');
  };
  queueDepthGauge(metrics, queue);
  const app = express();
  app.disable('x-powered-by');
  app.use(healthRouter([...storeChecks(db, redis), { name: 'worker', check: workerCheck }]));
  app.use(metricsRoutes(metrics));
  // Not express's HTML page: a probe of a wrong path gets the JSON error every other process sends.
  app.use((_req, res) =>
    sendAppError(res, new AppError(404, 'not_found', 'The indexer serves only /healthz, /readyz and /metrics.'), null),
  );
  return app;
}

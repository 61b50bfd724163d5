import express from 'express';
import { httpConfigSchema } from '../shared/config';
import { healthRouter, storeChecks } from '../shared/http/health';
import { exitOnBootFailure, runHttpServiceWith } from '../shared/http/run-http-service';
import { createWorker } from './worker';

// The worker serves no API, only /healthz and /readyz: `npm start` and orchestrators probe it like the other processes.
runHttpServiceWith(
  'indexer',
  httpConfigSchema,
  async ({ db, redis, logger }) => {
    const worker = createWorker({ db, connection: redis, logger }, {});
    await worker.waitUntilReady();
    const workerCheck = async () => {
      if (!worker.isRunning()) throw new Error('worker stopped');
    };
    const app = express().use(healthRouter([...storeChecks(db, redis), { name: 'worker', check: workerCheck }]));
    return { app, closeFirst: [{ name: 'worker', close: () => worker.close() }] };
  },
  { pool: { min: 0, max: 4 } },
).catch(exitOnBootFailure);

import { Router } from 'express';
import { pingDb, type Knex } from '../db/knex';
import { pingRedis, type Redis } from '../redis';

export type ReadinessCheck = { name: string; check: () => Promise<void> };

/** The readiness checks every process has: PostgreSQL and Redis answer. */
export const storeChecks = (db: Knex, redis: Redis): ReadinessCheck[] => [
  { name: 'postgres', check: () => pingDb(db) },
  { name: 'redis', check: () => pingRedis(redis) },
];

/** `/healthz` answers while the process runs; `/readyz` only when every dependency answers in time. */
export function healthRouter(checks: ReadinessCheck[], timeoutMs = 2000): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    const results = await Promise.all(
      checks.map(async ({ name, check }) => [name, await probe(check, timeoutMs)] as const),
    );
    const ready = results.every(([, status]) => status === 'ok');
    res.status(ready ? 200 : 503).json({ status: ready ? 'ok' : 'unavailable', checks: Object.fromEntries(results) });
  });
  return router;
}

async function probe(check: () => Promise<void>, timeoutMs: number): Promise<'ok' | 'failing'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), timeoutMs);
  });
  try {
    await Promise.race([check(), timeout]);
    return 'ok';
  } catch {
    return 'failing';
  } finally {
    clearTimeout(timer);
  }
}

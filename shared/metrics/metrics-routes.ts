import type { ServerResponse } from 'node:http';
import { Router } from 'express';
import type { Registry } from 'prom-client';
import { httpMetrics, requestDurations, type RequestDurations } from './http-metrics';

export const METRICS_PATH = '/metrics';

/** Writes the registry in the Prometheus text format; a failing collector fails the scrape, not the process. */
export async function sendMetrics(registry: Registry, res: ServerResponse): Promise<void> {
  const body = await registry.metrics();
  res.setHeader('Content-Type', registry.contentType);
  res.setHeader('Cache-Control', 'no-store');
  res.end(body);
}

/**
 * `GET /metrics` (docs/decisions.md, "Metrics"), then the request histogram for every request after it. Mounted
 * beside the health probes, before keys, tokens, rate limits and logging: a scrape is no tenant's request, and
 * neither scrapes nor probes are observed. `durations` is passed when requests answered outside the app observe it too.
 */
export function metricsRoutes(registry: Registry, durations: RequestDurations = requestDurations(registry)): Router {
  const router = Router();
  router.get(METRICS_PATH, (_req, res) => sendMetrics(registry, res));
  router.use(httpMetrics(durations));
  return router;
}

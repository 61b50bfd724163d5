import express, { Router } from 'express';
import { Registry } from 'prom-client';
import request from 'supertest';
import { metricsRoutes } from '../../../../shared/metrics/metrics-routes';
import { parseExposition } from '../../../support/prometheus-text';

type Count = { route?: string; status?: string; method?: string; count: number };

async function requestCounts(registry: Registry): Promise<Count[]> {
  return parseExposition(await registry.metrics())
    .samples.filter((s) => s.name === 'http_request_duration_seconds_count')
    .map((s) => ({ route: s.labels.route, status: s.labels.status, method: s.labels.method, count: s.value }));
}

/** An app shaped like ours: a router under a mount, an error leaving it for the app's error handler, a 404 last. */
function app(registry: Registry) {
  const api = Router();
  api.get('/items/:id', (req, res) => {
    res.json({ id: req.params.id });
  });
  api.get('/broken/:id', () => {
    throw new Error('boom');
  });
  const a = express();
  a.get('/healthz', (_req, res) => res.json({ status: 'ok' }));
  a.use(metricsRoutes(registry));
  a.use('/api/v1', api);
  a.use((_req, res) => res.status(404).json({ code: 'NOT_FOUND' }));
  a.use((_err: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    res.status(500).json({ code: 'INTERNAL' });
  });
  return a;
}

describe('the request histogram', () => {
  it('labels requests by route pattern and status, never by URL, and leaves probes and scrapes out', async () => {
    const registry = new Registry();
    const a = app(registry);
    await request(a).get('/api/v1/items/1').expect(200);
    await request(a).get('/api/v1/items/2').expect(200);
    await request(a).get('/api/v1/broken/3').expect(500);
    await request(a).get('/nowhere/4').expect(404);
    await request(a).get('/healthz').expect(200);
    await request(a).get('/metrics').expect(200);
    expect(await requestCounts(registry)).toEqual(
      expect.arrayContaining([
        { route: '/api/v1/items/:id', status: '200', method: 'GET', count: 2 },
        // The error left the router (express restored baseUrl) before the answer; the label keeps the mount.
        { route: '/api/v1/broken/:id', status: '500', method: 'GET', count: 1 },
        { route: 'unmatched', status: '404', method: 'GET', count: 1 },
      ]),
    );
    expect((await requestCounts(registry)).map((s) => s.route).sort()).toEqual([
      '/api/v1/broken/:id',
      '/api/v1/items/:id',
      'unmatched',
    ]);
  });

  it('serves the registry in the Prometheus text format at /metrics', async () => {
    const registry = new Registry();
    const res = await request(app(registry)).get('/metrics').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.text).toContain('# TYPE http_request_duration_seconds histogram');
  });
});

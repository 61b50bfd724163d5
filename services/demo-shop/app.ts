import path from 'node:path';
import express, { type Express } from 'express';
import type { Registry } from 'prom-client';
import { healthRouter } from '../../shared/http/health';
import type { Logger } from '../../shared/logger';
import { metricsRoutes } from '../../shared/metrics/metrics-routes';
import { createMetricsRegistry } from '../../shared/metrics/registry';

export interface DemoShopDeps {
  /** The storefront API the pages call from the browser (CORS: the site's devOrigins list the shop's origin). */
  storefrontUrl: string;
  /** The publishable key, read per request (a new `npm start` may have made a new one). */
  siteKey: () => Promise<string>;
  logger: Logger;
  /** The process's metrics, served at /metrics; left out, the app keeps a registry of its own. */
  metrics?: Registry;
}

const PUBLIC_DIR = path.join(__dirname, 'public');

/**
 * Content-Security-Policy: scripts and styles only from the shop, calls only to the API, images from any media host.
 */
const csp = (storefrontUrl: string) =>
  [
    "default-src 'self'",
    `connect-src 'self' ${new URL(storefrontUrl).origin}`,
    "img-src 'self' data: http: https:",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');

/**
 * The demo shop: static ES modules under `public/` (no build step), `/config.json` telling the pages where the
 * storefront API answers and with which publishable key, and every other GET path answered with the page shell
 * (the pages route in the browser: /p/<slug>, /k/<collection>, /search, /cart).
 */
export function createApp(deps: DemoShopDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.use(healthRouter([{ name: 'site-key', check: async () => void (await deps.siteKey()) }]));
  app.use(metricsRoutes(deps.metrics ?? createMetricsRegistry('demo-shop')));
  app.use((_req, res, next) => {
    res.set({
      'Content-Security-Policy': csp(deps.storefrontUrl),
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'same-origin',
    });
    next();
  });
  app.get('/config.json', async (_req, res) => {
    try {
      res.set('Cache-Control', 'no-store').json({ apiBaseUrl: deps.storefrontUrl, siteKey: await deps.siteKey() });
    } catch (err) {
      deps.logger.error({ err }, 'the demo site key could not be read');
      res
        .status(503)
        .set('Cache-Control', 'no-store')
        .json({ error: 'The demo site key is not available yet; is `npm start` done?' });
    }
  });
  // Modules change while a developer edits them: revalidate each time (an unchanged file answers 304).
  app.use(express.static(PUBLIC_DIR, { index: false, cacheControl: true, maxAge: 0 }));
  app.get('/{*path}', (req, res, next) => {
    // A missing module or stylesheet is a 404, not the page shell.
    if (path.extname(req.path) !== '') return next();
    res.set('Cache-Control', 'no-cache').sendFile(path.join(PUBLIC_DIR, 'index.html'));
  });
  return app;
}

import path from 'node:path';
import express, { type Express } from 'express';
import type { Registry } from 'prom-client';
import { healthRouter } from '../../shared/http/health';
import { metricsRoutes } from '../../shared/metrics/metrics-routes';
import { createMetricsRegistry } from '../../shared/metrics/registry';
import type { ConsoleSettings } from './config';

export interface AdminConsoleDeps {
  settings: ConsoleSettings;
  /** The process's metrics, served at /metrics; left out, the app keeps a registry of its own. */
  metrics?: Registry;
}

const PUBLIC_DIR = path.join(__dirname, 'public');

/**
 * Files the pages load from installed packages (no CDN): each address names one file, so nothing else of
 * node_modules is reachable. uPlot draws the analytics page's chart; it styles its elements through the CSSOM,
 * which `style-src 'self'` allows, and its own stylesheet comes from here too.
 */
const UPLOT_DIST = path.join(path.dirname(require.resolve('uplot/package.json')), 'dist');
const VENDOR_FILES: Record<string, string> = {
  '/vendor/uplot/uPlot.esm.js': path.join(UPLOT_DIST, 'uPlot.esm.js'),
  '/vendor/uplot/uPlot.min.css': path.join(UPLOT_DIST, 'uPlot.min.css'),
};

/**
 * The console's Content-Security-Policy: its own scripts and styles only (no inline ones, so an injected string
 * cannot run), calls only to the admin API and the token endpoint, never framed (clickjacking), no plugins, no
 * <base> rewriting relative module URLs.
 */
export function consoleCsp(settings: ConsoleSettings): string {
  const partners = [...new Set([new URL(settings.apiBaseUrl).origin, new URL(settings.tokenEndpoint).origin])];
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    `connect-src 'self' ${partners.join(' ')}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The admin console: static ES modules under `public/` (no build step), `/config.json` telling the pages where the
 * admin API and the identity provider answer, and every other extension-less GET path answered with the page
 * shell (the pages route in the browser: /, /callback).
 */
export function createApp({ settings, metrics }: AdminConsoleDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.use(healthRouter([]));
  app.use(metricsRoutes(metrics ?? createMetricsRegistry('admin-console')));
  const headers = {
    'Content-Security-Policy': consoleCsp(settings),
    'X-Content-Type-Options': 'nosniff',
    // The callback URL carries the one-time code: no page it links to may see it.
    'Referrer-Policy': 'no-referrer',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
  app.use((_req, res, next) => {
    res.set(headers);
    next();
  });
  app.get('/config.json', (_req, res) => {
    res.set('Cache-Control', 'no-store').json(settings);
  });
  // Modules change while a developer edits them: revalidate each time (an unchanged file answers 304).
  app.use(express.static(PUBLIC_DIR, { index: false, cacheControl: true, maxAge: 0 }));
  for (const [route, file] of Object.entries(VENDOR_FILES))
    app.get(route, (_req, res) => res.sendFile(file, { maxAge: 0 }));
  app.get('/{*path}', (req, res, next) => {
    // A missing module or stylesheet is a 404, not the page shell.
    if (path.extname(req.path) !== '') return next();
    res.set('Cache-Control', 'no-store').sendFile(path.join(PUBLIC_DIR, 'index.html'));
  });
  return app;
}

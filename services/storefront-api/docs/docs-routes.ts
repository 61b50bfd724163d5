import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Router } from 'express';
import { docsRouter } from '../../../shared/http/docs-router';
import { buildStorefrontDocument } from '../openapi/build-document';
import { escapeHtml, markdownToHtml } from './markdown';

const TITLE = 'Aisle storefront API v1';

/** The onboarding guide as a page: onboarding.md, rendered once. */
export function onboardingPage(markdown: string): string {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${escapeHtml(TITLE)}: onboarding</title>
  <style>
    body { font: 16px/1.5 system-ui, sans-serif; max-width: 52rem; margin: 2rem auto; padding: 0 1rem; color: #1d1d1f; }
    pre { background: #f4f4f6; padding: 0.75rem 1rem; overflow-x: auto; border-radius: 4px; }
    code { font: 0.9em ui-monospace, monospace; }
  </style>
</head>
<body>
${markdownToHtml(markdown)}
</body>
</html>
`;
}

/**
 * `GET /openapi/v1.json`, the reference at `GET /docs` (assets from swagger-ui-dist, no CDN) and the guide at
 * `GET /docs/onboarding`. Mounted before the /v1 pipeline: no key, no rate limit.
 */
export function docsRoutes(): Router {
  const guide = onboardingPage(readFileSync(path.join(__dirname, 'onboarding.md'), 'utf8'));
  const router = Router();
  router.get('/docs/onboarding', (_req, res) => {
    res.type('html').send(guide);
  });
  router.use(docsRouter({ document: buildStorefrontDocument(), documentPath: 'openapi/v1.json', title: TITLE }));
  return router;
}

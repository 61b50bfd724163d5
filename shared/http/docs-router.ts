import path from 'node:path';
import express, { Router } from 'express';

// The package has no type declarations; its absolute-path helper is just its own folder.
const assetsDir = path.dirname(require.resolve('swagger-ui-dist/package.json'));

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export interface DocsRouterOptions {
  /** The machine description. */
  document: object;
  /** Where it is served, relative to the mount point and without a leading slash (e.g. `openapi.json`). */
  documentPath: string;
  /** The reference page's title. */
  title: string;
}

/**
 * The machine description at `/<documentPath>` and a browsable reference at `/docs`, relative to where it is
 * mounted. Every asset is served from the installed swagger-ui-dist package: no CDN. Needs no credentials.
 */
export function docsRouter({ document, documentPath, title }: DocsRouterOptions): Router {
  const page = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>${escapeHtml(title)}</title>
  <link rel="stylesheet" href="docs/assets/swagger-ui.css">
</head>
<body>
  <div id="ui"></div>
  <script src="docs/assets/swagger-ui-bundle.js"></script>
  <script src="docs/assets/init.js"></script>
</body>
</html>`;
  const init = `window.ui = SwaggerUIBundle({ url: ${JSON.stringify(documentPath)}, dom_id: '#ui', deepLinking: true });`;
  const router = Router();
  router.get(`/${documentPath}`, (_req, res) => {
    res.json(document);
  });
  router.get('/docs', (req, res) => {
    // The page's asset links are relative: `/docs/` would resolve them one level too deep.
    if (req.originalUrl.split('?')[0]?.endsWith('/')) return res.redirect(301, '../docs');
    res.type('html').send(page);
  });
  router.get('/docs/assets/init.js', (_req, res) => {
    res.type('js').send(init);
  });
  router.use('/docs/assets', express.static(assetsDir, { index: false, maxAge: '1d' }));
  return router;
}

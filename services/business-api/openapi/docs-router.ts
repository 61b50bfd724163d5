import type { Router } from 'express';
import { docsRouter as sharedDocsRouter } from '../../../shared/http/docs-router';

/** `/openapi.json` and the browsable reference at `/docs` (shared/http/docs-router), mounted under /api/v1. */
export const docsRouter = (document: object): Router =>
  sharedDocsRouter({ document, documentPath: 'openapi.json', title: 'Aisle business-data API v1' });

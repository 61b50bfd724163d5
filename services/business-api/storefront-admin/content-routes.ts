import { authOf } from '../auth/auth-context';
import { anyRoute, defineRoute, type AnyApiRoute } from '../openapi/api-route';
import type { ResourceDeps } from '../resource-deps';
import { contentOf, putContent } from './config-actions';
import { ADMIN_TAG, contentBody, INVALID_CONFIG, NO_SITE, siteParams } from './config-schemas';

/** The draft's content block: which product properties fill the product page (spec "Product content"). */
export const contentRoutes = ({ db }: ResourceDeps): AnyApiRoute[] => [
  anyRoute(
    defineRoute({
      method: 'get',
      path: '/storefront/sites/{siteId}/content',
      operationId: 'getStorefrontContent',
      summary: "The draft's content block",
      description:
        'Which product properties fill the short description, the description and the attributes of product ' +
        'pages and cards.',
      tag: ADMIN_TAG,
      params: siteParams,
      responses: { 200: { description: 'The content block', schema: contentBody }, 404: NO_SITE },
      handler: async (req, res) => {
        res.json(await contentOf(db, { tenantId: authOf(req).tenantId, siteId: req.params.siteId }));
      },
    }),
  ),
  anyRoute(
    defineRoute({
      method: 'put',
      path: '/storefront/sites/{siteId}/content',
      operationId: 'putStorefrontContent',
      summary: "Replace the draft's content block",
      description:
        'Replaces the whole block; left-out fields take their zero-config defaults. Two shown attributes ' +
        'under one key are refused. The change lands ' +
        'in the draft; publishing it rebuilds the index, since cards and search text carry the short description.',
      tag: ADMIN_TAG,
      params: siteParams,
      body: contentBody,
      responses: {
        200: { description: 'The block as the draft now holds it', schema: contentBody },
        400: INVALID_CONFIG,
        404: NO_SITE,
      },
      handler: async (req, res) => {
        res.json(await putContent(db, { tenantId: authOf(req).tenantId, siteId: req.params.siteId }, req.body));
      },
    }),
  ),
];

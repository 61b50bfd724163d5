import { authOf } from '../auth/auth-context';
import { anyRoute, defineRoute, type AnyApiRoute } from '../openapi/api-route';
import type { ResourceDeps } from '../resource-deps';
import { servicesOf } from './admin-deps';
import { addSite, dropSite, replaceSiteFields, siteDetail, siteSummaries } from './config-actions';
import {
  ADMIN_TAG,
  INVALID_CONFIG,
  NO_SITE,
  siteBody,
  siteCreatedDto,
  siteDetailDto,
  siteListDto,
  siteParams,
} from './config-schemas';
import { contentRoutes } from './content-routes';
import { draftEntityRoutes } from './draft-entity-routes';
import { merchandisingRoutes } from './merchandising-routes';

const DRAFT = ' The change lands in the draft; it goes live when the draft is published.';

/** Sites and their draft configuration: markets, facets, collections, query rules, synonyms, content. */
export const storefrontConfigRoutes = (deps: ResourceDeps): AnyApiRoute[] => [
  ...siteRoutes(deps),
  ...draftEntityRoutes(deps),
  ...merchandisingRoutes(deps),
  ...contentRoutes(deps),
];

function siteRoutes({ db, storefront }: ResourceDeps): AnyApiRoute[] {
  return [
    anyRoute(
      defineRoute({
        method: 'get',
        path: '/storefront/sites',
        operationId: 'listStorefrontSites',
        summary: "The tenant's storefront sites",
        description:
          'Each site with its code, name, whether it is switched on, the live configuration version and the ' +
          "draft's market codes.",
        tag: ADMIN_TAG,
        responses: { 200: { description: 'The sites, by id', schema: siteListDto } },
        handler: async (req, res) => {
          res.json({ sites: await siteSummaries(db, authOf(req).tenantId) });
        },
      }),
    ),
    anyRoute(
      defineRoute({
        method: 'post',
        path: '/storefront/sites',
        operationId: 'createStorefrontSite',
        summary: 'Create a storefront site',
        description:
          'Creates a site with an empty draft (no markets yet). A code another site of the tenant has is 400 ' +
          'naming $.code: ' +
          'creating never updates an existing site (PUT /storefront/sites/{siteId} does).',
        tag: ADMIN_TAG,
        body: siteBody,
        responses: { 201: { description: "The new site's id", schema: siteCreatedDto }, 400: INVALID_CONFIG },
        handler: async (req, res) => {
          res.status(201).json({ siteId: await addSite(db, authOf(req).tenantId, req.body) });
        },
      }),
    ),
    anyRoute(
      defineRoute({
        method: 'get',
        path: '/storefront/sites/{siteId}',
        operationId: 'getStorefrontSite',
        summary: "A site's draft configuration and its live version",
        description:
          'The whole draft (site fields, markets, facets, collections, query rules, synonyms) and the ' +
          'version that is live.',
        tag: ADMIN_TAG,
        params: siteParams,
        responses: { 200: { description: 'The site and its draft', schema: siteDetailDto }, 404: NO_SITE },
        handler: async (req, res) => {
          res.json(await siteDetail(db, { tenantId: authOf(req).tenantId, siteId: req.params.siteId }));
        },
      }),
    ),
    anyRoute(
      defineRoute({
        method: 'put',
        path: '/storefront/sites/{siteId}',
        operationId: 'replaceStorefrontSite',
        summary: "Replace a site's own fields in the draft",
        description:
          `Replaces the site's fields (code, name, business-system site, origins, assortment, URL patterns); ` +
          `left-out optional fields take their defaults.${DRAFT}`,
        tag: ADMIN_TAG,
        params: siteParams,
        body: siteBody,
        responses: {
          200: { description: "The site's fields as the draft now holds them", schema: siteBody },
          400: INVALID_CONFIG,
          404: NO_SITE,
        },
        handler: async (req, res) => {
          res.json(
            await replaceSiteFields(db, { tenantId: authOf(req).tenantId, siteId: req.params.siteId }, req.body),
          );
        },
      }),
    ),
    anyRoute(
      defineRoute({
        method: 'delete',
        path: '/storefront/sites/{siteId}',
        operationId: 'removeStorefrontSite',
        summary: 'Remove a storefront site',
        description:
          'Removes the site at once: its keys stop working, its scheduled index runs stop, its runs are ' +
          'recorded as cancelled. Its records stay for the history.',
        tag: ADMIN_TAG,
        params: siteParams,
        responses: { 204: { description: 'Removed' }, 404: NO_SITE },
        handler: async (req, res) => {
          await dropSite(db, servicesOf(storefront), { tenantId: authOf(req).tenantId, siteId: req.params.siteId });
          res.status(204).end();
        },
      }),
    ),
  ];
}

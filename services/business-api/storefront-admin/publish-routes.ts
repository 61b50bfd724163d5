import { afterPublish } from '../../../shared/storefront-config/on-published';
import { draftDiff, publishConfig } from '../../../shared/storefront-config/publish';
import { listVersions } from '../../../shared/storefront-config/site-store';
import { authOf } from '../auth/auth-context';
import { anyRoute, defineRoute, type AnyApiRoute } from '../openapi/api-route';
import type { ResourceDeps } from '../resource-deps';
import { servicesOf, tenantSite } from './admin-deps';
import { CONFIG_INVALID, NO_INDEXING, SITE_NOT_FOUND, TAG } from './operation-responses';
import {
  draftDiffDto,
  limitQuery,
  publishBody,
  publishedDto,
  siteParams,
  toKeyDto,
  versionListDto,
} from './operations-schemas';

type Deps = Pick<ResourceDeps, 'db' | 'redis' | 'storefront'>;

const getStorefrontDraftDiffRoute = ({ db }: Deps) =>
  defineRoute({
    method: 'get',
    path: '/storefront/sites/{siteId}/draft-diff',
    operationId: 'getStorefrontDraftDiff',
    summary: 'What publishing the draft would change',
    description:
      'The differences between the draft and the published version, field by field, and the keys publishing ' +
      'would make live.',
    tag: TAG,
    params: siteParams,
    responses: {
      200: { description: 'The changes and the keys to publish', schema: draftDiffDto },
      404: SITE_NOT_FOUND,
    },
    handler: async (req, res) => {
      const diff = await draftDiff(db, authOf(req).tenantId, req.params.siteId);
      res.json({ ...diff, keysToPublish: diff.keysToPublish.map(toKeyDto) });
    },
  });

const publishStorefrontConfigRoute = ({ db, redis, storefront }: Deps) =>
  defineRoute({
    method: 'post',
    path: '/storefront/sites/{siteId}/publish',
    operationId: 'publishStorefrontConfig',
    summary: 'Publish the draft as the next version, with a note',
    description:
      'Freezes the draft into the next published version (keys created since become live), tells the ' +
      'storefront to reload, queues a full reindex and schedules the delta runs. ' +
      'The draft is validated again first: a broken field is 400 naming it, and nothing is published.',
    tag: TAG,
    params: siteParams,
    body: publishBody,
    responses: {
      200: { description: 'The new version', schema: publishedDto },
      400: CONFIG_INVALID('The draft breaks a rule'),
      404: SITE_NOT_FOUND,
      503: NO_INDEXING,
    },
    handler: async (req, res) => {
      const { queue, deltaEveryMs } = servicesOf(storefront);
      const { tenantId } = authOf(req);
      const event = await publishConfig(
        db,
        tenantId,
        req.params.siteId,
        req.body.note,
        afterPublish({ redis, queue, deltaEveryMs }),
      );
      res.json({ siteId: event.siteId, version: event.version, first: event.first });
    },
  });

const listStorefrontVersionsRoute = ({ db }: Deps) =>
  defineRoute({
    method: 'get',
    path: '/storefront/sites/{siteId}/versions',
    operationId: 'listStorefrontVersions',
    summary: 'The published versions of the site, newest first',
    tag: TAG,
    params: siteParams,
    query: limitQuery(200, 50),
    responses: {
      200: { description: 'Version, note and publication time of each', schema: versionListDto },
      404: SITE_NOT_FOUND,
    },
    handler: async (req, res) => {
      const { tenantId, siteId } = await tenantSite(db, authOf(req).tenantId, req.params.siteId);
      const versions = await listVersions(db, tenantId, siteId, req.query.limit);
      res.json({ siteId, versions: versions.map((v) => ({ ...v, publishedAt: v.publishedAt.toISOString() })) });
    },
  });

/** What publish would change, publishing the draft with a note, and the version history. */
export const storefrontPublishRoutes = (deps: ResourceDeps): AnyApiRoute[] =>
  [getStorefrontDraftDiffRoute(deps), publishStorefrontConfigRoute(deps), listStorefrontVersionsRoute(deps)].map(
    (route) => anyRoute(route),
  );

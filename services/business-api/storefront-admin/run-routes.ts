import { AliasActionError } from '../../../indexer/runs/alias-actions';
import { AppError } from '../../../shared/errors';
import { previewSearchChanges } from '../../storefront-api/merchandising/preview-changes';
import { authOf } from '../auth/auth-context';
import { anyRoute, defineRoute, type AnyApiRoute } from '../openapi/api-route';
import { errorEnvelopeSchema } from '../openapi/common-schemas';
import type { ResourceDeps } from '../resource-deps';
import { servicesOf, tenantSite } from './admin-deps';
import {
  confirmGatedRun,
  liveIndices,
  queueRun,
  rollbackLive,
  runProgress,
  syncStatus,
  type LiveIndices,
} from './index-actions';
import { siteParams } from './operations-schemas';
import { CONFIG_INVALID, NO_INDEXING, SITE_NOT_FOUND, TAG } from './operation-responses';
import {
  confirmedDto,
  queuedRunDto,
  reindexBody,
  rolledBackDto,
  runsQuery,
  searchPreviewDto,
  searchPreviewQuery,
  syncStatusDto,
  toIndicesDto,
  toRunDto,
} from './run-schemas';

const QUEUED_NOTE = 'The indexer runs it; follow it with GET /storefront/sites/{siteId}/runs.';

/** An alias action that cannot be taken (nothing gated, nothing to roll back, never published) is 409 conflict. */
async function orConflict<T>(action: Promise<T>): Promise<T> {
  try {
    return await action;
  } catch (err) {
    if (err instanceof AliasActionError) throw new AppError(409, 'conflict', err.message);
    throw err;
  }
}

const conflict = (when: string) => ({
  description: `conflict: ${when}, or the site was never published`,
  schema: errorEnvelopeSchema,
});

type Deps = Pick<ResourceDeps, 'db' | 'logger' | 'storefront'>;

/**
 * The services and the caller's site (503 without services, 404 for a site not the tenant's), and the alias actions'
 * deps.
 */
async function scoped({ db, logger, storefront }: Deps, tenantId: number, siteId: number) {
  const services = servicesOf(storefront);
  const scope = await tenantSite(db, tenantId, siteId);
  return { services, scope, aliasDeps: { db, engine: services.engine, logger } };
}

const reindexRoute = (deps: Deps) =>
  defineRoute({
    method: 'post',
    path: '/storefront/sites/{siteId}/reindex',
    operationId: 'reindexStorefrontSite',
    summary: 'Queue a full reindex, or a preview build of the draft',
    description:
      'full rebuilds the live index from the published config (a run losing too many documents is gated, not ' +
      'swapped in); preview builds the preview index from the draft, for preview keys and the search preview.',
    tag: TAG,
    params: siteParams,
    body: reindexBody,
    responses: {
      202: { description: 'Queued (or joined to the same run already waiting)', schema: queuedRunDto },
      404: SITE_NOT_FOUND,
      503: NO_INDEXING,
    },
    handler: async (req, res) => {
      const { services, scope } = await scoped(deps, authOf(req).tenantId, req.params.siteId);
      const { queued } = await queueRun(services.queue, scope, req.body.mode);
      res.status(202).json({ siteId: scope.siteId, mode: req.body.mode, queued, note: QUEUED_NOTE });
    },
  });

const confirmRoute = (deps: Deps) =>
  defineRoute({
    method: 'post',
    path: '/storefront/sites/{siteId}/runs/confirm-gated',
    operationId: 'confirmStorefrontGatedRun',
    summary: 'Confirm the newest gated run: its index goes live',
    description:
      'A full run that lost too many documents against the live index is gated (held back); this is the ' +
      'explicit confirmation that puts it live anyway.',
    tag: TAG,
    params: siteParams,
    responses: {
      200: { description: 'The gated index is live', schema: confirmedDto },
      404: SITE_NOT_FOUND,
      409: conflict('no gated run awaits confirmation'),
      503: NO_INDEXING,
    },
    handler: async (req, res) => {
      const { scope, aliasDeps } = await scoped(deps, authOf(req).tenantId, req.params.siteId);
      res.json({ siteId: scope.siteId, confirmed: await orConflict(confirmGatedRun(aliasDeps, scope)) });
    },
  });

const rollbackRoute = (deps: Deps) =>
  defineRoute({
    method: 'post',
    path: '/storefront/sites/{siteId}/rollback',
    operationId: 'rollbackStorefrontSite',
    summary: 'Put the previously live index live again',
    tag: TAG,
    params: siteParams,
    responses: {
      200: { description: 'The previous index is live', schema: rolledBackDto },
      404: SITE_NOT_FOUND,
      409: conflict('there is no previous index to roll back to'),
      503: NO_INDEXING,
    },
    handler: async (req, res) => {
      const { scope, aliasDeps } = await scoped(deps, authOf(req).tenantId, req.params.siteId);
      res.json({ siteId: scope.siteId, live: await orConflict(rollbackLive(aliasDeps, scope)) });
    },
  });

const NO_INDICES: LiveIndices = { live: null, rollbackTo: null };

/**
 * The live index and the rollback target, read from the engine; without one (or when it fails) none, so the runs,
 * which are what a person checks when indexing misbehaves, are still answered.
 */
async function indicesOf(
  { db, logger, storefront }: Deps,
  scope: { tenantId: number; siteId: number },
): Promise<LiveIndices> {
  if (storefront === undefined) return NO_INDICES;
  try {
    return await liveIndices(db, await storefront.engine(), scope);
  } catch (err) {
    logger.warn({ err, siteId: scope.siteId }, 'the live index could not be read for the sync status');
    return NO_INDICES;
  }
}

const runsRoute = (deps: Deps) =>
  defineRoute({
    method: 'get',
    path: '/storefront/sites/{siteId}/runs',
    operationId: 'listStorefrontRuns',
    summary: 'Indexing status: the newest index runs with their counts, warnings and errors, and the live index',
    description:
      'Each run: mode, outcome (running, ok, gated, failed, cancelled), documents, progress while running, ' +
      'warnings naming the products left out (e.g. NO_PRICE), errors, ' +
      'and for a gated run why it was held back. Beside them the live index (its document count now) and the ' +
      'index a rollback would put live.',
    tag: TAG,
    params: siteParams,
    query: runsQuery,
    responses: {
      200: { description: 'The status and the runs, newest first', schema: syncStatusDto },
      404: SITE_NOT_FOUND,
    },
    handler: async (req, res) => {
      const scope = await tenantSite(deps.db, authOf(req).tenantId, req.params.siteId);
      const { status, runs } = await syncStatus(deps.db, scope, req.query.limit, req.query.mode);
      const [progress, indices] = await Promise.all([
        deps.storefront ? runProgress(deps.db, deps.storefront.queue, runs) : new Map(),
        indicesOf(deps, scope),
      ]);
      res.json({
        siteId: scope.siteId,
        status,
        runs: runs.map((r) => toRunDto(r, progress.get(r.id))),
        ...toIndicesDto(indices),
      });
    },
  });

const searchPreviewRoute = (deps: Deps) =>
  defineRoute({
    method: 'get',
    path: '/storefront/sites/{siteId}/search-preview',
    operationId: 'previewStorefrontSearchChanges',
    summary: 'What the draft changes in search results: live and draft top products side by side',
    description:
      'For each query, the top products with the live configuration (live index) and with the draft (preview ' +
      'index when built, else live), and which entered, left or moved. Nothing changes. ' +
      'Without queries and without recorded searches in the last 7 days, 400 naming queries.',
    tag: TAG,
    params: siteParams,
    query: searchPreviewQuery,
    responses: {
      200: { description: 'The comparison per query', schema: searchPreviewDto },
      400: CONFIG_INVALID('No queries to compare, or the draft has no market to search in'),
      404: SITE_NOT_FOUND,
      503: NO_INDEXING,
    },
    handler: async (req, res) => {
      const { services, scope } = await scoped(deps, authOf(req).tenantId, req.params.siteId);
      res.json(await previewSearchChanges({ db: deps.db, engine: await services.engine() }, scope, req.query));
    },
  });

/** Index runs: reindex (full or preview), confirm a gated run, roll back, the sync status; and the search preview. */
export const storefrontRunRoutes = (deps: ResourceDeps): AnyApiRoute[] =>
  [reindexRoute(deps), confirmRoute(deps), rollbackRoute(deps), runsRoute(deps), searchPreviewRoute(deps)].map(
    (route) => anyRoute(route),
  );

import { createKey, listKeys } from '../../../shared/storefront-config/keys';
import { authOf } from '../auth/auth-context';
import { anyRoute, defineRoute, type AnyApiRoute } from '../openapi/api-route';
import { errorEnvelopeSchema } from '../openapi/common-schemas';
import type { ResourceDeps } from '../resource-deps';
import { tenantSite } from './admin-deps';
import { NEW_KEY_NOTE, revokeSiteKey } from './key-actions';
import { SITE_NOT_FOUND, TAG } from './operation-responses';
import {
  createdKeyDto,
  createKeyBody,
  keyListDto,
  keyParams,
  siteKeyDto,
  siteParams,
  toKeyDto,
} from './operations-schemas';

type Deps = Pick<ResourceDeps, 'db' | 'redis'>;

const listStorefrontKeysRoute = ({ db }: Deps) =>
  defineRoute({
    method: 'get',
    path: '/storefront/sites/{siteId}/keys',
    operationId: 'listStorefrontKeys',
    summary: "The site's storefront API keys (never the raw keys)",
    description:
      'Every key of the site with its kind, label, hint (its first characters) and state: live from the ' +
      'published version that contains it, until revoked.',
    tag: TAG,
    params: siteParams,
    responses: { 200: { description: 'The keys, oldest first', schema: keyListDto }, 404: SITE_NOT_FOUND },
    handler: async (req, res) => {
      const { tenantId, siteId } = await tenantSite(db, authOf(req).tenantId, req.params.siteId);
      res.json({ keys: (await listKeys(db, tenantId, siteId)).map(toKeyDto) });
    },
  });

const createStorefrontKeyRoute = ({ db }: Deps) =>
  defineRoute({
    method: 'post',
    path: '/storefront/sites/{siteId}/keys',
    operationId: 'createStorefrontKey',
    summary: 'Create a storefront API key; the raw key is in this answer only',
    description:
      'The raw key is returned once and stored nowhere (only its hash): keep it now. It works once a ' +
      'published version contains it (publish the site).',
    tag: TAG,
    params: siteParams,
    body: createKeyBody,
    responses: {
      201: { description: 'The key, with the raw key shown this once', schema: createdKeyDto },
      404: SITE_NOT_FOUND,
    },
    handler: async (req, res) => {
      const { key, raw } = await createKey(db, authOf(req).tenantId, req.params.siteId, req.body.kind, req.body.label);
      res.status(201).json({ ...toKeyDto(key), key: raw, note: NEW_KEY_NOTE });
    },
  });

const revokeStorefrontKeyRoute = ({ db, redis }: Deps) =>
  defineRoute({
    method: 'delete',
    path: '/storefront/sites/{siteId}/keys/{keyId}',
    operationId: 'revokeStorefrontKey',
    summary: 'Revoke a storefront API key at once (no publish needed)',
    description:
      'The key stops working now: serving processes are told at once. Revoking a revoked key changes nothing ' +
      'and answers it as it is.',
    tag: TAG,
    params: keyParams,
    responses: {
      200: { description: 'The key, revoked', schema: siteKeyDto },
      404: {
        description: 'No storefront site, or no key of that site, has this id in the tenant',
        schema: errorEnvelopeSchema,
      },
    },
    handler: async (req, res) => {
      const scope = await tenantSite(db, authOf(req).tenantId, req.params.siteId);
      res.json(toKeyDto(await revokeSiteKey({ db, redis }, scope, req.params.keyId)));
    },
  });

/** The site's storefront API keys: list (never the raw keys), create (the raw key shown once), revoke. */
export const storefrontKeyRoutes = (deps: ResourceDeps): AnyApiRoute[] =>
  [listStorefrontKeysRoute(deps), createStorefrontKeyRoute(deps), revokeStorefrontKeyRoute(deps)].map((route) =>
    anyRoute(route),
  );

import { authOf } from '../auth/auth-context';
import { anyRoute, defineRoute, type AnyApiRoute } from '../openapi/api-route';
import type { ResourceDeps } from '../resource-deps';
import { addCollection, putFacet, putMarket, removeEntity, replaceCollection } from './config-actions';
import {
  ADMIN_TAG,
  collectionBody,
  collectionCreatedDto,
  collectionDto,
  collectionParams,
  facetBody,
  facetDto,
  facetParams,
  INVALID_CONFIG,
  marketBody,
  marketDto,
  marketParams,
  NO_SITE,
  notInDraft,
  siteParams,
} from './config-schemas';

const DRAFT = ' The change lands in the draft; it goes live when the draft is published.';
const breaks = (examples: string) =>
  ` A removal that would break another entity (${examples}) is 400 naming the fields it would break.`;
const REMOVED = { description: 'Removed from the draft' };

/** Markets, facets and collections of a site's draft. */
export const draftEntityRoutes = ({ db }: ResourceDeps): AnyApiRoute[] => [
  anyRoute(
    defineRoute({
      method: 'put',
      path: '/storefront/sites/{siteId}/markets/{code}',
      operationId: 'putStorefrontMarket',
      summary: 'Add or replace a market',
      description:
        `Adds the market with this code, or replaces it. A default market demotes the old default; the site's ` +
        `first market is the default.${DRAFT}`,
      tag: ADMIN_TAG,
      params: marketParams,
      body: marketBody,
      responses: {
        200: { description: 'The market as the draft now holds it', schema: marketDto },
        400: INVALID_CONFIG,
        404: NO_SITE,
      },
      handler: async (req, res) => {
        const { siteId, code } = req.params;
        res.json(await putMarket(db, { tenantId: authOf(req).tenantId, siteId }, code, req.body));
      },
    }),
  ),
  anyRoute(
    defineRoute({
      method: 'delete',
      path: '/storefront/sites/{siteId}/markets/{code}',
      operationId: 'removeStorefrontMarket',
      summary: 'Remove a market',
      description:
        `Removes the market with this code from the draft.` +
        `${breaks('the default market while others remain, a market a rule is limited to')}${DRAFT}`,
      tag: ADMIN_TAG,
      params: marketParams,
      responses: { 204: REMOVED, 400: INVALID_CONFIG, 404: notInDraft('market of this code') },
      handler: async (req, res) => {
        await removeEntity(
          db,
          { tenantId: authOf(req).tenantId, siteId: req.params.siteId },
          'markets',
          req.params.code,
        );
        res.status(204).end();
      },
    }),
  ),
  anyRoute(
    defineRoute({
      method: 'put',
      path: '/storefront/sites/{siteId}/facets/{key}',
      operationId: 'putStorefrontFacet',
      summary: 'Add or replace a facet',
      description:
        `Adds the facet with this key, or replaces its definition. Once a site has facets, collection and rule ` +
        `filters may use only their keys.${DRAFT}`,
      tag: ADMIN_TAG,
      params: facetParams,
      body: facetBody,
      responses: {
        200: { description: 'The facet as the draft now holds it', schema: facetDto },
        400: INVALID_CONFIG,
        404: NO_SITE,
      },
      handler: async (req, res) => {
        const { siteId, key } = req.params;
        res.json(await putFacet(db, { tenantId: authOf(req).tenantId, siteId }, key, req.body));
      },
    }),
  ),
  anyRoute(
    defineRoute({
      method: 'delete',
      path: '/storefront/sites/{siteId}/facets/{key}',
      operationId: 'removeStorefrontFacet',
      summary: 'Remove a facet',
      description:
        `Removes the facet with this key ` +
        `from the draft.${breaks('a facet a collection or rule filters on')}${DRAFT}`,
      tag: ADMIN_TAG,
      params: facetParams,
      responses: { 204: REMOVED, 400: INVALID_CONFIG, 404: notInDraft('facet of this key') },
      handler: async (req, res) => {
        await removeEntity(db, { tenantId: authOf(req).tenantId, siteId: req.params.siteId }, 'facets', req.params.key);
        res.status(204).end();
      },
    }),
  ),
  anyRoute(
    defineRoute({
      method: 'post',
      path: '/storefront/sites/{siteId}/collections',
      operationId: 'createStorefrontCollection',
      summary: 'Add a collection',
      description: `Adds a collection under the next free id.${DRAFT} Its slugs are minted at publish.`,
      tag: ADMIN_TAG,
      params: siteParams,
      body: collectionBody,
      responses: {
        201: { description: "The new collection's id", schema: collectionCreatedDto },
        400: INVALID_CONFIG,
        404: NO_SITE,
      },
      handler: async (req, res) => {
        res.status(201).json({
          collectionId: await addCollection(
            db,
            { tenantId: authOf(req).tenantId, siteId: req.params.siteId },
            req.body,
          ),
        });
      },
    }),
  ),
  anyRoute(
    defineRoute({
      method: 'put',
      path: '/storefront/sites/{siteId}/collections/{collectionId}',
      operationId: 'replaceStorefrontCollection',
      summary: 'Replace a collection',
      description: `Replaces the collection with this id (POST adds one).${DRAFT}`,
      tag: ADMIN_TAG,
      params: collectionParams,
      body: collectionBody,
      responses: {
        200: { description: 'The collection as the draft now holds it', schema: collectionDto },
        400: INVALID_CONFIG,
        404: notInDraft('collection of this id'),
      },
      handler: async (req, res) => {
        const { siteId, collectionId } = req.params;
        res.json(await replaceCollection(db, { tenantId: authOf(req).tenantId, siteId }, collectionId, req.body));
      },
    }),
  ),
  anyRoute(
    defineRoute({
      method: 'delete',
      path: '/storefront/sites/{siteId}/collections/{collectionId}',
      operationId: 'removeStorefrontCollection',
      summary: 'Remove a collection',
      description:
        `Removes the collection with this id from the draft.` +
        `${breaks("the parent of another collection, a rule's redirect target")}${DRAFT}`,
      tag: ADMIN_TAG,
      params: collectionParams,
      responses: { 204: REMOVED, 400: INVALID_CONFIG, 404: notInDraft('collection of this id') },
      handler: async (req, res) => {
        await removeEntity(
          db,
          { tenantId: authOf(req).tenantId, siteId: req.params.siteId },
          'collections',
          req.params.collectionId,
        );
        res.status(204).end();
      },
    }),
  ),
];

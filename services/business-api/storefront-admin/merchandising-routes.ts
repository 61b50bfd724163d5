import { authOf } from '../auth/auth-context';
import { anyRoute, defineRoute, type AnyApiRoute } from '../openapi/api-route';
import type { ResourceDeps } from '../resource-deps';
import { addRule, putSynonyms, removeEntity, replaceRule, synonymsOf } from './config-actions';
import {
  ADMIN_TAG,
  INVALID_CONFIG,
  NO_SITE,
  notInDraft,
  ruleBody,
  ruleCreatedDto,
  ruleDto,
  ruleParams,
  siteParams,
  synonymParams,
  synonymsBody,
  synonymsDto,
} from './config-schemas';
import {
  merchandisedProducts,
  merchandisedProductsDto,
  productCandidates,
  productCandidatesDto,
  productCandidatesQuery,
} from './merchandised-products';

const DRAFT = ' The change lands in the draft: a preview key sees it at once, shoppers once the draft is published.';
const RULE =
  'A query rule acts on the searches it matches (its query exactly or as whole words, in its markets, within ' +
  'its time window): it pins products at ' +
  'positions, hides products, boosts or buries products matching a filter, applies a filter, or redirects. ' +
  'It needs at least one action.';

/**
 * Query rules and synonyms of a site's draft (docs/merchandising.md), and the names of the products they pin or hide.
 */
export const merchandisingRoutes = ({ db }: ResourceDeps): AnyApiRoute[] => [
  anyRoute(
    defineRoute({
      method: 'post',
      path: '/storefront/sites/{siteId}/query-rules',
      operationId: 'createStorefrontQueryRule',
      summary: 'Add a query rule',
      description: `${RULE} Added under the next free id.${DRAFT}`,
      tag: ADMIN_TAG,
      params: siteParams,
      body: ruleBody,
      responses: {
        201: { description: "The new rule's id", schema: ruleCreatedDto },
        400: INVALID_CONFIG,
        404: NO_SITE,
      },
      handler: async (req, res) => {
        res
          .status(201)
          .json({ ruleId: await addRule(db, { tenantId: authOf(req).tenantId, siteId: req.params.siteId }, req.body) });
      },
    }),
  ),
  anyRoute(
    defineRoute({
      method: 'put',
      path: '/storefront/sites/{siteId}/query-rules/{ruleId}',
      operationId: 'replaceStorefrontQueryRule',
      summary: 'Replace a query rule',
      description: `${RULE} Replaces the rule with this id (POST adds one).${DRAFT}`,
      tag: ADMIN_TAG,
      params: ruleParams,
      body: ruleBody,
      responses: {
        200: { description: 'The rule as the draft now holds it', schema: ruleDto },
        400: INVALID_CONFIG,
        404: notInDraft('query rule of this id'),
      },
      handler: async (req, res) => {
        const { siteId, ruleId } = req.params;
        res.json(await replaceRule(db, { tenantId: authOf(req).tenantId, siteId }, ruleId, req.body));
      },
    }),
  ),
  anyRoute(
    defineRoute({
      method: 'delete',
      path: '/storefront/sites/{siteId}/query-rules/{ruleId}',
      operationId: 'removeStorefrontQueryRule',
      summary: 'Remove a query rule',
      description: `Removes the rule with this id from the draft.${DRAFT}`,
      tag: ADMIN_TAG,
      params: ruleParams,
      responses: { 204: { description: 'Removed from the draft' }, 404: notInDraft('query rule of this id') },
      handler: async (req, res) => {
        await removeEntity(
          db,
          { tenantId: authOf(req).tenantId, siteId: req.params.siteId },
          'queryRules',
          req.params.ruleId,
        );
        res.status(204).end();
      },
    }),
  ),
  anyRoute(
    defineRoute({
      method: 'get',
      path: '/storefront/sites/{siteId}/synonyms/{language}',
      operationId: 'getStorefrontSynonyms',
      summary: "A language's synonym set in the draft",
      description: 'The entries searches in this language use once the draft is published; none is an empty list.',
      tag: ADMIN_TAG,
      params: synonymParams,
      responses: { 200: { description: 'The synonym set', schema: synonymsDto }, 404: NO_SITE },
      handler: async (req, res) => {
        const { siteId, language } = req.params;
        res.json(await synonymsOf(db, { tenantId: authOf(req).tenantId, siteId }, language));
      },
    }),
  ),
  anyRoute(
    defineRoute({
      method: 'put',
      path: '/storefront/sites/{siteId}/synonyms/{language}',
      operationId: 'putStorefrontSynonyms',
      summary: "Replace a language's synonym set",
      description:
        'Replaces the whole set of the language (an empty list removes it); applied when shoppers search, ' +
        'without a reindex. At most 10,000 entries per ' +
        `language and 20,000 per site, 50 terms per entry, 5 words per term.${DRAFT}`,
      tag: ADMIN_TAG,
      params: synonymParams,
      body: synonymsBody,
      responses: {
        200: { description: 'The set as the draft now holds it', schema: synonymsDto },
        400: INVALID_CONFIG,
        404: NO_SITE,
      },
      handler: async (req, res) => {
        const { siteId, language } = req.params;
        res.json(await putSynonyms(db, { tenantId: authOf(req).tenantId, siteId }, language, req.body.entries));
      },
    }),
  ),
  anyRoute(
    defineRoute({
      method: 'get',
      path: '/storefront/sites/{siteId}/merchandised-products',
      operationId: 'listStorefrontMerchandisedProducts',
      summary: 'The products the draft pins or hides, with their names',
      description:
        "Every product the draft's query rules and collections pin or hide, with its product number and name " +
        '(the configuration keeps ids only), ' +
        'and the ids that name no product of the tenant.',
      tag: ADMIN_TAG,
      params: siteParams,
      responses: { 200: { description: 'The products, by id', schema: merchandisedProductsDto }, 404: NO_SITE },
      handler: async (req, res) => {
        res.json(await merchandisedProducts(db, { tenantId: authOf(req).tenantId, siteId: req.params.siteId }));
      },
    }),
  ),
  anyRoute(
    defineRoute({
      method: 'get',
      path: '/storefront/sites/{siteId}/merchandisable-products',
      operationId: 'findStorefrontMerchandisableProducts',
      summary: 'Find products to pin or hide',
      description:
        "The tenant's storefront products matching a name, product number or barcode, best first, with the " +
        'id a rule pins or hides them by. ' +
        'Variants are left out: a search answers with products, and a variant is part of its product.',
      tag: ADMIN_TAG,
      params: siteParams,
      query: productCandidatesQuery,
      responses: {
        200: { description: 'The matching products (not a page)', schema: productCandidatesDto },
        404: NO_SITE,
      },
      handler: async (req, res) => {
        res.json(
          await productCandidates(
            db,
            { tenantId: authOf(req).tenantId, siteId: req.params.siteId },
            req.query.q,
            req.query.limit,
          ),
        );
      },
    }),
  ),
];

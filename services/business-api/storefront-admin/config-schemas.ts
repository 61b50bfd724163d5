import { z } from 'zod';
import {
  collectionSchema,
  contentSchema,
  FACET_KEY,
  facetDefinitionSchema,
  languageSchema,
  MARKET_CODE,
  marketSchema,
  queryRuleSchema,
  siteSchema,
  synonymSetSchema,
} from '../../../shared/storefront-config/schemas';
import { int32Param } from '../http/path-ids';
import { PROBLEM_CONTENT_TYPE } from '../http/problem-details';
import { errorEnvelopeSchema, validationProblemSchema } from '../openapi/common-schemas';

/**
 * Request and response DTOs of sites and their draft configuration. Request bodies are the configuration's own zod
 * schemas (shared/storefront-config/schemas.ts), so binding checks every field rule and the document shows them; the
 * top level strips unknown fields (ids and the tenant come from the path and the token), nested objects are strict.
 * The service functions then check the rules that span fields, entities and the tenant's data.
 */

export const ADMIN_TAG = 'Storefront admin';

export const NO_SITE = { description: 'No storefront site has this id in the tenant', schema: errorEnvelopeSchema };
/** 404 of a route on one entity of the draft. */
export const notInDraft = (what: string) => ({
  description: `No storefront site has this id in the tenant, or its draft has no ${what}`,
  schema: errorEnvelopeSchema,
});
export const INVALID_CONFIG = {
  description:
    'The request cannot be bound, or the change breaks a rule of the configuration; nothing was stored. ' +
    '`errors` names every broken field: ' +
    'body fields by JSON path ($.priceListId), path parameters by name, and fields elsewhere in the draft ' +
    'that the change would break by their draft path (collections[2].filter.color).',
  schema: validationProblemSchema,
  contentType: PROBLEM_CONTENT_TYPE,
};

const int32 = (description: string) => int32Param.meta({ type: 'integer', format: 'int32', description });
const siteId = int32('The storefront site; one of another tenant is not found.');

export const siteParams = z.object({ siteId });
export const marketParams = z.object({
  siteId,
  code: z
    .string()
    .regex(MARKET_CODE, 'must be lowercase letters, digits, hyphens or underscores (at most 64)')
    .meta({ description: 'The market code.' }),
});
export const facetParams = z.object({
  siteId,
  key: z
    .string()
    .regex(FACET_KEY, 'must be lowercase letters, digits, hyphens or underscores (at most 64)')
    .meta({ description: 'The facet key (price and in-stock are reserved).' }),
});
export const collectionParams = z.object({ siteId, collectionId: int32("The collection id in the site's draft.") });
export const ruleParams = z.object({ siteId, ruleId: int32("The query rule id in the site's draft.") });
export const synonymParams = z.object({
  siteId,
  language: languageSchema.meta({ description: 'The language the synonyms apply to (BCP-47, e.g. en or sv-SE).' }),
});

const dateTime = (description: string) => z.string().meta({ format: 'date-time', description });

// Request bodies: the shared schemas without the fields the path carries.
export const siteBody = z.object(siteSchema.shape).meta({
  id: 'StorefrontSiteDto',
  description:
    "A site's own fields. Left-out optional fields take their defaults (PUT replaces them all). The code " +
    'names the index: unique in the tenant.',
});
export const marketBody = z.object(marketSchema.omit({ code: true }).shape).meta({
  id: 'StorefrontMarketWriteDto',
  description:
    "A market (its code is in the path). The price list must exist and be in the market's currency; a " +
    'default market demotes the old one; the first market is the default.',
});
export const facetBody = z.object(facetDefinitionSchema.shape).meta({
  id: 'StorefrontFacetDefinitionDto',
  description:
    'A facet definition (see docs/decisions.md, "Facet definitions"): which source feeds it, its type, ' +
    'labels and display.',
});
export const collectionBody = z.object(collectionSchema.omit({ id: true }).shape).meta({
  id: 'StorefrontCollectionWriteDto',
  description:
    'A collection: a listing defined by a filter (facet key to values; {"all": []} matches everything), with ' +
    'a slug and a name per language, a place in the tree, pins and hides.',
});
export const ruleBody = z.object(queryRuleSchema.omit({ id: true }).shape).meta({
  id: 'StorefrontQueryRuleWriteDto',
  description:
    'A query rule: the searches it matches (query, match, markets, time window) and what it does to them ' +
    '(pin, hide, boost, bury, filter, redirect).',
});
export const contentBody = z.object(contentSchema.shape).meta({
  id: 'StorefrontContentDto',
  description:
    "Which product properties fill the product page's content: shortDescription and description each read " +
    '{"property": "shortDescription" | "description"}, ' +
    '{"attribute": "<attribute key>"} or null (never shown); attributes lists the attributes shown, in ' +
    'order, each {key, attribute, label: {language: text}, type}, ' +
    'or null for every attribute the product has, as stored (zero-config). Left-out fields take those ' +
    'zero-config defaults.',
});
export const synonymsBody = z
  .object({
    entries: synonymSetSchema.meta({
      description:
        'The whole set for the language: {"terms": [...]} (equivalent: each term finds all of them) or ' +
        '{"from": "...", "to": [...]} (one-way). [] removes the set.',
    }),
  })
  .meta({ id: 'StorefrontSynonymsWriteDto' });

// Responses: what the draft holds.
export const marketDto = marketSchema.meta({ id: 'StorefrontMarketDto' });
export const facetDto = z.object({ key: z.string(), definition: facetBody }).meta({ id: 'StorefrontFacetDto' });
export const collectionDto = collectionSchema.meta({ id: 'StorefrontCollectionDto' });
export const ruleDto = queryRuleSchema.meta({ id: 'StorefrontQueryRuleDto' });
export const synonymsDto = z
  .object({ language: z.string(), entries: synonymSetSchema })
  .meta({ id: 'StorefrontSynonymsDto' });

/** A site's whole configuration (the draft; a published version has the same shape). */
export const siteConfigDto = z
  .object({
    site: siteBody,
    markets: z.array(marketDto),
    facets: z.array(facetDto),
    collections: z.array(collectionDto),
    queryRules: z.array(ruleDto),
    synonyms: z.record(z.string(), synonymSetSchema).meta({ description: 'Synonym entries per language code.' }),
    content: contentBody,
  })
  .meta({ id: 'StorefrontSiteConfigDto' });

const publishedVersion = z
  .number()
  .int()
  .nullable()
  .meta({ description: 'The live configuration version; null before the first publish.' });

export const siteSummaryDto = z
  .object({
    siteId: z.number().int(),
    code: z.string(),
    name: z.string(),
    active: z.boolean(),
    publishedVersion,
    markets: z.array(z.string()).meta({ description: "The draft's market codes." }),
    updatedAt: dateTime('When the draft last changed.'),
  })
  .meta({ id: 'StorefrontSiteSummaryDto' });
export const siteListDto = z
  .object({ sites: z.array(siteSummaryDto).meta({ description: "The tenant's sites, by id." }) })
  .meta({ id: 'StorefrontSiteListDto' });

export const siteDetailDto = z
  .object({
    siteId: z.number().int(),
    publishedVersion,
    updatedAt: dateTime('When the draft last changed.'),
    draft: siteConfigDto,
  })
  .meta({ id: 'StorefrontSiteDetailDto' });

export const siteCreatedDto = z.object({ siteId: z.number().int() }).meta({ id: 'StorefrontSiteCreatedDto' });
export const collectionCreatedDto = z
  .object({ collectionId: z.number().int() })
  .meta({ id: 'StorefrontCollectionCreatedDto' });
export const ruleCreatedDto = z.object({ ruleId: z.number().int() }).meta({ id: 'StorefrontQueryRuleCreatedDto' });

export type SiteSummaryDto = z.infer<typeof siteSummaryDto>;
export type SiteDetailDto = z.infer<typeof siteDetailDto>;
export type FacetDto = z.infer<typeof facetDto>;
export type SynonymsDto = z.infer<typeof synonymsDto>;

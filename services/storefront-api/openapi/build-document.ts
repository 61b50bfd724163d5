import { OpenAPIRegistry, OpenApiGeneratorV31, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import { PROBLEM_TYPE } from '../http/problem';
import {
  CODE_DESCRIPTIONS,
  PIPELINE_ERRORS,
  STOREFRONT_OPERATIONS,
  type ErrorCodes,
  type StorefrontOperation,
} from './operations';
import { headerParameters } from './parameters';
import { registerCartOperations } from './cart-operations';
import { problemWith } from './problem-schemas';

type HeaderRef = { $ref: string };
type HeaderName = 'ETag' | 'CacheControl' | 'Vary' | 'ConfigVersion' | 'RetryAfter';

/** The response headers, registered once as components. */
function registerHeaders(registry: OpenAPIRegistry): Record<HeaderName, HeaderRef> {
  const headers: Record<HeaderName, { description: string; schema: { type: 'string' | 'integer' } }> = {
    ETag: { description: 'Strong validator of the body; send it back as If-None-Match.', schema: { type: 'string' } },
    CacheControl: {
      description:
        '`public, max-age=60, stale-while-revalidate=300`; `private, no-store` for a preview key; `no-store` ' +
        'on errors.',
      schema: { type: 'string' },
    },
    Vary: {
      description: '`X-Site-Key, X-Market, Accept-Language` (plus `Origin` on CORS requests).',
      schema: { type: 'string' },
    },
    ConfigVersion: {
      description:
        "The published configuration version that produced the answer (on every answer once the key's site is known).",
      schema: { type: 'integer' },
    },
    RetryAfter: { description: 'Seconds to wait before retrying.', schema: { type: 'integer' } },
  };
  return Object.fromEntries(
    Object.entries(headers).map(([name, header]) => [
      name,
      { $ref: `#/components/headers/${registry.registerComponent('headers', name, header).name}` },
    ]),
  ) as Record<HeaderName, HeaderRef>;
}

function responsesOf(op: StorefrontOperation, h: Record<HeaderName, HeaderRef>): RouteConfig['responses'] {
  const cached = { ETag: h.ETag, 'Cache-Control': h.CacheControl, Vary: h.Vary, 'X-Config-Version': h.ConfigVersion };
  const responses: RouteConfig['responses'] = {
    200: {
      description: 'The answer, with caching headers',
      headers: cached,
      content: { 'application/json': { schema: op.body } },
    },
    304: { description: 'Not modified: If-None-Match names the current ETag', headers: cached },
  };
  for (const [status, shared] of Object.entries(PIPELINE_ERRORS)) {
    const own: readonly string[] = op.errors[Number(status) as 400 | 404 | 503] ?? [];
    const codes = [...shared.codes, ...own] as unknown as ErrorCodes;
    const retry: Record<string, HeaderRef> =
      status === '429' || status === '503' ? { 'Retry-After': h.RetryAfter } : {};
    responses[status] = {
      description: [shared.description, ...own.map((c) => CODE_DESCRIPTIONS[c] ?? c)].join('; '),
      headers: { 'Cache-Control': h.CacheControl, 'X-Config-Version': h.ConfigVersion, ...retry },
      content: { [PROBLEM_TYPE]: { schema: problemWith(codes) } },
    };
  }
  return responses;
}

/** The storefront API's OpenAPI 3.1 document (served at GET /openapi/v1.json), generated from the zod schemas. */
export function buildStorefrontDocument() {
  const registry = new OpenAPIRegistry();
  const siteKey = registry.registerComponent('securitySchemes', 'siteKey', {
    type: 'apiKey',
    in: 'header',
    name: 'X-Site-Key',
    description:
      'Required on every /v1 call: a publishable (`sfk_pub_`), preview (`sfk_prv_`) or secret (`sfk_sec_`) ' +
      'key. The key decides the shop; tenant and market are never in the URL.',
  });
  const responseHeaders = registerHeaders(registry);
  for (const op of STOREFRONT_OPERATIONS) {
    registry.registerPath({
      method: 'get',
      path: op.path,
      operationId: op.operationId,
      summary: op.summary,
      description: op.description,
      tags: [op.tag],
      security: [{ [siteKey.name]: [] }],
      request: { params: op.params, query: op.query, headers: headerParameters },
      responses: responsesOf(op, responseHeaders),
    });
  }
  registerCartOperations(registry, siteKey.name);
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.1',
    info: {
      title: 'Aisle storefront API',
      version: 'v1',
      description:
        'The public, multi-tenant, read-mostly storefront API: site bootstrap, listings with facets, suggest ' +
        'and search-in-facet, product pages and variants, collections, categories, brands and sitemap rows. ' +
        'Errors are RFC 9457 problem+json; clients branch on `code`. A guide from a new site to a first ' +
        'listing call is at /docs/onboarding.',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      contact: { name: 'Aisle', url: 'https://aisle.dev' },
    },
    servers: [
      {
        url: '{baseUrl}',
        description: 'The storefront API',
        variables: {
          baseUrl: {
            default: 'http://127.0.0.1:3000',
            description: 'Where the service runs (`npm start` serves it at http://127.0.0.1:3000)',
          },
        },
      },
    ],
    security: [{ [siteKey.name]: [] }],
    tags: [
      { name: 'Site', description: 'Bootstrap: the site, markets and media configuration.' },
      { name: 'Listing', description: 'Product search and listing pages with facets.' },
      { name: 'Search', description: 'Type-ahead and search inside one facet.' },
      { name: 'Product', description: 'Product pages (by slug, id or SKU) and their variants.' },
      { name: 'Catalogue', description: 'Collections, categories, brands and sitemap rows.' },
      {
        name: 'Cart',
        description: 'Carts in Redis: whole cart on every answer, no-store, the version as ETag and If-Match.',
      },
    ],
  });
}

import { OpenAPIRegistry, OpenApiGeneratorV31, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import type { AnyApiRoute, RouteResponse } from './api-route';
import type { z } from 'zod';
import { PROBLEM_CONTENT_TYPE } from '../http/problem-details';
import { errorEnvelopeSchema, problemDetailsSchema, validationProblemSchema } from './common-schemas';

const JSON_TYPE = 'application/json';

/** A documented response: its description and a schema per media type (none: no body). */
type DocResponse = { description: string; content: Record<string, z.ZodType> };

const sharedResponses: Record<number, DocResponse> = {
  400: {
    description:
      'The request cannot be bound (ValidationProblemDetails), or an invalid identifier, filter or cursor ' +
      '(ErrorEnvelope invalid_request)',
    content: { [PROBLEM_CONTENT_TYPE]: validationProblemSchema, [JSON_TYPE]: errorEnvelopeSchema },
  },
  401: { description: 'Missing, invalid or expired token', content: { [JSON_TYPE]: errorEnvelopeSchema } },
  // Every operation: a token without the read scope is refused everything.
  403: {
    description: 'The token lacks the scope or permission this operation needs',
    content: { [JSON_TYPE]: errorEnvelopeSchema },
  },
  // Answered by the HTTP server itself (shared/http/client-error.ts), before any route runs.
  431: {
    description:
      'request_header_fields_too_large: the request line and headers exceed 16 KB (e.g. an oversized bearer token or URL)',
    content: { [JSON_TYPE]: errorEnvelopeSchema },
  },
  500: { description: 'Server error; quote the traceId to support', content: { [JSON_TYPE]: errorEnvelopeSchema } },
  503: {
    description: 'unavailable: the database cannot be reached for now; retry after the seconds in Retry-After',
    content: { [JSON_TYPE]: errorEnvelopeSchema },
  },
};
const writeResponses: Record<number, DocResponse> = {
  403: { description: 'Read-only key, or a missing permission', content: { [JSON_TYPE]: errorEnvelopeSchema } },
  413: { description: 'payload_too_large: the body is over 1 MB', content: { [JSON_TYPE]: errorEnvelopeSchema } },
  415: {
    description: 'The body is in a content type that cannot be read',
    content: { [PROBLEM_CONTENT_TYPE]: problemDetailsSchema },
  },
};

// Express gives every JSON answer a weak ETag and answers a conditional GET that still matches (or `*`) with 304.
const readResponses: Record<number, DocResponse> = {
  304: {
    description: 'Not modified: If-None-Match names the ETag of the current answer (or is *); no body',
    content: {},
  },
};

const toDocResponse = (r: RouteResponse): DocResponse => ({
  description: r.description,
  content: r.schema ? { [r.contentType ?? JSON_TYPE]: r.schema } : {},
});

/** The shared responses with the route's own: a route's response for a shared status adds or replaces media types. */
function responsesOf(route: AnyApiRoute): Record<number, DocResponse> {
  const merged: Record<number, DocResponse> = {
    ...sharedResponses,
    ...(route.method === 'get' ? readResponses : writeResponses),
  };
  for (const [status, response] of Object.entries(route.responses)) {
    const own = toDocResponse(response);
    const shared = merged[Number(status)];
    merged[Number(status)] =
      shared && response.schema
        ? { description: own.description, content: { ...shared.content, ...own.content } }
        : own;
  }
  return merged;
}

/** What each tag groups (linters want every operation's tag declared and described); a new tag gets a generic line. */
const TAG_DESCRIPTIONS: Record<string, string> = {
  Customers: 'Customers: list and read.',
  Products: 'Product lookup.',
  'Purchase invoice matching': 'Match suggestions for purchase invoices, and confirming them.',
  Purchasing: 'Purchase orders and vendor prices.',
  'Sales invoices': 'Sales invoices, and invoice lines.',
  'Sales orders': 'Sales orders and their lines, contact, fulfilment and payment; open order lines.',
  Settings: 'Tenant settings: company profile and VAT configuration.',
  Stock: 'Stock per warehouse.',
  Storefront: 'Storefront shops: what shoppers search for (search analytics).',
  'Storefront admin':
    'Storefront shops: sites and their draft configuration, keys, publishing, index runs and the search ' +
    'preview (the functions the MCP tools and the CLI call).',
  'Time reports': 'Reported time lines.',
};

const tagsOf = (routes: readonly AnyApiRoute[]) =>
  [...new Set(routes.map((r) => r.tag))].map((name) => ({
    name,
    description: TAG_DESCRIPTIONS[name] ?? `Operations on ${name.toLowerCase()}.`,
  }));

/** The OpenAPI 3.1.1 description of the routes, as served at /api/v1/openapi.json. */
export function buildOpenApiDocument(routes: readonly AnyApiRoute[], serverUrl = '/api/v1') {
  const registry = new OpenAPIRegistry();
  const bearer = registry.registerComponent('securitySchemes', 'bearer', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
  });
  for (const route of routes) registry.registerPath(toRouteConfig(route, bearer.name));
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.1',
    info: {
      title: 'Aisle business-data API',
      version: 'v1',
      description: 'Tenant business data: orders, invoices, purchasing, customers, stock, prices and settings.',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      contact: { name: 'Aisle', url: 'https://aisle.dev' },
    },
    servers: [{ url: serverUrl }],
    security: [{ [bearer.name]: [] }],
    tags: tagsOf(routes),
  });
}

function toRouteConfig(route: AnyApiRoute, securityScheme: string): RouteConfig {
  return {
    method: route.method,
    path: route.path,
    operationId: route.operationId,
    summary: route.summary,
    description: route.description ?? route.summary,
    tags: [route.tag],
    security: [{ [securityScheme]: [] }],
    request: {
      params: route.params,
      query: route.query,
      ...(route.body && { body: { required: !route.optionalBody, content: { [JSON_TYPE]: { schema: route.body } } } }),
    },
    responses: Object.fromEntries(
      Object.entries(responsesOf(route)).map(([status, r]) => [
        status,
        {
          description: r.description,
          ...(Object.keys(r.content).length && {
            content: Object.fromEntries(Object.entries(r.content).map(([type, schema]) => [type, { schema }])),
          }),
        },
      ]),
    ),
  };
}

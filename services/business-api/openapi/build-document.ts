import { OpenAPIRegistry, OpenApiGeneratorV31, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import type { AnyApiRoute, RouteResponse } from './api-route';
import { errorEnvelopeSchema, problemDetailsSchema, validationProblemSchema } from './common-schemas';

const JSON_TYPE = 'application/json';
const PROBLEM_TYPE = 'application/problem+json';

const sharedResponses: Record<number, RouteResponse> = {
  400: { description: 'The request cannot be bound (ValidationProblemDetails), or an invalid identifier', schema: validationProblemSchema, contentType: PROBLEM_TYPE },
  401: { description: 'Missing, invalid or expired token', schema: errorEnvelopeSchema },
  500: { description: 'Server error; quote the traceId to support', schema: errorEnvelopeSchema },
};
const writeResponses: Record<number, RouteResponse> = {
  403: { description: 'Read-only key, or a missing permission', schema: errorEnvelopeSchema },
  415: { description: 'The body is in a content type that cannot be read', schema: problemDetailsSchema, contentType: PROBLEM_TYPE },
};

/** The OpenAPI 3.1.1 description of the routes, as served at /api/v1/openapi.json. */
export function buildOpenApiDocument(routes: readonly AnyApiRoute[], serverUrl = '/api/v1') {
  const registry = new OpenAPIRegistry();
  const bearer = registry.registerComponent('securitySchemes', 'bearer', { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
  for (const route of routes) registry.registerPath(toRouteConfig(route, bearer.name));
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.1',
    info: { title: 'Aisle business-data API', version: 'v1', description: 'Tenant business data: orders, invoices, purchasing, customers, stock, prices and settings.' },
    servers: [{ url: serverUrl }],
    security: [{ [bearer.name]: [] }],
  });
}

function toRouteConfig(route: AnyApiRoute, securityScheme: string): RouteConfig {
  const writes = route.method !== 'get';
  const responses = { ...sharedResponses, ...(writes ? writeResponses : {}), ...route.responses };
  return {
    method: route.method,
    path: route.path,
    operationId: route.operationId,
    summary: route.summary,
    tags: [route.tag],
    security: [{ [securityScheme]: [] }],
    request: {
      params: route.params,
      query: route.query,
      ...(route.body && { body: { required: true, content: { [JSON_TYPE]: { schema: route.body } } } }),
    },
    responses: Object.fromEntries(
      Object.entries(responses).map(([status, r]) => [
        status,
        { description: r.description, ...(r.schema && { content: { [r.contentType ?? JSON_TYPE]: { schema: r.schema } } }) },
      ]),
    ),
  };
}

import type { AnyApiRoute } from './openapi/api-route';
import { productRoutes } from './products/routes';
import type { ResourceDeps } from './resource-deps';

/** Every /api/v1 route; the same list feeds the router and the OpenAPI document. */
export function apiRoutes(deps: ResourceDeps): AnyApiRoute[] {
  return [...productRoutes(deps)];
}

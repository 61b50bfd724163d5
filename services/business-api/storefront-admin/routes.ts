import type { AnyApiRoute } from '../openapi/api-route';
import type { ResourceDeps } from '../resource-deps';
import { storefrontConfigRoutes } from './config-routes';
import { storefrontOperationsRoutes } from './operations-routes';

/**
 * The storefront admin API under /api/v1/storefront: everything the configuration tools and the CLI do, calling
 * the same service functions. Reads for any token of the tenant, writes for read-write tokens (enforceAccessLevel).
 */
export const storefrontAdminRoutes = (deps: ResourceDeps): AnyApiRoute[] => [
  ...storefrontConfigRoutes(deps),
  ...storefrontOperationsRoutes(deps),
];

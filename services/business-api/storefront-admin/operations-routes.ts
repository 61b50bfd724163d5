import type { AnyApiRoute } from '../openapi/api-route';
import type { ResourceDeps } from '../resource-deps';
import { storefrontKeyRoutes } from './key-routes';
import { storefrontPublishRoutes } from './publish-routes';
import { storefrontRunRoutes } from './run-routes';

/**
 * Keys, the draft diff, publishing and versions, index runs (reindex, preview build, confirm, rollback), the search
 * preview.
 */
export const storefrontOperationsRoutes = (deps: ResourceDeps): AnyApiRoute[] => [
  ...storefrontKeyRoutes(deps),
  ...storefrontPublishRoutes(deps),
  ...storefrontRunRoutes(deps),
];

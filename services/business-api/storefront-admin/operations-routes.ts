import type { AnyApiRoute } from '../openapi/api-route';
import type { ResourceDeps } from '../resource-deps';

/** Keys, the draft diff, publishing and versions, index runs (reindex, preview build, confirm, rollback), the search preview. */
export const storefrontOperationsRoutes = (_deps: ResourceDeps): AnyApiRoute[] => [];

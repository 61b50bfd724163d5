import type { AnyApiRoute } from '../openapi/api-route';
import type { ResourceDeps } from '../resource-deps';

/** Sites and their draft configuration: markets, facets, collections, query rules, synonyms. */
export const storefrontConfigRoutes = (_deps: ResourceDeps): AnyApiRoute[] => [];

import type { AnyApiRoute } from '../openapi/api-route';
import type { ResourceDeps } from '../resource-deps';
import { salesOrderContext } from './context';
import { lineRoutes } from './lines/line-routes';
import { listRoutes } from './list/list-routes';
import { readRoutes } from './read-routes';
import { writeRoutes } from './writes/write-routes';

/** Every /sales-orders route. */
export function salesOrderRoutes(deps: ResourceDeps): AnyApiRoute[] {
  const context = salesOrderContext(deps);
  return [...listRoutes(context), ...readRoutes(context), ...lineRoutes(context), ...writeRoutes(context)];
}

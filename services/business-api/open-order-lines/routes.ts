import { authOf } from '../auth/auth-context';
import { anyRoute, defineRoute } from '../openapi/api-route';
import { DEFAULT_PAGE_LIMITS, resolvePageSize } from '../paging/page-size';
import type { ResourceDeps } from '../resource-deps';
import { listOpenOrderLines } from './queries';
import { openOrderLinePage, openOrderLinesQuery } from './schemas';

export const openOrderLineRoutes = ({ db }: ResourceDeps) => [
  anyRoute(
    defineRoute({
      method: 'get',
      path: '/open-order-lines',
      operationId: 'listOpenOrderLines',
      summary: 'Lines of the order book with quantity left to deliver',
      tag: 'Sales orders',
      query: openOrderLinesQuery,
      responses: { 200: { description: 'A page of order lines, newest order first', schema: openOrderLinePage } },
      handler: async (req, res) => {
        const page = resolvePageSize(req.query.pageSize, DEFAULT_PAGE_LIMITS);
        res.json(await listOpenOrderLines(db, authOf(req).tenantId, req.query, page));
      },
    }),
  ),
];

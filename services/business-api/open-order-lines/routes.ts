import { authOf } from '../auth/auth-context';
import { anyRoute, defineRoute } from '../openapi/api-route';
import { DEFAULT_PAGE_LIMITS, resolvePageSize } from '../paging/page-size';
import type { ResourceDeps } from '../resource-deps';
import { listOpenOrderLines } from './queries';
import { openOrderLinePage, openOrderLinesQuery, type OpenOrderLinesQuery } from './schemas';
import type { Db } from '../../../shared/db/knex';

/** The REST list and the `list_open_order_lines` tool: one page at the requested (or default) size. */
export const openOrderLinesAnswer = (db: Db, tenantId: number, query: OpenOrderLinesQuery) =>
  listOpenOrderLines(db, tenantId, query, resolvePageSize(query.pageSize, DEFAULT_PAGE_LIMITS));

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
        res.json(await openOrderLinesAnswer(db, authOf(req).tenantId, req.query));
      },
    }),
  ),
];

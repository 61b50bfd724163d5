import { authOf } from '../auth/auth-context';
import { anyRoute, defineRoute } from '../openapi/api-route';
import { DEFAULT_PAGE_LIMITS, resolvePageSize } from '../paging/page-size';
import type { ResourceDeps } from '../resource-deps';
import { listWarehouseStock } from './queries';
import { warehouseStockPage, warehouseStockQuery, type WarehouseStockQuery } from './schemas';
import type { Db } from '../../../shared/db/knex';

/** The REST list and the `get_warehouse_stock` tool: one page at the requested (or default) size. */
export const warehouseStockAnswer = (db: Db, tenantId: number, query: WarehouseStockQuery) =>
  listWarehouseStock(db, tenantId, query, resolvePageSize(query.pageSize, DEFAULT_PAGE_LIMITS));

export const warehouseStockRoutes = ({ db }: ResourceDeps) => [
  anyRoute(
    defineRoute({
      method: 'get',
      path: '/warehouse-stock',
      operationId: 'listWarehouseStock',
      summary: 'Stock per product, warehouse and location, with the quantity distributable',
      tag: 'Stock',
      query: warehouseStockQuery,
      responses: { 200: { description: 'A page of stock rows (pageSize at most 200)', schema: warehouseStockPage } },
      handler: async (req, res) => {
        res.json(await warehouseStockAnswer(db, authOf(req).tenantId, req.query));
      },
    }),
  ),
];

import { authOf } from '../auth/auth-context';
import { anyRoute, defineRoute } from '../openapi/api-route';
import { DEFAULT_PAGE_LIMITS, resolvePageSize } from '../paging/page-size';
import type { ResourceDeps } from '../resource-deps';
import { listWarehouseStock } from './queries';
import { warehouseStockPage, warehouseStockQuery } from './schemas';

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
        const page = resolvePageSize(req.query.pageSize, DEFAULT_PAGE_LIMITS);
        res.json(await listWarehouseStock(db, authOf(req).tenantId, req.query, page));
      },
    }),
  ),
];

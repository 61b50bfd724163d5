import { authOf } from '../auth/auth-context';
import { anyRoute, defineRoute } from '../openapi/api-route';
import { DEFAULT_PAGE_LIMITS, resolvePageSize } from '../paging/page-size';
import type { ResourceDeps } from '../resource-deps';
import { listPurchaseOrders } from './queries';
import { purchaseOrderPage, purchaseOrdersQuery } from './schemas';

export const purchaseOrderRoutes = ({ db }: ResourceDeps) => [
  anyRoute(
    defineRoute({
      method: 'get',
      path: '/purchase-orders',
      operationId: 'listPurchaseOrders',
      summary: 'Purchase orders (default: IsPurchase) with received and invoiced values',
      tag: 'Purchasing',
      query: purchaseOrdersQuery,
      responses: { 200: { description: 'A page of purchase orders, newest order date first', schema: purchaseOrderPage } },
      handler: async (req, res) => {
        const page = resolvePageSize(req.query.pageSize, DEFAULT_PAGE_LIMITS);
        res.json(await listPurchaseOrders(db, authOf(req).tenantId, req.query, page));
      },
    }),
  ),
];

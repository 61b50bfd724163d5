import { authOf } from '../auth/auth-context';
import { anyRoute, defineRoute } from '../openapi/api-route';
import { DEFAULT_PAGE_LIMITS, resolvePageSize } from '../paging/page-size';
import type { ResourceDeps } from '../resource-deps';
import { listPurchaseOrders } from './queries';
import { purchaseOrderPage, purchaseOrdersQuery, type PurchaseOrdersQuery } from './schemas';
import type { Db } from '../../../shared/db/knex';

/** The REST list and the `list_purchase_orders` tool: one page at the requested (or default) size. */
export const purchaseOrdersAnswer = (db: Db, tenantId: number, query: PurchaseOrdersQuery) =>
  listPurchaseOrders(db, tenantId, query, resolvePageSize(query.pageSize, DEFAULT_PAGE_LIMITS));

export const purchaseOrderRoutes = ({ db }: ResourceDeps) => [
  anyRoute(
    defineRoute({
      method: 'get',
      path: '/purchase-orders',
      operationId: 'listPurchaseOrders',
      summary: 'Purchase orders (default: IsPurchase) with received and invoiced values',
      tag: 'Purchasing',
      query: purchaseOrdersQuery,
      responses: {
        200: { description: 'A page of purchase orders, newest order date first', schema: purchaseOrderPage },
      },
      handler: async (req, res) => {
        res.json(await purchaseOrdersAnswer(db, authOf(req).tenantId, req.query));
      },
    }),
  ),
];

import { authOf } from '../../auth/auth-context';
import { anyRoute, defineRoute, type AnyApiRoute } from '../../openapi/api-route';
import type { SalesOrderContext } from '../context';
import { listSalesOrders } from './list-sales-orders';
import { salesOrderListQuery, salesOrderPage } from './list-schemas';

export const listRoutes = ({ db, now }: SalesOrderContext): AnyApiRoute[] => [
  anyRoute(
    defineRoute({
      method: 'get',
      path: '/sales-orders',
      operationId: 'listSalesOrders',
      summary: 'Sales orders, newest order date first (default: order intake statuses)',
      tag: 'Sales orders',
      query: salesOrderListQuery,
      responses: { 200: { description: 'A page of sales documents', schema: salesOrderPage } },
      handler: async (req, res) => {
        res.json(await listSalesOrders(db, authOf(req).tenantId, req.query, now()));
      },
    }),
  ),
];

import { authOf } from '../auth/auth-context';
import { anyRoute, defineRoute } from '../openapi/api-route';
import { DEFAULT_PAGE_LIMITS, resolvePageSize } from '../paging/page-size';
import type { ResourceDeps } from '../resource-deps';
import { listSalesInvoices } from './queries';
import { salesInvoicePage, salesInvoicesQuery } from './schemas';

export const salesInvoiceRoutes = ({ db }: ResourceDeps) => [
  anyRoute(
    defineRoute({
      method: 'get',
      path: '/sales-invoices',
      operationId: 'listSalesInvoices',
      summary: 'Sales invoices and credit invoices (default: IsSales revenue invoices)',
      tag: 'Sales invoices',
      query: salesInvoicesQuery,
      responses: { 200: { description: 'A page of invoices, newest order date first', schema: salesInvoicePage } },
      handler: async (req, res) => {
        const page = resolvePageSize(req.query.pageSize, DEFAULT_PAGE_LIMITS);
        res.json(await listSalesInvoices(db, authOf(req).tenantId, req.query, page, new Date()));
      },
    }),
  ),
];

import { authOf } from '../auth/auth-context';
import { anyRoute, defineRoute } from '../openapi/api-route';
import { DEFAULT_PAGE_LIMITS, resolvePageSize } from '../paging/page-size';
import type { ResourceDeps } from '../resource-deps';
import { listSalesInvoices } from './queries';
import { salesInvoicePage, salesInvoicesQuery, type SalesInvoicesQuery } from './schemas';
import type { Db } from '../../../shared/db/knex';

/** GET /sales-invoices and the `list_sales_invoices` tool: one page at the requested (or default) size. */
export const salesInvoicesAnswer = (db: Db, tenantId: number, query: SalesInvoicesQuery) =>
  listSalesInvoices(db, tenantId, query, resolvePageSize(query.pageSize, DEFAULT_PAGE_LIMITS), new Date());

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
        res.json(await salesInvoicesAnswer(db, authOf(req).tenantId, req.query));
      },
    }),
  ),
];

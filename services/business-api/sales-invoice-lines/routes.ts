import { authOf } from '../auth/auth-context';
import { anyRoute, defineRoute } from '../openapi/api-route';
import { DEFAULT_PAGE_LIMITS, resolvePageSize } from '../paging/page-size';
import type { ResourceDeps } from '../resource-deps';
import { searchSalesInvoiceLines } from './queries';
import { salesInvoiceLinePage, searchRequest, type SearchRequest } from './schemas';
import type { Db } from '../../../shared/db/knex';

/** POST /sales-invoice-lines and the `list_sales_invoice_lines` tool: one page at the requested (or default) size. */
export const salesInvoiceLinesAnswer = (db: Db, tenantId: number, body: SearchRequest) =>
  searchSalesInvoiceLines(db, tenantId, body, resolvePageSize(body.pageSize ?? undefined, DEFAULT_PAGE_LIMITS));

export const salesInvoiceLineRoutes = ({ db }: ResourceDeps) => [
  anyRoute(
    defineRoute({
      method: 'post',
      path: '/sales-invoice-lines',
      operationId: 'searchSalesInvoiceLines',
      summary: 'Search lines of sales and credit invoices (a search: allowed for read-only keys)',
      tag: 'Sales invoices',
      body: searchRequest,
      responses: {
        200: { description: 'A page of invoice lines, newest invoice first', schema: salesInvoiceLinePage },
      },
      handler: async (req, res) => {
        res.json(await salesInvoiceLinesAnswer(db, authOf(req).tenantId, req.body));
      },
    }),
  ),
];

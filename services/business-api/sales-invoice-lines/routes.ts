import { authOf } from '../auth/auth-context';
import { anyRoute, defineRoute } from '../openapi/api-route';
import { DEFAULT_PAGE_LIMITS, resolvePageSize } from '../paging/page-size';
import type { ResourceDeps } from '../resource-deps';
import { searchSalesInvoiceLines } from './queries';
import { salesInvoiceLinePage, searchRequest } from './schemas';

export const salesInvoiceLineRoutes = ({ db }: ResourceDeps) => [
  anyRoute(
    defineRoute({
      method: 'post',
      path: '/sales-invoice-lines',
      operationId: 'searchSalesInvoiceLines',
      summary: 'Search lines of sales and credit invoices (a search: allowed for read-only keys)',
      tag: 'Sales invoices',
      body: searchRequest,
      responses: { 200: { description: 'A page of invoice lines, newest invoice first', schema: salesInvoiceLinePage } },
      handler: async (req, res) => {
        const page = resolvePageSize(req.body.pageSize ?? undefined, DEFAULT_PAGE_LIMITS);
        res.json(await searchSalesInvoiceLines(db, authOf(req).tenantId, req.body, page));
      },
    }),
  ),
];

import { notFound } from '../../../shared/errors';
import { authOf } from '../auth/auth-context';
import { errorEnvelopeSchema } from '../openapi/common-schemas';
import { anyRoute, defineRoute } from '../openapi/api-route';
import { DEFAULT_PAGE_LIMITS, resolvePageSize } from '../paging/page-size';
import type { ResourceDeps } from '../resource-deps';
import { getCustomerDetail } from './detail-query';
import { listCustomers } from './queries';
import { customerDetailDto, customerPage, customerParams, customersQuery } from './schemas';

export const customerRoutes = ({ db }: ResourceDeps) => [
  anyRoute(
    defineRoute({
      method: 'get',
      path: '/customers',
      operationId: 'listCustomers',
      summary: 'Customers, with their open sales orders counted',
      tag: 'Customers',
      query: customersQuery,
      responses: { 200: { description: 'A page of customers, newest first', schema: customerPage } },
      handler: async (req, res) => {
        const page = resolvePageSize(req.query.pageSize, DEFAULT_PAGE_LIMITS);
        res.json(await listCustomers(db, authOf(req).tenantId, req.query, page));
      },
    }),
  ),
  anyRoute(
    defineRoute({
      method: 'get',
      path: '/customers/{customerId}',
      operationId: 'getCustomer',
      summary: 'One customer with credit, terms and order figures',
      tag: 'Customers',
      params: customerParams,
      responses: {
        200: { description: 'The customer', schema: customerDetailDto },
        404: { description: 'No customer has this id in the tenant', schema: errorEnvelopeSchema },
      },
      handler: async (req, res) => {
        const customer = await getCustomerDetail(db, authOf(req).tenantId, req.params.customerId);
        if (!customer) throw notFound('not_found', 'No customer has this id.');
        res.json(customer);
      },
    }),
  ),
];

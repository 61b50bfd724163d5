import { notFound } from '../../../shared/errors';
import { authOf } from '../auth/auth-context';
import { errorEnvelopeSchema } from '../openapi/common-schemas';
import { anyRoute, defineRoute } from '../openapi/api-route';
import { DEFAULT_PAGE_LIMITS, resolvePageSize } from '../paging/page-size';
import type { ResourceDeps } from '../resource-deps';
import { getCustomerDetail } from './detail-query';
import { listCustomers } from './queries';
import { customerDetailDto, customerPage, customerParams, customersQuery, type CustomersQuery } from './schemas';
import type { Db } from '../../../shared/db/knex';

/** GET /customers and the `list_customers` tool: one page at the requested (or default) size. */
export const customersAnswer = (db: Db, tenantId: number, query: CustomersQuery) =>
  listCustomers(db, tenantId, query, resolvePageSize(query.pageSize, DEFAULT_PAGE_LIMITS));

/** GET /customers/{customerId} and the `get_customer` tool: 404 `not_found` outside the tenant. */
export async function customerAnswer(db: Db, tenantId: number, customerId: number) {
  const customer = await getCustomerDetail(db, tenantId, customerId);
  if (!customer) throw notFound('not_found', 'No customer has this id.');
  return customer;
}

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
        res.json(await customersAnswer(db, authOf(req).tenantId, req.query));
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
        res.json(await customerAnswer(db, authOf(req).tenantId, req.params.customerId));
      },
    }),
  ),
];
